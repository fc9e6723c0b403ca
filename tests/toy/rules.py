"""Skirmish, a toy ruleset that lives only in the test suite.

It proves that a ruleset plugs into the engine core with its own kit and nothing else:
its own board (a square grid), its own scenario format, four seats (two a side), one
hidden card per seat dealt from a shuffled deck, a die in combat, and two options.

The rules. The board is ``width`` squares wide and ``height`` deep; some squares are
woods or hills. Each seat commands its own pieces (strength 1 to 3). The seats act in turn,
one action each: union-1, confederate-1, union-2, confederate-2 (a seat with no piece left
is skipped); a round of all four is a turn. An action is one of

- ``move``: a piece one square across or up and down, onto an empty square;
- ``attack``: an enemy piece on a square next to it (not diagonally). One die: a hit on 4
  or more, 5 or more against a piece in woods, 3 or more from a hill. A hit takes one
  strength; a piece at 0 is removed and its side's enemy gains a flag. Option ``ambush``:
  a missed attack is answered by a die of the defender, hitting the attacker on 5 or 6.
- ``play_card``: the seat's card, then a new one from the deck (if any is left). A
  ``rally`` gives one strength back to a piece of the seat's side (up to 3); a ``volley``
  takes one strength from an enemy piece within two squares of one of the seat's pieces.
- ``pass``.

The game ends when a side has no piece left (``eliminated``) or after option ``turns``
turns (``turns``: more flags wins, equal is a draw).
"""
from __future__ import annotations

import copy as _copy
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.core import Capabilities, Option, PlainRuleset, SeatSpec, check_result, derive_seed, next_random, one_deciding
from games.engine.core.chance import shuffled
from games.engine.core.errors import IllegalAction, ScenarioError

UNION, CONFEDERATE = "union", "confederate"
SIDES = (UNION, CONFEDERATE)
SEATS: tuple[SeatSpec, ...] = (SeatSpec("union-1", UNION, "left wing"), SeatSpec("confederate-1", CONFEDERATE, "left wing"),
         SeatSpec("union-2", UNION, "right wing"), SeatSpec("confederate-2", CONFEDERATE, "right wing"))
SIDE_OF = {s.name: s.side for s in SEATS}
TERRAIN = ("woods", "hill")
MAX_STRENGTH = 3
#: The deck: four of each card, copies numbered as Battle Cry's are (``rally-1``).
DECK = tuple(f"{kind}-{n}" for kind in ("rally", "volley") for n in range(1, 5))
PHASES: tuple[str, ...] = ("act", "over")

OPTIONS: tuple[Option, ...] = (
    Option("ambush", bool, False,
           "A missed attack is answered: the defender rolls a die and hits on 5 or 6."),
    Option("turns", int, 8, "Turns (rounds of all four seats) before the game ends on flags.",
           choices=(4, 8, 12)),
)
DEFAULTS = {o.name: o.default for o in OPTIONS}

#: The small scenario of the tests: 5 squares wide, 4 deep, two pieces a seat.
SCENARIO: dict = {
    "format": "toy", "name": "Crossroads", "width": 5, "height": 4,
    "terrain": [{"col": 1, "row": 1, "terrain": "woods"}, {"col": 3, "row": 2, "terrain": "woods"},
                {"col": 2, "row": 1, "terrain": "hill"}],
    "pieces": [
        {"id": "u1", "seat": "union-1", "col": 0, "row": 3, "strength": 3},
        {"id": "u2", "seat": "union-1", "col": 1, "row": 3, "strength": 2},
        {"id": "u3", "seat": "union-2", "col": 3, "row": 3, "strength": 2},
        {"id": "u4", "seat": "union-2", "col": 4, "row": 3, "strength": 3},
        {"id": "c1", "seat": "confederate-1", "col": 0, "row": 0, "strength": 3},
        {"id": "c2", "seat": "confederate-1", "col": 1, "row": 0, "strength": 2},
        {"id": "c3", "seat": "confederate-2", "col": 3, "row": 0, "strength": 2},
        {"id": "c4", "seat": "confederate-2", "col": 4, "row": 0, "strength": 3},
    ],
}


