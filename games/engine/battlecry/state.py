"""The declared state of a game of Battle Cry: every field a game holds, typed, in groups.

A game (:class:`State`) holds a few fields of its own (the scenario, the ruleset and its
options, the random stream, the outcome) and one object per group:

- :class:`Pieces` (``game.pieces``): units, generals and what stands on the board;
- :class:`Cards` (``game.cards``): hands, decks and discard piles;
- :class:`Turn` (``game.current``): the turn in progress, its card and its orders;
- :class:`Effects` (``game.fx``): what the card in play allows this turn;
- :class:`Score` (``game.score``): the victory stands and what the end needs;
- :class:`Decisions` (``game.decisions``): decisions waiting to be taken;
- :class:`Field` (``game.field``): tables derived once from the scenario (never changed
  in play, so copies of a game share them).

Rules modules read and change these fields; nothing else is ever set on a game.  The saved
form (:meth:`Game.to_dict`) is flat and unchanged by the grouping: saved games load as
they always did.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .hexgrid import HexBoard
from .pieces import General, Unit
from .scenario import Scenario

#: A decision waiting to be taken (or carried out by the engine): ``do`` names it,
#: ``side`` the side that takes it; the other keys depend on ``do``.
Pending = dict[str, Any]


@dataclass(slots=True)
class Pieces:
    """What stands on the board."""

    units: dict[str, Unit]
    generals: dict[str, General]
    obstacles: list[dict[str, str] | None]   # per hex: hexside -> obstacle kind
    fieldworks_built: int
    unit_at: list[str | None]                # per hex: the unit on it (rebuilt on load)
    general_at: list[str | None]             # per hex: the general on it (rebuilt on load)


@dataclass(slots=True)
class Cards:
    """The command cards of both sides."""

    hands: dict[str, list[str]]
    decks: dict[str, list[str]]              # the top of a deck is its last card
    discards: dict[str, list[str]]
    last_card: dict[str, str | None]         # for Counter-Attack
    returned_extras: dict[str, list[str]]    # extras reshuffled into a side's deck (public)

    def copy(self) -> Cards:
        return Cards(_pair(self.hands), _pair(self.decks), _pair(self.discards),
                     dict(self.last_card), _pair(self.returned_extras))


@dataclass(slots=True)
class Turn:
    """The turn in progress: whose it is, its step, its card and what was ordered."""

    number: int
    active: str                              # the side whose turn it is
    step: str                                # play_card, order, move, battle, move_again
    card: str | None = None                  # the card played this turn (copy id)
    mode: str | None = None                  # section, tactic or skirmish
    effect: str | None = None                # the card whose effect applies (Counter-Attack copies)
    order_rule: dict[str, Any] | None = None     # which units the card may still order
    orders_left: int = 0
    ordered: list[str] = field(default_factory=list)
    moved: dict[str, int] = field(default_factory=dict)   # unit id -> hexes moved this turn
    locked: set[str] = field(default_factory=set)         # units that may not move again
    gen_moved: set[str] = field(default_factory=set)
    attacked: set[str] = field(default_factory=set)

    def copy(self) -> Turn:
        rule = self.order_rule
        return Turn(self.number, self.active, self.step, self.card, self.mode, self.effect,
                    _clone(rule) if rule else rule, self.orders_left, self.ordered[:],
                    self.moved.copy(), self.locked.copy(), self.gen_moved.copy(),
                    self.attacked.copy())


@dataclass(slots=True)
class Effects:
    """What the card in play allows this turn, per unit (new at each turn)."""

    no_move: list[str] = field(default_factory=list)        # ordered units that may battle but not move
    bonus: dict[str, int] = field(default_factory=dict)     # extra dice
    extra_battles: dict[str, int] = field(default_factory=dict)   # Bombard: battles after the first
    allowance: dict[str, int] = field(default_factory=dict)  # hexes a unit may move instead of its own
    forced: list[str] = field(default_factory=list)         # Forced March: may move 2 and battle
    hit_and_run: list[str] = field(default_factory=list)    # Hit and Run: may move again after battling
    second_moved: list[str] = field(default_factory=list)   # Hit and Run: made its second move
    leadership: bool = False
    draw_two: bool = False                   # Scout, Recon in Force: draw 2, keep 1
    fight_back: str | None = None            # the side that played Fight Back (draws first)
    sharpshooter: list[str] = field(default_factory=list)
    moved_closer: list[str] = field(default_factory=list)   # house rule: may not rally (L65)
    breakthrough: dict[str, int] = field(default_factory=dict)   # house rule: broke through (L37)
    fire_support: list[str] = field(default_factory=list)   # house rule: gave its fire support (L53)

    def copy(self) -> Effects:
        return Effects(self.no_move[:], self.bonus.copy(), self.extra_battles.copy(),
                       self.allowance.copy(), self.forced[:], self.hit_and_run[:],
                       self.second_moved[:], self.leadership, self.draw_two, self.fight_back,
                       self.sharpshooter[:], self.moved_closer[:], self.breakthrough.copy(),
                       self.fire_support[:])

    def to_dict(self) -> dict[str, Any]:
        out = {"no_move": self.no_move[:], "bonus": dict(self.bonus),
               "extra_battles": dict(self.extra_battles), "allowance": dict(self.allowance),
               "forced": self.forced[:], "hit_and_run": self.hit_and_run[:],
               "second_moved": self.second_moved[:], "leadership": self.leadership,
               "draw_two": self.draw_two, "fight_back": self.fight_back,
               "sharpshooter": self.sharpshooter[:]}
        if self.moved_closer:           # saved only when set: older saves read as before
            out["moved_closer"] = self.moved_closer[:]
        if self.breakthrough:
            out["breakthrough"] = dict(self.breakthrough)
        if self.fire_support:
            out["fire_support"] = self.fire_support[:]
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Effects:
        return cls(list(d["no_move"]), dict(d["bonus"]), dict(d["extra_battles"]),
                   dict(d["allowance"]), list(d["forced"]), list(d["hit_and_run"]),
                   list(d["second_moved"]), bool(d["leadership"]), bool(d["draw_two"]),
                   d["fight_back"], list(d["sharpshooter"]), list(d.get("moved_closer", ())),
                   dict(d.get("breakthrough", {})), list(d.get("fire_support", ())))


@dataclass(slots=True)
class Score:
    """The victory stands and the counts the end of a game reads."""

    captured: dict[str, list[dict[str, Any]]]    # the victory stand: pieces taken
    temp_flags: dict[str, int]
    casualties: dict[str, int]               # figures a side eliminated (Nightfall's tie-break)
    reinforced: dict[str, list[str]]         # unit kinds called up
    #: hex -> side of its flag token, under the house rule of terrain victory points
    terrain_flags: dict[int, str] = field(default_factory=dict)

    def copy(self) -> Score:
        return Score(_pair(self.captured), dict(self.temp_flags), dict(self.casualties),
                     _pair(self.reinforced), dict(self.terrain_flags))


@dataclass(slots=True)
class Decisions:
    """Decisions waiting to be taken, and the campaign's pre-battle bookkeeping."""

    pending: list[Pending]                   # the first is decided now
    prebattle: dict[str, Any]                # campaign pre-battle dice (advanced/prebattle.py)

    def copy(self) -> Decisions:
        return Decisions(_clone(self.pending) if self.pending else [],
                         _clone(self.prebattle) if self.prebattle else {})


