"""The state of a game under the standard rules (seed 004), and the operations the facade
:class:`games.engine.Game` calls on it.

The rules themselves are functions in :mod:`.turn` (cards, orders, movement, the end
of a turn) and :mod:`.battle` (attacks, morale, retreats, battle-back, breakthrough,
evasion), reached through the explicit tables :data:`HANDLERS` and :data:`AUTOMATIC`.
Board, pieces, dice faces, sight lines and the retreat procedure are the engine's
shared modules.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .. import dice as _dice
from ...core.chance import derive_seed, next_random, shuffled
from ...core.errors import IllegalAction
from ..hexgrid import HEX_JSON, HEXES, INDEX, N_HEXES, Hex
from ..pieces import General, Unit
from ..scenario import Scenario, load_scenario
from ..units import SIDES, other
from . import battle, turn
from .cards import card_of, deck_ids
from .terrain import blocks_sight, impassable, stops

#: Flags that win unless the scenario file sets ``standard_flags`` (L4, L87; ruling S1).
FLAGS_TO_WIN = 6

#: The actions each phase accepts.
STEPS: dict[str, tuple[str, ...]] = {
    "play_card": ("play_card", "discard_card"),
    "order": ("order", "order_general", "confirm_orders"),
    "move": ("move", "move_general", "end_movement"),
    "battle": ("attack", "shoot_general", "end_turn"),
    "retreat": ("retreat",),
    "evade": ("evade", "stand"),
    "battle_back": ("battle_back", "decline"),
    "breakthrough": ("breakthrough", "hold_ground"),
}
DECISIONS = ("retreat", "evade", "battle_back", "breakthrough")
_FACE_VALUE = {_dice.FLAG: 1, _dice.SWORDS: 2, _dice.CAVALRY: 3, _dice.ARTILLERY: 4,
               _dice.INFANTRY: 5}


class StandardGame:
    """One game under the standard rules: every field it holds, and the facade's operations."""

    __slots__ = (
        "scenario", "ruleset", "options", "seed", "rng",
        "turn", "active", "step", "outcome",
        "card", "effect", "orders_left", "order_sections", "eligible",
        "ordered", "gen_ordered", "moved", "gen_moved", "battles_left", "bonus", "melee_only",
        "no_battle", "hit_and_run", "breakthrough_used",
        "units", "generals", "status", "unsupplied", "reinforced",
        "hands", "deck", "discards", "last_card", "captured", "casualties",
        "pending",
        "positions", "terrain", "obstacles", "blocks", "impassable", "stops", "landmarks",
        "unit_at", "general_at", "cache", "events", "script_rolls", "setup_events",
    )

    scenario: Scenario
    ruleset: str
    options: dict[str, Any]
    seed: int
    rng: int
    # -- the turn
    turn: int
    active: str
    step: str                       # play_card, order, move, battle
    outcome: dict[str, Any] | None
    card: str | None                # copy id played this turn
    effect: str | None              # key of the card whose effect applies (Counter-Attack)
    orders_left: int                # orders the card still gives (chosen pieces)
    order_sections: list[str]       # Coordinated Attack: sections still to order in
    eligible: list[str]             # ids the card may order (units and generals)
    ordered: list[str]
    gen_ordered: list[str]
    moved: dict[str, int]           # unit id -> hexes moved this turn
    gen_moved: list[str]
    battles_left: dict[str, int]
    bonus: dict[str, int]           # breakthrough: extra die on the next battle
    melee_only: list[str]           # breakthrough: the next battle must be a melee
    no_battle: list[str]            # Force March, reinforcements
    hit_and_run: bool
    breakthrough_used: bool
    # -- pieces
    units: dict[str, Unit]
    generals: dict[str, General]
    status: dict[str, str]          # unit id -> spent | routed
    unsupplied: dict[str, int]      # unit id -> last turn it may not be ordered
    reinforced: dict[str, list[str]]
    # -- cards and score
    hands: dict[str, list[str]]
    deck: list[str]                 # one deck for both sides; its top is its last card
    discards: list[str]
    last_card: dict[str, str | None]   # effect key each side played last (Counter-Attack)
    captured: dict[str, list[dict[str, Any]]]
    casualties: dict[str, int]      # figures each side eliminated (the match's tie-break)
    pending: list[dict[str, Any]]
    # -- derived from the scenario
    positions: dict[str, str]
    terrain: list[str | None]
    obstacles: list[dict[str, str] | None]
    blocks: list[bool]
    impassable: list[bool]
    stops: list[bool]
    landmarks: frozenset[int]
    # -- working fields
    unit_at: list[str | None]
    general_at: list[str | None]
    cache: dict[Any, Any]
    events: list[dict[str, Any]] | None
    script_rolls: list[Any]
    setup_events: list[dict[str, Any]]

    # -- creation ------------------------------------------------------------------------
    @classmethod
    def setup(cls, scenario: Scenario, ruleset: str, options: dict, seed: int) -> StandardGame:
        g = cls()
        g.scenario, g.ruleset, g.options = scenario, ruleset, options
        g.seed = g.rng = seed
        g.turn, g.active, g.step, g.outcome = 1, scenario.first_side, "play_card", None
        g.units = {s.id: Unit(s.id, s.side, s.kind, s.figures, s.hex, s.green, s.fresh,
                              s.horse, s.special) for s in scenario.units}
        g.generals = {s.id: General(s.id, s.side, s.hex, s.name) for s in scenario.generals}
        g.obstacles = [dict(o) if o else None for o in scenario.obstacles]
        g.status, g.unsupplied = {}, {}
        g.reinforced = {s: [] for s in SIDES}
        g.hands = {s: [] for s in SIDES}
        g.discards = []
        g.last_card = {s: None for s in SIDES}
        g.captured = {s: [] for s in SIDES}
        g.casualties = {s: 0 for s in SIDES}
        g.pending = []
        g.reset_turn()
        g.derive()
        g.events, g.script_rolls = [], []
        g.deck = deck_ids()
        g.shuffle(g.deck)
        g.event({"type": "deck_built", "cards": len(g.deck), "secret": {"order": list(g.deck)}})
        for side in (scenario.first_side, other(scenario.first_side)):
            turn.draw(g, side, scenario.cards[side])
        g.setup_events, g.events = g.events, []
        return g

    def reset_turn(self) -> None:
        self.card = self.effect = None
        self.orders_left = 0
        self.order_sections, self.eligible = [], []
        self.ordered, self.gen_ordered, self.gen_moved = [], [], []
        self.moved, self.battles_left, self.bonus = {}, {}, {}
        self.melee_only, self.no_battle = [], []
        self.hit_and_run = self.breakthrough_used = False

    def derive(self) -> None:
        sc = self.scenario
        self.positions = dict(sc.positions)
        self.terrain = list(sc.terrain)
        self.blocks = [blocks_sight(t) for t in self.terrain]
        self.impassable = [impassable(t) for t in self.terrain]
        self.stops = [stops(t) for t in self.terrain]
        self.landmarks = frozenset(o.hex for o in sc.objectives)
        self.unit_at = [None] * N_HEXES
        self.general_at = [None] * N_HEXES
        for u in self.units.values():
            self.unit_at[u.hex] = u.id
        for gen in self.generals.values():
            self.general_at[gen.hex] = gen.id
        self.cache = {}

    # -- serialisation -------------------------------------------------------------------
    _SAVED = ("ruleset", "options", "seed", "rng", "turn", "active", "step", "outcome", "card",
              "effect", "orders_left", "order_sections", "eligible", "ordered", "gen_ordered",
              "moved", "gen_moved", "battles_left", "bonus", "melee_only", "no_battle",
              "hit_and_run", "breakthrough_used", "status", "unsupplied", "reinforced", "hands",
              "deck", "discards", "last_card", "captured", "casualties", "pending")

    def to_dict(self) -> dict:
        """The whole state, secrets included, as JSON-safe data (a fresh copy)."""
        out = {key: _clone(getattr(self, key)) for key in self._SAVED}
        out["scenario"] = _clone(self.scenario.data)
        out["units"] = [u.to_dict() for u in self.units.values()]
        out["generals"] = [g.to_dict() for g in self.generals.values()]
        out["obstacles"] = [dict(o) if o else None for o in self.obstacles]
        return out

    @classmethod
    def from_dict(cls, d: dict, scenario: Scenario | None = None) -> StandardGame:
        g = cls()
        g.scenario = scenario or load_scenario(d["scenario"])
        for key in cls._SAVED:
            setattr(g, key, _clone(d[key]))
        g.units = {u["id"]: Unit.from_dict(u, _index) for u in d["units"]}
        g.generals = {x["id"]: General.from_dict(x, _index) for x in d["generals"]}
        g.obstacles = [dict(o) if o else None for o in d["obstacles"]]
        g.derive()
        g.events, g.script_rolls, g.setup_events = [], [], []
        return g

    def copy(self) -> StandardGame:
        """An independent copy (shares only the scenario, the fixed tables and what is never
        changed in place: card ids, captured records, the options)."""
        g = StandardGame.__new__(StandardGame)
        g.ruleset, g.options, g.seed, g.rng = self.ruleset, self.options, self.seed, self.rng
        g.turn, g.active, g.step, g.outcome = self.turn, self.active, self.step, self.outcome
        g.card, g.effect, g.orders_left = self.card, self.effect, self.orders_left
        g.hit_and_run, g.breakthrough_used = self.hit_and_run, self.breakthrough_used
        g.order_sections, g.eligible = self.order_sections[:], self.eligible[:]
        g.ordered, g.gen_ordered, g.gen_moved = self.ordered[:], self.gen_ordered[:], self.gen_moved[:]
        g.melee_only, g.no_battle = self.melee_only[:], self.no_battle[:]
        g.moved, g.battles_left, g.bonus = dict(self.moved), dict(self.battles_left), dict(self.bonus)
        g.status, g.unsupplied = dict(self.status), dict(self.unsupplied)
        g.reinforced = {s: v[:] for s, v in self.reinforced.items()}
        g.hands = {s: v[:] for s, v in self.hands.items()}
        g.deck, g.discards = self.deck[:], self.discards[:]
        g.last_card = dict(self.last_card)
        g.captured = {s: v[:] for s, v in self.captured.items()}
        g.casualties = dict(self.casualties)
        g.pending = _clone(self.pending) if self.pending else []
        g.scenario = self.scenario
        g.units = {k: u.copy() for k, u in self.units.items()}
        g.generals = {k: x.copy() for k, x in self.generals.items()}
        g.obstacles = self.obstacles            # never changed in play
        for key in ("positions", "terrain", "blocks", "impassable", "stops", "landmarks"):
            setattr(g, key, getattr(self, key))
        g.unit_at, g.general_at = list(self.unit_at), list(self.general_at)
        g.cache, g.events, g.script_rolls, g.setup_events = {}, [], [], []
        return g

    def determinize(self, side: str, seed: int) -> StandardGame:
        """A game consistent with what ``side`` has seen: the other hand and the deck are
        re-dealt from exactly those cards, and the random stream is fresh."""
        if side not in SIDES:
            raise ValueError(f"determinize needs a side, not {side!r}")
        g = self.copy()
        g.seed = g.rng = derive_seed(seed, 0)
        foe = other(side)
        unseen = shuffled(sorted(g.hands[foe] + g.deck), seed, 1)
        held = len(g.hands[foe])
        g.hands[foe], g.deck = unseen[:held], unseen[held:]
        return g

    # -- chance and events ---------------------------------------------------------------
    def rand(self) -> int:
        self.rng, out = next_random(self.rng)
        return out

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.rand() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def roll(self, n: int) -> list[str]:
        out = []
        for _ in range(n):
            value = self.rand() % 6 + 1
            if self.script_rolls:
                scripted = self.script_rolls.pop(0)
                value = scripted if isinstance(scripted, int) else _FACE_VALUE[scripted]
            out.append(_dice.face(value))
        return out

    def event(self, e: dict) -> None:
        if self.events is not None:
            self.events.append(e)

    # -- whose decision --------------------------------------------------------------------
    @property
    def phase(self) -> str:
        if self.outcome:
            return "over"
        if self.pending:
            return self.pending[0]["do"]
        return self.step

    @property
    def active_side(self) -> str | None:
        if self.outcome:
            return None
        return self.pending[0]["side"] if self.pending else self.active

    @property
    def archie(self) -> str | None:
        return self.options.get("archie")

    # -- the facade's operations -----------------------------------------------------------
    def legal_actions(self) -> list[dict]:
        if self.outcome:
            return []
        return _LEGAL[self.phase](self)

    def apply(self, action: dict, rolls: list | None = None, draws: list | None = None) -> list:
        """Check and carry out one action (it must be one of :meth:`legal_actions`, keys
        beyond the action's own being ignored); return its events."""
        if self.outcome:
            raise IllegalAction("The game is over.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("An action needs a type.")
        phase = self.phase
        if action["type"] not in STEPS.get(phase, ()):
            raise IllegalAction(_wrong_step(action["type"], phase))
        chosen = next((a for a in self.legal_actions() if _matches(a, action)), None)
        if chosen is None:
            raise IllegalAction(_refusal(action["type"]))
        self.events = []
        self.script_rolls = list(rolls or [])
        HANDLERS[chosen["type"]](self, chosen)
        self.settle()
        events, self.events = self.events, []
        return events

    def apply_unchecked(self, action: dict) -> None:
        self.events = None
        self.script_rolls = []
        try:
            HANDLERS[action["type"]](self, action)
            self.settle()
        finally:
            self.events = []

    def sample_action(self, rng) -> dict:
        if self.outcome:
            raise IllegalAction("The game is over.")
        return rng.choice(self.legal_actions())

    def settle(self) -> None:
        """Carry out pending steps that need nobody's decision, then check for victory."""
        while self.pending and not self.outcome:
            item = self.pending[0]
            auto = AUTOMATIC.get(item["do"])
            if auto is not None:
                self.pending.pop(0)
                auto(self, item)
                continue
            if item.get("ready"):
                break
            if battle.prepare(self, item):
                item["ready"] = True
                break
            # carried out at once; what it led to may have been queued before it
            self.pending = [x for x in self.pending if x is not item]
        self.check_victory()

    def award(self, winner: str | None, reason: str,
              flags: Mapping[str, int] | None = None) -> list[dict]:
        if self.outcome:
            raise IllegalAction("The game is over.")
        if winner is not None and winner not in SIDES:
            raise ValueError(f"winner must be a side or None, not {winner!r}")
        self.events = []
        self.finish(winner, reason, flags)
        events, self.events = self.events, []
        return events

    # -- victory -----------------------------------------------------------------------------
    def flags(self, side: str) -> int:
        return len(self.captured[side])

    def flags_needed(self, side: str) -> int:
        declared = self.scenario.data.get("standard_flags")
        if isinstance(declared, dict) and isinstance(declared.get(side), int):
            return declared[side]
        return FLAGS_TO_WIN

    def check_victory(self) -> None:
        if self.outcome:
            return
        for side in (self.active, other(self.active)):
            if self.flags(side) >= self.flags_needed(side):
                self.finish(side, "flags")
                return

    def finish(self, winner: str | None, reason: str, flags: Mapping[str, int] | None = None) -> None:
        self.pending = []
        got = {s: (flags or {}).get(s, self.flags(s)) for s in SIDES}
        self.outcome = {"winner": winner, "reason": reason, "flags": got}
        self.event({"type": "game_over", "winner": winner, "reason": reason, "flags": got})

    # -- questions the pages ask ---------------------------------------------------------------
    def capacity(self, side: str) -> int:
        return self.scenario.cards[side]

    def compulsory_melees(self) -> list[str]:
        return []

    def reachable(self, h) -> list[dict]:
        i = hex_of(h)
        if self.phase != "move":
            return []
        uid, gid = self.unit_at[i], self.general_at[i]
        out = [a["to"] for a in self.legal_actions()
               if (a["type"] == "move" and a["unit"] == uid)
               or (uid is None and a["type"] == "move_general" and a["general"] == gid)]
        return [dict(x) for x in out]

    def attack_preview(self, from_hex, to_hex) -> dict:
        a, b = hex_of(from_hex), hex_of(to_hex)
        uid = self.unit_at[a]
        if uid is None:
            return {"dice": 0, "distance": None, "los": False, "allowed": False,
                    "modifiers": [], "melee": False, "reason": "No unit there."}
        return battle.preview(self, self.units[uid], b)

    # -- what a side may see -----------------------------------------------------------------
    def view(self, side: str | None) -> dict:
        """The state as ``side`` may see it: never the other hand, the deck's order, the
        seed or the random state."""
        sc = self.scenario
        decision = None
        if self.pending and self.pending[0].get("ready"):
            item = self.pending[0]
            decision = {"kind": item["do"], "side": item["side"]}
            if side == item["side"]:
                for key in ("unit", "general", "steps", "attacker"):
                    if key in item:
                        decision[key] = item[key]
                if "target" in item:             # evade: the unit attacked
                    decision["unit"] = item["target"]
                if "options" in item:
                    decision["options"] = [dict(HEX_JSON[h]) for h in item["options"]]
        deck = len(self.deck)
        return {
            "scenario": {"slug": sc.slug, "name": sc.name},
            "ruleset": self.ruleset, "options": dict(self.options),
            "turn": self.turn, "active": self.active, "phase": self.phase,
            "deciding": self.active_side, "decision": decision, "viewer": side,
            "positions": dict(self.positions),
            "terrain": [{"hex": dict(HEX_JSON[i]), "kind": t} for i, t in enumerate(self.terrain) if t],
            "obstacles": [{"hex": dict(HEX_JSON[i]), "sides": dict(o)}
                          for i, o in enumerate(self.obstacles) if o],
            "units": [{"id": u.id, "side": u.side, "kind": u.kind, "figures": u.figures,
                       "hex": dict(HEX_JSON[u.hex]), "green": u.green, "fresh": u.fresh,
                       "horse": u.horse, "special": u.special, "ordered": u.id in self.ordered,
                       "moved": u.id in self.moved,
                       "attacked": u.id in self.ordered and self.battles_left.get(u.id, 1) == 0,
                       "status": self.status.get(u.id)}
                      for u in self.units.values()],
            "generals": [{"id": g.id, "side": g.side, "name": g.name, "hex": dict(HEX_JSON[g.hex])}
                         for g in self.generals.values()],
            "objectives": [{"hex": dict(HEX_JSON[o.hex]), "side": o.side, "flags": 0,
                            "name": o.name, "held": False} for o in sc.objectives],
            "card": self.card, "mode": "tactic" if self.card and card_of(self.card).section is None
            else ("section" if self.card else None), "effect": self.effect,
            "orders_left": self.orders_left, "archie": self.archie,
            "casualties": dict(self.casualties),
            "hand": list(self.hands[side]) if side in SIDES else None,
            "hand_counts": {s: len(self.hands[s]) for s in SIDES},
            "deck_counts": {s: deck for s in SIDES},
            "discards": {s: list(self.discards) for s in SIDES},
            "captured": {s: list(self.captured[s]) for s in SIDES},
            "flags": {s: self.flags(s) for s in SIDES},
            "flags_needed": {s: self.flags_needed(s) for s in SIDES},
            "capacity": {s: self.capacity(s) for s in SIDES},
            "last_card": dict(self.last_card),
            "unsupplied": sorted(self.unsupplied),
            "outcome": self.outcome,
        }


Handler = Callable[[StandardGame, dict], None]

#: The handler of each action type (the action is one of the legal ones).
HANDLERS: dict[str, Handler] = {
    "play_card": turn.do_play_card, "discard_card": turn.do_discard_card,
    "order": turn.do_order, "order_general": turn.do_order_general,
    "confirm_orders": turn.do_confirm_orders, "move": turn.do_move,
    "move_general": turn.do_move_general, "end_movement": turn.do_end_movement,
    "attack": battle.do_attack, "shoot_general": battle.do_shoot_general,
    "end_turn": turn.do_end_turn, "retreat": battle.do_retreat, "evade": battle.do_evade,
    "stand": battle.do_stand, "battle_back": battle.do_battle_back,
    "decline": battle.do_decline, "breakthrough": battle.do_breakthrough,
    "hold_ground": battle.do_hold_ground,
}
#: Legal actions of each phase.
_LEGAL: dict[str, Callable[[StandardGame], list[dict]]] = {
    "play_card": turn.card_actions, "order": turn.order_actions, "move": turn.move_actions,
    "battle": battle.battle_actions, "retreat": battle.retreat_actions,
    "evade": battle.evade_actions, "battle_back": battle.battle_back_actions,
    "breakthrough": battle.breakthrough_actions,
}
#: Pending steps the engine carries out by itself.
AUTOMATIC: dict[str, Callable[[StandardGame, dict], None]] = {
    "after_melee": battle.auto_after_melee, "general_escape": battle.auto_general_escape,
    "general_lost": battle.auto_general_lost,
}
assert set(HANDLERS) == {k for kinds in STEPS.values() for k in kinds}
assert set(_LEGAL) == set(STEPS)


def hex_of(h) -> int:
    """A hex index from JSON ({"col", "row"}), an index or a (col, row) pair."""
    try:
        return _index(h)
    except (KeyError, TypeError, ValueError):
        raise IllegalAction(f"{h!r} is not a hex on the board.") from None


def _index(h) -> int:
    if isinstance(h, dict):
        col, row = h["col"], h["row"]
        if type(col) is not int or type(row) is not int:
            raise TypeError(h)
        return INDEX[Hex(col, row)]
    if isinstance(h, int) and not isinstance(h, bool):
        if 0 <= h < N_HEXES:
            return h
        raise KeyError(h)
    return INDEX[Hex(*h)]


def _matches(legal: dict, action: dict) -> bool:
    return all(k in action and action[k] == v for k, v in legal.items())


def _clone(x):
    if isinstance(x, dict):
        return {k: _clone(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_clone(v) for v in x]
    return x


def _wrong_step(kind: str, phase: str) -> str:
    if phase in DECISIONS:
        return f"Waiting for a decision first: {phase.replace('_', ' ')}."
    names = {"play_card": "play a command card", "order": "order units",
             "move": "move ordered units", "battle": "battle"}
    return f"You can't do that now: it is time to {names.get(phase, phase)}."


def _refusal(kind: str) -> str:
    return {
        "play_card": "That card cannot be played that way now.",
        "discard_card": "You may discard only a card you hold, and only when none can be played.",
        "order": "That unit cannot be ordered by this card.",
        "order_general": "That general cannot be ordered by this card.",
        "move": "That unit cannot move there.",
        "move_general": "That general cannot move there.",
        "attack": "That unit cannot battle that hex now.",
        "shoot_general": "That unit cannot fire at that general.",
        "retreat": "The unit cannot retreat there.",
        "evade": "The unit cannot evade to that hex.",
    }.get(kind, "That is not allowed now.")


__all__ = ["StandardGame", "HEXES"]
