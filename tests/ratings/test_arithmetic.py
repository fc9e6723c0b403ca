"""The rating arithmetic is openskill's: hand-worked cases, and the same numbers as
openskill's own functions called directly."""
from __future__ import annotations

import math

import pytest
from openskill.models import PlackettLuce

from ratings.method import (RatedGame, Skill, display_rating, expected_share, initial_skill,
                            member, rate_game, replay, scenario_side)

BETA = 25 / 6


def test_two_newcomers_worked_by_hand():
    # Plackett-Luce with two equal players: openskill first widens sigma by tau (25/300),
    # then c = sqrt(2 sigma^2 + 2 beta^2); each wins with probability 1/2, so the winner
    # gains sigma^2 / c * (1 - 1/2).
    sigma = 25 / 3
    widened = sigma ** 2 + (25 / 300) ** 2
    c = math.sqrt(2 * widened + 2 * BETA ** 2)
    gain = widened / c * 0.5
    (winner,), (loser,) = rate_game([Skill(25, sigma)], [Skill(25, sigma)], winner=0)
    assert winner.mu == pytest.approx(25 + gain)
    assert loser.mu == pytest.approx(25 - gain)
    assert winner.mu == pytest.approx(27.6354, abs=1e-4)
    assert winner.sigma < sigma and winner.sigma == pytest.approx(loser.sigma)
    # the shown rating of a newcomer: 1000 + 40 (25 - 3 x 25/3) = 1000
    assert display_rating(Skill(25, sigma)) == 1000


def test_the_same_numbers_as_openskill_for_teams_with_a_side():
    model = PlackettLuce()
    a, b = Skill(29.0, 5.5), Skill(22.0, 7.0)
    union, confederate = Skill(1.5, 3.0), Skill(-0.5, 3.2)
    ours = rate_game([a, union], [b, confederate], winner=1)
    theirs = model.rate([[model.rating(mu=29.0, sigma=5.5), model.rating(mu=1.5, sigma=3.0)],
                         [model.rating(mu=22.0, sigma=7.0), model.rating(mu=-0.5, sigma=3.2)]],
                        ranks=[2, 1])
    for team, their_team in zip(ours, theirs):
        for s, r in zip(team, their_team):
            assert (s.mu, s.sigma) == (r.mu, r.sigma)
    assert expected_share([a, union], [b, confederate]) == model.predict_win(
        [[model.rating(mu=29.0, sigma=5.5), model.rating(mu=1.5, sigma=3.0)],
         [model.rating(mu=22.0, sigma=7.0), model.rating(mu=-0.5, sigma=3.2)]])[0]


def test_a_draw_moves_the_stronger_player_down():
    (strong,), (weak,) = rate_game([Skill(30, 3)], [Skill(20, 3)], winner=None)
    assert strong.mu < 30 and weak.mu > 20


def test_replay_starts_each_subject_where_it_should_and_in_order():
    ann, bob = member(1), member(2)
    u, c = scenario_side("shiloh", "union"), scenario_side("shiloh", "confederate")
    assert initial_skill(ann) == Skill(25.0, 25 / 3) and initial_skill(u) == Skill(0.0, 25 / 24)
    ratings: dict = {}
    changes = replay([RatedGame(1, 1, ((c, bob), (ann, u)), 1),
                      RatedGame(1, 2, ((c, ann), (bob, u)), 0)], ratings)
    assert [ch.subject for ch in changes] == [c, bob, ann, u, c, ann, bob, u]
    first = rate_game([initial_skill(c), initial_skill(bob)], [initial_skill(ann), initial_skill(u)], 1)
    second = rate_game([first[0][0], first[1][0]], [first[0][1], first[1][1]], 0)
    assert ratings[ann] == second[0][1] and ratings[u] == second[1][1]
