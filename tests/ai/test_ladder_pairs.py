"""bench/ai_ladder.py's paired games: the two games of a pair are one deal and one dice
stream with the sides swapped, and the pairing's interval is taken over the pairs."""
from __future__ import annotations

import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ladder():
    spec = importlib.util.spec_from_file_location("ai_ladder", ROOT / "bench" / "ai_ladder.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def draw_order(state: dict, side: str) -> list:
    """A side's cards in the order they come to it: its hand, then its deck from the top."""
    return state["hands"][side] + state["decks"][side][::-1]


@pytest.mark.parametrize("plain", [False, True])
def test_the_two_games_of_a_pair_are_one_deal_and_dice_stream_with_the_sides_swapped(ladder, plain):
    first, second = ladder.match_specs("veteran", "greedy", 2, ["shiloh"], 100, plain, 7, "advanced")
    (g0, a0, b0), (g1, a1, b1) = ladder.new_game(first), ladder.new_game(second)
    assert (a0, b0) == (b1, a1)                       # A takes the army B had
    d0, d1 = g0.to_dict(), g1.to_dict()
    assert d0["rng"] == d1["rng"]                     # the same random numbers from here on
    for side in ("union", "confederate"):
        assert draw_order(d0, side) == draw_order(d1, side)
    if plain:                                         # both hold hands: the very same game
        assert d0 == d1


def result(flags_a: int, flags_b: int) -> dict:
    return {"won": flags_a > flags_b, "flags_a": flags_a, "flags_b": flags_b}


def test_the_pairing_takes_out_what_the_side_and_the_deal_give(ladder):
    # each deal favours one army by a different amount; A is one flag better on every one
    pairs = [(result(6, 1), result(2, 5)), (result(4, 2), result(4, 4)), (result(5, 4), result(6, 5))]
    line = ladder.paired_margin("veteran", "greedy", pairs)
    assert "3 pairs" in line and "veteran won both 1, split 2, greedy won both 0" in line
    assert "veteran mean margin +1.00 [+1.00, +1.00]" in line           # no spread between pairs
    assert "0.00 of the per-game interval's width" in line


def test_older_kept_games_without_a_margin_still_count(ladder):
    pairs = [(result(5, 2), {**result(4, 3), "margin": 1}), (result(2, 4), result(5, 1))]
    assert "mean margin +1.50" in ladder.paired_margin("a", "b", pairs)
