"""Solo matches against Archie through the services and tasks (Archie's tasks run inline
here; tests/services/test_archie_worker.py runs them in a real worker)."""
from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services, tasks
from games.models import Game, GameAction, Outbox
from games.presentation.log import archie_in
from games.views.play_log import log_entries, log_lines
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_archie(settings):
    settings.ARCHIE_ITERATIONS = 12


def play_person_turn(game, person, seed=1):
    """The person plays random legal actions until the decision passes to Archie."""
    rng = random.Random(seed)
    game.refresh_from_db()
    side = game.side_of(person)
    while game.deciding == side and not game.is_over:
        engine = services.load_engine(game)
        services.act(game.pk, person, engine.sample_action(rng), game.version)
        game.refresh_from_db()


def end_game_one(match, person):
    """Game 1 ends by a claim while Archie is to decide (its time having run out)."""
    game = match.games.get(number=1)
    play_person_turn(game, person)
    assert services.archie_to_decide(game)
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    services.claim_timeout(game.pk, person)
    return match.games.get(number=2)


@pytest.mark.parametrize("slug, first", [("fredericksburg", "union"),
                                         ("chancellorsville", "confederate")])
def test_the_person_is_first_player_in_game_one_and_second_in_the_rematch(lee, slug, first):
    sc = make_scenario(slug=slug)
    assert sc.engine_scenario().first_side == first
    second = "confederate" if first == "union" else "union"
    match = services.start_solo(lee, sc, "recruit")
    archie = services.archie_user()
    assert match.solo and match.opponent == archie and match.status == "active"

    game1 = match.games.get(number=1)
    assert game1.side_of(lee) == first and game1.player_of(second) == archie
    assert game1.state["options"] == {"archie": second}
    assert game1.deciding == first                      # the person moves first
    assert services.load_engine(game1).view(first)["hand_counts"][second] == 0   # Archie: no hand

    game2 = end_game_one(match, lee)
    assert game2.side_of(lee) == second and game2.player_of(first) == archie
    assert game2.state["options"] == {"archie": first}
    assert game2.deciding == first and services.archie_to_decide(game2)   # Archie opens the re-match


def test_archie_plays_its_whole_turn_step_by_step_and_names_its_card(lee, django_capture_on_commit_callbacks):
    sc = make_scenario()
    match = services.start_solo(lee, sc, "veteran", options={"nightfall": True})
    game = match.games.get(number=1)
    assert game.state["options"] == {"nightfall": True, "archie": "confederate"}
    with django_capture_on_commit_callbacks(execute=True):
        play_person_turn(game, lee)
    game.refresh_from_db()
    assert game.deciding == "union" and game.turn == 3       # Archie's turn 2 was played
    archie_rows = list(GameAction.objects.filter(game=game, side="confederate").order_by("index"))
    assert len(archie_rows) >= 2                              # one saved row per step
    assert archie_rows[0].action["type"] == "play_card" and archie_rows[0].actor.username == "archie"
    indexes = list(game.actions.values_list("index", flat=True))
    assert indexes == list(range(1, game.version + 1))
    played = archie_rows[0].action["card"]
    lines = [ln["text"] for ln in log_lines(services.load_engine(game).scenario,
                                             log_entries(game.actions.order_by("index")), "union",
                                             archie_in(game.state))]
    from games.presentation.words import card_name
    assert f"Archie (Confederate) drew {card_name(played)} from the top of its deck and played it" in " ".join(lines)
    assert "Archie (Confederate) drew the top card of its deck." in lines


def test_a_duplicate_or_late_task_applies_nothing(lee):
    match = services.start_solo(lee, make_scenario(), "recruit")
    game2 = end_game_one(match, lee)
    assert services.archie_to_decide(game2) and game2.version == 0
    assert tasks.archie_move(game2.pk, 0) is True             # Archie's whole opening turn
    game2.refresh_from_db()
    played = game2.version
    assert played > 1 and not services.archie_to_decide(game2)
    assert tasks.archie_move(game2.pk, 0) is False            # the same task again
    game2.refresh_from_db()
    assert game2.version == played and game2.actions.count() == played
    assert tasks.archie_move(game2.pk, played + 5) is False   # a version the game never had
    game2.refresh_from_db()
    assert game2.version == played


def archies_turn(game, start):
    return list(GameAction.objects.filter(game=game, index__gt=start).order_by("index"))


def test_one_task_plays_archies_whole_turn_and_queues_no_other(lee):
    """The person's last step queues one task; that task plays every decision of Archie's
    turn, each saved as its own step, and hands the game back to the person."""
    match = services.start_solo(lee, make_scenario(), "recruit")
    game = match.games.get(number=1)
    play_person_turn(game, lee)                   # the queued task is not run here
    start = game.version
    assert services.archie_to_decide(game)
    assert list(Outbox.objects.filter(task="games.archie_move").values_list("args", flat=True)) == \
        [[game.pk, start]]
    assert tasks.archie_move(game.pk, start) is True
    game.refresh_from_db()
    assert game.deciding == "union" and game.turn == 3
    steps = archies_turn(game, start)
    assert len(steps) >= 3 and {s.actor.username for s in steps} == {"archie"}
    assert [s.index for s in steps] == list(range(start + 1, game.version + 1))
    assert Outbox.objects.filter(task="games.archie_move").count() == 1    # none queued by the turn


