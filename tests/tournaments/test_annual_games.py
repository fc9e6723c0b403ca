"""The Annual Games as a competition of a club, through the services: a hand-worked year
(a draw, a friendly replay, a match off its window, an unconfirmed report), the progress
grid, matches on the site, the two-player form, permissions and closing the year."""
from __future__ import annotations

import datetime as dt

import pytest

from games import services as game_services
from games.models import Match
from tests.play_helpers import make_scenario
from tests.tournaments.annual_helpers import annual_games, battle, table_result
from tests.tournaments.helpers import finish_web_match, make_club
from tournaments import annual_services, annual_tables, services
from tournaments.models import Competition, Pairing

pytestmark = pytest.mark.django_db


@pytest.fixture
def sherman(django_user_model):
    return django_user_model.objects.create_user("sherman", email="sherman@example.org", password="x")


@pytest.fixture
def year(frozen, lee, grant, meade, sherman):
    """The club's Annual Games 2026 on 1 December, with the default window (7 days)."""
    frozen(2026, 12, 1, 12)
    club = make_club(meade, [lee, grant, sherman])
    comp = annual_games(club, meade)
    d = dt.date
    # Shiloh (6 April): a game each; lee 6+4 flags, grant 3+6; figures 10 and 9.
    table_result(comp, lee, grant, "shiloh", d(2026, 4, 6), ("home", 6, 3), ("away", 4, 6), figures=(10, 9))
    # Shiloh again two days later, lee v meade, lee wins both: lee's second Shiloh is a
    # friendly for him (his first counts), but it is meade's first: 0 points, 2+1 flags.
    table_result(comp, lee, meade, "shiloh", d(2026, 4, 8), ("home", 6, 2), ("home", 6, 1))
    # Antietam (17 September) on the day, grant v meade: game 1 drawn 4-4 (no point),
    # game 2 grant 6-5.
    table_result(comp, grant, meade, "antietam", d(2026, 9, 17), ("", 4, 4), ("home", 6, 5))
    # Antietam on 1 September, 16 days early: lee beats meade twice, but it does not count.
    table_result(comp, lee, meade, "antietam", d(2026, 9, 1), ("home", 6, 0), ("home", 6, 0))
    # Fort Donelson (15 February), sherman v meade: a game each, 5+3 and 2+6 flags.
    table_result(comp, sherman, meade, "fort-donelson", d(2026, 2, 15), ("home", 5, 2), ("away", 3, 6))
    # Perryville, reported by lee but not yet confirmed by sherman: nothing counts yet.
    table_result(comp, lee, sherman, "perryville", d(2026, 10, 8), ("home", 6, 0), ("home", 6, 0),
                 confirm=False)
    return comp


def table_of(comp):
    return [(r.username, r.standing.rank, r.standing.points, r.standing.flags, r.standing.figures,
             r.standing.battles) for r in annual_tables.year_table(comp).rows]


def test_the_hand_worked_year(year):
    # grant: Shiloh 1 point 9 flags + Antietam 1 point (the draw scores nothing) 4+6 flags.
    # meade: Shiloh 0/3 + Antietam 0/9 + Fort Donelson 1/8: one point, 20 flags.
    # lee: Shiloh 1/10 (figures 10); his Antietam was off the window, his second Shiloh a friendly.
    # sherman: Fort Donelson 1/8.  meade, lee and sherman are level on points: flags decide.
    assert table_of(year) == [
        ("grant", 1, 2, 19, 9, 2),
        ("meade", 2, 1, 20, 0, 3),
        ("lee", 3, 1, 10, 10, 1),
        ("sherman", 4, 1, 8, 0, 1),
    ]


def test_the_progress_grid(year):
    grid = {r.username: {sq.battle: sq for sq in r.squares} for r in annual_tables.year_table(year).rows}
    assert all(len(squares) == 31 for squares in grid.values())

    def shown(user):
        return {n: (sq.state, sq.cell.points, sq.cell.flags) if sq.cell else sq.state
                for n, sq in grid[user].items() if sq.state != "none"}

    shiloh, antietam, donelson, perryville = (battle(s) for s in ("shiloh", "antietam", "fort-donelson", "perryville"))
    assert shown("lee") == {shiloh: ("counted", 1, 10), antietam: "off", perryville: "playing"}
    assert grid["lee"][perryville].cell is None          # reported, not confirmed: nothing yet
    assert shown("grant") == {shiloh: ("counted", 1, 9), antietam: ("counted", 1, 10)}
    assert shown("meade") == {donelson: ("counted", 1, 8), shiloh: ("counted", 0, 3),
                              antietam: ("counted", 0, 9)}
    assert shown("sherman") == {donelson: ("counted", 1, 8), perryville: "playing"}
    assert grid["grant"][antietam].opponent == "meade"


def test_confirming_the_pending_report_moves_the_table(year, lee, sherman):
    p = Pairing.objects.get(round__competition=year, round__number=battle("perryville"))
    services.confirm_result(p, sherman)
    rows = {r[0]: r for r in table_of(year)}
    assert rows["lee"][2:4] == (3, 22) and rows["lee"][1] == 1     # now first: 3 points
    assert rows["sherman"][2:4] == (1, 8)


