"""The declared state of a game of Battle Cry: every attribute a game holds, typed and
grouped, in one place.  Rules modules (:mod:`turn`, :mod:`battle`, :mod:`tactics`) read
and change these attributes; nothing else is ever set on a game.

What is saved (:meth:`Game.to_dict`) is the first groups; the tables derived from the
scenario and the working fields are rebuilt or emptied on load and on copy.
"""
from __future__ import annotations

from typing import Any, TypedDict

from .pieces import General, Unit
from .scenario import Scenario


class Effects(TypedDict):
    """What the card in play allows this turn, per unit (reset at each turn)."""

    no_move: list[str]              # ordered units that may battle but not move
    bonus: dict[str, int]           # extra dice
    extra_battles: dict[str, int]   # Bombard: battles left after the first
    allowance: dict[str, int]       # hexes a unit may move instead of its own
    forced: list[str]               # Forced March: may move 2 and battle
    hit_and_run: list[str]          # Hit and Run: may move again after battling
    second_moved: list[str]         # Hit and Run: made its second move
    leadership: bool
    draw_two: bool                  # Scout, Recon in Force: draw 2, keep 1
    fight_back: str | None          # the side that played Fight Back (draws first)
    sharpshooter: list[str]


def new_effects() -> Effects:
    return {"no_move": [], "bonus": {}, "extra_battles": {}, "allowance": {}, "forced": [],
            "hit_and_run": [], "second_moved": [], "leadership": False, "draw_two": False,
            "fight_back": None, "sharpshooter": []}


#: A decision waiting to be taken (or carried out by the engine): ``do`` names it,
#: ``side`` the side that takes it; the other keys depend on ``do``.
Pending = dict[str, Any]


class State:
    """All the fields of a game.  :class:`~games.engine.battlecry.advanced.game.Game` adds the rules."""

    __slots__ = (
        "scenario", "ruleset", "options", "seed", "rng",
        "turn", "active", "step", "outcome", "card", "mode", "effect", "order_rule",
        "orders_left", "ordered", "moved", "locked", "gen_moved", "attacked", "fx",
        "units", "generals", "obstacles", "fieldworks_built",
        "hands", "decks", "discards", "last_card", "returned_extras",
        "captured", "temp_flags", "casualties", "reinforced",
        "pending", "prebattle",
        "positions", "terrain", "blocks", "impassable", "stops", "special_dice",
        "no_attack_hexes", "extra_defence", "flag_ignore_hexes", "sabre_rerolls",
        "initial_generals",
        "unit_at", "general_at", "cache", "_events", "_script_rolls", "_script_draws",
        "setup_events", "_token",
    )

    # -- the game and its chance --------------------------------------------------------
    scenario: Scenario
    ruleset: str
    options: dict[str, Any]         # checked against the ruleset's schema
    seed: int
    rng: int                        # the random stream's whole state (core.chance)

    # -- the turn -----------------------------------------------------------------------
    turn: int
    active: str                     # the side whose turn it is
    step: str                       # play_card, order, move, battle, move_again
    outcome: dict[str, Any] | None
    card: str | None                # the card played this turn (copy id)
    mode: str | None                # section, tactic or skirmish
    effect: str | None              # the card whose effect applies (Counter-Attack copies)
    order_rule: dict[str, Any] | None   # which units the card may still order
    orders_left: int
    ordered: list[str]
    moved: dict[str, int]           # unit id -> hexes moved this turn
    locked: set[str]                # units that may not move again this turn
    gen_moved: set[str]
    attacked: set[str]
    fx: Effects

    # -- pieces -------------------------------------------------------------------------
    units: dict[str, Unit]
    generals: dict[str, General]
    obstacles: list[dict[str, str] | None]   # per hex: hexside -> obstacle kind
    fieldworks_built: int

    # -- cards --------------------------------------------------------------------------
    hands: dict[str, list[str]]
    decks: dict[str, list[str]]     # the top of a deck is its last card
    discards: dict[str, list[str]]
    last_card: dict[str, str | None]    # for Counter-Attack
    returned_extras: dict[str, list[str]]   # extras reshuffled into a side's deck (public)

    # -- score --------------------------------------------------------------------------
    captured: dict[str, list[dict[str, Any]]]   # the victory stand: pieces taken
    temp_flags: dict[str, int]
    casualties: dict[str, int]      # figures a side eliminated (Nightfall's tie-break)
    reinforced: dict[str, list[str]]    # unit kinds called up

    # -- decisions ----------------------------------------------------------------------
    pending: list[Pending]          # the first is decided now
    prebattle: dict[str, Any]       # campaign pre-battle dice bookkeeping (prebattle.py)

    # -- tables derived from the scenario (rebuilt on load) -------------------------------
    positions: dict[str, str]
    terrain: list[str | None]
    blocks: list[bool]
    impassable: list[bool]
    stops: list[bool]
    special_dice: dict[str, tuple[int, ...]]
    no_attack_hexes: set[int]
    extra_defence: dict[int, int]
    flag_ignore_hexes: dict[tuple[int, str | None], int]
    sabre_rerolls: set[str]
    initial_generals: dict[str, int]

    # -- working fields (not saved) -------------------------------------------------------
    unit_at: list[str | None]       # per hex: the unit on it
    general_at: list[str | None]
    cache: dict[Any, Any]           # answers that hold while no piece moves (movement.py)
    _events: list[dict[str, Any]] | None     # None on the search path: none are built
    _script_rolls: list[Any]
    _script_draws: list[str]
    setup_events: list[dict[str, Any]]
    _token: object                   # owns the pieces this game may change in place
