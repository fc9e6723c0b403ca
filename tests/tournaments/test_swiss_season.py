"""A Swiss tournament of 9 players over 4 rounds, played to the end through the services:
web matches (played on the site), tabletop results reported and confirmed, disputes decided
by the organiser, a correction and a forfeit; the standings equal a table worked by hand."""
from __future__ import annotations

import pytest

from tests.tournaments.helpers import finish_web_match, make_club, make_competition, make_players
from tournaments import services, tables
from tournaments.models import Pairing, ResultChange

pytestmark = pytest.mark.django_db

S = services.GameScores


def web(p, org):
    """The players start the match on the site and play it out (each game claimed on time:
    game 1 by the away player, game 2 by home, 6 flags each: a 1-1 draw, flags 6-6)."""
    p = services.play_on_site(p, p.home)
    finish_web_match(p.match)


def confirmed(scores, reporter="home"):
    def act(p, org):
        who, other = (p.home, p.away) if reporter == "home" else (p.away, p.home)
        services.report_result(p, who, scores)
        services.confirm_result(p, other)
    return act


def disputed(wrong, right):
    """Home reports a wrong result, away disputes it, the organiser decides."""
    def act(p, org):
        services.report_result(p, p.home, wrong)
        services.dispute_result(p, p.away, "Game 2 went the other way.")
        services.set_result(p, org, right, note="Checked with both players.")
    return act


def corrected(first, right):
    """Confirmed by both, later corrected by the organiser (a flag miscounted)."""
    def act(p, org):
        confirmed(first)(p, org)
        services.set_result(p, org, right, note="A flag was miscounted.")
    return act


def forfeit(who):
    def act(p, org):
        services.declare_forfeit(p, org, who, note="No result by the round deadline.")
    return act


# Per round: the pairings expected (home, away; bye last) and what happens at each table.
ROUNDS = [
    ([("p1", "p2"), ("p3", "p8"), ("p4", "p5"), ("p6", "p7"), ("p9", None)],
     [web,
      confirmed(S("home", 6, 2, "home", 6, 4)),
      confirmed(S("away", 5, 6, "home", 6, 1), reporter="away"),
      disputed(S("home", 6, 3, "home", 6, 3), S("home", 6, 3, "away", 4, 6))]),
    ([("p9", "p3"), ("p4", "p1"), ("p5", "p6"), ("p7", "p2"), ("p8", None)],
     [confirmed(S("away", 3, 6, "home", 6, 5), reporter="away"),
      web,
      corrected(S("home", 6, 4, "home", 6, 4), S("home", 6, 4, "home", 6, 5)),
      confirmed(S("home", 6, 1, "away", 2, 6))]),
    ([("p3", "p5"), ("p9", "p1"), ("p7", "p4"), ("p2", "p8"), ("p6", None)],
     [disputed(S("home", 6, 3, "home", 6, 3), S("home", 6, 3, "away", 5, 6)),
      forfeit("away"),
      web,
      confirmed(S("away", 4, 6, "away", 5, 6))]),
    ([("p8", "p9"), ("p6", "p3"), ("p5", "p7"), ("p2", "p4"), ("p1", None)],
     [web,
      confirmed(S("home", 6, 2, "home", 6, 3)),
      confirmed(S("away", 4, 6, "away", 3, 6), reporter="away"),
      disputed(S("away", 2, 6, "away", 2, 6), S("home", 6, 2, "away", 5, 6))]),
]

# Worked by hand from the results above (games won, then flags, then head to head):
# rank, player, played, won, drawn, lost, byes, games won, match points, flags for, flags against
EXPECTED = [
    (1, "p9", 3, 1, 2, 0, 1, 6, 6, 15, 17),
    (2, "p7", 4, 1, 3, 0, 0, 5, 5, 35, 30),
    (3, "p6", 3, 1, 1, 1, 1, 5, 5, 31, 26),
    (4, "p8", 3, 1, 1, 1, 1, 5, 5, 24, 27),
    (5, "p3", 4, 1, 2, 1, 0, 4, 4, 39, 36),
    (6, "p5", 4, 1, 2, 1, 0, 4, 4, 35, 43),
    (7, "p4", 4, 0, 4, 0, 0, 4, 4, 31, 30),
    (8, "p1", 3, 0, 2, 1, 1, 4, 4, 12, 12),
    (9, "p2", 4, 0, 3, 1, 0, 3, 3, 33, 34),
]


def test_a_swiss_of_nine_over_four_rounds(lee):
    players = make_players(9)
    club = make_club(lee, players)
    comp = make_competition(club, lee, players, name="Autumn Swiss", kind="tournament",
                            swiss_rounds=4, mode="both")
    for number, (seed, (expected, script)) in enumerate(zip((11, 22, 33, 44), ROUNDS), start=1):
        rnd = services.draft_round(comp, lee, seed=seed)
        rnd = services.publish_round(rnd, lee)
        pairings = list(rnd.pairings.select_related("home", "away").order_by("table"))
        got = [(p.home.username, p.away.username if p.away else None) for p in pairings]
        assert got == expected, f"round {number}"
        for p, act in zip(pairings, script):
            act(p, lee)
        # every result of the round counts before the next one is paired
        assert all(p.counts for p in rnd.pairings.exclude(away__isnull=True))
    with pytest.raises(services.Refused, match="All 4 rounds"):
        services.draft_round(comp, lee)
    services.close_competition(comp, lee)

    table = [(line.standing.rank, line.player.username, line.standing.played, line.standing.won,
              line.standing.drawn, line.standing.lost, line.standing.byes,
              line.standing.metrics["games_won"], line.standing.metrics["match_points"],
              line.standing.metrics["flags_for"], line.standing.metrics["flags_against"])
             for line in tables.table(comp)]
    assert table == EXPECTED
    by = {line.player.username: line.standing for line in tables.table(comp)}
    assert by["p9"].metrics["buchholz"] == 4 + 4 + 5      # p3, p1, p8
    assert by["p7"].metrics["buchholz"] == 5 + 3 + 4 + 4  # p6, p2, p4, p5

    # every player had at most one bye, and nobody met anybody twice
    pairings = Pairing.objects.filter(round__competition=comp)
    byes = [p.home_id for p in pairings if p.is_bye]
    assert len(byes) == len(set(byes)) == 4
    met = [frozenset((p.home_id, p.away_id)) for p in pairings if not p.is_bye]
    assert len(met) == len(set(met)) == 16

    # the history says who did what
    def actions(home, rnd):
        p = pairings.get(home__username=home, round__number=rnd)
        return [(c.action, c.actor.username if c.actor else None) for c in p.changes.all()]
    assert actions("p6", 1) == [("reported", "p6"), ("disputed", "p7"), ("resolved", "lee")]
    assert actions("p5", 2) == [("reported", "p5"), ("confirmed", "p6"), ("corrected", "lee")]
    assert actions("p1", 1) == [("played", None)]
    assert actions("p9", 3) == [("forfeit", "lee")]
    corrected = pairings.get(home__username="p5", round__number=2).changes.get(action="corrected")
    assert corrected.before["game2_flags_away"] == 4 and corrected.after["game2_flags_away"] == 5
    assert ResultChange.objects.filter(pairing__round__competition=comp, action="played").count() == 4
