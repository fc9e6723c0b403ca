"""The knockout final stage of a tournament, through the services: seeding from the Swiss
standings, a web semi-final decided by the seed tie-break, a tabletop semi-final disputed
and decided, the final drafted automatically, corrections (allowed, and refused once they
would change who went through a published round), a champion; byes, withdrawals, the
e-mails, the CSV exports and the permissions."""
from __future__ import annotations

import csv
import io

import pytest
from django.core import mail

from tests.tournaments.helpers import finish_web_match, make_club, make_competition, make_players
from tournaments import knockout, services, tables
from tournaments.models import Competition, Pairing, Round

pytestmark = pytest.mark.django_db

S = services.GameScores


def play_swiss(comp, org, rounds, seeds=(11, 22, 33)):
    """Every Swiss match won 2-0 by home, flags 12 to 5."""
    for number in range(rounds):
        rnd = services.publish_round(services.draft_round(comp, org, seed=seeds[number]), org)
        for p in rnd.pairings.exclude(away__isnull=True):
            services.set_result(p, org, S("home", 6, 2, "home", 6, 3))


def seeded(comp):
    """The Swiss standings' players, best first (the knockout's seeds 1, 2, ...)."""
    return [line.player for line in tables.table(comp)]


def names(rnd):
    return [(p.home.username, p.away.username if p.away else None)
            for p in rnd.pairings.select_related("home", "away").order_by("table")]


def went_through(p):
    p.refresh_from_db()
    return knockout.winner(p)


def knockout_round(comp, status=Round.Status.PUBLISHED):
    return comp.rounds.filter(bracket_size__gt=0, status=status).order_by("-number").first()


@pytest.fixture
def tournament(lee):
    players = make_players(6)
    club = make_club(lee, players)
    comp = make_competition(club, lee, players, name="Summer Swiss", kind="tournament",
                            swiss_rounds=2, knockout_size=4, mode="both")
    play_swiss(comp, lee, 2)
    return comp, players


