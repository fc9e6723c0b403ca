"""How good a position is for one side: flags, figures, generals, morale markers, threats,
positions and objectives, in one number (positive is good for ``side``).

It reads only what both players see on the table: pieces, flags and the turn. Nothing here
looks at a hand, a deck or the random stream.
"""
from __future__ import annotations

import math
from operator import itemgetter

from collections.abc import Mapping

from games.engine import AdvancedGame as Game, other
from games.engine.battlecry.advanced.profiles import ARTILLERY_DICE, CAVALRY_DICE
from games.engine.core import get_ruleset

from .weights import TERMS, weights_for


def dice_table(game: Game) -> Mapping[str, tuple[int, ...]]:
    """The dice a unit rolls by distance (1, 2, ...), as the AI estimates them: the table
    the game's ruleset declares (``dice_by_range``), without terrain, sight or special
    units (the engine decides the real dice)."""
    table = get_ruleset(game.ruleset).dice_by_range      # type: ignore[attr-defined]
    options = getattr(game, "options", None) or {}
    profiled = {kind: dice for name, (kind, dice) in PROFILE_DICE.items() if options.get(name)}
    return {**table, **profiled} if profiled else table


#: The dice tables the house rules of the unit profiles put in place of the ruleset's
#: (docs/rulings.md H54, H55).
PROFILE_DICE = {"artillery_profile": ("artillery", ARTILLERY_DICE),
                "cavalry_profile": ("cavalry", CAVALRY_DICE)}
#: Figures of a full-strength unit.
FULL_FIGURES = {"infantry": 4, "cavalry": 3, "artillery": 3}
#: ... and under the house rules that give infantry six figures (firepower, six-figure
#: infantry; docs/rulings.md H52), where a unit of five has lost one.
SIX_FIGURE_INFANTRY = {**FULL_FIGURES, "infantry": 6}


def full_figures(game) -> Mapping[str, int]:
    options = getattr(game, "options", None) or {}
    six = options.get("icon_firepower") or options.get("six_figure_infantry")
    return SIX_FIGURE_INFANTRY if six else FULL_FIGURES



WIN = 10_000.0
#: The terms' weights are a table per ruleset (:mod:`.weights`); these two also set what a
#: general within the enemy's reach stands to lose (:func:`general_exposure`).
FLAG = 100.0          # the whole way to victory is worth this much
GENERAL = 8.0
#: The share of a unit's worth a marker takes away (the rulesets that mark units say which,
#: through ``game.markers``): a Spent unit is Routed by its next flag, without a check; a
#: Routed one falls back before it can act, and is Routed again by any flag.
#: A Shaken unit (house rule) stands idle for a turn and takes a flag more when hit.
MARKER_COST = {"spent": 0.3, "routed": 0.6, "shaken": 0.25}

#: How far from a general an enemy unit of this kind can strike him (or his unit) next turn:
#: its move and then a melee from the hex next to him (artillery does not move and fight).
GENERAL_REACH = {"infantry": 2, "cavalry": 4, "artillery": 1}
#: The share of a lost game put on the last general within the enemy's reach, where the
#: rules end the game with him: the enemy still needs a card that orders the unit.
LAST_GENERAL_STAKE = 0.25
#: The chance that one die of a melee kills a general: crossed sabres or the cavalry symbol,
#: whether he stands alone or his unit has just been destroyed (docs/rulings.md, 32).
GENERAL_KILL = 2 / 6

#: chance that one die hits a unit of this kind at range / in melee (crossed sabres hit too)
HIT = {"infantry": (2 / 6, 3 / 6), "cavalry": (1 / 6, 2 / 6), "artillery": (1 / 6, 2 / 6)}


def hit_chances(kind: str) -> tuple[float, float]:
    """:data:`HIT` for a unit of ``kind`` (a kind it does not list is hit as artillery)."""
    return HIT.get(kind, HIT["artillery"])


def unit_dice(game: Game, unit, distance: int) -> int:
    """Dice this unit would roll at ``distance`` (a table estimate: no sight, no terrain)."""
    table = dice_table(game).get(unit.kind, ())
    if distance < 1 or distance > len(table):
        return 0
    n = table[distance - 1]
    if unit.side == game.options.get("archie"):
        n += 1
    return n


def expected_hits(game: Game, attacker, target, distance: int) -> float:
    n = unit_dice(game, attacker, distance)
    if not n:
        return 0.0
    return n * hit_chances(target.kind)[1 if distance == 1 else 0]


def threat(game: Game, side: str) -> float:
    """The damage ``side`` could do next, as a share of a flag per enemy unit, summed
    (each pair as :func:`expected_hits` counts it, with each unit's dice looked up once)."""
    tables = dice_table(game)
    extra = 1 if side == game.options.get("archie") else 0
    mine = [(game.board.dist[u.hex], tables.get(u.kind, ())) for u in game.pieces.units.values()
            if u.side == side]
    total = 0.0
    for e in game.pieces.units.values():
        if e.side == side:
            continue
        hit = hit_chances(e.kind)
        where = e.hex
        best = 0.0
        for row, table in mine:
            d = row[where]
            if 1 <= d <= len(table) and d <= 4:
                n = table[d - 1] + extra
                if n:
                    h = n * hit[1 if d == 1 else 0]
                    if h > best:
                        best = h
        if best:
            total += min(1.0, best / e.figures)
    return total


