"""A small ruleset defined outside the site, for the tests of the ruleset kit: two sides march
their pieces across a square grid; the first to reach the far row wins.  It has no cards
and no flags, plays on a square board, and brings its own presenter.

``with_square_march()`` registers the ruleset and its kit for the length of a test and
removes them afterwards, so no other test sees a third ruleset.
"""
from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass, field

from games.engine.core import Capabilities, Option, PlainRuleset, one_deciding, one_seat_per_side
from games.engine.core.errors import IllegalAction
from games.engine.core import ruleset as core_ruleset
from games.presentation.kit import Presenter, register_presenter, unregister_presenter

NAME = "square-march"
SIDES = ("union", "confederate")
WIDTH, HEIGHT = 5, 6


@dataclass
class March:
    """The state: where each piece stands, whose turn it is, and the result."""

    options: dict
    seed: int
    pieces: dict = field(default_factory=dict)       # id -> {"side", "col", "row"}
    active: str = "union"
    turn: int = 1
    result: dict | None = None
    setup_events: list = field(default_factory=list)
    ruleset: str = NAME

    @property
    def phase(self) -> str:
        return "over" if self.result else "march"

    @property
    def deciding_seats(self) -> tuple[str, ...]:
        """One seat decides at a time."""
        return one_deciding(self.deciding)

    @property
    def deciding(self) -> str | None:
        return None if self.result else self.active

    @property
    def active_side(self) -> str | None:
        return self.deciding

    @property
    def outcome(self) -> dict | None:
        return self.result

    @property
    def seats(self):
        return one_seat_per_side(SIDES)

    def _step(self, side: str) -> int:
        return -1 if side == "union" else 1

    def legal_actions(self, seat: str | None = None) -> list[dict]:
        if seat is not None and seat != self.deciding:
            return []
        if self.result:
            return []
        taken = {(p["col"], p["row"]) for p in self.pieces.values()}
        actions = []
        for pid, p in sorted(self.pieces.items()):
            if p["side"] != self.active:
                continue
            to = (p["col"], p["row"] + self._step(p["side"]))
            if 0 <= to[1] < HEIGHT and to not in taken:
                actions.append({"type": "march", "piece": pid, "to": {"col": to[0], "row": to[1]}})
        actions.append({"type": "halt"})
        return actions

    def apply(self, action: dict, rolls=None, draws=None) -> list[dict]:
        if action not in self.legal_actions():
            raise IllegalAction("not a legal action")
        events: list[dict] = []
        if action["type"] == "march":
            p = self.pieces[action["piece"]]
            p["col"], p["row"] = action["to"]["col"], action["to"]["row"]
            events.append({"type": "marched", "side": self.active, "piece": action["piece"],
                           "to": f"{action['to']['col']},{action['to']['row']}"})
            if p["row"] in (0, HEIGHT - 1):
                self.result = {"winner": self.active, "reason": "arrived", "flags": {}}
        else:
            events.append({"type": "halted", "side": self.active})
        if not self.result:
            self.active = SIDES[1] if self.active == SIDES[0] else SIDES[0]
            self.turn += 1
            if self.turn > (8 if self.options.get("short") else 30):
                self.result = {"winner": None, "reason": "dusk", "flags": {}}
        if self.result:
            events.append({"type": "game_over", "winner": self.result["winner"], "reason": self.result["reason"]})
        return events

    def apply_unchecked(self, action: dict) -> None:
        self.apply(action)

    def sample_action(self, rng) -> dict:
        return rng.choice(self.legal_actions())

    def view(self, seat: str | None) -> dict:
        return {"ruleset": NAME, "phase": self.phase, "turn": self.turn, "active": self.active,
                "positions": {"union": "bottom", "confederate": "top"},
                "pieces": [{"id": pid, **p} for pid, p in sorted(self.pieces.items())]}


class SquareMarch(PlainRuleset):
    name = NAME
    options = (Option("short", bool, False, "The march ends in a draw after 8 turns."),)
    capabilities = Capabilities(board="square", hidden_information=False, chance=False)
    description = "March a column across a square field."
    phases = ("march", "over")
    summary = ("The first side to reach the far row wins.",)
    #: The scenarios its random games are played on (the board is its own: any will do).
    sample_scenarios = (None,)

    def new(self, scenario, options, seed):
        state = March(dict(options), seed)
        for col in range(0, WIDTH, 2):
            state.pieces[f"u{col}"] = {"side": "union", "col": col, "row": HEIGHT - 2}
            state.pieces[f"c{col}"] = {"side": "confederate", "col": col + 1 if col + 1 < WIDTH else col, "row": 1}
        return state

    def from_dict(self, data, scenario=None):
        raise NotImplementedError

    def apply(self, state, action, rolls=None, draws=None):
        return state.apply(action)

    def apply_unchecked(self, state, action):
        state.apply(action)

    def seat_plan(self, scenario, options):
        return one_seat_per_side(SIDES)

    def award(self, state, winner, reason, flags=None):
        state.result = {"winner": winner, "reason": reason, "flags": dict(flags or {})}
        return [{"type": "game_over", "winner": winner, "reason": reason}]

    def determinize(self, state, side, seed):
        return state


class MarchPresenter(Presenter):
    """The square march's kit: its words, and its view drawn on a square grid."""

    phases = {"march": "march a piece forward or halt", "over": "the march is over"}
    reasons = {"arrived": "a piece reached the far row", "dusk": "dusk fell on the march"}
    events = {"marched": "The {side} marched {piece} to {to}.", "halted": "The {side} halted.",
              "game_over": "The march is over."}

    def action_label(self, action) -> str:
        if action["type"] == "march":
            return f"March {action['piece']}"
        return "Halt"

    def board(self, view):
        return {"width": WIDTH, "height": HEIGHT, "name": "The field",
                "positions": view["positions"],
                "cells": [{"col": 2, "row": 0, "terrain": "town", "label": "Goal"}],
                "pieces": [{"col": p["col"], "row": p["row"], "side": p["side"],
                            "label": p["id"][:1].upper(), "id": p["id"]} for p in view["pieces"]]}


SQUARE_MARCH = SquareMarch()
MARCH_KIT = MarchPresenter()


@contextlib.contextmanager
def with_square_march(presenter: Presenter | None = MARCH_KIT):
    """The square march registered (and its kit, unless ``presenter`` is None) while inside."""
    core_ruleset.register(SQUARE_MARCH)
    if presenter is not None:
        register_presenter(SQUARE_MARCH, presenter)
    try:
        yield SQUARE_MARCH
    finally:
        core_ruleset.unregister(NAME)
        unregister_presenter(NAME)


def a_march(seed: int = 1, steps: int = 0, **options) -> March:
    """A new march, ``steps`` random actions in."""
    state = SQUARE_MARCH.new(None, options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.phase == "over":
            break
        state.apply(state.sample_action(rng))
    return state