@dataclass(frozen=True)
class ToyScenario:
    """A scenario in the toy's own format (``load_scenario`` checks it)."""

    name: str
    width: int
    height: int
    terrain: dict[tuple[int, int], str]
    pieces: tuple[dict, ...]
    data: dict


def load_scenario(data: Any) -> ToyScenario:
    """A checked toy scenario; :class:`ScenarioError` listing what is wrong."""
    errors: list[str] = []
    if not isinstance(data, dict) or data.get("format") != "toy":
        raise ScenarioError("format: must be \"toy\"")
    w, h = data.get("width"), data.get("height")
    if type(w) is not int or type(h) is not int or not (2 <= w <= 12 and 2 <= h <= 12):
        raise ScenarioError("width, height: whole numbers from 2 to 12")
    terrain: dict[tuple[int, int], str] = {}
    for t in data.get("terrain", []):
        at = (t.get("col"), t.get("row"))
        if t.get("terrain") not in TERRAIN:
            errors.append(f"terrain at {at}: unknown kind {t.get('terrain')!r}")
        elif not (type(at[0]) is int and type(at[1]) is int and 0 <= at[0] < w and 0 <= at[1] < h):
            errors.append(f"terrain at {at}: off the board")
        else:
            terrain[at] = t["terrain"]
    seen: set = set()
    ids: set = set()
    for p in data.get("pieces", []):
        at = (p.get("col"), p.get("row"))
        if p.get("seat") not in SIDE_OF:
            errors.append(f"piece {p.get('id')!r}: unknown seat {p.get('seat')!r}")
        if not (type(at[0]) is int and type(at[1]) is int and 0 <= at[0] < w and 0 <= at[1] < h):
            errors.append(f"piece {p.get('id')!r}: off the board")
        if at in seen:
            errors.append(f"piece {p.get('id')!r}: square {at} taken twice")
        if p.get("id") in ids or not isinstance(p.get("id"), str):
            errors.append(f"piece {p.get('id')!r}: ids must be unique strings")
        if p.get("strength") not in (1, 2, 3):
            errors.append(f"piece {p.get('id')!r}: strength 1 to 3")
        seen.add(at)
        ids.add(p.get("id"))
    for side in SIDES:
        if not any(SIDE_OF.get(p.get("seat")) == side for p in data.get("pieces", [])):
            errors.append(f"pieces: {side} has none")
    if errors:
        raise ScenarioError(errors)
    pieces = tuple({"id": p["id"], "seat": p["seat"], "col": p["col"], "row": p["row"],
                    "strength": p["strength"]} for p in data["pieces"])
    return ToyScenario(str(data.get("name", "")), w, h, terrain, pieces, _copy.deepcopy(data))


def _sq(col: int, row: int) -> dict:
    return {"col": col, "row": row}


