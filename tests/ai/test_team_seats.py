"""Archie holding any seat of a team game (docs/rulings.md E11, G10): a legal answer for the
Commanding General, a Major-General, a Doubles player, a Commander-in-Chief or a Field
General, from that seat's information only."""
from __future__ import annotations

import random

import pytest

from games.ai import Budget, choose, levels
from games.engine import Game
from tests.engine.scenarios import shipped

SMALL = Budget(iterations=12)


RULESET = {"epic": "advanced", "doubles": "advanced", "grand": "standard"}


def positions(mode, count, seed):
    """A team game of Shiloh advanced by random play, one position per seat kind met."""
    g = Game.new(shipped("shiloh"), ruleset=RULESET[mode], options={"team_mode": mode},
                 seed=seed)
    rng = random.Random(seed)
    out, roles = [], set()
    while not g.outcome and len(out) < count:
        seat = g.deciding
        role = (seat.rsplit("-", 1)[0] if mode == "epic" else seat, g.phase)
        if role not in roles and len(g.legal_actions()) > 1:
            roles.add(role)
            out.append(g.copy())
        g.apply(g.sample_action(rng))
    return out


@pytest.mark.parametrize("mode", ["epic", "doubles", "grand"])
@pytest.mark.parametrize("level", ["recruit", "veteran", "general"])
def test_archie_answers_legally_for_whichever_seat_decides(mode, level):
    for g in positions(mode, 8, 3):
        seat = g.deciding
        action = choose(g, seat, level, 5, budget=None if level == "recruit" else SMALL)
        assert action in g.legal_actions(), (seat, g.phase, action)


@pytest.mark.parametrize("mode", ["epic", "doubles", "grand"])
def test_archie_as_a_major_general_is_blind_to_the_cards_he_cannot_see(mode, monkeypatch):
    """The policy is handed the same game whatever the cards the seat cannot see: two
    games alike but for those cards give it the same hands and decks."""
    seen = []

    def spy(game, side, budget, seed):
        if game.ruleset == "standard":
            seen.append((game.hands, game.deck))
        else:
            seen.append((game.cards.hands, game.cards.decks, game.team.hands))
        return game.legal_actions()[0]

    monkeypatch.setitem(levels.POLICIES, "random", spy)
    checked = 0
    for g in positions(mode, 12, 4):
        seat = g.deciding
        if seat.endswith("commander"):
            continue
        other = g.determinize(seat, 99)     # the same table, the unseen cards dealt otherwise
        assert other.view(seat) == g.view(seat)
        choose(g, seat, "random", 7)
        choose(other, seat, "random", 7)
        assert seen[-1] == seen[-2]
        checked += 1
    assert checked