def test_a_knockout_played_to_a_champion(tournament, lee, django_capture_on_commit_callbacks):
    comp, players = tournament
    seeds = seeded(comp)
    s1, s2, s3, s4 = seeds[:4]
    swiss_before = [(line.player.pk, line.standing.rank, line.standing.played) for line in tables.table(comp)]

    # the next round is the knockout's semi-finals: 1 v 4 and 2 v 3, a draft first
    semis = services.draft_round(comp, lee)
    assert semis.is_knockout and semis.label == "Semi-finals" and semis.number == 3
    assert names(semis) == [(s1.username, s4.username), (s2.username, s3.username)]
    assert [(p.home_seed, p.away_seed) for p in semis.pairings.order_by("table")] == [(1, 4), (2, 3)]
    assert knockout.bracket(comp) is None  # a draft is the organisers' alone

    with django_capture_on_commit_callbacks(execute=True):
        semis = services.publish_round(semis, lee)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(u.email for u in seeds[:4])
    assert all("semi-finals, you play" in m.subject for m in mail.outbox)
    assert all("the winner goes through" in m.body for m in mail.outbox)
    first, second = semis.pairings.order_by("table")

    # semi-final 1 on the site: one game each, 6 flags each, no figures: seed 1 goes through
    first = services.play_on_site(first, first.home)
    finish_web_match(first.match)
    first.refresh_from_db()
    assert first.result == Pairing.Result.PLAYED and (first.games_home, first.games_away) == (1, 1)
    assert first.flags_home == first.flags_away and went_through(first) == s1
    assert knockout_round(comp, Round.Status.DRAFT) is None  # the other semi-final is not in

    # semi-final 2 at the table: seed 2 reports a 2-0, seed 3 disputes, the organiser
    # decides one game each with seed 3 ahead on flags (11 to 10): seed 3 goes through
    services.report_result(second, s2, S("home", 6, 4, "home", 6, 5))
    services.dispute_result(second, s3, "I won game 2, six flags to four.")
    services.set_result(second, lee, S("home", 6, 5, "away", 4, 6), note="Seen the photos.")
    assert went_through(second) == s3

    # the semi-finals are complete: the final is drafted by itself, winners in place
    final = knockout_round(comp, Round.Status.DRAFT)
    assert final is not None and final.label == "Final"
    assert names(final) == [(s1.username, s3.username)]
    shown = knockout.bracket(comp)
    assert [c.label for c in shown.columns] == ["Semi-finals", "Final"]
    assert not shown.columns[1].published
    assert (shown.columns[1].cells[0].home, shown.columns[1].cells[0].away) == (s1, s3)

    # while the final is a draft, a correction may change who goes through: the draft follows
    services.set_result(second, lee, S("home", 6, 5, "away", 5, 6), note="Game 2 was 6-5.")
    assert went_through(second) == s2  # 11 flags each, no figures: the better seed
    assert names(knockout_round(comp, Round.Status.DRAFT)) == [(s1.username, s2.username)]
    services.set_result(second, lee, S("home", 6, 5, "away", 4, 6), note="No: 6-4 after all.")
    final = knockout_round(comp, Round.Status.DRAFT)
    assert names(final) == [(s1.username, s3.username)]

    # a correction that keeps the winner is fine while the final is a draft, and after
    services.set_result(first, lee, S("away", 4, 6, "home", 6, 4, figures_home=9, figures_away=3),
                        note="Figures counted from the replays.")
    assert knockout_round(comp, Round.Status.DRAFT).pk == final.pk
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        final = services.publish_round(final, lee)
    assert sorted(m.to[0] for m in mail.outbox) == sorted([s1.email, s3.email])
    assert all("final, you play" in m.subject for m in mail.outbox)

    # once the final is published, a correction that would change who went through is refused
    with pytest.raises(services.Refused, match="change who went"):
        services.set_result(second, lee, S("home", 6, 4, "home", 6, 4))
    second.refresh_from_db()
    assert went_through(second) == s3 and second.changes.count() == 5

    # the final at the table: seed 3 reports winning both games, seed 1 confirms
    (match,) = final.pairings.all()
    services.report_result(match, s3, S("away", 2, 6, "away", 3, 6))
    services.confirm_result(match, s1)
    assert knockout.bracket(comp).champion == s3
    # ... and the organiser corrects it: game 2 went to seed 1, who had more flags
    services.set_result(match, lee, S("away", 5, 6, "home", 6, 0), note="Game 2 was misreported.")
    assert knockout.bracket(comp).champion == s1
    assert [c.action for c in match.changes.all()] == ["reported", "confirmed", "corrected"]

    with pytest.raises(services.Refused, match="final is paired"):
        services.draft_round(comp, lee)
    services.close_competition(comp, lee)
    comp.refresh_from_db()
    assert comp.status == Competition.Status.CLOSED

    # the knockout does not change the Swiss standings
    assert [(line.player.pk, line.standing.rank, line.standing.played)
            for line in tables.table(comp)] == swiss_before
    assert knockout.stage_reached(comp) == {s1.pk: "Champion", s3.pk: "Final",
                                            s2.pk: "Semi-finals", s4.pk: "Semi-finals"}


def test_the_csv_exports_say_the_stage(tournament, lee, client):
    comp, players = tournament
    semis = services.publish_round(services.draft_round(comp, lee), lee)
    for p in semis.pairings.all():
        services.set_result(p, lee, S("away", 1, 6, "away", 2, 6))
    services.publish_round(knockout_round(comp, Round.Status.DRAFT), lee)
    client.force_login(players[0])
    rows = list(csv.DictReader(io.StringIO(client.get(f"/leagues/{comp.pk}/results.csv").content.decode())))
    assert [r["stage"] for r in rows].count("Swiss") == 6
    semi_rows = [r for r in rows if r["stage"] == "Semi-finals"]
    assert len(semi_rows) == 2 and all(r["goes_through"] == r["away"] for r in semi_rows)
    assert [(r["home_seed"], r["away_seed"]) for r in semi_rows] == [("1", "4"), ("2", "3")]
    assert [r["stage"] for r in rows if r["round"] == "4"] == ["Final"]
    table = list(csv.DictReader(io.StringIO(client.get(f"/leagues/{comp.pk}/standings.csv").content.decode())))
    reached = {r["player"]: r["knockout"] for r in table}
    assert sorted(reached.values()) == ["", "", "Final", "Final", "Semi-finals", "Semi-finals"]