def test_any_time_in_the_year_lets_the_early_antietam_count(frozen, lee, grant, meade):
    frozen(2026, 12, 1, 12)
    club = make_club(meade, [lee, grant])
    comp = annual_games(club, meade, window_days=None)
    table_result(comp, lee, meade, "antietam", dt.date(2026, 9, 1), ("home", 6, 0), ("home", 6, 0))
    assert table_of(comp)[0] == ("lee", 1, 2, 12, 0, 1)


def test_a_match_on_the_site_counts_its_finished_games_and_its_day(frozen, lee, grant, meade):
    frozen(2026, 9, 17, 12)
    make_scenario(slug="antietam")
    club = make_club(meade, [lee, grant])
    comp = annual_games(club, meade, time_zone="America/Chicago")
    # A challenge grant declines leaves nothing behind; lee challenges again, grant accepts.
    p = annual_services.arrange_match(comp, lee, battle("antietam"), grant, where="web")
    assert p.match.status == Match.Status.CHALLENGE and p.match.challenger_side == "union"
    assert annual_tables.year_table(comp).rows[0].squares[battle("antietam") - 1].state == "playing"
    game_services.decline(p.match_id, grant)
    assert all(sq.state == "none" for r in annual_tables.year_table(comp).rows for sq in r.squares)
    p = annual_services.arrange_match(comp, lee, battle("antietam"), grant, where="web")
    game_services.accept(p.match_id, grant)
    p.refresh_from_db()
    assert p.match.status == Match.Status.ACTIVE
    assert p.match.challenger == lee and p.match.scenario.slug == "antietam"
    Match.objects.filter(pk=p.match_id).update(started=dt.datetime(2026, 9, 18, 3, tzinfo=dt.timezone.utc))
    grid = {r.username: r.squares[battle("antietam") - 1] for r in annual_tables.year_table(comp).rows}
    assert grid["lee"].state == "playing" and grid["grant"].state == "playing"
    assert grid["lee"].cell.games == 0                   # it is their match of Antietam, so far 0-0
    assert grid["meade"].state == "none"

    finish_web_match(p.match)
    p.refresh_from_db()
    assert p.result == Pairing.Result.PLAYED
    rows = annual_tables.year_table(comp).rows
    assert sorted(r.standing.points for r in rows) == [0, 1, 1]        # a game each; meade none
    lee_cell = next(r for r in rows if r.username == "lee").squares[battle("antietam") - 1].cell
    assert lee_cell.played_on == dt.date(2026, 9, 17)                  # Chicago's day, not UTC's

    # Begun 8 days after the anniversary: off the window, it does not count.
    Match.objects.filter(pk=p.match_id).update(started=dt.datetime(2026, 9, 25, 12, tzinfo=dt.timezone.utc))
    rows = annual_tables.year_table(comp).rows
    assert all(r.standing.points == 0 for r in rows)
    assert next(r for r in rows if r.username == "lee").squares[battle("antietam") - 1].state == "off"


def test_only_organisers_create_and_close(frozen, lee, grant, meade):
    frozen(2026, 3, 1, 12)
    club = make_club(meade, [lee, grant])
    with pytest.raises(services.NotOrganiser):
        annual_games(club, lee)
    comp = annual_games(club, meade)
    with pytest.raises(services.Refused, match="already runs the Annual Games 2026"):
        annual_games(club, meade)
    with pytest.raises(services.NotOrganiser):
        services.close_competition(comp, lee)
    assert Competition.objects.get(pk=comp.pk).status == Competition.Status.RUNNING
    # The leagues' console tools refuse it: its rounds are the battles.
    with pytest.raises(services.Refused, match="round per battle"):
        services.draft_round(comp, meade)
    assert comp.rounds.count() == 31
    rnd = comp.rounds.get(number=battle("antietam"))      # the deadline: the window's last day
    assert rnd.deadline == dt.datetime(2026, 9, 25, tzinfo=dt.timezone.utc)


def test_players_report_only_their_own_matches(frozen, lee, grant, meade, django_user_model):
    frozen(2026, 4, 10, 12)
    outsider = django_user_model.objects.create_user("pope", email="pope@example.org", password="x")
    club = make_club(meade, [lee, grant])
    comp = annual_games(club, meade)
    p = annual_services.arrange_match(comp, lee, battle("shiloh"), grant, where="table",
                                      played_on=dt.date(2026, 4, 6))
    scores = services.GameScores("home", 6, 3, "away", 4, 6)
    for intruder in (meade, outsider):          # the organiser does not play this match
        with pytest.raises(services.NotYourMatch):
            services.report_result(p, intruder, scores)
    services.report_result(p, lee, scores)
    with pytest.raises(services.Refused):       # the reporter cannot confirm his own report
        services.confirm_result(p, lee)
    with pytest.raises(services.NotYourMatch):
        services.confirm_result(p, meade)
    # Nobody outside the club arranges a match, nor against someone outside it.
    with pytest.raises(services.NotYourMatch):
        annual_services.arrange_match(comp, outsider, battle("shiloh"), lee, where="table")
    with pytest.raises(services.Refused, match="another player"):
        annual_services.arrange_match(comp, lee, battle("shiloh"), outsider, where="table")
    with pytest.raises(services.Refused, match="already under way"):
        annual_services.arrange_match(comp, grant, battle("shiloh"), lee, where="table")
    with pytest.raises(services.Refused, match="Give the day you played"):
        annual_services.arrange_match(comp, lee, battle("antietam"), meade, where="table",
                                      played_on=dt.date(2026, 9, 17))


