"""Scoring a year of the Annual Games on tables worked out by hand (docs/rulings.md,
"Annual Games")."""
from __future__ import annotations

import datetime as dt

import pytest

from tournaments.annual.anniversaries import BY_NUMBER
from tournaments.annual.scoring import (
    ANY_TIME_IN_THE_YEAR, GameResult, MatchResult, ScoringError, Window, standings, winner,
)

D = dt.date


def g(winner, flags, figures=None):
    return GameResult(winner=winner, flags=flags, figures=figures or {})


def m(battle, a, b, played_on, *games):
    return MatchResult(battle=battle, players=(a, b), played_on=played_on, games=games)


# Antietam (23) on its day: one game each.
ANTIETAM = m(23, "lee", "grant", D(2027, 9, 17),
             g("lee", {"lee": 5, "grant": 3}, {"lee": 14, "grant": 9}),
             g("grant", {"grant": 5, "lee": 4}, {"grant": 12, "lee": 11}))
# Fredericksburg (29, 13 December) three days early: Lee wins both.
FREDERICKSBURG = m(29, "lee", "meade", D(2027, 12, 10),
                   g("lee", {"lee": 6, "meade": 2}, {"lee": 15, "meade": 6}),
                   g("lee", {"lee": 6, "meade": 4}, {"lee": 16, "meade": 10}))
# Fredericksburg again, Lee v Grant: a friendly for Lee (his first match of it counted);
# Grant's first, so it counts for him: a win, then a game drawn at Nightfall.
FREDERICKSBURG_AGAIN = m(29, "lee", "grant", D(2027, 12, 13),
                         g("grant", {"grant": 6, "lee": 1}, {"grant": 17, "lee": 3}),
                         g(None, {"grant": 3, "lee": 3}, {"grant": 8, "lee": 8}))
# Fort Donelson (1, 15 February) played on 1 March: outside seven days.
FORT_DONELSON_LATE = m(1, "grant", "meade", D(2027, 3, 1),
                       g("meade", {"meade": 4, "grant": 2}), g("meade", {"meade": 4, "grant": 0}))

YEAR = [ANTIETAM, FREDERICKSBURG, FREDERICKSBURG_AGAIN, FORT_DONELSON_LATE]


def rows(table):
    return [(s.rank, s.player, s.points, s.flags, s.figures, s.battles) for s in table]


def test_a_year_with_the_default_window_of_seven_days():
    # lee:   Antietam 1 pt, 9 flags, 25 figures; Fredericksburg v Meade 2 pts, 12 flags, 31
    # grant: Antietam 1 pt, 8 flags, 21 figures; Fredericksburg v Lee 1 pt, 9 flags, 25
    # meade: Fredericksburg 0 pts, 6 flags, 16 figures (Fort Donelson was too late)
    table = standings(2027, YEAR)
    assert rows(table) == [
        (1, "lee", 3, 21, 56, 2),
        (2, "grant", 2, 17, 46, 2),
        (3, "meade", 0, 6, 16, 1),
    ]
    assert winner(table) == "lee"
    lee = table[0].cells
    assert sorted(lee) == [23, 29]
    assert lee[29].opponent == "meade" and lee[29].points == 2 and lee[29].games == 2


def test_any_time_in_the_year_lets_the_late_match_count():
    # Fort Donelson now counts: meade 2 pts and 8 flags more, grant 2 flags more. Level on
    # points, grant stays second on flags (19 to 14).
    table = standings(2027, YEAR, ANY_TIME_IN_THE_YEAR)
    assert rows(table) == [
        (1, "lee", 3, 21, 56, 2),
        (2, "grant", 2, 19, 46, 3),     # + Fort Donelson: 0 pts, 2 flags
        (3, "meade", 2, 14, 16, 2),
    ]


def test_a_match_of_another_year_never_counts():
    last_year = m(23, "lee", "grant", D(2026, 9, 17), g("lee", {"lee": 6}), g("lee", {"lee": 6}))
    assert standings(2027, [last_year], ANY_TIME_IN_THE_YEAR) == []
    assert standings(2027, [last_year], Window(400)) != []   # a window is counted in days


def test_the_window_edges():
    w = Window(7)
    assert w.admits(29, D(2027, 12, 6), 2027) and w.admits(29, D(2027, 12, 20), 2027)
    assert not w.admits(29, D(2027, 12, 5), 2027) and not w.admits(29, D(2027, 12, 21), 2027)
    # Murfreesboro's window runs into the new year.
    assert w.admits(31, D(2028, 1, 7), 2027) and not w.admits(31, D(2028, 1, 8), 2027)
    assert (w.opens(1, 2027), w.closes(1, 2027)) == (D(2027, 2, 8), D(2027, 2, 22))
    assert Window(0).admits(23, D(2027, 9, 17), 2027) and not Window(0).admits(23, D(2027, 9, 18), 2027)
    with pytest.raises(ScoringError):
        Window(-1)


