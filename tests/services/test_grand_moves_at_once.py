"""Grand Battle Cry's Field Generals moving at the same time on the site (ruling G11, G13):
each member moves his own flank's units without waiting for the other, a page drawn before a
team-mate's move still acts, each seat is told and timed, only one's own last step is taken
back, a late seat among several is taken over alone, and Archie holding one Field General
plays it beside a member holding another."""
from __future__ import annotations

import json
import zlib
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import game_log, services
from games.models import Game
from games.seat_status import seats_acting
from games.tasks import notify_turn
from tests.grand_moving import grand_game_moving_at_once, grand_members, hand_to_archie, moves_of

pytestmark = pytest.mark.django_db


def told_now(game) -> None:
    """Run the turn e-mail task as if the earlier steps of the turn (the Field Generals'
    own cards and orders) were taken an hour ago: members active a moment ago are not
    e-mailed."""
    game.actions.update(created=timezone.now() - timedelta(hours=1))
    mail.outbox.clear()
    notify_turn(game.pk, game.version)


@pytest.fixture
def members(django_user_model):
    return grand_members(django_user_model)


@pytest.fixture
def game(members, monkeypatch):
    return grand_game_moving_at_once(members, monkeypatch)


def test_two_field_generals_each_move_on_a_page_drawn_before_the_others_move(game, members):
    first, second = game.deciding_seats[:2]
    drawn = game.version                       # both pages drawn at this version
    services.act(game.pk, members[first], moves_of(game, first)[0], drawn)
    services.act(game.pk, members[second], moves_of(game, second)[0], drawn)
    game = Game.objects.get(pk=game.pk)
    assert game.version == drawn + 2
    steps = list(game.actions.filter(index__gt=drawn).order_by("index"))
    assert [(a.index, a.seat) for a in steps] == [(drawn + 1, first), (drawn + 2, second)]
    # his own page of before his own move is stale, though: he must see where his unit went
    with pytest.raises(services.StaleVersion):
        services.act(game.pk, members[second], {"type": "end_movement", "seat": second}, drawn)


def test_only_the_seats_moving_act_and_each_only_for_his_own_seat(game, members):
    first, second = game.deciding_seats[:2]
    commander = f"{game.deciding_side}-commander"
    with pytest.raises(services.NotYourTurn):
        services.act(game.pk, members[commander], moves_of(game, first)[0], game.version)
    with pytest.raises(services.NotYourTurn, match=f"the seat {second}"):
        services.act(game.pk, members[first], moves_of(game, second)[0], game.version)


def test_one_ends_his_movement_the_other_moves_on_and_the_battles_wait_for_both(game, members):
    first, second = game.deciding_seats[:2]
    services.act(game.pk, members[second], {"type": "end_movement", "seat": second}, game.version)
    game = Game.objects.get(pk=game.pk)
    assert second not in game.deciding_seats and game.phase == "move"
    assert not game.is_turn_of(members[second]) and game.is_turn_of(members[first])
    while game.phase == "move" and game.deciding_seats:
        seat = game.deciding
        services.act(game.pk, members[seat], {"type": "end_movement"}, game.version)
        game = Game.objects.get(pk=game.pk)
    assert game.phase == "battle" and len(game.deciding_seats) == 1


def test_every_seat_moving_is_shown_acting_with_one_deadline_and_told_by_e_mail(game, members):
    rows = {r["name"]: r for r in seats_acting(game, "move")}
    moving = game.deciding_seats
    assert [name for name, r in rows.items() if r["acting"]] == moving
    assert {rows[name]["deadline"] for name in moving} == {game.deadline}
    waiting = rows[f"{game.deciding_side}-commander"]["waits_for"]
    assert all(name in waiting for name in moving)
    told_now(game)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(f"m-{s}@example.org" for s in moving)


def test_a_member_holding_two_field_generals_gets_one_e_mail(django_user_model, monkeypatch):
    members = grand_members(django_user_model)
    game = grand_game_moving_at_once(members, monkeypatch)
    first, second = game.deciding_seats[:2]
    # the same member holds both seats (set up as a table would seat him)
    game.seats.filter(name=second).update(player=members[first])
    told_now(game)
    assert [m.to[0] for m in mail.outbox] == [f"m-{first}@example.org"]


def test_a_step_is_taken_back_only_by_its_seat_while_it_is_the_last(game, members):
    first, second = game.deciding_seats[:2]
    services.act(game.pk, members[first], moves_of(game, first)[0], game.version)
    game = Game.objects.get(pk=game.pk)
    with pytest.raises(services.IllegalStep):                  # not his step
        services.undo(game.pk, members[second], game.version)
    services.undo(game.pk, members[first], game.version)       # his own, the last
    game = Game.objects.get(pk=game.pk)
    assert game.deciding_seats[:2] == [first, second]
    services.act(game.pk, members[first], moves_of(game, first)[0], game.version)
    services.act(game.pk, members[second], moves_of(game, second)[0], game.version + 1)
    game = Game.objects.get(pk=game.pk)
    with pytest.raises(services.IllegalStep):                  # a team-mate moved since
        services.undo(game.pk, members[first], game.version)


