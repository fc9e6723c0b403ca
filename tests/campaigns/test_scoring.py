"""Campaign arithmetic on tables of cases: dice due, standings, roll order (rulings C1-C4)."""
from __future__ import annotations

import pytest

from campaigns.scoring import (BattleResult, CampaignError, dice_before, dice_due, roll_order,
                               standings)


def b(union, confed, winner=None, fig_u=0, fig_c=0):
    return BattleResult({"union": union, "confederate": confed}, winner,
                        {"union": fig_u, "confederate": fig_c})


@pytest.mark.parametrize("history, side, flags_last, won, dice", [
    ([], "union", 0, 0, 0),
    ([b(5, 3, "union")], "union", 5, 1, 6),
    ([b(5, 3, "union")], "confederate", 3, 0, 3),
    ([b(2, 6, "confederate"), b(6, 4, "union")], "union", 6, 1, 7),
    ([b(2, 6, "confederate"), b(6, 4, "union")], "confederate", 4, 1, 5),
    # flags last game only: earlier battles' flags do not carry into the dice
    ([b(6, 0, "union"), b(0, 6, "confederate"), b(1, 5, "confederate")], "union", 1, 1, 2),
    ([b(6, 0, "union"), b(0, 6, "confederate"), b(1, 5, "confederate")], "confederate", 5, 2, 7),
    # a battle without a winner adds no win
    ([b(3, 3, None)], "union", 3, 0, 3),
    ([b(0, 6, "confederate"), b(0, 6, "confederate")], "union", 0, 0, 0),
])
def test_dice_due(history, side, flags_last, won, dice):
    due = dice_due(history, side)
    assert (due.flags_last, due.games_won, due.dice) == (flags_last, won, dice)


@pytest.mark.parametrize("history, words", [
    ([b(2, 6, "confederate"), b(3, 1, "union")], "3 flags last game + 1 game won = 4 dice"),
    ([b(1, 6, "confederate")], "1 flag last game + 0 games won = 1 die"),
    ([b(6, 0, "union"), b(0, 1, "union")], "0 flags last game + 2 games won = 2 dice"),
])
def test_dice_explained_in_words(history, words):
    assert dice_due(history, "union").explain() == words


def test_dice_before_gives_both_sides():
    due = dice_before([b(4, 6, "confederate")])
    assert due["union"].dice == 4 and due["confederate"].dice == 7


@pytest.mark.parametrize("history, leader, decided_by, flags, wins", [
    ([], None, "", (0, 0), (0, 0)),
    ([b(6, 2, "union"), b(3, 6, "confederate"), b(6, 5, "union")], "union", "flags", (15, 13), (2, 1)),
    # level on flags: more battles won decides
    ([b(6, 4, "union"), b(1, 6, "confederate"), b(5, 2, "union")], "union", "wins", (12, 12), (2, 1)),
    ([b(6, 1, "union"), b(0, 5, None), b(0, 0, None)], "union", "wins", (6, 6), (1, 0)),
    ([b(4, 6, "confederate"), b(6, 4, "union"), b(5, 5, None)], None, "", (15, 15), (1, 1)),
])
def test_standings(history, leader, decided_by, flags, wins):
    s = standings(history)
    assert (s.leader, s.decided_by) == (leader, decided_by)
    assert (s.flags["union"], s.flags["confederate"]) == flags
    assert (s.wins["union"], s.wins["confederate"]) == wins
    assert s.battles == len(history)


def test_standings_figures_break_a_tie_on_flags_and_wins():
    s = standings([b(4, 6, "confederate", fig_u=9, fig_c=8), b(6, 4, "union", fig_u=7, fig_c=7)])
    assert (s.leader, s.decided_by) == ("union", "figures")
    assert s.figures == {"union": 16, "confederate": 15}


@pytest.mark.parametrize("first, order", [
    ("union", ("union", "confederate")),
    ("confederate", ("confederate", "union")),
])
def test_roll_order(first, order):
    assert roll_order(first) == order


@pytest.mark.parametrize("make", [
    lambda: BattleResult({"union": -1, "confederate": 0}),
    lambda: BattleResult({"yankee": 1}),
    lambda: BattleResult({"union": 1}, winner="french"),
    lambda: dice_due([], "french"),
])
def test_bad_histories_are_refused(make):
    with pytest.raises(CampaignError):
        make()