def test_the_two_player_year(frozen, lee, grant, meade):
    frozen(2026, 12, 31, 12)
    club = make_club(meade, [lee, grant])
    comp = annual_games(club, meade, players=(lee, grant), mode="table")
    assert comp.name == "Annual Games 2026: lee v grant"
    with pytest.raises(services.NotYourMatch):       # a club member outside the pair
        annual_services.arrange_match(comp, meade, battle("shiloh"), lee)
    table_result(comp, lee, grant, "shiloh", dt.date(2026, 4, 6), ("home", 6, 3), ("away", 4, 6))
    table_result(comp, grant, lee, "antietam", dt.date(2026, 9, 20), ("home", 6, 2), ("home", 6, 5))
    with pytest.raises(services.Refused, match="already played Antietam"):
        annual_services.arrange_match(comp, lee, battle("antietam"), grant)
    year = annual_tables.year_table(comp)
    pair = annual_tables.pair_year(comp, year)
    assert (pair.a.username, pair.b.username) == ("lee", "grant")
    battles = pair.battles
    assert len(battles) == 31
    shiloh, antietam = battles[battle("shiloh") - 1], battles[battle("antietam") - 1]
    assert (shiloh.a.points, shiloh.b.points, shiloh.total) == (1, 1, (1, 1, 10, 9))
    assert (antietam.a.points, antietam.b.points) == (0, 2)
    assert antietam.total == (1, 3, 17, 21)
    assert battles[-1].total == (1, 3, 17, 21)                # carried to the end of the year
    # A club-form year of the same club and year is still possible beside it.
    annual_games(club, meade)


def test_a_closed_year_is_read_only(frozen, lee, grant, meade):
    frozen(2026, 4, 10, 12)
    club = make_club(meade, [lee, grant])
    comp = annual_games(club, meade)
    p = table_result(comp, lee, grant, "shiloh", dt.date(2026, 4, 6), ("home", 6, 3), ("home", 6, 4),
                     confirm=False)
    services.dispute_result(p, grant, "I won game 2")
    with pytest.raises(services.Refused, match="Decide the disputed"):
        services.close_competition(comp, meade)
    services.set_result(p, meade, services.GameScores("home", 6, 3, "away", 4, 6), "checked")
    services.close_competition(comp, meade)
    with pytest.raises(services.Refused, match="closed"):
        annual_services.arrange_match(comp, lee, battle("fort-donelson"), grant, where="table",
                                      played_on=dt.date(2026, 2, 15))
    with pytest.raises(services.Refused, match="closed"):
        services.set_result(p, meade, services.GameScores("home", 6, 3, "home", 6, 4))
    assert [(r.username, r.standing.rank, r.standing.points, r.standing.flags)
            for r in annual_tables.year_table(comp).rows] == [
        ("lee", 1, 1, 10), ("grant", 2, 1, 9), ("meade", 3, 0, 0)]


def test_a_forfeit_gives_the_other_player_both_games_and_no_flags(frozen, lee, grant, meade):
    frozen(2026, 4, 20, 12)
    club = make_club(meade, [lee, grant])
    comp = annual_games(club, meade)
    p = annual_services.arrange_match(comp, lee, battle("shiloh"), grant, where="table",
                                      played_on=dt.date(2026, 4, 6))
    services.declare_forfeit(p, meade, "away", "grant never came")
    assert table_of(comp)[:2] == [("lee", 1, 2, 0, 0, 1), ("grant", 2, 0, 0, 0, 1)]
    q = annual_services.arrange_match(comp, grant, battle("fort-donelson"), meade, where="table",
                                      played_on=dt.date(2026, 2, 15))
    services.declare_forfeit(q, meade, "both")                    # counts for neither
    assert [r[0:3] for r in table_of(comp)] == [("lee", 1, 2), ("grant", 2, 0), ("meade", 2, 0)]


def test_no_round_deadline_mail_for_a_battle_already_begun(frozen, lee, grant, meade, mailoutbox):
    """A match of the Annual Games counts from the day it began (ruling 64): the leagues'
    "round ends soon" e-mail would mislead its players, so none goes out."""
    from datetime import timedelta

    from django.utils import timezone

    from tournaments import tasks
    frozen(2026, 4, 10, 12)
    club = make_club(meade, [lee, grant])
    comp = annual_games(club, meade)
    annual_services.arrange_match(comp, lee, battle("shiloh"), grant, where="table",
                                  played_on=dt.date(2026, 4, 6))
    comp.rounds.filter(number=battle("shiloh")).update(deadline=timezone.now() + timedelta(hours=24))
    assert tasks.warn_round_deadlines() == 0 and mailoutbox == []
