"""A seat of an Epic game handed to Archie during the game: Archie plays it at once, with
that seat's own information, and stops as soon as its member takes it back
(docs/decisions.md, "Team games"; rulings E11)."""
from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, Match, Seat
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def epic(django_user_model, monkeypatch, settings):
    """An Epic game of Shiloh, one member a seat, played until a Major-General of the side
    in turn (not its Commanding General) is to decide; his time has run out."""
    settings.ARCHIE_ITERATIONS = 8
    monkeypatch.setattr(services, "engine_seed", lambda secret: 5)
    scenario = make_scenario(slug="shiloh")
    plan = services.team_seat_plan(scenario, "advanced", {"team_mode": "epic"})
    members = {spec.name: django_user_model.objects.create_user(f"m-{spec.name}", password="x")
               for spec in plan}
    first = plan[0].name
    match = services.open_table(members[first], scenario, ruleset="advanced",
                                options={"team_mode": "epic"}, seat=first)
    for spec in plan[1:]:
        services.take_table_seat(match.pk, members[spec.name], spec.name)
    game = Match.objects.get(pk=match.pk).games.get(number=1)
    rng = random.Random(5)
    for _ in range(400):
        game.refresh_from_db()
        if "-major-" in game.deciding and game.turn > 1:
            break
        legal = services.load_engine(game).legal_actions()
        services.act(game.pk, game.deciding_player, rng.choice(legal), game.version)
    assert "-major-" in game.deciding, "no Major-General came to decide"
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    seat = game.deciding
    side = game.deciding_seat.side
    return Game.objects.get(pk=game.pk), members, seat, members[f"{side}-commander"]


def test_a_seat_handed_to_archie_mid_game_is_played_by_archie_at_once(
        epic, django_capture_on_commit_callbacks):
    game, members, seat, commander = epic
    before = game.version
    with django_capture_on_commit_callbacks(execute=True):
        services.seat_to_archie(game.pk, commander, seat, "recruit")
    game = Game.objects.get(pk=game.pk)
    archie_steps = game.actions.filter(index__gt=before, actor__username=services.ARCHIE_USERNAME)
    assert archie_steps.exists(), "nobody played the seat handed to Archie"
    assert game.seat_named(seat).is_archie and game.seat_named(seat).away_id == members[seat].pk
    # Archie played until the decision left its seat (or the game ended), never beyond
    assert game.is_over or game.deciding != seat
    assert {a.side for a in archie_steps} == {game.seat_named(seat).side}


def test_a_member_taking_his_seat_back_stops_archie(epic, django_capture_on_commit_callbacks):
    game, members, seat, commander = epic
    with django_capture_on_commit_callbacks(execute=False) as asked:
        services.seat_to_archie(game.pk, commander, seat, "recruit")
    assert asked, "handing the deciding seat to Archie asked nothing of Archie"
    services.take_seat_back(game.pk, members[seat], seat)     # before Archie's task runs
    version = Game.objects.get(pk=game.pk).version
    for callback in asked:                                     # Archie's task, late
        callback()
    game = Game.objects.get(pk=game.pk)
    assert game.version == version and game.deciding == seat
    assert not game.actions.filter(actor__username=services.ARCHIE_USERNAME).exists()
    assert game.seat_named(seat).holder == Seat.Holder.MEMBER and game.is_turn_of(members[seat])
    # and the member plays on
    legal = services.load_engine(game).legal_actions()
    services.act(game.pk, members[seat], legal[0], game.version)
    assert Game.objects.get(pk=game.pk).version == version + 1