def test_one_late_seat_among_several_is_taken_over_alone(game, members):
    first, second = game.deciding_seats[:2]
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    game = Game.objects.get(pk=game.pk)
    commander = f"{game.deciding_side}-commander"
    assert services.seat_overdue(game, game.seat_named(second))
    services.claim_seat(game.pk, members[commander], second)
    game = Game.objects.get(pk=game.pk)
    assert game.seat_named(second).player == members[commander]
    assert game.seat_named(first).player == members[first]
    # both act on, the time renewed for the step
    assert game.deadline > timezone.now()
    services.act(game.pk, members[first], moves_of(game, first)[0], game.version)
    services.act(game.pk, members[commander], moves_of(game, second)[0], game.version)


def test_archie_holding_one_field_general_moves_beside_a_member_holding_another(
        game, members, settings, monkeypatch):
    settings.ARCHIE_ITERATIONS = 4
    first, second = game.deciding_seats[:2]
    hand_to_archie(game, second)
    game = Game.objects.get(pk=game.pk)
    assert services.archie_seat(game) == second and game.is_turn_of(members[first])
    drawn = game.version
    real, moved = services.choose, []

    def member_moves_meanwhile(engine, seat, *args, **kw):
        action = real(engine, seat, *args, **kw)
        if not moved:          # while Archie thinks at ``drawn``, the member moves
            moved.append(services.act(game.pk, members[first], moves_of(game, first)[0], drawn))
        return action

    monkeypatch.setattr(services, "choose", member_moves_meanwhile)
    played = services.play_archie(game.pk, drawn)
    game = Game.objects.get(pk=game.pk)
    archie_steps = game.actions.filter(actor__username=services.ARCHIE_USERNAME)
    # Archie's decision applied after the member's move, once; then he played on
    assert moved and played and {a.seat for a in archie_steps} == {second}
    assert archie_steps.order_by("index").first().index == drawn + 2
    assert second not in game.deciding_seats            # Archie ended his movement
    assert first in game.deciding_seats                  # the member's seat still moves
    # the same task run again finds nothing to do
    assert services.play_archie(game.pk, drawn) == []
    versions = list(game.actions.order_by("index").values_list("index", flat=True))
    assert versions == list(range(1, game.version + 1))


def test_two_archie_field_generals_moving_at_once_each_move_once(game, settings):
    settings.ARCHIE_ITERATIONS = 4
    first, second = game.deciding_seats[:2]
    for seat in (first, second):
        hand_to_archie(game, seat)
    drawn = game.version
    played = services.play_archie(game.pk, drawn)
    game = Game.objects.get(pk=game.pk)
    # one task played both seats, each step once and as its own seat's, until both ended
    steps = list(game.actions.filter(index__gt=drawn).order_by("index"))
    assert played and [a.index for a in steps] == list(range(drawn + 1, game.version + 1))
    assert {a.seat for a in steps if a.action["type"] == "end_movement"} >= {first, second}
    assert game.is_over or game.phase != "move" or not {first, second} & set(game.deciding_seats)
    # the same task delivered again (a duplicate) applies nothing more
    assert services.play_archie(game.pk, drawn) == []
    assert Game.objects.get(pk=game.pk).version == game.version


def test_a_finished_game_s_packed_log_keeps_which_seat_took_each_step(game, members):
    first, second = game.deciding_seats[:2]
    services.act(game.pk, members[second], moves_of(game, second)[0], game.version)
    services.act(game.pk, members[first], moves_of(game, first)[0], game.version + 1)
    side = Game.objects.get(pk=game.pk).deciding_side
    for seat in (s for s in members if s.startswith(side)):       # the whole team resigns
        game = Game.objects.get(pk=game.pk)
        if not game.is_over:
            services.resign(game.pk, members[seat], game.version)
    game = Game.objects.get(pk=game.pk)
    assert game.is_over
    before = [(e.index, e.seat) for e in game_log.entries(game)]
    assert game_log.pack(game.pk) and game_log.is_packed(game)
    game_log._DECODED.clear()
    after = [(e.index, e.seat) for e in game_log.entries(game)]
    assert after == before
    assert after[-3:-1] == [(game.version - 2, second), (game.version - 1, first)]


def test_a_log_packed_before_seats_were_kept_still_reads():
    old = zlib.compress(json.dumps({"v": 1, "t0": 0, "log": [
        [1, "union", None, 5, {"type": "end_turn"}, []]]}).encode())
    (entry,) = game_log.decode(old)
    assert (entry.index, entry.side, entry.action, entry.seat) == (1, "union", {"type": "end_turn"}, "")