class ToyGame:
    """One game of the toy: the whole state (the :class:`GameState` protocol)."""

    ruleset = "toy"
    seats = SEATS

    def __init__(self) -> None:
        self.options: Mapping[str, Any] = {}
        self.setup_events: list[dict] = []
        self.scenario: ToyScenario
        self.seed = 0
        self.rng = 0
        self.pieces: dict[str, dict] = {}       # id -> {"seat","col","row","strength"}
        self.hands: dict[str, list[str]] = {}
        self.deck: list[str] = []
        self.discards: list[str] = []
        self.seat_index = 0
        self.round = 1
        self.flags: dict[str, int] = {s: 0 for s in SIDES}
        self._outcome: dict | None = None
        self._events: list[dict] | None = []
        self._rolls: list = []
        self._draws: list = []

    # -- creation ------------------------------------------------------------------------------
    @classmethod
    def new(cls, scenario: ToyScenario, options: Mapping[str, Any], seed: int) -> "ToyGame":
        g = cls()
        g.scenario = scenario
        g.options = dict(options)
        g.seed = seed
        g.rng = derive_seed(seed, 7)
        g.pieces = {p["id"]: {"seat": p["seat"], "col": p["col"], "row": p["row"],
                              "strength": p["strength"]} for p in scenario.pieces}
        g.deck = shuffled(list(DECK), seed, 1)
        g.hands = {s.name: [] for s in SEATS}
        for s in SEATS:
            card = g.deck.pop(0)
            g.hands[s.name].append(card)
            g.setup_events.append({"type": "deal", "seat": s.name,
                                   "private": {"side": s.name, "cards": [card]}})
        g._skip_empty_seats()
        return g

    def to_dict(self) -> dict:
        return {"ruleset": self.ruleset, "options": dict(self.options),
                "scenario": _copy.deepcopy(self.scenario.data), "seed": self.seed, "rng": self.rng,
                "pieces": {k: dict(v) for k, v in self.pieces.items()},
                "hands": {k: list(v) for k, v in self.hands.items()}, "deck": list(self.deck),
                "discards": list(self.discards), "seat_index": self.seat_index,
                "round": self.round, "flags": dict(self.flags),
                "outcome": _copy.deepcopy(self._outcome)}

    @classmethod
    def from_dict(cls, d: dict, scenario: ToyScenario | None = None) -> "ToyGame":
        g = cls()
        g.scenario = scenario or load_scenario(d["scenario"])
        g.options = dict(d["options"])
        g.seed, g.rng = d["seed"], d["rng"]
        g.pieces = {k: dict(v) for k, v in d["pieces"].items()}
        g.hands = {k: list(v) for k, v in d["hands"].items()}
        g.deck, g.discards = list(d["deck"]), list(d["discards"])
        g.seat_index, g.round = d["seat_index"], d["round"]
        g.flags = dict(d["flags"])
        g._outcome = _copy.deepcopy(d["outcome"])
        return g

    def copy(self) -> "ToyGame":
        g = ToyGame()
        g.scenario, g.options, g.seed, g.rng = self.scenario, dict(self.options), self.seed, self.rng
        g.pieces = {k: dict(v) for k, v in self.pieces.items()}
        g.hands = {k: list(v) for k, v in self.hands.items()}
        g.deck, g.discards = list(self.deck), list(self.discards)
        g.seat_index, g.round, g.flags = self.seat_index, self.round, dict(self.flags)
        g._outcome = _copy.deepcopy(self._outcome)
        return g

    def determinize(self, seat: str, seed: int) -> "ToyGame":
        """A state consistent with what ``seat`` has seen: the other seats' cards and the
        deck order re-dealt from exactly those cards, and a fresh random stream."""
        if seat not in SIDE_OF:
            raise ValueError(f"determinize needs a seat, not {seat!r}")
        g = self.copy()
        g.seed = g.rng = derive_seed(seed, 0)
        others = [s.name for s in SEATS if s.name != seat]
        unseen = sorted(self.deck + [c for s in others for c in self.hands[s]])
        unseen = shuffled(unseen, seed, 1)
        for s in others:
            n = len(self.hands[s])
            g.hands[s], unseen = unseen[:n], unseen[n:]
        g.deck = unseen
        return g

    # -- reading -------------------------------------------------------------------------------
    @property
    def outcome(self) -> dict | None:
        return self._outcome

    @property
    def phase(self) -> str:
        return "over" if self._outcome else "act"

    @property
    def deciding_seats(self) -> tuple[str, ...]:
        """One seat decides at a time."""
        return one_deciding(self.deciding)

    @property
    def deciding(self) -> str | None:
        return None if self._outcome else SEATS[self.seat_index].name

    @property
    def active_side(self) -> str | None:
        return None if self._outcome else SEATS[self.seat_index].side

    @property
    def turn(self) -> int:
        return self.round

    @property
    def ambush(self) -> bool:
        return bool(self.options.get("ambush", DEFAULTS["ambush"]))

    @property
    def turn_limit(self) -> int:
        return int(self.options.get("turns", DEFAULTS["turns"]))

    def _at(self, col: int, row: int) -> str | None:
        for pid, p in self.pieces.items():
            if p["col"] == col and p["row"] == row:
                return pid
        return None

    def view(self, seat: str | None) -> dict:
        """What ``seat`` may see: the board, its own card, how many cards the others hold.
        Never another seat's card, the deck order, the seed or the random state."""
        sc = self.scenario
        return {
            "ruleset": self.ruleset, "options": dict(self.options), "scenario": {"name": sc.name},
            "turn": self.round, "phase": self.phase, "deciding": self.deciding,
            "active": self.active_side, "viewer": seat,
            "seats": [{"name": s.name, "side": s.side, "role": s.role} for s in SEATS],
            "board": {
                "kind": "square", "width": sc.width, "height": sc.height,
                "cells": [{"col": c, "row": r, "terrain": sc.terrain.get((c, r), "")}
                          for r in range(sc.height) for c in range(sc.width)],
                "pieces": [{"id": pid, "col": p["col"], "row": p["row"],
                            "side": SIDE_OF[p["seat"]], "label": str(p["strength"])}
                           for pid, p in sorted(self.pieces.items())],
            },
            "hand": list(self.hands[seat]) if seat in self.hands else None,
            "hand_counts": {s: len(h) for s, h in self.hands.items()},
            "deck_count": len(self.deck), "discards": list(self.discards),
            "flags": dict(self.flags), "outcome": self._outcome,
        }

    # -- actions -------------------------------------------------------------------------------
    def legal_actions(self, seat: str | None = None) -> list[dict]:
        if seat is not None and seat != self.deciding:
            return []
        if self._outcome:
            return []
        seat = SEATS[self.seat_index].name
        side = SIDE_OF[seat]
        mine = [(pid, p) for pid, p in sorted(self.pieces.items()) if p["seat"] == seat]
        out: list[dict] = []
        for pid, p in mine:
            for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
                c, r = p["col"] + dc, p["row"] + dr
                if not (0 <= c < self.scenario.width and 0 <= r < self.scenario.height):
                    continue
                other = self._at(c, r)
                if other is None:
                    out.append({"type": "move", "piece": pid, "to": _sq(c, r)})
                elif SIDE_OF[self.pieces[other]["seat"]] != side:
                    out.append({"type": "attack", "piece": pid, "target": other})
        for card in self.hands[seat]:
            for target in self._card_targets(seat, card):
                out.append({"type": "play_card", "card": card, "target": target})
        out.append({"type": "pass"})
        return out

    def _card_targets(self, seat: str, card: str) -> list[str]:
        side = SIDE_OF[seat]
        if card.startswith("rally"):
            return [pid for pid, p in sorted(self.pieces.items())
                    if SIDE_OF[p["seat"]] == side and p["strength"] < MAX_STRENGTH]
        mine = [p for p in self.pieces.values() if p["seat"] == seat]
        return [pid for pid, p in sorted(self.pieces.items()) if SIDE_OF[p["seat"]] != side
                and any(abs(p["col"] - m["col"]) + abs(p["row"] - m["row"]) <= 2 for m in mine)]

    def apply(self, action: dict, rolls: list | None = None,
              draws: list | None = None) -> list[dict]:
        if self._outcome:
            raise IllegalAction("The game is over.")
        if not isinstance(action, dict) or action not in self.legal_actions():
            raise IllegalAction("That is not one of the moves open to you now.")
        self._events = []
        self._rolls, self._draws = list(rolls or []), list(draws or [])
        self._do(action)
        events, self._events = self._events, []
        return events

    def apply_unchecked(self, action: dict) -> None:
        self._events = None
        self._rolls, self._draws = [], []
        try:
            self._do(action)
        finally:
            self._events = []

    def sample_action(self, rng: Any) -> dict:
        if self._outcome:
            raise IllegalAction("The game is over.")
        return rng.choice(self.legal_actions())

    def award(self, winner: str | None, reason: str,
              flags: Mapping[str, int] | None = None) -> list[dict]:
        if self._outcome:
            raise IllegalAction("The game is over.")
        check_result(winner, reason, flags, SIDES)
        self._events = []
        self._finish(winner, reason, flags)
        events, self._events = self._events, []
        return events

    # -- the rules -----------------------------------------------------------------------------
    def _event(self, e: dict) -> None:
        if self._events is not None:
            self._events.append(e)

    def _die(self) -> int:
        """One die; the stream moves on even when the die is scripted, so a replay ends in
        the same state."""
        self.rng, out = next_random(self.rng)
        return int(self._rolls.pop(0)) if self._rolls else 1 + out % 6

    def _draw(self, seat: str) -> None:
        if not self.deck:
            return
        if self._draws:
            card = self._draws.pop(0)
            self.deck.remove(card)
        else:
            card = self.deck.pop(0)
        self.hands[seat].append(card)
        self._event({"type": "draw", "seat": seat, "private": {"side": seat, "cards": [card]}})

    def _hit(self, pid: str) -> None:
        p = self.pieces[pid]
        p["strength"] -= 1
        if p["strength"] <= 0:
            del self.pieces[pid]
            gainer = CONFEDERATE if SIDE_OF[p["seat"]] == UNION else UNION
            self.flags[gainer] += 1
            self._event({"type": "removed", "piece": pid, "flag_to": gainer})

    def _do(self, action: dict) -> None:
        seat = SEATS[self.seat_index].name
        kind = action["type"]
        if kind == "move":
            p = self.pieces[action["piece"]]
            self._event({"type": "move", "seat": seat, "piece": action["piece"],
                         "from": _sq(p["col"], p["row"]), "to": dict(action["to"])})
            p["col"], p["row"] = action["to"]["col"], action["to"]["row"]
        elif kind == "attack":
            a, t = self.pieces[action["piece"]], self.pieces[action["target"]]
            need = 4
            if self.scenario.terrain.get((t["col"], t["row"])) == "woods":
                need = 5
            elif self.scenario.terrain.get((a["col"], a["row"])) == "hill":
                need = 3
            rolls = [self._die()]
            hit = rolls[0] >= need
            answered = False
            if not hit and self.ambush:
                rolls.append(self._die())
                answered = rolls[1] >= 5
            self._event({"type": "attack", "seat": seat, "piece": action["piece"],
                         "target": action["target"], "rolls": rolls, "hit": hit,
                         "answered": answered})
            if hit:
                self._hit(action["target"])
            if answered:
                self._hit(action["piece"])
        elif kind == "play_card":
            card = action["card"]
            self.hands[seat].remove(card)
            self.discards.append(card)
            self._event({"type": "play_card", "seat": seat, "card": card,
                         "target": action["target"]})
            if card.startswith("rally"):
                self.pieces[action["target"]]["strength"] += 1
            else:
                self._hit(action["target"])
            self._draw(seat)
        else:
            self._event({"type": "pass", "seat": seat})
        self._next_seat()

    def _next_seat(self) -> None:
        for side in SIDES:
            if not any(SIDE_OF[p["seat"]] == side for p in self.pieces.values()):
                self._finish(CONFEDERATE if side == UNION else UNION, "eliminated")
                return
        if self._pass_the_turn_on():
            self._skip_empty_seats()

    def _pass_the_turn_on(self) -> bool:
        """The next seat's turn, a new round after the last seat; False when that ends the
        game on its turn limit."""
        self.seat_index += 1
        if self.seat_index == len(SEATS):
            self.seat_index = 0
            if self.round >= self.turn_limit:
                u, c = self.flags[UNION], self.flags[CONFEDERATE]
                self._finish(UNION if u > c else CONFEDERATE if c > u else None, "turns")
                return False
            self.round += 1
        return True

    def _skip_empty_seats(self) -> None:
        """Pass over the seats with no piece left (their side still has pieces)."""
        for _ in range(len(SEATS)):
            seat = SEATS[self.seat_index].name
            if any(p["seat"] == seat for p in self.pieces.values()):
                return
            self._event({"type": "pass", "seat": seat})
            if not self._pass_the_turn_on():
                return

    def _finish(self, winner: str | None, reason: str,
                flags: Mapping[str, int] | None = None) -> None:
        counted = dict(self.flags)
        counted.update(flags or {})
        self._outcome = {"winner": winner, "reason": reason, "turn": self.round, "flags": counted}
        self._event({"type": "game_over", **self._outcome})


