"""Clubs, a round robin league, withdrawals, late joiners, web results and the e-mails,
through tournaments.services."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games.models import Match
from tests.tournaments.helpers import finish_web_match, make_club, make_competition, make_players
from tournaments import services, tables, tasks
from tournaments.models import Competition, Entry, Membership, Pairing, Round

pytestmark = pytest.mark.django_db
S = services.GameScores


# -- clubs -------------------------------------------------------------------------------------
def test_joining_by_link_or_by_approval(lee, grant, meade, django_capture_on_commit_callbacks):
    club = services.create_club(lee, "Antietam Irregulars")
    assert club.is_organiser(lee)
    services.join_by_invitation(club, grant, club.invite_token)
    assert club.is_member(grant) and not club.is_organiser(grant)
    old = club.invite_token
    services.new_invitation(club, lee)
    with pytest.raises(services.Refused, match="no longer valid"):
        services.join_by_invitation(club, meade, old)
    with django_capture_on_commit_callbacks(execute=True):
        services.ask_to_join(club, meade)
    assert not club.is_member(meade)
    assert any("asks to join" in m.subject for m in mail.outbox)
    with pytest.raises(services.NotOrganiser):
        services.approve_member(club, grant, meade)
    services.approve_member(club, lee, meade)
    assert club.is_member(meade)


def test_staff_are_not_organisers_and_a_club_keeps_one(lee, django_user_model):
    boss = django_user_model.objects.create_superuser("boss", "boss@example.org", "x")
    club = services.create_club(lee, "Shiloh Club")
    assert not club.is_organiser(boss)
    with pytest.raises(services.NotOrganiser):
        services.create_competition(club, boss, services.Terms(name="x", scenario_policy="organiser"))
    with pytest.raises(services.Refused, match="at least one organiser"):
        services.set_role(club, lee, lee, Membership.Role.MEMBER)


def test_a_member_belongs_to_several_clubs(lee, grant, meade):
    a = make_club(lee, [meade], name="Club A")
    b = make_club(grant, [meade], name="Club B")
    assert a.is_member(meade) and b.is_member(meade)


# -- a round robin league ----------------------------------------------------------------------
def test_a_round_robin_league_of_five_with_a_withdrawal(lee):
    players = make_players(5)
    club = make_club(lee, players)
    comp = make_competition(club, lee, players, mode="table")
    assert comp.planned_rounds(5) == 5
    met = []
    for number in range(1, 6):
        if number == 3:
            services.withdraw(comp, players[4], players[4])   # p5 leaves after round 2
        rnd = services.publish_round(services.draft_round(comp, lee), lee)
        pairings = list(rnd.pairings.all())
        for p in pairings:
            if p.is_bye:
                continue
            met.append(frozenset((p.home_id, p.away_id)))
            services.report_result(p, p.home, S("home", 6, 2, "away", 3, 6))
            services.confirm_result(p, p.away)
        assert players[4].pk not in {x for p in pairings for x in (p.home_id, p.away_id)} or number < 3
    with pytest.raises(services.Refused, match="All 5 rounds"):
        services.draft_round(comp, lee)
    four = [p.pk for p in players[:4]]
    # the four who stayed met each other exactly once; p5's later opponents had byes
    among = [m for m in met if m <= set(four)]
    assert len(among) == len(set(among)) == 6
    table = tables.table(comp)
    assert {line.player.username for line in table} == {f"p{i}" for i in range(1, 6)}
    withdrawn = next(line for line in table if line.player == players[4])
    assert withdrawn.entry.status == Entry.Status.WITHDRAWN and withdrawn.standing.played + withdrawn.standing.byes == 2


def test_round_robin_refuses_late_joiners_but_swiss_takes_them(lee):
    players = make_players(5)
    club = make_club(lee, players)
    league = make_competition(club, lee, players[:4], mode="table")
    services.publish_round(services.draft_round(league, lee), lee)
    with pytest.raises(services.Refused, match="cannot take new players"):
        services.add_player(league, lee, players[4])

    swiss = make_competition(club, lee, players[:4], name="Cup", kind="tournament", mode="table")
    rnd = services.publish_round(services.draft_round(swiss, lee), lee)
    for p in rnd.pairings.all():
        services.set_result(p, lee, S("home", 6, 1, "home", 6, 1))
    late = services.add_player(swiss, lee, players[4])
    assert late.joined_round == 2
    rnd2 = services.draft_round(swiss, lee)
    assert rnd2.pairings.filter(away__isnull=True, home=players[4]).exists()  # the newcomer (no points) sits out


def test_a_swiss_round_waits_for_every_result(lee):
    players = make_players(4)
    club = make_club(lee, players)
    comp = make_competition(club, lee, players, kind="tournament", mode="table")
    rnd = services.publish_round(services.draft_round(comp, lee), lee)
    p = rnd.pairings.first()
    services.report_result(p, p.home, S("home", 6, 1, "home", 6, 1))
    with pytest.raises(services.Refused, match="Every result of the earlier rounds"):
        services.draft_round(comp, lee)


def test_draft_is_seen_only_by_organisers_and_can_be_drawn_again(lee, client):
    players = make_players(6)
    club = make_club(lee, players, public=True)
    comp = make_competition(club, lee, players, kind="tournament", mode="table")
    first = services.draft_round(comp, lee, seed=1)
    second = services.draft_round(comp, lee, seed=2)
    assert comp.rounds.count() == 1 and second.number == 1
    assert not Round.objects.filter(pk=first.pk).exists()
    assert Pairing.objects.filter(round=second).count() == 3
    assert client.get(f"/leagues/pairings/{second.pairings.first().pk}/").status_code == 404
    assert "Round 1" not in client.get(f"/leagues/{comp.pk}/").content.decode()
    assert Match.objects.count() == 0 and not mail.outbox
    services.discard_draft(comp, lee)
    assert comp.rounds.count() == 0


# -- web matches -------------------------------------------------------------------------------
def test_a_web_league_starts_matches_and_scores_them_when_they_end(lee):
    players = make_players(2)
    club = make_club(lee, players)
    comp = make_competition(club, lee, players, mode="web", options={"nightfall": True}, deadline_hours=24)
    rnd = services.publish_round(services.draft_round(comp, lee), lee)
    p = rnd.pairings.get()
    match = p.match
    assert match.status == Match.Status.ACTIVE and match.options == {"nightfall": True} and match.deadline_hours == 24
    assert match.games.get(number=1).player_of("union") == p.home
    with pytest.raises(services.Refused, match="played on the site"):
        services.report_result(p, p.home, S("home", 6, 1, "home", 6, 1))
    finish_web_match(match)
    p.refresh_from_db()
    assert p.result == Pairing.Result.PLAYED
    # game 1: Union (home) was to move and lost on time; game 2: the same for the away player
    assert (p.game1_winner, p.game2_winner) == ("away", "home")
    assert (p.flags_home, p.flags_away) == (6, 6)
    assert [line.standing.metrics["match_points"] for line in tables.table(comp)] == [1, 1]


def test_other_matches_finishing_do_not_touch_leagues(lee, grant):
    from tests.play_helpers import start_match
    match, _ = start_match(lee, grant)
    finish_web_match(match)
    assert match.status == Match.Status.FINISHED
    assert not Pairing.objects.exists()


def test_pool_scenario_is_chosen_by_the_players(lee):
    from tests.play_helpers import make_scenario
    players = make_players(2)
    club = make_club(lee, players)
    sc = make_scenario()
    comp = make_competition(club, lee, players, scenario_policy="pool", scenarios=(sc,), mode="web")
    rnd = services.publish_round(services.draft_round(comp, lee), lee)
    p = rnd.pairings.get()
    assert p.scenario is None and p.match is None
    with pytest.raises(services.NotYourMatch):
        services.choose_scenario(p, lee, sc)
    p = services.choose_scenario(p, p.away, sc)
    assert p.match is not None and p.match.scenario == sc


# -- results: who may do what ------------------------------------------------------------------
@pytest.fixture
def table_match(lee, grant, meade):
    club = make_club(lee, [grant, meade])
    comp = make_competition(club, lee, [grant, meade], mode="table")
    rnd = services.publish_round(services.draft_round(comp, lee), lee)
    return rnd.pairings.get()


def test_only_players_report_and_only_the_other_confirms(table_match, lee, django_user_model):
    p = table_match
    outsider = django_user_model.objects.create_user("ewell", password="x")
    good = S("home", 6, 2, "home", 6, 2)
    with pytest.raises(services.NotYourMatch):
        services.report_result(p, outsider, good)
    with pytest.raises(services.NotYourMatch):
        services.report_result(p, lee, good)        # an organiser enters results with set_result
    services.report_result(p, p.home, good)
    with pytest.raises(services.Refused, match="Your opponent must confirm"):
        services.confirm_result(p, p.home)
    with pytest.raises(services.NotYourMatch):
        services.confirm_result(p, outsider)
    with pytest.raises(services.Refused, match="confirm it or dispute it"):
        services.report_result(p, p.away, good)
    with pytest.raises(services.Refused, match="Say what is wrong"):
        services.dispute_result(p, p.away, " ")
    services.confirm_result(p, p.away)
    with pytest.raises(services.Refused, match="settled"):
        services.report_result(p, p.home, S("away", 1, 6, "away", 1, 6))


def test_only_organisers_pair_correct_and_forfeit(table_match, lee):
    p = table_match
    comp = p.round.competition
    for step in (lambda u: services.draft_round(comp, u),
                 lambda u: services.set_result(p, u, S("home", 6, 1, "home", 6, 1)),
                 lambda u: services.declare_forfeit(p, u, "home"),
                 lambda u: services.close_competition(comp, u),
                 lambda u: services.add_player(comp, u, lee)):
        with pytest.raises(services.NotOrganiser):
            step(p.home)
    services.set_result(p, lee, S("home", 6, 1, "home", 6, 1))
    assert p.changes.get().action == "resolved"


def test_impossible_results_are_refused(table_match):
    p = table_match
    for bad, message in ((S("home", 3, 6, "home", 6, 1), "more flags"),
                         (S("", 3, 4, "home", 6, 1), "more flags"),
                         (S("home", 60, 4, "home", 6, 1), "between 0 and"),
                         (S("both", 6, 4, "home", 6, 1), "who won")):
        with pytest.raises(services.Refused, match=message):
            services.report_result(p, p.home, bad)
    assert p.changes.count() == 0


def test_closing_waits_for_disputes_and_then_freezes(table_match, lee):
    p = table_match
    comp = p.round.competition
    services.report_result(p, p.home, S("home", 6, 1, "home", 6, 1))
    services.dispute_result(p, p.away, "I won game 2")
    with pytest.raises(services.Refused, match="disputed"):
        services.close_competition(comp, lee)
    services.set_result(p, lee, S("home", 6, 1, "away", 4, 6))
    services.close_competition(comp, lee)
    comp.refresh_from_db()
    assert comp.status == Competition.Status.CLOSED
    with pytest.raises(services.Refused, match="closed"):
        services.set_result(p, lee, S("home", 6, 1, "home", 6, 1))


# -- e-mails -----------------------------------------------------------------------------------
def test_the_league_emails(lee, grant, meade, django_capture_on_commit_callbacks):
    club = make_club(lee, [grant, meade])
    comp = make_competition(club, lee, [grant, meade], mode="table")
    with django_capture_on_commit_callbacks(execute=True):
        p = services.publish_round(services.draft_round(comp, lee), lee).pairings.get()
    assert sorted(m.to[0] for m in mail.outbox) == [grant.email, meade.email]   # pairing published
    assert all("round 1, you play" in m.subject for m in mail.outbox)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.report_result(p, p.home, S("home", 6, 1, "home", 6, 1))
    assert [m.to for m in mail.outbox] == [[p.away.email]]               # result to confirm
    assert "confirm the result" in mail.outbox[0].subject
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.dispute_result(p, p.away, "Game 2 was mine")
    assert [m.to for m in mail.outbox] == [[lee.email]]                  # dispute: the organiser
    assert "Game 2 was mine" in mail.outbox[0].body
    mail.outbox.clear()
    rnd = p.round
    rnd.deadline = timezone.now() + timedelta(hours=20)
    rnd.save()
    assert tasks.warn_round_deadlines() == 2                            # round deadline close
    assert tasks.warn_round_deadlines() == 0                            # once only
    assert all("ends soon" in m.subject for m in mail.outbox)


def test_forfeits_count_as_the_organiser_decided(lee):
    players = make_players(4)
    club = make_club(lee, players)
    comp = make_competition(club, lee, players, mode="table", order=("match_points", "games_won"))
    rnd = services.publish_round(services.draft_round(comp, lee), lee)
    one, two = rnd.pairings.select_related("home", "away")
    services.declare_forfeit(one, lee, "home", note="did not play by the deadline")
    services.declare_forfeit(two, lee, "both")
    by = {line.player: line.standing for line in tables.table(comp)}
    assert (by[one.away].metrics["match_points"], by[one.away].metrics["games_won"]) == (2, 2)
    assert (by[one.home].metrics["match_points"], by[one.home].lost) == (0, 1)
    for p in (two.home, two.away):
        assert by[p].played == 0 and by[p].metrics["match_points"] == 0
    assert one.changes.get().note == "did not play by the deadline"


def test_a_join_request_with_the_broker_down_is_kept_and_sent_later(
        lee, meade, monkeypatch, django_capture_on_commit_callbacks):
    """The write commits and its e-mail waits in the outbox; the sweep sends it once the
    broker is back (a broker that is down never fails a league action)."""
    from kombu.exceptions import OperationalError

    from games import outbox
    from games.models import Outbox

    club = services.create_club(lee, "Antietam Irregulars")
    real_publish = outbox._publish

    def broker_down(row):
        raise OperationalError("connection refused")
    monkeypatch.setattr(outbox, "_publish", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        services.ask_to_join(club, meade)
    assert Membership.objects.filter(club=club, user=meade).exists()
    kept = Outbox.objects.get()
    assert kept.task == "tournaments.notify_join_request" and kept.attempts == 1
    assert not any("asks to join" in m.subject for m in mail.outbox)

    monkeypatch.setattr(outbox, "_publish", real_publish)
    Outbox.objects.update(created=timezone.now() - timedelta(hours=1))
    assert outbox.send_pending() == 1
    assert any("asks to join" in m.subject for m in mail.outbox)
    assert not Outbox.objects.exists()
