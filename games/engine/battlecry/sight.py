"""Line of sight (Advanced Rulebook: LINE-OF-SIGHT, and the hill exceptions)."""
from __future__ import annotations

from .contact import next_to_enemy
from .units import ARTILLERY, INFANTRY

#: Hex kinds that are above the board's level (the house rule of fields, seed 002 L69).
HILLS = ("hill", "high_ground")
#: The friendly units a gun in Support fires past (house rule of the artillery profile).
SCREENS = ("infantry", "cavalry")


def _blocked(game, h: int, ignore_friendly_next_to=None, side=None, vacated=None,
             blocks=None) -> bool:
    if (blocks or game.field.blocks)[h]:
        return True
    if h == vacated:
        return False
    uid, gid = game.pieces.unit_at[h], game.pieces.general_at[h]
    if uid is None and gid is None:
        return False
    if ignore_friendly_next_to is not None and game.board.dist[ignore_friendly_next_to][h] == 1:
        # artillery on a hill sees past an adjacent friendly unit (or general) on clear terrain
        piece = game.pieces.units[uid] if uid is not None else game.pieces.generals[gid]
        return piece.side != side
    return True


def has_line_of_sight(game, a: int, b: int, viewer=None, vacated: int | None = None) -> bool:
    """True when a unit on hex a can see hex b.

    The line from centre to centre is blocked by any hex in between that holds a unit,
    a general (a "special kind of unit") or terrain that blocks sight; a line running
    along an edge is blocked only when the hexes on both sides block.  Terrain in the
    target hex never blocks, nor does the viewer's own hex.  ``viewer`` (the unit
    looking) enables the hill exception for artillery.  The pieces on hex ``vacated``
    are taken as gone (a marching unit that has left its start hex).
    """
    crossed, edges = game.board.sight_line(a, b)
    hill_gun = (
        viewer is not None and viewer.kind == ARTILLERY and game.field.terrain[a] == "hill"
    )
    blocks = game.field.blocks
    ground = getattr(game.field, "house_ground", None)
    if ground is not None and ground.sight_from_hills is not None and (
            game.field.terrain[a] in HILLS or game.field.terrain[b] in HILLS):
        blocks = ground.sight_from_hills     # fields do not block a view from a hill (HR L69)
    options = getattr(game, "options", None) or {}
    if viewer is not None and viewer.kind == ARTILLERY and (
            options.get("artillery_profile") or options.get("support_fire")):
        return _sight_of_guns(game, a, b, viewer, vacated, blocks, crossed, edges, hill_gun,
                              bool(options.get("artillery_profile")),
                              bool(options.get("support_fire")))
    if not hill_gun:        # the common case, written out: _blocked without the exception
        unit_at, general_at = game.pieces.unit_at, game.pieces.general_at
        for h in crossed:
            if blocks[h] or (h != vacated and (unit_at[h] is not None or general_at[h] is not None)):
                return False
        for h1, h2 in edges:
            if ((blocks[h1] or (h1 != vacated and (unit_at[h1] is not None or general_at[h1] is not None)))
                    and (blocks[h2] or (h2 != vacated
                                        and (unit_at[h2] is not None or general_at[h2] is not None)))):
                return False
        return True
    near, side = a, viewer.side
    for h in crossed:
        if _blocked(game, h, near, side, vacated, blocks):
            return False
    for h1, h2 in edges:
        if (_blocked(game, h1, near, side, vacated, blocks)
                and _blocked(game, h2, near, side, vacated, blocks)):
            return False
    return True


def _sight_of_guns(game, a: int, b: int, gun, vacated, blocks, crossed, edges, hill_gun: bool,
                   profile: bool, through_infantry: bool) -> bool:
    """Line of sight of artillery under the house rules of the artillery profile (seed 002
    L19; docs/rulings.md H54) and of support fire (L53; H84). A gun in Support (no enemy
    next to it) sees past an adjacent friendly unit: under the profile an infantry or
    cavalry unit when the target is not next to that unit; under support fire an infantry
    unit with no enemy next to it. The hill exception of artillery stands as well."""
    dist, pieces = game.board.dist, game.pieces
    free = not next_to_enemy(game, a, gun.side)

    def blocked(h: int) -> bool:
        if blocks[h]:
            return True
        if h == vacated:
            return False
        uid, gid = pieces.unit_at[h], pieces.general_at[h]
        if uid is None and gid is None:
            return False
        if dist[a][h] == 1:
            if hill_gun:
                piece = pieces.units[uid] if uid is not None else pieces.generals[gid]
                if piece.side == gun.side:
                    return False
            if free and uid is not None:
                friend = pieces.units[uid]
                if friend.side == gun.side and (
                        (profile and friend.kind in SCREENS and dist[h][b] > 1)
                        or (through_infantry and friend.kind == INFANTRY
                            and not next_to_enemy(game, h, gun.side))):
                    return False
        return True

    return not any(blocked(h) for h in crossed) and not any(
        blocked(h1) and blocked(h2) for h1, h2 in edges)
