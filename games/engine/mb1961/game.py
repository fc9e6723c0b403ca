"""One game of the 1961 rules: the whole state (the engine's ``GameState`` protocol).

A turn (seed 003 L154-256, L438): the pieces of the side to play that are surrounded are
removed (L462); its dice are rolled; each pip moves one piece one step (infantry) or up to
two (cavalry, artillery), or one hop by rail; then one Battle/Jump, an infantry jumper
perhaps jumping again (L456). South plays first. Rulings M1-M16 in docs/rulings.md.
"""
from __future__ import annotations

import copy as _copy
from collections.abc import Mapping
from typing import Any

from ..core import SeatSpec, check_result, derive_seed, next_random, one_deciding, one_seat_per_side
from ..core.errors import IllegalAction
from .battle import Battle, battles, surrounded
from .board import STOPPING, MapScenario, Square, load_scenario
from .movement import draw_move, rail_destinations, step_destinations
from .pieces import ARMY, CONFEDERATE, SIDES, UNION, kind_of, opponent, piece_id, side_of

DICE = 2
PHASES: tuple[str, ...] = ("move", "battle", "over")
DEFAULT_TURNS = 20
SEATS: tuple[SeatSpec, ...] = one_seat_per_side(SIDES)


def sq(s: Square) -> dict:
    return {"col": s[0], "row": s[1]}


def key(cell: Mapping) -> Square:
    return (int(cell["col"]), int(cell["row"]))