def test_a_task_that_reaches_its_bound_hands_the_rest_of_the_turn_to_a_new_task(lee):
    match = services.start_solo(lee, make_scenario(), "recruit")
    game = match.games.get(number=1)
    play_person_turn(game, lee)
    start = game.version
    assert len(services.play_archie(game.pk, start, most=2)) == 2
    game.refresh_from_db()
    assert game.version == start + 2 and services.archie_to_decide(game)
    queued = list(Outbox.objects.filter(task="games.archie_move").values_list("args", flat=True))
    assert queued == [[game.pk, start], [game.pk, start + 2]]
    assert tasks.archie_move(game.pk, start + 2) is True      # the new task plays the rest
    game.refresh_from_db()
    assert game.deciding == "union"


class WorkerKilled(BaseException):
    """Stands for the worker process dying in the middle of a search."""


def test_a_turn_cut_short_goes_on_from_its_last_applied_decision(lee, monkeypatch):
    """The task dies during Archie's third decision: the two applied stay, and the same
    message delivered again plays the rest of the turn, applying nothing twice."""
    match = services.start_solo(lee, make_scenario(), "recruit")
    game = match.games.get(number=1)
    play_person_turn(game, lee)
    start = game.version
    search = services.choose
    calls = []

    def dies_on_the_third(*args, **kwargs):
        calls.append(args[0])
        if len(calls) == 3:
            raise WorkerKilled
        return search(*args, **kwargs)

    monkeypatch.setattr(services, "choose", dies_on_the_third)
    with pytest.raises(WorkerKilled):
        tasks.archie_move(game.pk, start)
    game.refresh_from_db()
    assert game.version == start + 2 and services.archie_to_decide(game)   # none lost
    before = [(s.index, s.action) for s in archies_turn(game, start)]
    monkeypatch.setattr(services, "choose", search)
    assert tasks.archie_move(game.pk, start) is True          # the message delivered again
    game.refresh_from_db()
    steps = archies_turn(game, start)
    assert [(s.index, s.action) for s in steps[:2]] == before
    assert [s.index for s in steps] == list(range(start + 1, game.version + 1))
    assert sum(1 for s in steps if s.action["type"] == "play_card") == 1
    assert game.deciding == "union" and game.turn == 3        # the game goes on
    assert tasks.archie_move(game.pk, start) is False         # and once more: nothing


def test_a_task_of_an_earlier_turn_does_not_play_a_later_one(lee):
    match = services.start_solo(lee, make_scenario(), "recruit")
    game = match.games.get(number=1)
    play_person_turn(game, lee)
    first = game.version
    assert tasks.archie_move(game.pk, first) is True
    play_person_turn(game, lee, seed=2)
    game.refresh_from_db()
    assert services.archie_to_decide(game)
    later = game.version
    assert tasks.archie_move(game.pk, first) is False         # the person's steps lie between
    game.refresh_from_db()
    assert game.version == later
    assert tasks.archie_move(game.pk, later) is True


def test_archie_never_acts_for_the_person(lee):
    match = services.start_solo(lee, make_scenario(), "recruit")
    game = match.games.get(number=1)
    assert tasks.archie_move(game.pk, 0) is False             # the person's decision
    game.refresh_from_db()
    assert game.version == 0


def test_the_sweep_requeues_games_stuck_on_archie(lee):
    match = services.start_solo(lee, make_scenario(), "recruit")
    game2 = end_game_one(match, lee)
    assert tasks.archie_sweep() == 0                          # waiting less than a minute
    Game.objects.filter(pk=game2.pk).update(updated=timezone.now() - timedelta(minutes=2))
    game2.refresh_from_db()
    assert services.archie_stuck(game2)
    assert tasks.archie_sweep() == 1                          # runs inline here: one step
    game2.refresh_from_db()
    assert game2.version >= 1 and not services.archie_stuck(game2)


def test_solo_refusals(lee):
    sc = make_scenario()
    with pytest.raises(services.ActionRefused, match="level"):
        services.start_solo(lee, sc, "marshal")
    # Archie cannot be challenged like a member
    with pytest.raises(services.ActionRefused):
        services.create_challenge(lee, services.archie_user(), sc)


def test_archie_plays_a_whole_turn_under_the_standard_rules(lee, django_capture_on_commit_callbacks):
    match = services.start_solo(lee, make_scenario(), "recruit", ruleset="standard")
    game = match.games.get(number=1)
    assert game.ruleset == "standard" and game.state["options"] == {"archie": "confederate"}
    assert services.load_engine(game).view("union")["hand_counts"]["confederate"] > 0   # a hand
    with django_capture_on_commit_callbacks(execute=True):
        play_person_turn(game, lee)
    game.refresh_from_db()
    assert game.is_over or (game.deciding == "union" and game.turn == 3)
    archie_rows = GameAction.objects.filter(game=game, side="confederate")
    assert archie_rows.exists() and archie_rows.first().actor.username == "archie"
