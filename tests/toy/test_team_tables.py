"""A team match through the services, on the toy's four seats (two a side): a table opened
in the lobby, its seats taken, kept for a member or given to Archie, the game dealt when
every seat is held; a late seat taken over by its team, handed to Archie and taken back;
the team's resignation by consent; the team chat; the re-match with sides swapped and the
result counted for each member of the winning team (docs/decisions.md, "Team tables",
"Team games")."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import services
from games.models import Game, Match, Seat

from .teams import four_members, play_random_steps, seated_table, toy_scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(django_user_model, lee, grant, meade):
    return four_members(django_user_model, lee, grant, meade)


def test_a_table_has_the_rulesets_seats_and_starts_when_every_seat_is_held(members):
    lee, grant, meade, hood = (members[s] for s in ("union-1", "confederate-1", "union-2", "confederate-2"))
    match = services.open_table(lee, toy_scenario(), ruleset="toy", seat="union-1", options={"turns": 4})
    assert match.status == Match.Status.TABLE and match.team
    assert [(s.name, s.side, s.role) for s in match.table_seats.all()] == [
        ("union-1", "union", "left wing"), ("confederate-1", "confederate", "left wing"),
        ("union-2", "union", "right wing"), ("confederate-2", "confederate", "right wing")]
    services.take_table_seat(match.pk, grant, "confederate-1")
    with pytest.raises(services.ActionRefused, match="taken this seat"):
        services.take_table_seat(match.pk, hood, "confederate-1")
    with pytest.raises(services.ActionRefused, match="other side"):
        services.take_table_seat(match.pk, grant, "union-2")
    services.invite_to_table_seat(match.pk, lee, "union-2", meade)
    with pytest.raises(services.ActionRefused, match="kept for the member invited"):
        services.take_table_seat(match.pk, hood, "union-2")
    services.take_table_seat(match.pk, hood, "confederate-2")
    assert not match.games.exists()
    services.take_table_seat(match.pk, meade, "union-2")          # the last seat: game 1 starts
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    game = match.games.get(number=1)
    assert {s.name: s.player_id for s in game.seat_rows()} == {
        "union-1": lee.pk, "confederate-1": grant.pk, "union-2": meade.pk, "confederate-2": hood.pk}
    assert {s.name: s.role for s in game.seat_rows()}["union-2"] == "right wing"
    with pytest.raises(services.ActionRefused, match="no longer open"):
        services.take_table_seat(match.pk, hood, "union-1")


def test_rules_with_one_seat_a_side_open_no_team_table(lee):
    from games.engine import DEFAULT_RULESET
    from tests.play_helpers import make_scenario as battle

    with pytest.raises(services.ActionRefused, match="one player a side"):
        services.open_table(lee, battle(), ruleset=DEFAULT_RULESET)


def test_a_seat_given_to_archie_is_played_by_archie(members, settings, django_capture_on_commit_callbacks):
    settings.ARCHIE_ITERATIONS = 8
    lee, grant, hood = members["union-1"], members["confederate-1"], members["confederate-2"]
    match = services.open_table(lee, toy_scenario(), ruleset="toy", seat="union-1", options={"turns": 4})
    services.take_table_seat(match.pk, grant, "confederate-1")
    services.take_table_seat(match.pk, hood, "confederate-2")
    with django_capture_on_commit_callbacks(execute=True):
        services.give_table_seat_to_archie(match.pk, lee, "union-2", "recruit")
    game = Match.objects.get(pk=match.pk).games.get(number=1)
    seat = game.seat_named("union-2")
    assert seat.is_archie and seat.archie_level == "recruit"
    for _ in range(8):               # the members play; Archie answers for union-2 at once
        game.refresh_from_db()
        assert game.deciding != "union-2" or game.is_over
        with django_capture_on_commit_callbacks(execute=True):
            play_random_steps(game, 1, seed=game.version)
    assert game.actions.filter(actor__username=services.ARCHIE_USERNAME).exists()


def test_a_late_seat_is_taken_over_by_its_team_and_taken_back(members):
    match = seated_table(members)
    game = match.games.get(number=1)
    lee, meade = members["union-1"], members["union-2"]
    play_random_steps(game, 2, seed=3)                   # union-1 and confederate-1 acted
    game.refresh_from_db()
    assert game.deciding == "union-2"
    with pytest.raises(services.ActionRefused, match="still has time"):
        services.claim_seat(game.pk, lee, "union-2")
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    with pytest.raises(services.NotAPlayer, match="team-mates"):
        services.claim_seat(game.pk, members["confederate-1"], "union-2")
    # the opponents wait one more time per move while the team may step in
    with pytest.raises(services.ActionRefused, match="team-mates may still"):
        services.claim_timeout(game.pk, members["confederate-1"])
    services.claim_seat(game.pk, lee, "union-2", version=game.version)
    game = Game.objects.get(pk=game.pk)
    seat = game.seat_named("union-2")
    assert seat.player_id == lee.pk and seat.away_id == meade.pk
    assert game.is_turn_of(lee) and not game.is_turn_of(meade)
    assert game.deadline > timezone.now() and game.seating == 1
    services.take_seat_back(game.pk, meade, "union-2")
    game = Game.objects.get(pk=game.pk)
    assert game.is_turn_of(meade) and game.seat_named("union-2").away_id is None


def test_a_late_seat_handed_to_archie_is_played_by_it_and_its_member_takes_it_back(
        members, settings, django_capture_on_commit_callbacks):
    settings.ARCHIE_ITERATIONS = 8
    match = seated_table(members)
    game = match.games.get(number=1)
    lee, meade = members["union-1"], members["union-2"]
    play_random_steps(game, 2, seed=3)
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        services.seat_to_archie(game.pk, lee, "union-2", "recruit")
    game = Game.objects.get(pk=game.pk)
    assert game.deciding == "confederate-2"       # Archie played union-2's turn at once
    last = game.actions.order_by("-index").first()
    assert last.actor.username == services.ARCHIE_USERNAME and last.side == "union"
    services.take_seat_back(game.pk, meade, "union-2")
    game = Game.objects.get(pk=game.pk)
    assert game.seat_named("union-2").holder == Seat.Holder.MEMBER and game.holds(meade, "union-2")


def test_a_team_resigns_only_when_every_member_agrees(members):
    match = seated_table(members)
    game = match.games.get(number=1)
    grant, hood = members["confederate-1"], members["confederate-2"]
    acted = services.resign(game.pk, grant)
    assert acted.pending and not Game.objects.get(pk=game.pk).is_over
    services.withdraw_resignation(game.pk, grant)
    assert services.resign(game.pk, hood).pending
    acted = services.resign(game.pk, grant)
    game = Game.objects.get(pk=game.pk)
    assert not acted.pending and game.is_over and game.winner_side == "union"
    assert match.games.filter(number=2).exists()


def test_the_team_chat_is_read_by_the_team_only_until_the_game_ends(members):
    match = seated_table(members)
    game = match.games.get(number=1)
    lee, grant, meade = members["union-1"], members["confederate-1"], members["union-2"]
    services.post_team_chat(game.pk, lee, "Hold the woods")
    services.post_team_chat(game.pk, grant, "Flank them")
    game = Game.objects.get(pk=game.pk)
    assert services.team_chat_readable(game, meade) == ["union"]
    assert services.team_chat_readable(game, grant) == ["confederate"]
    assert services.team_chat_readable(game, None) == []
    services.resign(game.pk, grant)
    services.resign(game.pk, members["confederate-2"])
    game = Game.objects.get(pk=game.pk)
    assert services.team_chat_readable(game, None) == ["confederate", "union"]
    with pytest.raises(services.GameOver):
        services.post_team_chat(game.pk, lee, "Too late")


def test_the_rematch_swaps_the_teams_and_the_result_counts_for_each_winner(members):
    match = seated_table(members)
    game1 = match.games.get(number=1)
    # the claimed seat returns to its member in the re-match
    play_random_steps(game1, 2, seed=3)
    Game.objects.filter(pk=game1.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    services.claim_seat(game1.pk, members["union-1"], "union-2")
    for m in (members["confederate-1"], members["confederate-2"]):
        services.resign(game1.pk, m)
    game2 = match.games.get(number=2)
    assert {s.name: s.player_id for s in game2.seat_rows()} == {
        "confederate-1": members["union-1"].pk, "union-1": members["confederate-1"].pk,
        "confederate-2": members["union-2"].pk, "union-2": members["confederate-2"].pk}
    for m in (members["union-1"], members["union-2"]):      # the first team, now Confederate
        services.resign(game2.pk, m)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner is None
    assert match.winning_team in ("union", "confederate")
    won = {u.username for u in match.winners()}
    team = {"union": {"lee", "meade"}, "confederate": {"grant", "hood"}}[match.winning_team]
    assert won == team
    assert {u.username for u in match.players()} == {"lee", "meade", "grant", "hood"}


def test_one_email_lists_every_move_due_for_a_member(members, lee, grant, django_capture_on_commit_callbacks):
    from games.tasks import notify_turn

    first = seated_table(members)
    second = seated_table(members)
    g1, g2 = first.games.get(), second.games.get()
    mail.outbox.clear()
    assert notify_turn(g1.pk, g1.version)
    assert notify_turn(g2.pk, g2.version) is False          # told already in the digest
    assert len(mail.outbox) == 1
    assert "2 moves waiting" in mail.outbox[0].subject and mail.outbox[0].to == [lee.email]
    assert f"/play/games/{g1.pk}/" in mail.outbox[0].body and f"/play/games/{g2.pk}/" in mail.outbox[0].body


def test_when_a_seat_s_time_runs_out_its_team_mates_are_told_not_the_opponents(members):
    from games.tasks import announce_timeouts

    match = seated_table(members)
    game = match.games.get(number=1)
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    mail.outbox.clear()
    assert announce_timeouts() == 1
    assert [m.to for m in mail.outbox] == [[members["union-2"].email]]
    assert "union-1" in mail.outbox[0].body and "hand it to Archie" in mail.outbox[0].body
    assert announce_timeouts() == 0                      # told once
    # nobody stepped in for another time per move: the opponents are told they may claim
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(hours=73))
    mail.outbox.clear()
    assert announce_timeouts() == 2 and announce_timeouts() == 0
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        members[s].email for s in ("confederate-1", "confederate-2"))
    assert all("may claim" in m.subject for m in mail.outbox)


def test_a_seat_is_left_an_archie_seat_freed_and_the_table_withdrawn_by_its_host(members):
    lee, grant = members["union-1"], members["confederate-1"]
    match = services.open_table(lee, toy_scenario(), ruleset="toy", seat="union-1")
    services.take_table_seat(match.pk, grant, "confederate-1")
    services.leave_table_seat(match.pk, grant, "confederate-1")
    services.give_table_seat_to_archie(match.pk, lee, "confederate-2", "general")
    with pytest.raises(services.NotAPlayer):
        services.leave_table_seat(match.pk, grant, "confederate-2")
    services.leave_table_seat(match.pk, lee, "confederate-2")          # the host frees Archie's seat
    assert [s.name for s in match.table_seats.all() if s.is_free] == ["confederate-1", "union-2", "confederate-2"]
    with pytest.raises(services.NotAPlayer, match="opened the table"):
        services.withdraw_table(match.pk, grant)
    services.withdraw_table(match.pk, lee)
    assert Match.objects.get(pk=match.pk).status == Match.Status.CANCELLED
    with pytest.raises(services.ActionRefused, match="no longer open"):
        services.take_table_seat(match.pk, grant, "confederate-1")
