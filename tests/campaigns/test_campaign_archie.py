"""Campaigns against Archie (ruling C6, C7): the member picks the army they keep, Archie keeps
the other with its handicap in every battle, and takes every decision of its side, the
pre-battle dice included, through its Celery task (run inline here: tasks are eager in the
tests, and on-commit callbacks are executed where a test says so)."""
from __future__ import annotations

import json
import random
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from campaigns import scoring, services
from campaigns.models import Campaign
from games import game_log, outbox, services as game_services
from games import tasks
from games.ai import Budget, choose
from games.engine import Game as EngineGame
from games.engine import load_scenario
from games.models import Game, GameAction, Match
from tests.campaigns.helpers import load_plan

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
PREBATTLE_CHOICES = ("prebattle_loss", "prebattle_retreat")


@pytest.fixture(autouse=True)
def quick_archie(settings):
    settings.ARCHIE_ITERATIONS = 8


def versus_archie(user, side="union", level="recruit", slug="jackson-valley-1862") -> Campaign:
    return services.start_versus_archie(user, services.Terms(plan=load_plan(slug), side=side), level)


def member_plays(game, member, rng, capture, cap=4000) -> None:
    """The member plays random legal actions (attacks first) whenever the decision is theirs;
    Archie's decisions are taken by its tasks, sent on commit of each step."""
    game.refresh_from_db()
    n = 0
    while not game.is_over:
        assert n < cap, f"{game} did not end in {cap} of the member's actions"
        assert game.deciding == game.side_of(member), (
            f"waiting on Archie at version {game.version}: its task did not run")
        legal = game_services.load_engine(game).legal_actions()
        attacks = [a for a in legal if a["type"] in ("battle", "attack")]
        with capture(execute=True):
            game_services.act(game.pk, member, rng.choice(attacks or legal), game.version)
        game.refresh_from_db()
        n += 1


def claim_from_archie(game, member):
    """The member claims the game while Archie's time has run out (its task not run)."""
    game.refresh_from_db()
    assert game_services.archie_to_decide(game)
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    game_services.claim_timeout(game.pk, member)


@pytest.mark.parametrize("side", ["union", "confederate"])
def test_a_campaign_against_archie_starts_at_once_with_the_member_on_the_army_chosen(lee, side):
    campaign = versus_archie(lee, side=side, level="veteran")
    archie = game_services.archie_user()
    archie_side = "confederate" if side == "union" else "union"
    assert campaign.status == Campaign.Status.ACTIVE and campaign.started is not None
    assert campaign.opponent == archie and campaign.versus_archie and campaign.archie_level == "veteran"
    assert campaign.side_of(lee) == side
    game = campaign.battles.get(number=1).game()
    assert game.match.archie_level == "veteran" and game.match.single_game
    assert game.player_of(side) == lee and game.player_of(archie_side) == archie
    assert game.state["options"] == {"archie": archie_side}
    view = game_services.load_engine(game).view(side)
    # Archie's handicap: no hand, only the top card of its deck drawn when its turn begins
    assert view["hand_counts"][archie_side] == (1 if game.deciding == archie_side else 0)
    assert view["hand_counts"][side] > 1
    with pytest.raises(services.CampaignRefused, match="no longer open"):
        services.accept(campaign.pk, lee)


def test_archie_cannot_be_invited_and_its_level_must_be_known(lee):
    plan = load_plan("jackson-valley-1862")
    with pytest.raises(services.CampaignRefused, match="member"):
        services.invite(lee, game_services.archie_user(), services.Terms(plan=plan))
    with pytest.raises(services.CampaignRefused, match="level"):
        services.start_versus_archie(lee, services.Terms(plan=plan), "marshal")
    assert not Campaign.objects.exists() and not Match.objects.exists()