@dataclass(slots=True)
class Field:
    """Tables fixed for the whole game, derived from the scenario and its special rules."""

    positions: dict[str, str]
    terrain: list[str | None]
    blocks: list[bool]
    impassable: list[bool]
    closed: list[bool]                       # impassable by a scenario rule, not by terrain
    stops: list[bool]
    special_dice: dict[str, tuple[int, ...]]
    no_attack_hexes: set[int]
    extra_defence: dict[int, int]
    flag_ignore_hexes: dict[tuple[int, str | None], int]
    sabre_rerolls: set[str]
    initial_generals: dict[str, int]
    house_ground: Any = None                 # the house terrain rules' tables (advanced/house_ground.py)


class State:
    """All the fields of a game.  :class:`~games.engine.battlecry.advanced.game.Game` adds the rules."""

    __slots__ = (
        "scenario", "board", "ruleset", "options", "seed", "rng", "outcome",
        "pieces", "cards", "current", "fx", "score", "decisions", "field",
        "cache", "_events", "_script_rolls", "_script_draws", "setup_events", "_token",
    )

    # -- the game and its chance --------------------------------------------------------
    scenario: Scenario
    board: HexBoard                 # the board's shape and tables, shared by every game on it
    ruleset: str
    options: dict[str, Any]         # checked against the ruleset's schema
    seed: int
    rng: int                        # the random stream's whole state (core.chance)
    outcome: dict[str, Any] | None

    # -- the groups ---------------------------------------------------------------------
    pieces: Pieces
    cards: Cards
    current: Turn
    fx: Effects
    score: Score
    decisions: Decisions
    field: Field

    # -- working fields (not saved) -------------------------------------------------------
    cache: dict[Any, Any]           # answers that hold while no piece moves (contact.py, movement.py)
    _events: list[dict[str, Any]] | None     # None on the search path: none are built
    _script_rolls: list[Any]
    _script_draws: list[str]
    setup_events: list[dict[str, Any]]
    _token: object                   # owns the pieces this game may change in place


def _pair(per_side: dict[str, list]) -> dict[str, list]:
    """A copy of a per-side dict of lists (the two sides written out: faster than a loop)."""
    return {"union": per_side["union"][:], "confederate": per_side["confederate"][:]}


def _clone(x):
    """A deep copy of JSON-like data (dicts, lists, scalars), faster than copy.deepcopy."""
    if isinstance(x, dict):
        return {k: _clone(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_clone(v) for v in x]
    return x