def test_a_drawn_game_scores_nothing_but_its_flags_count():
    both_drawn = m(5, "lee", "grant", D(2027, 4, 6),
                   g(None, {"lee": 4, "grant": 4}), g(None, {"lee": 5, "grant": 2}))
    table = standings(2027, [both_drawn])
    assert rows(table) == [(1, "lee", 0, 9, 0, 1), (2, "grant", 0, 6, 0, 1)]
    assert winner(table) == "lee"        # on flags


def test_flags_break_a_tie_on_games_won():
    # One game each; Grant took more flags over the match.
    match = m(17, "lee", "grant", D(2027, 7, 21),
              g("lee", {"lee": 6, "grant": 5}), g("grant", {"grant": 6, "lee": 2}))
    table = standings(2027, [match])
    assert rows(table) == [(1, "grant", 1, 11, 0, 1), (2, "lee", 1, 8, 0, 1)]
    assert winner(table) == "grant"


def test_figures_break_a_tie_on_games_and_flags():
    match = m(17, "lee", "grant", D(2027, 7, 21),
              g("lee", {"lee": 6, "grant": 5}, {"lee": 20, "grant": 18}),
              g("grant", {"grant": 6, "lee": 5}, {"grant": 19, "lee": 12}))
    table = standings(2027, [match])
    assert rows(table) == [(1, "grant", 1, 11, 37, 1), (2, "lee", 1, 11, 32, 1)]
    assert winner(table) == "grant"


def test_a_tie_on_all_three_is_shared():
    match = m(17, "lee", "grant", D(2027, 7, 21),
              g("lee", {"lee": 6, "grant": 5}, {"lee": 20, "grant": 18}),
              g("grant", {"grant": 6, "lee": 5}, {"grant": 20, "lee": 18}))
    table = standings(2027, [match], players=["grant", "lee"])
    assert [(s.rank, s.player) for s in table] == [(1, "grant"), (1, "lee")]
    assert winner(table) is None


def test_members_who_have_not_played_are_listed_last_with_nothing():
    table = standings(2027, [ANTIETAM], players=["meade", "lee", "grant"])
    assert rows(table) == [(1, "lee", 1, 9, 25, 1), (2, "grant", 1, 8, 21, 1), (3, "meade", 0, 0, 0, 0)]
    assert winner(standings(2027, [], players=["lee"])) is None


def test_a_battle_is_worth_at_most_two_points_whatever_is_played():
    again = [m(23, "lee", "meade", D(2027, 9, 18 + i), g("lee", {"lee": 6}), g("lee", {"lee": 6}))
             for i in range(3)]
    table = standings(2027, again)
    assert table[0].player == "lee" and table[0].points == 2 and table[0].flags == 12


def test_a_match_still_being_played_counts_its_finished_games():
    half = m(23, "lee", "grant", D(2027, 9, 17), g("grant", {"grant": 6, "lee": 1}))
    table = standings(2027, [half])
    assert rows(table) == [(1, "grant", 1, 6, 0, 1), (2, "lee", 0, 1, 0, 1)]
    assert table[0].cells[23].games == 1


def test_the_two_player_year_of_the_rulebook():
    """Two members play the whole calendar against each other: 62 games, 31 matches."""
    matches = []
    for number in range(1, 32):
        day = BY_NUMBER[number].in_year(2027)
        # Lee wins game 1 of every battle; Grant wins game 2 of the odd-numbered ones.
        second = g("grant", {"grant": 6, "lee": 3}) if number % 2 else g(None, {"grant": 2, "lee": 2})
        matches.append(m(number, "lee", "grant", day, g("lee", {"lee": 6, "grant": 4}), second))
    table = standings(2027, matches)
    # lee: 31 wins; flags 31*6 + 16*3 + 15*2 = 186 + 48 + 30 = 264
    # grant: 16 wins; flags 31*4 + 16*6 + 15*2 = 124 + 96 + 30 = 250
    assert rows(table) == [(1, "lee", 31, 264, 0, 31), (2, "grant", 16, 250, 0, 31)]


@pytest.mark.parametrize("bad, message", [
    (m(32, "lee", "grant", D(2027, 1, 1)), "1 to 31"),
    (m(3, "lee", "lee", D(2027, 3, 7)), "themselves"),
    (m(3, "lee", "grant", D(2027, 3, 7), g("meade", {})), "did not play"),
    (m(3, "lee", "grant", D(2027, 3, 7), g("lee", {"meade": 1})), "did not play"),
    (m(3, "lee", "grant", D(2027, 3, 7), g("lee", {"lee": -1})), "negative"),
    (m(3, "lee", "grant", D(2027, 3, 7), g("lee", {}), g("lee", {}), g("lee", {})), "two games"),
])
def test_results_that_cannot_be_scored_are_refused(bad, message):
    with pytest.raises(ScoringError, match=message):
        standings(2027, [bad])