def test_a_whole_campaign_against_archie_through_the_services_and_its_tasks(
        lee, django_capture_on_commit_callbacks):
    """Jackson in the Valley, lee keeping the Union: every battle is played to its end, lee
    by random legal play and Archie by its tasks; the sides never change, Archie rolls and
    chooses its own pre-battle dice before turn 1, the totals add up."""
    campaign = versus_archie(lee, side="union", level="recruit")
    archie = game_services.archie_user()
    rng = random.Random(1862)
    results = []
    archie_steps = 0
    for number in (1, 2, 3):
        campaign.refresh_from_db()
        battle = campaign.battles.get(number=number)
        game = battle.game()
        assert (game.player_of("union"), game.player_of("confederate")) == (lee, archie)
        options = game.state["options"]
        assert options["archie"] == "confederate"
        if number > 1:
            expected = scoring.dice_before(results)
            assert battle.dice_due == {s: {"flags_last": d.flags_last, "games_won": d.games_won,
                                           "dice": d.dice} for s, d in expected.items()}
            for s in ("union", "confederate"):
                assert int(options.get(f"prebattle_dice_{s}", 0)) == expected[s].dice
        if game_services.archie_to_decide(game):    # Archie opens (or rolls first): its first task
            with django_capture_on_commit_callbacks(execute=True):
                tasks.archie_move(game.pk, game.version)
        member_plays(game, lee, rng, django_capture_on_commit_callbacks)
        game.refresh_from_db()
        rows = game_log.entries(game)           # a finished game's log may be packed already
        assert [r.index for r in rows] == list(range(1, game.version + 1))
        assert all(r.actor_id == (archie if r.side == "confederate" else lee).pk for r in rows if r.side)
        if number > 1:
            types = [r.action["type"] for r in rows]
            first_card = types.index("play_card") if "play_card" in types else len(types)
            assert not any(t in ("roll_prebattle", *PREBATTLE_CHOICES) for t in types[first_card:])
            archie_rolls = [r for r in rows if r.action["type"] == "roll_prebattle" and r.side == "confederate"]
            assert len(archie_rolls) == (1 if battle.dice_due["confederate"]["dice"] else 0)
            archie_steps += len(archie_rolls) + sum(
                1 for r in rows if r.action["type"] in PREBATTLE_CHOICES and r.side == "confederate")
        results.append(scoring.BattleResult(
            dict(game.outcome["flags"]), game.winner_side or None, dict(game.outcome["casualties"])))
    # Archie captures flags in battles 1 and 2 of any real game, so it rolls (and chooses) too
    assert archie_steps >= 1
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.FINISHED
    assert Match.objects.filter(archie_level="recruit").count() == 3 == Game.objects.count()
    expected = scoring.standings(results)
    assert services.standings(campaign).flags == expected.flags
    assert campaign.winner == (campaign.player_of(expected.leader) if expected.leader else None)


def test_the_next_battle_queues_archies_pre_battle_roll_once_on_commit(
        lee, monkeypatch, django_capture_on_commit_callbacks):
    """Lee resigns battle 1: Archie won it, so it rolls before battle 2 (McDowell). Its roll
    is queued when the transaction that ended battle 1 commits, and only once."""
    campaign = versus_archie(lee, side="union")
    sent = []
    publish = outbox._publish

    def hand_over(row):                 # Archie's task is kept aside: the test runs it below
        if row.task == "games.archie_move":
            sent.append(tuple(row.args))
        else:
            publish(row)

    monkeypatch.setattr(outbox, "_publish", hand_over)
    first = campaign.battles.get(number=1).game()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        game_services.resign(first.pk, lee)
        assert sent == []                                       # nothing before the commit
    for callback in callbacks:
        callback()
    second = campaign.battles.get(number=2)
    game = second.game()
    assert second.dice_due["confederate"]["dice"] >= 1
    assert (game.phase, game.deciding, game.version) == ("prebattle_roll", "confederate", 0)
    assert sent == [(game.pk, 0)]
    # the task, run twice (a duplicate delivery), rolls once
    assert tasks.archie_move(game.pk, 0) is True
    assert tasks.archie_move(game.pk, 0) is False
    game.refresh_from_db()
    rolls = GameAction.objects.filter(game=game, action__type="roll_prebattle")
    assert rolls.count() == 1 and rolls.get().actor.username == "archie"
    # the dice the campaign gives, no extra die for Archie's handicap (C7)
    assert len(rolls.get().events[0]["rolls"]) == second.dice_due["confederate"]["dice"]


