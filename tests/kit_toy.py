"""A toy ruleset for the site's tests: a pile of counters, each turn a player takes one or
two, and who takes the last wins. It has no board, no cards, no terrain, no dice and no
hidden information, and plays scenarios of its own format ("pile")."""
from __future__ import annotations

import contextlib

from games.engine.core import Capabilities, Option, PlainRuleset, one_seat_per_side, register
from games.engine.battlecry.sides import SIDES
from games.engine.core.errors import ScenarioError
from games.engine.core import ruleset as registry

SEATS = ("first", "second")


class Pile:
    """A game of the toy ruleset (satisfies the engine's ``GameState`` protocol)."""

    def __init__(self, ruleset, options, counters, mover=0, turn=1, outcome=None):
        self.ruleset, self.options = ruleset, dict(options)
        self.counters, self.mover, self._turn, self._outcome = counters, mover, turn, outcome
        self.setup_events: list[dict] = []

    phase = property(lambda self: "over" if self._outcome else "take")
    deciding = property(lambda self: None if self._outcome else SEATS[self.mover])
    active_side = deciding
    turn = property(lambda self: self._turn)
    outcome = property(lambda self: self._outcome)
    seats = property(lambda self: one_seat_per_side(SEATS))

    deciding_seats = property(lambda self: (SEATS[self.mover],) if not self._outcome else ())

    def legal_actions(self, seat=None):
        if seat is not None and seat != self.deciding:
            return []
        return [] if self._outcome else [{"type": "take", "n": n} for n in (1, 2) if n <= self.counters]

    def apply(self, action, rolls=None, draws=None):
        if action not in self.legal_actions():
            from games.engine import IllegalAction
            raise IllegalAction("take one or two counters")
        self.apply_unchecked(action)
        return [{"type": "took", "n": action["n"]}]

    def apply_unchecked(self, action):
        self.counters -= action["n"]
        if self.counters == 0:
            self._outcome = {"winner": SEATS[self.mover], "reason": "last counter", "flags": {}}
        else:
            self.mover, self._turn = 1 - self.mover, self._turn + 1

    def sample_action(self, rng):
        return rng.choice(self.legal_actions())

    def view(self, seat):
        return {"counters": self.counters, "deciding": self.deciding}

    def to_dict(self):
        return {"ruleset": self.ruleset, "options": self.options, "counters": self.counters,
                "mover": self.mover, "turn": self._turn, "outcome": self._outcome}

    def copy(self):
        return Pile(self.ruleset, self.options, self.counters, self.mover, self._turn, self._outcome)

    def determinize(self, seat, seed):
        return self.copy()

    def award(self, winner, reason, flags=None):
        self._outcome = {"winner": winner, "reason": reason, "flags": dict(flags or {})}
        return [{"type": "game_over", **self._outcome}]


class PileRules(PlainRuleset):
    name = "pile_toy"
    scenario_format = "pile"
    description = "Take the last counter (a toy game)."
    summary = ("Take one or two counters from the pile each turn.", "Whoever takes the last wins.")
    options = (Option("fast", bool, False, "Play with a smaller pile."),)
    capabilities = Capabilities(board="none", hidden_information=False, chance=False)
    phases = ("take", "over")

    def load_scenario(self, data):
        if not isinstance(data, dict) or not isinstance(data.get("counters"), int):
            raise ScenarioError("counters: give the size of the pile")
        return dict(data)

    def supports(self, scenario):
        return isinstance(scenario, dict) and "counters" in scenario

    def new(self, scenario, options, seed):
        return Pile(self.name, options, scenario["counters"] // (2 if options.get("fast") else 1))

    def from_dict(self, data, scenario=None):
        return Pile(data["ruleset"], data["options"], data["counters"], data["mover"], data["turn"],
                    data["outcome"])

    def seat_plan(self, scenario, options): return one_seat_per_side(SIDES)


PILE = PileRules()


@contextlib.contextmanager
def pile_registered():
    """The toy ruleset registered for the block, and gone after it."""
    register(PILE)
    try:
        yield PILE
    finally:
        registry.unregister(PILE.name)