class Game1961:
    """The state of one game (``games.engine.core.GameState``)."""

    ruleset = "1961"
    seats = SEATS

    def __init__(self) -> None:
        self.options: Mapping[str, Any] = {}
        self.setup_events: list[dict] = []
        self.scenario: MapScenario
        self.seed = 0
        self.rng = 0
        self.where: dict[str, Square] = {}
        self.at: dict[Square, str] = {}
        self.side_index = 0
        self.round = 1
        self._phase = "move"
        self.dice: list[int] = []
        self.pips = 0
        self.stopped: set[str] = set()
        self.chain: str | None = None
        self.captured: dict[str, int] = {s: 0 for s in SIDES}
        self.moves: list[dict] = []
        self.last_moves: list[dict] = []
        self._outcome: dict | None = None
        self._events: list[dict] | None = []
        self._rolls: list = []

    # -- creation ----------------------------------------------------------------------------
    @classmethod
    def new(cls, scenario: MapScenario, options: Mapping[str, Any], seed: int) -> "Game1961":
        g = cls()
        g.scenario = scenario
        g.options = dict(options)
        g.seed = seed
        g.rng = derive_seed(seed, 1961)
        for side in SIDES:
            for kind, squares in scenario.setup[side].items():
                for n, s in enumerate(squares[:ARMY[kind]], 1):
                    g._put(piece_id(side, kind, n), s)
        g._start_turn()
        g.setup_events, g._events = g._events or [], []
        return g

    def _put(self, pid: str, s: Square) -> None:
        self.where[pid] = s
        self.at[s] = pid

    def _lift(self, pid: str) -> None:
        del self.at[self.where.pop(pid)]

    def to_dict(self) -> dict:
        """The state, JSON-safe. Its ``scenario`` is the map's own data, shared and not copied
        (a saved state is written out, never changed in place)."""
        return {"ruleset": self.ruleset, "options": dict(self.options),
                "scenario": self.scenario.data, "seed": self.seed, "rng": self.rng,
                "pieces": {p: list(s) for p, s in sorted(self.where.items())},
                "side_index": self.side_index, "round": self.round, "phase": self._phase,
                "dice": list(self.dice), "pips": self.pips, "stopped": sorted(self.stopped),
                "chain": self.chain, "captured": dict(self.captured),
                "moves": _copy.deepcopy(self.moves), "last_moves": _copy.deepcopy(self.last_moves),
                "outcome": _copy.deepcopy(self._outcome)}

    @classmethod
    def from_dict(cls, d: dict, scenario: MapScenario | None = None) -> "Game1961":
        g = cls()
        g.scenario = scenario or load_scenario(d["scenario"])
        g.options = dict(d["options"])
        g.seed, g.rng = d["seed"], d["rng"]
        for pid, s in d["pieces"].items():
            g._put(pid, (s[0], s[1]))
        g.side_index, g.round, g._phase = d["side_index"], d["round"], d["phase"]
        g.dice, g.pips = list(d["dice"]), d["pips"]
        g.stopped, g.chain = set(d["stopped"]), d["chain"]
        g.captured = dict(d["captured"])
        g.moves, g.last_moves = _copy.deepcopy(d["moves"]), _copy.deepcopy(d["last_moves"])
        g._outcome = _copy.deepcopy(d["outcome"])
        return g

    def copy(self) -> "Game1961":
        g = Game1961()
        g.scenario, g.options, g.seed, g.rng = self.scenario, self.options, self.seed, self.rng
        g.where, g.at = dict(self.where), dict(self.at)
        g.side_index, g.round, g._phase = self.side_index, self.round, self._phase
        g.dice, g.pips, g.stopped, g.chain = list(self.dice), self.pips, set(self.stopped), self.chain
        g.captured = dict(self.captured)
        g.moves, g.last_moves = list(self.moves), list(self.last_moves)
        g._outcome = self._outcome
        return g

    def determinize(self, seat: str, seed: int) -> "Game1961":
        """Nothing is hidden: a copy whose dice to come are drawn from a fresh stream."""
        if seat not in (s.name for s in SEATS):
            raise ValueError(f"determinize needs a seat, not {seat!r}")
        g = self.copy()
        g.seed = g.rng = derive_seed(seed, 0)
        return g

    # -- reading -------------------------------------------------------------------------------
    @property
    def outcome(self) -> dict | None:
        return self._outcome

    @property
    def phase(self) -> str:
        return "over" if self._outcome else self._phase

    @property
    def side(self) -> str:
        return SIDES[self.side_index]

    @property
    def deciding_seats(self) -> tuple[str, ...]:
        """One seat decides at a time."""
        return one_deciding(self.deciding)

    @property
    def deciding(self) -> str | None:
        return None if self._outcome else self.side

    @property
    def active_side(self) -> str | None:
        return self.deciding

    @property
    def turn(self) -> int:
        return self.round

    @property
    def turn_limit(self) -> int:
        return int(self.options.get("round_limit", DEFAULT_TURNS))

    @property
    def lead(self) -> int | None:
        value = self.options.get("capture_lead")
        return None if value is None else int(value)

    def pieces_of(self, side: str) -> list[str]:
        return sorted(p for p in self.where if side_of(p) == side)

    def battles(self) -> list[Battle]:
        """The battles open to the side to play now."""
        if self._outcome:
            return []
        return battles(self.scenario, self.at, self.where, self.side, only=self.chain)

    def view(self, seat: str | None) -> dict:
        """The whole game is public; the seed and the random stream are not told."""
        sc = self.scenario
        return {
            "ruleset": self.ruleset, "options": dict(self.options),
            "scenario": {"name": sc.name, "slug": sc.slug}, "turn": self.round,
            "turn_limit": self.turn_limit, "lead_to_win": self.lead, "phase": self.phase, "deciding": self.deciding,
            "active": self.active_side, "viewer": seat,
            "seats": [{"name": s.name, "side": s.side, "role": s.role} for s in SEATS],
            "dice": list(self.dice), "pips": self.pips, "chain": self.chain,
            "stopped": sorted(self.stopped), "captured": dict(self.captured),

            "moves": _copy.deepcopy(self.moves), "last_moves": _copy.deepcopy(self.last_moves),
            "board": {**map_view(sc), "pieces": [{"id": p, "side": side_of(p), "kind": kind_of(p).name, **sq(s)}
                                                 for p, s in sorted(self.where.items())]},
            "outcome": _copy.deepcopy(self._outcome),
        }

    # -- actions -------------------------------------------------------------------------------
    def legal_actions(self, seat: str | None = None) -> list[dict]:
        if seat is not None and seat != self.deciding:
            return []
        if self._outcome:
            return []
        if self._phase == "battle":
            return [{"type": "battle", "piece": b.jumper, "to": sq(b.land)} for b in self.battles()] \
                + [{"type": "end_turn"}]
        out: list[dict] = []
        sc = self.scenario
        for pid in self.pieces_of(self.side):
            if pid in self.stopped:
                continue
            start = self.where[pid]
            out.extend({"type": "move", "piece": pid, "to": sq(s)}
                       for s in step_destinations(sc, self.at, pid, start))
            out.extend({"type": "rail", "piece": pid, "to": sq(s)}
                       for s in rail_destinations(sc, self.at, pid, start))
        out.append({"type": "halt"})
        return out

    def apply(self, action: dict, rolls: list | None = None,
              draws: list | None = None) -> list[dict]:
        if self._outcome:
            raise IllegalAction("The game is over.")
        if not isinstance(action, dict) or action not in self.legal_actions():
            raise IllegalAction(self._why_not(action))
        self._events = []
        self._rolls = list(rolls or [])
        self._do(action)
        events, self._events = self._events, []
        return events

    def apply_unchecked(self, action: dict) -> None:
        self._events = None
        self._rolls = []
        try:
            self._do(action)
        finally:
            self._events = []

    def sample_action(self, rng: Any) -> dict:
        if self._outcome:
            raise IllegalAction("The game is over.")
        if self._phase == "battle":
            actions = self.legal_actions()
            return actions[int(rng.random() * len(actions))]
        side, stopped = self.side, self.stopped
        movers = sorted((p, s) for p, s in self.where.items() if side_of(p) == side and p not in stopped)
        drawn = draw_move(self.scenario, self.at, movers, rng)
        if drawn is None:
            return {"type": "halt"}
        kind, pid, to = drawn
        return {"type": kind, "piece": pid, "to": sq(to)}

    def award(self, winner: str | None, reason: str,
              flags: Mapping[str, int] | None = None) -> list[dict]:
        if self._outcome:
            raise IllegalAction("The game is over.")
        check_result(winner, reason, flags, SIDES)
        self._events = []
        self._finish(winner, reason, flags)
        events, self._events = self._events, []
        return events

    def _why_not(self, action: Any) -> str:
        kind = action.get("type") if isinstance(action, dict) else None
        if self._phase == "battle" and kind in ("move", "rail", "halt"):
            return "Movement is over for this turn: battle, or end the turn."
        if self._phase == "move" and kind in ("battle", "end_turn"):
            return "Spend your pips first, or stop moving."
        if isinstance(action, dict) and action.get("piece") in self.stopped:
            return "That piece stopped on a mountain or river square: it moves again next turn."
        return "That is not one of the moves open to you now."

    # -- the rules -----------------------------------------------------------------------------
    def _event(self, e: dict) -> None:
        if self._events is not None:
            self._events.append(e)

    def _die(self) -> int:
        """One die; the stream moves on even when the die is given, so a replay ends in the
        same state."""
        self.rng, out = next_random(self.rng)
        return int(self._rolls.pop(0)) if self._rolls else 1 + out % 6

    def _do(self, action: dict) -> None:
        kind = action["type"]
        if kind in ("move", "rail"):
            self._move(action["piece"], key(action["to"]), rail=kind == "rail")
        elif kind == "halt":
            self._event({"type": "halted", "side": self.side, "pips_left": self.pips})
            self.pips = 0
            self._after_movement()
        elif kind == "battle":
            self._battle(action["piece"], key(action["to"]))
        else:
            self._event({"type": "turn_ended", "side": self.side})
            self._end_turn()

    def _move(self, pid: str, to: Square, rail: bool) -> None:
        frm = self.where[pid]
        self._lift(pid)
        self._put(pid, to)
        self.pips -= 1
        stopped = self.scenario.ground[to] in STOPPING
        if stopped:
            self.stopped.add(pid)
        move = {"piece": pid, "from": sq(frm), "to": sq(to), "how": "rail" if rail else "move"}
        self.moves.append(move)
        self._event({"type": "moved", "side": self.side, **move, "stopped": stopped,
                     "pips_left": self.pips})
        if self.pips <= 0:
            self._after_movement()

    def _after_movement(self) -> None:
        if self.battles():
            self._phase = "battle"
        else:
            self._end_turn()

    def _battle(self, pid: str, land: Square) -> None:
        b = next(b for b in self.battles() if b.jumper == pid and b.land == land)
        attack, defence = b.strengths
        for d in b.defenders:
            self._lift(d)
        self._lift(pid)
        self._put(pid, land)
        self.stopped.discard(pid)
        self.captured[self.side] += len(b.defenders)
        move = {"piece": pid, "from": sq(b.start), "to": sq(land), "how": "jump",
                "removed": list(b.defenders)}
        self.moves.append(move)
        self._event({"type": "battle", "side": self.side, "piece": pid, "from": sq(b.start),
                     "to": sq(land), "attackers": list(b.attackers), "defenders": list(b.defenders),
                     "strength": [attack, defence]})
        if self._decided():
            return
        if self.chain is None and kind_of(pid).name == "infantry" \
                and battles(self.scenario, self.at, self.where, self.side, only=pid):
            self.chain = pid
            self._phase = "battle"
            return
        self._end_turn()

    def _decided(self) -> bool:
        """Ends the game if a side has no piece left (way A) or a side's lead in captured
        pieces reaches the option ``capture_lead`` (way B)."""
        for side in SIDES:
            if not any(side_of(p) == side for p in self.where):
                self._finish(opponent(side), "eliminated")
                return True
        if self.lead is not None:
            for side in SIDES:
                if self.captured[side] - self.captured[opponent(side)] >= self.lead:
                    self._finish(side, "lead")
                    return True
        return False

    def _end_turn(self) -> None:
        self.last_moves, self.moves = self.moves, []
        self.stopped = set()
        self.chain = None
        self.pips = 0
        self.dice = []
        self.side_index = 1 - self.side_index
        if self.side_index == 0:
            if self.round >= self.turn_limit:
                a, b = self.captured[CONFEDERATE], self.captured[UNION]
                self._finish(CONFEDERATE if a > b else UNION if b > a else None, "turns")
                return
            self.round += 1
        self._start_turn()

    def _start_turn(self) -> None:
        side = self.side
        trapped = surrounded(self.scenario, self.at, self.where, side)
        if trapped:
            squares = [sq(self.where[p]) for p in trapped]
            for p in trapped:
                self._lift(p)
            self.captured[opponent(side)] += len(trapped)
            self._event({"type": "surrounded", "side": side, "pieces": trapped,
                         "squares": squares, "captured_by": opponent(side)})
            if self._decided():
                return
        self.dice = [self._die() for _ in range(DICE)]
        self.pips = sum(self.dice)
        self._phase = "move"
        self._event({"type": "turn", "side": side, "turn": self.round, "rolls": list(self.dice),
                     "pips": self.pips})

    def _finish(self, winner: str | None, reason: str,
                flags: Mapping[str, int] | None = None) -> None:
        counted = dict(self.captured)
        counted.update(flags or {})
        self._phase = "over"
        self._outcome = {"winner": winner, "reason": reason, "turn": self.round, "flags": counted}
        self._event({"type": "game_over", **self._outcome})


def map_view(sc: MapScenario) -> dict:
    """The map as the pages draw it: the squares, their ground and state, stations, lines.
    Made once a map and shared by every view of it (nothing changes it)."""
    if not sc.drawn:
        sc.drawn.update(_map_view(sc))
    return sc.drawn


def _map_view(sc: MapScenario) -> dict:
    return {"kind": "square", "width": sc.width, "height": sc.height, "name": sc.name,
            "cells": [{"col": c, "row": r, "ground": g, "state": sc.states[(c, r)]}
                      for (c, r), g in sorted(sc.ground.items(), key=lambda kv: (kv[0][1], kv[0][0]))],
            "state_names": dict(sc.state_names),
            "stations": [{"col": c, "row": r, "name": n} for (c, r), n in sorted(sc.stations.items())],
            "railroads": [{"name": line.name, "squares": [sq(s) for s in line.squares]} for line in sc.rails],
            "setup": {side: {kind: [sq(s) for s in squares] for kind, squares in kinds.items()}
                      for side, kinds in sc.setup.items()}}