def evaluate(game: Game, side: str) -> float:
    """The position's value for ``side`` (about +-100 per flag, +-10,000 for a result): the
    :func:`features` weighed by the weights in force for the game's ruleset."""
    out = game.outcome
    if out:
        w = out.get("winner")
        return 0.0 if w is None else (WIN if w == side else -WIN)
    weights = weights_for(game.ruleset)
    return sum(w * f for w, f in zip(weights, features(game, side)))


def features(game: Game, side: str) -> tuple[float, ...]:
    """The position's terms for ``side`` (each its own less the enemy's), in the order of
    :data:`.weights.TERMS`: the way to victory made (a share), full-strength figures and
    units (each less its morale marker's cost), generals, threats (a share of a flag, weighted
    by who strikes next), generals' exposure (points), closing (less hexes to the nearest
    enemy) and objectives (less hexes, times their flags)."""
    opp = other(side)
    flags = game.flags(side) / game.flags_needed(side) - game.flags(opp) / game.flags_needed(opp)
    markers = game.markers
    full = full_figures(game)
    figures = units = 0.0
    for u in game.pieces.units.values():
        keep = 1.0 - MARKER_COST.get(markers.get(u.id, ""), 0.0) if markers else 1.0
        sign = keep if u.side == side else -keep
        figures += sign * min(1.0, u.figures / full.get(u.kind, 4))
        units += sign
    generals = float(sum(1 if g.side == side else -1 for g in game.pieces.generals.values()))
    # who strikes next: before its battle the side to act values its own chances most
    acting = game.current.active == side and game.phase in ("play_card", "order", "move")
    w_attack, w_exposed = (1.0, 0.5) if acting else (0.4, 0.9)
    threats = 0.5 / max(1, game.flags_needed(side)) * (w_attack * threat(game, side)
                                                       - w_exposed * threat(game, opp))
    exposure = w_attack * general_exposure(game, opp) - w_exposed * general_exposure(game, side)
    closing_mine, objective_mine = _position(game, side)
    closing_theirs, objective_theirs = _position(game, opp)
    return (flags, figures, units, generals, threats, exposure,
            closing_mine - closing_theirs, objective_mine - objective_theirs)


assert len(TERMS) == 8      # the terms above, in that order


def general_exposure(game: Game, side: str) -> float:
    """What ``side`` stands to lose, in evaluation points, from its generals within the
    enemy's reach next turn. A lone general falls to a melee against him; a general with a
    unit falls when the unit is destroyed and the last attack's dice then kill him. Each is
    worth the flag the enemy gains, and where the ruleset says so the last one's loss ends
    the game."""
    generals = [g for g in game.pieces.generals.values() if g.side == side]
    if not generals:
        return 0.0
    opp = other(side)
    stake = FLAG / max(1, game.flags_needed(opp)) + GENERAL
    if len(generals) == 1 and get_ruleset(game.ruleset).victory.last_general_loses:
        stake = LAST_GENERAL_STAKE * WIN
    enemies = [u for u in game.pieces.units.values() if u.side == opp]
    total = 0.0
    for g in generals:
        row = game.board.dist[g.hex]
        dice = [unit_dice(game, u, 1) for u in enemies
                if row[u.hex] <= GENERAL_REACH.get(u.kind, 1)]
        if not dice:
            continue
        uid = game.pieces.unit_at[g.hex]
        if uid is None:
            total += stake * (1.0 - (1.0 - GENERAL_KILL) ** sum(dice))
        else:
            unit = game.pieces.units[uid]
            melee_hit = hit_chances(unit.kind)[1]
            destroyed = _at_least(unit.figures, sum(dice), melee_hit)
            total += stake * destroyed * (1.0 - (1.0 - GENERAL_KILL) ** max(dice))
    return total


def _at_least(k: int, n: int, p: float) -> float:
    """The chance of ``k`` or more hits from ``n`` dice that hit with chance ``p`` each."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(math.comb(n, i) * p ** i * (1.0 - p) ** (n - i) for i in range(k, n + 1))


def _position(game: Game, side: str) -> tuple[float, float]:
    """Minus the hexes from each of ``side``'s units to the nearest enemy, summed, and minus
    the hexes from its nearest unit to each objective it wants, times the objective's flags."""
    mine = [u for u in game.pieces.units.values() if u.side == side]
    enemy = [u.hex for u in game.pieces.units.values() if u.side != side]
    closing = objectives = 0.0
    if enemy:
        # picks the enemy hexes out of a row of distances (always a tuple: the first twice)
        pick = itemgetter(enemy[0], *enemy)
        for u in mine:
            closing -= min(pick(game.board.dist[u.hex]))
    for o in game.scenario.objectives:
        if o.side == side and mine:
            objectives -= o.flags * min([game.board.dist[u.hex][o.hex] for u in mine])
    return closing, objectives
