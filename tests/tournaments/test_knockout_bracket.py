"""Property tests of the pure knockout bracket (tournaments.pairing.knockout, no database)."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from tournaments.pairing import PairingError
from tournaments.pairing.knockout import (
    Score, bracket_size, decide, first_round, next_round, rounds_in, seed_order, stage_name,
)

PLACES = st.sampled_from([2, 4, 8, 16, 32, 64])


@st.composite
def brackets(draw):
    places = draw(PLACES)
    qualifiers = draw(st.integers(2, places + 10))
    return places, qualifiers


def play_out(places, qualifiers, pick):
    """Every round of the bracket, each match won by ``pick(seat)``; returns the rounds."""
    rounds = [first_round(places, qualifiers)]
    while True:
        winners = [seat.high if seat.is_bye else pick(seat) for seat in rounds[-1]]
        if len(winners) == 1:
            return rounds, winners[0]
        rounds.append(next_round(winners))


@given(brackets())
def test_every_qualifier_is_placed_exactly_once(bracket):
    places, qualifiers = bracket
    seats = first_round(places, qualifiers)
    size = bracket_size(places, qualifiers)
    placed = [s for seat in seats for s in seat.seeds()]
    # the top min(places, qualifiers) seeds qualify, each once; nobody else
    assert sorted(placed) == list(range(1, min(size, qualifiers) + 1))
    assert len(seats) == size // 2
    # no empty match: every match has at least its better seed
    assert all(seat.high is not None for seat in seats)


@given(brackets())
def test_byes_go_to_the_top_seeds(bracket):
    places, qualifiers = bracket
    size = bracket_size(places, qualifiers)
    byes = sorted(seat.high for seat in first_round(places, qualifiers) if seat.is_bye)
    playing = min(size, qualifiers)
    assert byes == list(range(1, size - playing + 1))
    # never a bye when the bracket is full
    if qualifiers >= places:
        assert byes == []


@given(brackets())
def test_first_round_matches_are_1_v_n_2_v_n_minus_1(bracket):
    places, qualifiers = bracket
    size = bracket_size(places, qualifiers)
    for seat in first_round(places, qualifiers):
        if not seat.is_bye:
            assert seat.high + seat.low == size + 1
            assert seat.high < seat.low


@given(brackets(), st.randoms(use_true_random=False))
def test_seeds_1_and_2_can_only_meet_in_the_final(bracket, rnd):
    places, qualifiers = bracket
    rounds, champion = play_out(places, qualifiers, lambda seat: rnd.choice(seat.seeds()))
    assert len(rounds) == rounds_in(bracket_size(places, qualifiers))
    for earlier in rounds[:-1]:
        for seat in earlier:
            assert set(seat.seeds()) != {1, 2}
    # and when the favourites win every match, they do meet in the final
    rounds, champion = play_out(places, qualifiers, lambda seat: seat.high)
    assert champion == 1
    final = rounds[-1]
    assert len(final) == 1 and set(final[0].seeds()) == {1, 2}


@given(brackets(), st.randoms(use_true_random=False))
def test_each_round_holds_exactly_the_winners_of_the_last(bracket, rnd):
    places, qualifiers = bracket
    seats = first_round(places, qualifiers)
    while len(seats) > 1:
        winners = [seat.high if seat.is_bye else rnd.choice(seat.seeds()) for seat in seats]
        seats = next_round(winners)
        assert [s for seat in seats for s in seat.seeds()] == [
            s for pair in zip(winners[::2], winners[1::2]) for s in sorted(pair)]
        assert all(not seat.is_bye for seat in seats)  # byes only in the first round


def test_the_bracket_of_eight():
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert [(s.high, s.low) for s in first_round(8, 8)] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    # five qualifiers for eight places: seeds 1, 2 and 3 have byes
    assert [(s.high, s.low) for s in first_round(8, 5)] == [(1, None), (4, 5), (2, None), (3, None)]
    # three qualifiers for eight places: a bracket of four, seed 1 has the bye
    assert [(s.high, s.low) for s in first_round(8, 3)] == [(1, None), (2, 3)]
    assert [(s.high, s.low) for s in next_round([1, 5, 7, 3])] == [(1, 5), (3, 7)]


def test_the_match_tie_break():
    # games first
    assert decide(Score(1, 2, flags_high=12, flags_low=8)) == "low"
    # one game each: flags over the two games
    assert decide(Score(1, 1, flags_high=9, flags_low=10)) == "low"
    # and flags equal: figures eliminated
    assert decide(Score(1, 1, 10, 10, figures_high=7, figures_low=9)) == "low"
    # equal in all: the better Swiss seed
    assert decide(Score(1, 1, 10, 10, 8, 8)) == "high"
    assert decide(Score(0, 0)) == "high"


def test_names_and_refusals():
    assert [stage_name(n) for n in (2, 4, 8, 16)] == ["Final", "Semi-finals", "Quarter-finals", "Round of 16"]
    for bad in (0, 1, 3, 6, 12):
        with pytest.raises(PairingError):
            first_round(bad, 4)
    with pytest.raises(PairingError):
        first_round(8, 1)
    with pytest.raises(PairingError):
        next_round([1, 2, 3])
    with pytest.raises(PairingError):
        next_round([1, 1])