SUMMARY: tuple[str, ...] = (
    "Four seats, two a side, act in turn: move a piece a square, attack a piece next to it "
    "(one die: 4 or more hits, 5 against woods, 3 from a hill), play your card, or pass.",
    "Each seat holds one card (rally or volley), drawing another after playing it.",
    "Remove every enemy piece to win, or hold more flags when the turns run out.",
)


class ToyRuleset(PlainRuleset):
    """The toy's ruleset object (the :class:`~games.engine.core.Ruleset` protocol)."""

    name = "toy"
    options = OPTIONS
    capabilities = Capabilities(board="square", hidden_information=True, chance=True)
    description = "A toy skirmish on a square board, for the tests."
    summary = SUMMARY
    phases = PHASES
    victory = {"eliminate": True, "turns": True}

    @property
    def sample_scenarios(self) -> tuple[ToyScenario, ...]:
        """The scenario the kit's coverage test plays random games on."""
        return (load_scenario(SCENARIO),)

    cards: Mapping[str, Any] = {"rally": "Rally: one strength back to a piece of your side.",
                                "volley": "Volley: one strength off an enemy within two squares."}
    scenario_format = "toy"
    scenario = SCENARIO

    @staticmethod
    def load_scenario(data: Any) -> ToyScenario:
        return load_scenario(data)

    def new(self, scenario: ToyScenario, options: Mapping[str, Any], seed: int) -> ToyGame:
        return ToyGame.new(scenario, options, seed)

    def from_dict(self, data: dict, scenario: ToyScenario | None = None) -> ToyGame:
        return ToyGame.from_dict(data, scenario)

    def supports(self, scenario: Any) -> bool:
        return isinstance(scenario, ToyScenario)

    def seats(self, state: ToyGame) -> tuple[SeatSpec, ...]:
        return SEATS

    def seat_plan(self, scenario: ToyScenario, options: Mapping[str, Any]) -> tuple[SeatSpec, ...]:
        return SEATS


    def award(self, state: ToyGame, winner: str | None, reason: str,
              flags: Mapping[str, int] | None = None) -> list[dict]:
        return state.award(winner, reason, flags)

    def determinize(self, state: ToyGame, side: str, seed: int) -> ToyGame:
        return state.determinize(side, seed)


TOY = ToyRuleset()


def register_toy() -> ToyRuleset:
    """Make the toy playable by name (idempotent: the same object each time)."""
    from games.engine.core import register
    register(TOY)
    return TOY


def new_game(seed: int = 1, options: Mapping[str, Any] | None = None) -> ToyGame:
    """A fresh toy game on the tests' scenario."""
    return TOY.new(load_scenario(SCENARIO), dict(options or {}), seed)


def play_random(game: ToyGame, seed: int, limit: int = 1000) -> list[dict]:
    """Random actions until the game ends; the log of ``{"action", "events"}``."""
    rng = random.Random(seed)
    log = []
    for _ in range(limit):
        if game.outcome:
            break
        action = game.sample_action(rng)
        log.append({"action": action, "events": game.apply(action)})
    return log
