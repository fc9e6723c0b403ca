"""The state of a game under the standard rules (seed 004), and the operations the facade
:class:`games.engine.Game` calls on it.

The rules themselves are functions in :mod:`.turn` (cards, orders, movement, the end
of a turn) and :mod:`.battle` (attacks, morale, retreats, battle-back, breakthrough,
evasion), reached through the explicit tables :data:`HANDLERS` and :data:`AUTOMATIC`.
Board, pieces, dice faces, sight lines and the retreat procedure are the engine's
shared modules.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import dice as _dice
from ...core.chance import derive_seed, next_random, shuffled
from ...core.errors import IllegalAction
from ...core.seats import SeatSpec, one_deciding, one_seat_per_side
from ...core.state import check_result
from ..hexgrid import HexBoard
from ..pieces import General, Unit
from ..scenario import Scenario, load_scenario
from ..state import Field, Pieces
from ..units import GENERAL_MOVE, SIDES, other
from . import battle, grand, hand, prebattle, turn
from .cards import card_of, deck_ids
from .terrain import blocks_sight, impassable, stops

_ONE_SEAT_PER_SIDE = one_seat_per_side(SIDES)

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
    **prebattle.STEPS,
}
DECISIONS = ("retreat", "evade", "battle_back", "breakthrough", *prebattle.PHASES)
#: Grand Battle Cry's steps beside the others (docs/rulings.md G1-G10).
GRAND_STEPS: dict[str, tuple[str, ...]] = {**STEPS, **grand.STEPS}
#: Every phase a game can be in.
PHASES = (*STEPS, *grand.STEPS, "over")


@dataclass(slots=True)
class Turn:
    """The turn in progress under the standard rules (``game.current``)."""

    number: int
    active: str                     # the side whose turn it is
    step: str = "play_card"         # play_card, order, move, battle
    card: str | None = None         # copy id played this turn
    effect: str | None = None       # key of the card whose effect applies (Counter-Attack)
    orders_left: int = 0            # orders the card still gives (chosen pieces)
    order_sections: list[str] = field(default_factory=list)   # Coordinated Attack: still open
    eligible: list[str] = field(default_factory=list)   # ids the card may order
    ordered: list[str] = field(default_factory=list)
    gen_ordered: list[str] = field(default_factory=list)
    moved: dict[str, int] = field(default_factory=dict)   # unit id -> hexes moved this turn
    gen_moved: list[str] = field(default_factory=list)
    battles_left: dict[str, int] = field(default_factory=dict)
    bonus: dict[str, int] = field(default_factory=dict)   # breakthrough: an extra die
    melee_only: list[str] = field(default_factory=list)   # breakthrough: the next battle melees
    no_battle: list[str] = field(default_factory=list)    # Force March
    hit_and_run: bool = False
    breakthrough_used: bool = False

    def copy(self) -> Turn:
        return Turn(self.number, self.active, self.step, self.card, self.effect, self.orders_left,
                    self.order_sections[:], self.eligible[:], self.ordered[:], self.gen_ordered[:],
                    dict(self.moved), self.gen_moved[:], dict(self.battles_left), dict(self.bonus),
                    self.melee_only[:], self.no_battle[:], self.hit_and_run, self.breakthrough_used)


#: The turn's fields as saved (flat, beside the others); "turn" is its number.
_TURN_SAVED = tuple(f for f in Turn.__dataclass_fields__ if f != "number")


class StandardGame:
    """One game under the standard rules: its fields, in groups, and the facade's operations.

    The board, the pieces (:class:`~games.engine.battlecry.state.Pieces`) and the tables
    derived from the scenario (:class:`~games.engine.battlecry.state.Field`) are the groups
    every Battle Cry ruleset shares; the turn (:class:`Turn`), the one deck and the morale
    markers are this ruleset's own.
    """

    __slots__ = (
        "scenario", "board", "ruleset", "options", "seed", "rng", "outcome",
        "current", "pieces", "field",
        "status", "unsupplied", "reinforced",
        "hands", "deck", "discards", "last_card", "captured", "casualties",
        "pending", "prebattle", "landmarks", "cache", "events", "script_rolls", "setup_events", "token",
        "team",
    )
    scenario: Scenario
    board: HexBoard                 # the scenario's board, its tables shared by every game on it
    ruleset: str
    options: dict[str, Any]
    seed: int
    rng: int
    outcome: dict[str, Any] | None
    current: Turn
    pieces: Pieces
    field: Field                    # never changed in play: copies share it
    status: dict[str, str]          # unit id -> spent | routed
    unsupplied: dict[str, int]      # unit id -> last turn it may not be ordered
    reinforced: dict[str, list[str]]
    hands: dict[str, list[str]]
    deck: list[str]                 # one deck for both sides; its top is its last card
    discards: list[str]
    last_card: dict[str, str | None]   # effect key each side played last (Counter-Attack)
    captured: dict[str, list[dict[str, Any]]]
    casualties: dict[str, int]      # figures each side eliminated (the match's tie-break)
    pending: list[dict[str, Any]]
    prebattle: dict[str, Any]       # campaign pre-battle dice (prebattle.py), else empty
    landmarks: frozenset[int]       # objective hexes (+1 morale)
    cache: dict[Any, Any]           # answers that hold while no piece moves (contact.py)
    events: list[dict[str, Any]] | None
    script_rolls: list[Any]
    setup_events: list[dict[str, Any]]
    token: object                   # owns the pieces this game may change in place
    team: grand.Grand | None        # Grand Battle Cry's turn (None in a two-player game)

    # -- creation ------------------------------------------------------------------------
    @classmethod
    def setup(cls, scenario: Scenario, ruleset: str, options: dict, seed: int) -> StandardGame:
        g = cls()
        g.token = object()
        g.scenario, g.ruleset, g.options = scenario, ruleset, options
        g.board = scenario.board
        g.seed = g.rng = seed
        g.outcome = None
        g.current = Turn(1, scenario.first_side)
        g.team = None
        units = {s.id: Unit(s.id, s.side, s.kind, s.figures, s.hex, s.green, s.fresh,
                            s.horse, s.special) for s in scenario.units}
        generals = {s.id: General(s.id, s.side, s.hex, s.name) for s in scenario.generals}
        g.pieces = _pieces(g.board, units, generals, [dict(o) if o else None for o in scenario.obstacles])
        g.status, g.unsupplied = {}, {}
        g.reinforced = {s: [] for s in SIDES}
        g.hands = {s: [] for s in SIDES}
        g.discards = []
        g.last_card = {s: None for s in SIDES}
        g.captured = {s: [] for s in SIDES}
        g.casualties = {s: 0 for s in SIDES}
        g.pending, g.prebattle = [], {}
        g.derive()
        g.events, g.script_rolls = [], []
        g.deck = deck_ids()
        g.shuffle(g.deck)
        g.event({"type": "deck_built", "cards": len(g.deck), "secret": {"order": list(g.deck)}})
        if prebattle.wanted(g):
            prebattle.begin(g)          # the deal waits for the campaign's pre-battle dice
        else:
            for side in (scenario.first_side, other(scenario.first_side)):
                hand.draw(g, side, scenario.cards[side])
        if options.get("team_mode") == "grand":
            g.team = grand.Grand()
            g.current.step = "command"
        g.setup_events, g.events = g.events, []
        return g

    def reset_turn(self) -> None:
        """A fresh turn of the same number and side (the rules then move it on)."""
        self.current = Turn(self.current.number, self.current.active)

    def derive(self) -> None:
        """The tables fixed for the whole game, from the scenario (ruling S5)."""
        sc = self.scenario
        terrain = list(sc.terrain)
        self.field = Field(
            positions=dict(sc.positions), terrain=terrain,
            blocks=[blocks_sight(t) for t in terrain], impassable=[impassable(t) for t in terrain],
            stops=[stops(t) for t in terrain], closed=[False] * len(terrain),
            # the Advanced rules' scenario hooks: none apply under the standard rules (S12)
            special_dice={}, no_attack_hexes=set(), extra_defence={}, flag_ignore_hexes={},
            sabre_rerolls=set(), initial_generals={})
        self.landmarks = frozenset(o.hex for o in sc.objectives)
        self.cache = {}

    # -- reading a game (the site, Archie and tests) --------------------------------------
    @property
    def turn(self) -> int:
        return self.current.number

    @property
    def active(self) -> str:
        return self.current.active

    @property
    def units(self) -> dict[str, Unit]:
        return self.pieces.units

    @property
    def generals(self) -> dict[str, General]:
        return self.pieces.generals

    # -- serialisation -------------------------------------------------------------------
    _SAVED = ("ruleset", "options", "seed", "rng", "outcome", "status", "unsupplied",
              "reinforced", "hands", "deck", "discards", "last_card", "captured", "casualties",
              "pending")

    def to_dict(self) -> dict:
        """The whole state, secrets included, as JSON-safe data (a fresh copy)."""
        out = {key: _clone(getattr(self, key)) for key in self._SAVED}
        if self.prebattle:
            out["prebattle"] = _clone(self.prebattle)
        out["turn"] = self.current.number
        out.update({key: _clone(getattr(self.current, key)) for key in _TURN_SAVED})
        out["scenario"] = _clone(self.scenario.data)
        out["units"] = [u.to_dict(self.board.hexes) for u in self.pieces.units.values()]
        out["generals"] = [g.to_dict(self.board.hexes) for g in self.pieces.generals.values()]
        out["obstacles"] = [dict(o) if o else None for o in self.pieces.obstacles]
        if self.team is not None:
            out["team"] = self.team.to_dict()
        return out

    @classmethod
    def from_dict(cls, d: dict, scenario: Scenario | None = None) -> StandardGame:
        g = cls()
        g.token = object()
        g.scenario = scenario or load_scenario(d["scenario"])
        g.board = g.scenario.board
        for key in cls._SAVED:
            setattr(g, key, _clone(d[key]))
        g.prebattle = _clone(d.get("prebattle") or {})
        g.current = Turn(d["turn"], **{key: _clone(d[key]) for key in _TURN_SAVED})
        g.pieces = _pieces(g.board, {u["id"]: Unit.from_dict(u, g.board.index_of) for u in d["units"]},
                           {x["id"]: General.from_dict(x, g.board.index_of) for x in d["generals"]},
                           [dict(o) if o else None for o in d["obstacles"]])
        g.team = grand.Grand.from_dict(d["team"]) if d.get("team") else None
        g.derive()
        g.events, g.script_rolls, g.setup_events = [], [], []
        return g

    def copy(self) -> StandardGame:
        """An independent copy (shares the scenario, the fixed tables, what is never changed
        in place: card ids, captured records, the options; and the pieces until either game
        changes one: copy on write, see :meth:`writable_unit`)."""
        g = StandardGame.__new__(StandardGame)
        self.token = object()           # neither game owns the shared pieces any more
        g.token = object()
        g.scenario, g.board, g.field, g.landmarks = self.scenario, self.board, self.field, self.landmarks
        g.ruleset, g.options, g.seed, g.rng = self.ruleset, self.options, self.seed, self.rng
        g.outcome = self.outcome
        g.current = self.current.copy()
        p = self.pieces
        g.pieces = Pieces(p.units.copy(), p.generals.copy(), p.obstacles, 0,
                          p.unit_at[:], p.general_at[:])
        g.status, g.unsupplied = dict(self.status), dict(self.unsupplied)
        g.reinforced = {s: v[:] for s, v in self.reinforced.items()}
        g.hands = {s: v[:] for s, v in self.hands.items()}
        g.deck, g.discards = self.deck[:], self.discards[:]
        g.last_card = dict(self.last_card)
        g.captured = {s: v[:] for s, v in self.captured.items()}
        g.casualties = dict(self.casualties)
        g.pending = _clone(self.pending) if self.pending else []
        g.prebattle = _clone(self.prebattle) if self.prebattle else {}
        g.cache, g.events, g.script_rolls, g.setup_events = self.cache.copy(), [], [], []
        g.team = self.team.copy() if self.team is not None else None
        return g

    def writable_unit(self, u: Unit) -> Unit:
        """The unit u, safe to change in place: a unit this game shares with a copy is
        replaced by its own copy first (the rules change pieces only through this)."""
        if u.owner is not self.token:
            u = u.copy()
            u.owner = self.token
            self.pieces.units[u.id] = u
        return u

    def writable_general(self, gen: General) -> General:
        """The general gen, safe to change in place (see :meth:`writable_unit`)."""
        if gen.owner is not self.token:
            gen = gen.copy()
            gen.owner = self.token
            self.pieces.generals[gen.id] = gen
        return gen

    def determinize(self, seat: str, seed: int) -> StandardGame:
        """A game consistent with what ``side`` has seen: the other hand and the deck are
        re-dealt from exactly those cards, and the random stream is fresh."""
        side = seat           # one seat per side, named after it
        if self.team is not None and side not in SIDES:
            return grand.determinize(self, seat, seed)
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
        _dice.shuffle(self.rand, items)

    def roll(self, n: int) -> list[str]:
        return _dice.roll(self.rand, n, self.script_rolls)

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
        return self.current.step

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        """One seat per side, named after it; Grand Battle Cry's seats otherwise."""
        return grand.seat_specs() if self.team is not None else _ONE_SEAT_PER_SIDE

    @property
    def deciding(self) -> str | None:
        """The seat whose decision it is: the active side's own seat (Grand Battle Cry: the
        seat its turn order names, docs/rulings.md G3)."""
        if self.team is not None:
            return grand.deciding(self)
        return self.active_side

    @property
    def deciding_seats(self) -> tuple[str, ...]:
        """The deciding seat; in Grand Battle Cry's move step every Field General still
        moving (ruling G11)."""
        if self.team is not None:
            return grand.deciding_seats(self)
        return one_deciding(self.deciding)

    def led_by(self, seat: str) -> StandardGame:
        """A copy for a search on behalf of ``seat``, one of the seats moving at once, in
        which he is the one deciding first; the game itself unchanged."""
        g = self.copy()
        if g.team is not None and seat in g.deciding_seats:
            g.team.lead = seat
        return g

    def hand_owner(self, side: str) -> str:
        """The seat holding ``side``'s hand: its own seat, or its Commander-in-Chief."""
        return grand.commander_seat(side) if self.team is not None else side

    @property
    def active_side(self) -> str | None:
        if self.outcome:
            return None
        return self.pending[0]["side"] if self.pending else self.current.active

    @property
    def archie(self) -> str | None:
        return self.options.get("archie")

    # -- the facade's operations -----------------------------------------------------------
    def legal_actions(self, seat: str | None = None) -> list[dict]:
        if self.outcome:
            return []
        if self.team is not None:
            return grand.legal_actions(self, self._base_actions(), seat)
        if seat is not None and seat != self.deciding:
            return []
        return _LEGAL[self.phase](self)

    def _candidates(self, action: dict) -> Iterator[dict]:
        """The actions ``apply`` may match ``action`` with: the deciding seat's; in Grand
        Battle Cry while several seats act at once, first those of the seat the action is
        for (the one it names, or its piece's), then the first seat's in the engine's own form
        (an end of movement naming none ends his, as saved games recorded it)."""
        if self.team is None:
            yield from self.legal_actions()
            return
        base = self._base_actions()
        if len(grand.deciding_seats(self)) > 1:
            seat = grand.actor_of(self, action)
            if seat is not None:
                yield from grand.legal_actions(self, base, seat)
            if "seat" in action:
                return
        yield from grand.legal_actions(self, base)

    def _base_actions(self) -> list[dict]:
        """Grand Battle Cry: the base rules' actions of the step it carries on (none in a
        step of its own)."""
        phase = self.phase
        own = phase in grand.STEPS or phase == "play_card"
        return [] if own else _LEGAL[phase](self)

    def apply(self, action: dict, rolls: list | None = None, draws: list | None = None) -> list:
        """Check and carry out one action (it must be one of :meth:`legal_actions`, keys
        beyond the action's own being ignored); return its events."""
        if self.outcome:
            raise IllegalAction("The game is over.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("An action needs a type.")
        phase = self.phase
        team = self.team is not None
        if action["type"] not in (GRAND_STEPS if team else STEPS).get(phase, ()):
            raise IllegalAction(_wrong_step(action["type"], phase))
        chosen = next((a for a in self._candidates(action) if _matches(a, action)), None)
        if chosen is None:
            raise IllegalAction((grand.refusal(self, action) if team else None)
                                or _refusal(action["type"]))
        self.events = []
        self.script_rolls = list(rolls or [])
        (GRAND_HANDLERS if team else HANDLERS)[chosen["type"]](self, chosen)
        self.settle()
        events, self.events = self.events, []
        return events

    def apply_unchecked(self, action: dict) -> None:
        self.events = None
        self.script_rolls = []
        try:
            (GRAND_HANDLERS if self.team is not None else HANDLERS)[action["type"]](self, action)
            self.settle()
        finally:
            self.events = []

    def sample_action(self, rng) -> dict:
        """One of :meth:`legal_actions`, drawn uniformly with ``rng`` (a ``random.Random``);
        in the move step without listing every move."""
        if self.outcome:
            raise IllegalAction("The game is over.")
        if self.phase == "move" and self.team is None:
            return self._sample_move(rng)
        return rng.choice(self.legal_actions())

    def _sample_move(self, rng) -> dict:
        """Rejection sampling: each piece that may move has one slot per hex within its
        reach and "end movement" has one; a slot that is not a legal move is drawn again.
        Every legal action has exactly one slot, so the draw is uniform."""
        pieces: list[tuple[str, bool, int, int]] = []      # id, is a unit, hex, slots
        total = 0
        for uid in self.current.ordered:
            if turn.unit_may_move(self, uid):
                u = self.pieces.units[uid]
                n = self.board.within[u.hex][turn.allowance(self, u)]
                pieces.append((uid, True, u.hex, n))
                total += n
        for gid in self.current.gen_ordered:
            if gid in self.pieces.generals and gid not in self.current.gen_moved:
                h = self.pieces.generals[gid].hex
                n = self.board.within[h][GENERAL_MOVE]
                pieces.append((gid, False, h, n))
                total += n
        while True:
            i = rng.randrange(total + 1)
            if i == total:
                return {"type": "end_movement"}
            for pid, is_unit, h, n in pieces:
                if i < n:
                    break
                i -= n
            to = self.board.around[h][i]
            if is_unit:
                if to in turn.unit_destinations(self, self.pieces.units[pid]):
                    return {"type": "move", "unit": pid, "to": self.board.hex_json[to]}
            elif to in turn.general_destinations(self, pid):
                return {"type": "move_general", "general": pid, "to": self.board.hex_json[to]}

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
        if self.team is not None:
            grand.advance(self)

    def award(self, winner: str | None, reason: str,
              flags: Mapping[str, int] | None = None) -> list[dict]:
        if self.outcome:
            raise IllegalAction("The game is over.")
        check_result(winner, reason, flags, SIDES)
        self.events = []
        self.finish(winner, reason, flags)
        events, self.events = self.events, []
        return events

    @property
    def markers(self) -> Mapping[str, str]:
        """Morale markers on units by unit id (spent, routed), as every side sees them."""
        return self.status

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
        for side in (self.current.active, other(self.current.active)):
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

    def hex_of(self, h) -> int:
        """A hex index of this game's board from JSON ({"col", "row"}), an index or a (col,
        row) pair."""
        try:
            return self.board.index_of(h)
        except (KeyError, TypeError, ValueError):
            raise IllegalAction(f"{h!r} is not a hex on the board.") from None

    def reachable(self, h) -> list[dict]:
        i = self.hex_of(h)
        if self.phase != "move":
            return []
        uid, gid = self.pieces.unit_at[i], self.pieces.general_at[i]
        out = [a["to"] for a in self.legal_actions()
               if (a["type"] == "move" and a["unit"] == uid)
               or (uid is None and a["type"] == "move_general" and a["general"] == gid)]
        return [dict(x) for x in out]

    def attack_preview(self, from_hex, to_hex) -> dict:
        a, b = self.hex_of(from_hex), self.hex_of(to_hex)
        uid = self.pieces.unit_at[a]
        if uid is None:
            return {"dice": 0, "distance": None, "los": False, "allowed": False,
                    "modifiers": [], "melee": False, "reason": "No unit there."}
        return battle.preview(self, self.pieces.units[uid], b)

    # -- what a side may see -----------------------------------------------------------------
    def view(self, side: str | None) -> dict:
        """The state as ``side`` may see it: never the other hand, the deck's order, the
        seed or the random state."""
        if self.team is not None:
            deciding = self.deciding
            detail = self.active_side if side is not None and side == deciding else None
            out = self._view(side, grand.seat_hand(self, side), detail)
            out["deciding"] = deciding
            out["team"] = grand.public(self, side)
            return out
        return self._view(side, list(self.hands[side]) if side in SIDES else None, side)

    def _view(self, side: str | None, held: list[str] | None, detail: str | None) -> dict:
        sc = self.scenario
        decision = None
        if self.pending and self.pending[0].get("ready"):
            item = self.pending[0]
            decision = {"kind": item["do"], "side": item["side"]}
            if detail == item["side"]:
                for key in ("unit", "general", "steps", "attacker"):
                    if key in item:
                        decision[key] = item[key]
                if "target" in item:             # evade: the unit attacked
                    decision["unit"] = item["target"]
                if "options" in item:
                    decision["options"] = [dict(self.board.hex_json[h]) for h in item["options"]]
        deck = len(self.deck)
        return {
            "scenario": {"slug": sc.slug, "name": sc.name, "board": sc.board.name},
            "ruleset": self.ruleset, "options": dict(self.options),
            "turn": self.current.number, "active": self.current.active, "phase": self.phase,
            "deciding": self.active_side, "decision": decision, "viewer": side,
            "positions": dict(self.field.positions),
            "terrain": [{"hex": dict(self.board.hex_json[i]), "kind": t} for i, t in enumerate(self.field.terrain) if t],
            "obstacles": [{"hex": dict(self.board.hex_json[i]), "sides": dict(o)}
                          for i, o in enumerate(self.pieces.obstacles) if o],
            "units": [{"id": u.id, "side": u.side, "kind": u.kind, "figures": u.figures,
                       "hex": dict(self.board.hex_json[u.hex]), "green": u.green, "fresh": u.fresh,
                       "horse": u.horse, "special": u.special, "ordered": u.id in self.current.ordered,
                       "moved": u.id in self.current.moved,
                       "attacked": u.id in self.current.ordered and self.current.battles_left.get(u.id, 1) == 0,
                       "status": self.status.get(u.id)}
                      for u in self.pieces.units.values()],
            "generals": [{"id": g.id, "side": g.side, "name": g.name, "hex": dict(self.board.hex_json[g.hex])}
                         for g in self.pieces.generals.values()],
            "objectives": [{"hex": dict(self.board.hex_json[o.hex]), "side": o.side, "flags": 0,
                            "name": o.name, "held": False} for o in sc.objectives],
            "card": self.current.card, "mode": "tactic" if self.current.card and card_of(self.current.card).section is None
            else ("section" if self.current.card else None), "effect": self.current.effect,
            "orders_left": self.current.orders_left, "archie": self.archie,
            "casualties": dict(self.casualties),
            "hand": held,
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
    **prebattle.HANDLERS,
}
#: Legal actions of each phase.
_LEGAL: dict[str, Callable[[StandardGame], list[dict]]] = {
    "play_card": turn.card_actions, "order": turn.order_actions, "move": turn.move_actions,
    "battle": battle.battle_actions, "retreat": battle.retreat_actions,
    "evade": battle.evade_actions, "battle_back": battle.battle_back_actions,
    "breakthrough": battle.breakthrough_actions,
    **{phase: prebattle.choices for phase in prebattle.PHASES},
}
#: Pending steps the engine carries out by itself.
AUTOMATIC: dict[str, Callable[[StandardGame, dict], None]] = {
    "after_melee": battle.auto_after_melee, "general_escape": battle.auto_general_escape,
    "general_lost": battle.auto_general_lost,
    **prebattle.AUTOMATIC,
}
assert set(HANDLERS) == {k for kinds in STEPS.values() for k in kinds}
#: Grand Battle Cry's handlers: its own, and the base ones it carries on.
GRAND_HANDLERS: dict[str, Handler] = {**HANDLERS, **grand.HANDLERS}
assert set(GRAND_HANDLERS) == {k for kinds in GRAND_STEPS.values() for k in kinds}
assert set(_LEGAL) == set(STEPS)


def _pieces(board: HexBoard, units: dict[str, Unit], generals: dict[str, General],
            obstacles: list[dict[str, str] | None]) -> Pieces:
    """The pieces group, with the per-hex tables of who stands where."""
    unit_at: list[str | None] = [None] * board.size
    general_at: list[str | None] = [None] * board.size
    for u in units.values():
        unit_at[u.hex] = u.id
    for gen in generals.values():
        general_at[gen.hex] = gen.id
    return Pieces(units, generals, obstacles, 0, unit_at, general_at)


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


__all__ = ["StandardGame"]