def test_byes_go_to_the_top_seeds_when_fewer_qualify(lee):
    players = make_players(5)
    club = make_club(lee, players)
    comp = make_competition(club, lee, players, kind="tournament", swiss_rounds=1,
                            knockout_size=8, mode="table")
    play_swiss(comp, lee, 1)
    s = seeded(comp)
    rnd = services.publish_round(services.draft_round(comp, lee), lee)
    assert rnd.label == "Quarter-finals"
    assert names(rnd) == [(s[0].username, None), (s[3].username, s[4].username),
                          (s[1].username, None), (s[2].username, None)]
    # byes need no result: the one real match decides the semi-finals
    (match,) = rnd.pairings.exclude(away__isnull=True)
    services.report_result(match, match.away, S("away", 3, 6, "away", 4, 6))
    services.confirm_result(match, match.home)
    semis = knockout_round(comp, Round.Status.DRAFT)
    assert names(semis) == [(s[0].username, s[4].username), (s[1].username, s[2].username)]
    cells = knockout.bracket(comp).columns[0].cells
    assert [c.bye for c in cells] == [True, False, True, True]


def test_withdrawn_players_do_not_qualify_and_the_size_can_change_until_it_starts(tournament, lee):
    comp, players = tournament
    s = seeded(comp)
    services.withdraw(comp, lee, s[1])
    comp = knockout.set_places(comp, lee, 2)
    final = services.draft_round(comp, lee)
    assert final.label == "Final" and names(final) == [(s[0].username, s[2].username)]
    comp = knockout.set_places(comp, lee, 4)  # a draft of the old size is dropped
    assert not comp.rounds.filter(bracket_size=2).exists()
    semis = services.publish_round(services.draft_round(comp, lee), lee)
    assert names(semis) == [(s[0].username, s[4].username), (s[2].username, s[3].username)]
    with pytest.raises(services.Refused, match="has started"):
        knockout.set_places(comp, lee, 8)


def test_the_knockout_waits_for_the_swiss_results_and_refuses_a_double_forfeit(lee):
    players = make_players(4)
    club = make_club(lee, players)
    comp = make_competition(club, lee, players, kind="tournament", swiss_rounds=1,
                            knockout_size=2, mode="table")
    rnd = services.publish_round(services.draft_round(comp, lee, seed=5), lee)
    first, second = rnd.pairings.all()
    services.set_result(first, lee, S("home", 6, 2, "home", 6, 3))
    with pytest.raises(services.Refused, match="Every Swiss result"):
        services.draft_round(comp, lee)
    services.declare_forfeit(second, lee, "both")  # in the Swiss, a double forfeit is allowed
    final = services.publish_round(services.draft_round(comp, lee), lee)
    (match,) = final.pairings.all()
    with pytest.raises(services.Refused, match="one player must go through"):
        services.declare_forfeit(match, lee, "both")
    services.declare_forfeit(match, lee, "home", note="Did not turn up.")
    assert knockout.bracket(comp).champion == match.away


def test_only_organisers_pair_publish_and_correct_the_knockout(tournament, lee):
    comp, players = tournament
    player = players[0]
    with pytest.raises(services.NotOrganiser):
        services.draft_round(comp, player)
    with pytest.raises(services.NotOrganiser):
        knockout.draft_round(comp, player)
    with pytest.raises(services.NotOrganiser):
        knockout.set_places(comp, player, 2)
    semis = services.draft_round(comp, lee)
    with pytest.raises(services.NotOrganiser):
        services.publish_round(semis, player)
    semis = services.publish_round(semis, lee)
    p = semis.pairings.order_by("table").first()
    outsider = next(u for u in players if u.pk not in (p.home_id, p.away_id))
    with pytest.raises(services.NotYourMatch):
        services.report_result(p, outsider, S("home", 6, 1, "home", 6, 1))
    services.report_result(p, p.home, S("home", 6, 1, "home", 6, 1))
    services.confirm_result(p, p.away)
    with pytest.raises(services.NotOrganiser):
        services.set_result(p, p.home, S("away", 1, 6, "away", 1, 6))
    assert went_through(p) == p.home
