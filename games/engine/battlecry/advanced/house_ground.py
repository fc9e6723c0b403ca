"""Rick Barber's terrain rules (seed 002, L67-89; docs/rulings.md H40-H50) as the Advanced
rules read them: the tables :func:`derive` builds once a game (kept in ``game.field``) and
the questions of movement, sight, dice and flags asked of them.

Where the house rule and the Advanced Rulebook agree (a hill's first flag, a breastwork's
dice and flag, woods, hills and towns stopping a unit) nothing is restated here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .terrain_options import TERRAIN_RULES
from ..terrain import KINDS
from ..dice import FLAG
from ..units import ARTILLERY

if TYPE_CHECKING:
    from .game import Game

#: Hex kinds that take a unit's whole move under the house rule of terrain entry (L67):
#: woods, hills, buildings, waterways, rough and very rough ground.
WHOLE_MOVE = frozenset({"woods", "hill", "farm", "town", "river", "rough", "very_rough"})
SLOPES = ("slope", "major_slope")
WORKS = ("entrenchment", "fieldwork")
HILLS = ("hill", "high_ground")


@dataclass(frozen=True, slots=True)
class Ground:
    """What the house terrain rules in force make of one game's board.

    ``options``: the terrain rules in force. ``attempts``: a unit that has moved may try to
    enter ground that takes the whole move, on a roll (:func:`attempt`).
    ``ground``: per hex, the house rule's kind governing its dice and flags ("field",
    "hill", "woods", "town", "house", "rough", "very_rough", "stream") or None.
    ``whole_move``: per hex, entering it takes a unit's whole move. ``slope_into``: (from,
    to) steps that climb a slope or a major slope onto high ground (a hill's entry there).
    ``no_artillery``: (from, to) steps artillery may not take across a major slope (a
    breastwork's side is looked up as it stands: fieldworks may be built in play).
    ``sight_from_hills``: the blocking table for a line with an end on a hill or high
    ground (fields do not block it), or None.
    """

    options: frozenset
    attempts: bool
    ground: tuple
    whole_move: tuple
    slope_into: frozenset
    no_artillery: frozenset
    sight_from_hills: tuple | None


def in_force(options) -> frozenset:
    return frozenset(rule for option, rule in TERRAIN_RULES.items() if options.get(option))


def derive(game: Game) -> None:
    """Adjust ``game.field``'s movement and sight tables for the terrain rules in force and
    keep the rest in ``game.field.house_ground`` (None when no terrain rule is on)."""
    on = in_force(game.options)
    if game.options.get("terrain_entry_roll"):
        on = on | {"terrain_entry"}
    entry = "terrain_entry" in on
    field = game.field
    if not on:
        field.house_ground = None
        return
    board, sc, obstacles = game.board, game.scenario, game.pieces.obstacles
    ground: list = [None] * board.size
    whole = [False] * board.size
    for h, t in enumerate(field.terrain):
        if t is None:
            continue
        named = sc.buildings.get(h)
        if t == "field" and "field" in on:
            ground[h] = "field"
        elif t == "hill" and "hill" in on:
            ground[h] = "hill"
        elif t == "woods" and "woods" in on:
            ground[h] = "woods"
        elif t in ("river", "bridge") and "stream" in on:
            ground[h] = "stream"
            if t == "river":
                whole[h] = True
                field.no_attack_hexes.add(h)
        elif t == "rough" and "rough" in on:
            ground[h] = "rough"
            field.impassable[h] = False
            field.stops[h] = True
            field.blocks[h] = False
        elif t == "very_rough" and "very_rough" in on:
            ground[h] = "very_rough"
            field.impassable[h] = False
            field.stops[h] = True
        elif named is not None and "buildings" in on:
            ground[h] = named
            if named == "house":
                field.stops[h] = any(KINDS[k].stops for k in (obstacles[h] or {}).values())
                field.blocks[h] = False
        if entry and t in WHOLE_MOVE and ground[h] != "house" \
                and not field.impassable[h]:
            whole[h] = True
    slope_into, no_artillery = set(), set()
    for h, sides in enumerate(obstacles):
        for d, kind in (sides or {}).items():
            n = board.neighbours[h][board.directions.index(d)]
            if n < 0:
                continue
            if kind in SLOPES and "high_ground" in on:
                if field.terrain[h] == "high_ground":
                    slope_into.add((n, h))
                if kind == "major_slope":
                    no_artillery.update({(n, h), (h, n)})
    sight = None
    if "field" in on:
        sight = tuple(b and field.terrain[h] != "field" for h, b in enumerate(field.blocks))
    field.house_ground = Ground(on, bool(game.options.get("terrain_entry_roll")), tuple(ground),
                                tuple(whole), frozenset(slope_into),
                                frozenset(no_artillery), sight)


# -- movement -------------------------------------------------------------------------------
def step_barred(game, g: Ground, kind: str, frm: int, to: int, step: int) -> bool:
    """Whether a unit of ``kind`` may not take its ``step``-th hex from ``frm`` to ``to``:
    artillery across a major slope or a breastwork (L73, L85), or ground that takes the
    whole move entered after the first hex (terrain entry, L67; a stream, L79) when no
    attempt roll is allowed (:func:`attempt`)."""
    if kind == ARTILLERY:
        if (frm, to) in g.no_artillery:
            return True
        if "breastworks" in g.options and _works_between(game, frm, to):
            return True
    return step > 1 and not g.attempts and whole_move(g, frm, to)


def whole_move(g: Ground, frm: int, to: int) -> bool:
    """Whether stepping from ``frm`` onto ``to`` takes a unit's whole move."""
    return g.whole_move[to] or ("terrain_entry" in g.options and (frm, to) in g.slope_into)


def attempt(g: Ground, frm: int, to: int, step: int) -> bool:
    """Whether that step, taken after the first hex of a move, is an attempt that a roll
    decides (the optional roll of terrain entry, L67)."""
    return step > 1 and g.attempts and whole_move(g, frm, to)


def try_entry(game, u, to: int, steps: int, dests: dict) -> tuple[int, int]:
    """Where unit ``u`` ends a move to ``to`` of ``steps`` hexes, and in how many: when that
    move is an attempt to enter ground that takes the whole move (terrain entry's optional
    roll, L67), one die decides: the unit's symbol, or a flag with a general in command, and
    it goes in; else it stops on the hex it tried from (the first by board order, if several)."""
    g = game.field.house_ground
    if g is None or not g.attempts or steps < 2:
        return to, steps
    near = [h for h in game.board.adjacent[to] if dests.get(h) == steps - 1]
    if not near or any(not whole_move(g, h, to) for h in near):
        return to, steps
    faces = game._roll(1)
    entered = faces[0] == u.kind or (faces[0] == FLAG and game.pieces.general_at[u.hex] is not None)
    game._event({"type": "ground_entry_roll", "side": u.side, "unit": u.id,
                 "hex": game.board.hexes[to].to_json(), "rolls": faces, "entered": entered})
    return (to, steps) if entered else (min(near), steps - 1)


def _works_between(game, a: int, b: int) -> bool:
    obstacles, facing = game.pieces.obstacles, game.board.sides_facing
    return any(obstacles[x] and any(obstacles[x].get(d) in WORKS for d in facing(x, y))
               for x, y in ((a, b), (b, a)))


def step_stops(g: Ground, frm: int, to: int) -> bool:
    """Whether climbing from ``frm`` onto ``to`` up a slope stops the unit, as entering a
    hill does (high ground, L73)."""
    return (frm, to) in g.slope_into


# -- dice -----------------------------------------------------------------------------------
def _slope_across(game, target_hex: int, attacker_hex: int) -> str | None:
    sides = game.pieces.obstacles[target_hex]
    if not sides:
        return None
    best = None
    for d in game.board.sides_facing(target_hex, attacker_hex):
        k = sides.get(d)
        if k == "major_slope":
            return k
        if k == "slope":
            best = k
    return best


def terrain_loss(game, g: Ground, unit, target_hex: int, melee: bool, advanced: int) -> tuple[int, str]:
    """``(dice lost, why)`` for the ground of the target hex under the house rules, in place
    of the Advanced table's ``advanced`` loss."""
    kind = g.ground[target_hex]
    t = game.field.terrain[target_hex]
    if t == "high_ground" and "high_ground" in g.options:
        slope = _slope_across(game, target_hex, unit.hex)
        if slope == "major_slope":
            return 2, "target up a major slope"
        if slope == "slope":
            return 1, "target up a slope"
        return 0, ""
    if kind is None:
        return advanced, f"target in {t}" if t else ""
    if kind in ("field", "stream"):
        return 0, ""
    if kind == "hill":
        on_same_hill = melee and game.field.terrain[unit.hex] == "hill"
        return (0, "") if on_same_hill else (1, "target on a hill")
    if kind == "very_rough":
        return (1 if melee else 2), "target in very rough ground"
    if kind == "house":
        return (0, "") if melee else (1, "ranged fire into a house")
    return (0, "") if melee else (1, f"target in {kind}" if kind != "rough" else "target in rough ground")


def dice_bonuses(game, g: Ground, unit, target_hex: int, melee: bool) -> list[tuple[str, int]]:
    """Dice the house terrain rules add to or take from an attack besides the target's
    ground: +1 on a unit in a stream (L79), +1 firing from a hill at lower ground (L71),
    -1 for ranged fire traced through a house (L87)."""
    out = []
    if g.ground[target_hex] == "stream":
        out.append(("target in a stream", 1))
    if g.ground[unit.hex] == "hill" and game.field.terrain[target_hex] not in HILLS:
        out.append(("firing down from a hill", 1))
    if not melee and "buildings" in g.options:
        crossed, edges = game.board.sight_line(unit.hex, target_hex)
        if any(g.ground[h] == "house" for h in crossed) or any(
                g.ground[a] == "house" and g.ground[b] == "house" for a, b in edges):
            out.append(("fire traced through a house", -1))
    return out


def return_fire_bonus(game, g: Ground, defender, attacker) -> int:
    """+1 die to return fire from behind a breastwork across its protected side (L85)."""
    if "breastworks" not in g.options:
        return 0
    sides = game.pieces.obstacles[defender.hex]
    if not sides:
        return 0
    return 1 if any(sides.get(d) in WORKS
                    for d in game.board.sides_facing(defender.hex, attacker.hex)) else 0


# -- flags ----------------------------------------------------------------------------------
def position_flags(game, g: Ground, target, attacker) -> str | None:
    """Why the target's ground lets it ignore the first flag of an attack under the house
    rules (rough, very rough, buildings: L81-89; high ground across a slope, L73), or None.
    A hill's own first flag is the Advanced rule's (seed 000 L381)."""
    kind = g.ground[target.hex]
    if kind in ("rough", "very_rough"):
        return f"in {kind.replace('_', ' ')} ground"
    if kind in ("house", "town"):
        return f"in a {kind}"
    if game.field.terrain[target.hex] == "high_ground" and "high_ground" in g.options:
        if _slope_across(game, target.hex, attacker.hex) and not (
                game.field.terrain[attacker.hex] in HILLS
                and game.board.dist[target.hex][attacker.hex] == 1):
            return "up a slope"
    return None