def test_archie_chooses_its_own_losses_and_retreats_legally_and_they_are_applied(
        lee, monkeypatch, django_capture_on_commit_callbacks):
    """Lee wins battle 1 (Archie's time ran out), so lee rolls many dice before battle 2;
    Archie picks which of its units lose figures and which fall back, through its tasks."""
    monkeypatch.setattr(game_services, "engine_seed", lambda secret: 20261123)
    campaign = versus_archie(lee, side="union")
    claim_from_archie(campaign.battles.get(number=1).game(), lee)
    battle = campaign.battles.get(number=2)
    game = battle.game()
    assert battle.dice_due["union"]["dice"] >= 5 and battle.dice_due["confederate"]["dice"] == 0
    def archie_figures():
        return sum(u["figures"] for u in game_services.load_engine(game).view(None)["units"]
                   if u["side"] == "confederate")

    before = archie_figures()
    assert (game.phase, game.deciding) == ("prebattle_roll", "union")
    with django_capture_on_commit_callbacks(execute=True):
        game_services.act(game.pk, lee, {"type": "roll_prebattle"}, game.version)
    game.refresh_from_db()
    rows = list(game.actions.order_by("index"))
    choices = [r for r in rows if r.action["type"] in PREBATTLE_CHOICES]
    assert choices, "the pinned roll hits Archie's army"
    assert all(r.side == "confederate" and r.actor.username == "archie" for r in choices)
    # each choice was legal where it was taken: replay the log and check it
    engine = EngineGame.new(load_scenario(game.state["scenario"]), options=game.state["options"],
                            seed=game.seed)
    for r in rows:
        if r.action["type"] in PREBATTLE_CHOICES:
            assert r.action in engine.legal_actions()
        engine.apply(r.action)
    losses = [r for r in choices if r.action["type"] == "prebattle_loss"]
    assert before - archie_figures() >= len(losses)
    for r in losses:
        assert r.events[0]["type"] == "prebattle_loss" and r.events[0]["side"] == "confederate"
    assert game.phase == "play_card" and game.turn == 1          # then the battle begins
    assert game.deciding == "union"


def test_swords_rolled_against_archie_take_nothing():
    """Ruling C7: Archie holds no hand, so swords rolled against it have no effect: no short
    hand, no catch-up draws. Engine level, with the faces forced."""
    sc = load_scenario(json.loads((ROOT / "games/scenarios/kernstown.json").read_text()))
    g = EngineGame.new(sc, options={"archie": "union", "prebattle_dice_confederate": 3}, seed=5)
    events = g.apply({"type": "roll_prebattle"}, rolls=["swords", "swords", "swords"])
    assert g.phase == "play_card" and g.active_side == "confederate"
    assert g.hands["union"] == [] and len(g.hands["confederate"]) > 1
    assert not [e for e in events if e["type"] == "prebattle_hand" and e["side"] == "union"]
    assert g.decisions.prebattle["catch_up"]["union"] is False


@pytest.mark.parametrize("level", ["recruit", "veteran"])
@pytest.mark.parametrize("archie", ["union", "confederate"])
def test_each_level_answers_every_kind_of_pre_battle_choice_legally(level, archie):
    """Archie's policies on a forced roll of every face against it: a loss of each kind and
    two retreats; every answer is one of the legal actions, and the battle then begins."""
    sc = load_scenario(json.loads((ROOT / "games/scenarios/kernstown.json").read_text()))
    roller = "confederate" if archie == "union" else "union"
    g = EngineGame.new(sc, options={"archie": archie, f"prebattle_dice_{roller}": 6}, seed=9)
    if g.active_side != roller:
        raise AssertionError("only the roller has dice")
    g.apply({"type": "roll_prebattle"},
            rolls=["infantry", "cavalry", "artillery", "flag", "flag", "swords"])
    rng = random.Random(3)
    answered = []
    while g.phase.startswith("prebattle"):
        assert g.active_side == archie
        action = choose(g, archie, level, rng.getrandbits(63), Budget(iterations=8))
        assert action in g.legal_actions()
        answered.append(action["type"])
        g.apply(action)
    assert answered.count("prebattle_retreat") == 2 and "prebattle_loss" in answered
    assert g.phase == "play_card"
