"""Quick scores for single actions, without playing them: the search's priors and the
default policy that finishes a turn inside the search.

Each handler takes the game, the action and the deciding side and returns a number
(higher is better). They read only the table (pieces and distances).
"""
from __future__ import annotations

from games.engine import AdvancedGame as Game

from .evaluation import expected_hits, unit_dice


def _index(game: Game, h: dict) -> int:
    return game.board.hex_index(h["col"], h["row"])


def _enemies(game: Game, side: str) -> list:
    return [u for u in game.pieces.units.values() if u.side != side]


def _nearest(game: Game, hex_: int, enemies: list) -> int:
    return min((game.board.dist[hex_][e.hex] for e in enemies), default=9)


def _strike(game: Game, unit, at: int, enemies: list, moved: int = 0) -> float:
    """Best expected share of an enemy unit this unit could knock out from hex ``at``."""
    if unit.kind == "infantry" and moved >= 2:
        return 0.0
    if unit.kind == "artillery" and moved >= 1:
        return 0.0
    best = 0.0
    for e in enemies:
        d = game.board.dist[at][e.hex]
        if d <= 5:
            v = min(1.0, expected_hits(game, unit, e, d) / e.figures)
            if v > best:
                best = v
    return best


def _exposure(game: Game, unit, at: int, enemies: list) -> float:
    total = 0.0
    for e in enemies:
        d = game.board.dist[e.hex][at]
        if d <= 4:
            total += expected_hits(game, e, unit, d)
    return total / max(1, unit.figures)


def _activity(game: Game, unit, enemies: list) -> float:
    """How much ordering this unit is worth: it can strike, or it can close in."""
    return 2.0 * _strike(game, unit, unit.hex, enemies) - 0.1 * _nearest(game, unit.hex, enemies)


def _order(game, a, side):
    u = game.pieces.units.get(a["unit"])
    return 1.0 + _activity(game, u, _enemies(game, side)) if u else 0.0


def _move(game, a, side):
    return _move_from(game, a, side, _enemies(game, side), {})


def _move_from(game, a, side, enemies: list, here: dict) -> float:
    """``_move`` with the enemies listed and, in ``here``, each unit's terms for the hex it
    stands on kept across the moves of one decision (they do not depend on the move)."""
    u = game.pieces.units[a["unit"]]
    to = _index(game, a["to"])
    already = game.current.moved.get(u.id, 0)
    moved = game.board.dist[u.hex][to] + already
    kept = here.get(u.id)
    if kept is None:
        kept = here[u.id] = (_strike(game, u, u.hex, enemies, already),
                             _nearest(game, u.hex, enemies), _exposure(game, u, u.hex, enemies))
    strike_here, nearest_here, exposure_here = kept
    gain = _strike(game, u, to, enemies, moved) - strike_here
    closer = nearest_here - _nearest(game, to, enemies)
    safety = exposure_here - _exposure(game, u, to, enemies)
    pull = 0.0
    for o in game.scenario.objectives:
        if o.side == side:
            pull += 0.3 * o.flags * (game.board.dist[u.hex][o.hex] - game.board.dist[to][o.hex])
    return 2.0 * gain + 0.15 * closer + 0.3 * safety + pull


def _attack(game, a, side):
    u = game.pieces.units[a["unit"]]
    to = _index(game, a["target"])
    if a.get("general"):
        return 0.5
    target_id = game.pieces.unit_at[to]
    if target_id is None:
        return 0.5
    e = game.pieces.units[target_id]
    d = game.board.dist[u.hex][to]
    return 1.0 + 3.0 * min(1.0, expected_hits(game, u, e, d) / e.figures) + 0.3 * unit_dice(game, u, d)


def _away(game, a, side):
    to = _index(game, a["to"])
    return 0.3 * _nearest(game, to, _enemies(game, side))


def _rally(game, a, side):
    u = game.pieces.units.get(a["unit"])
    return 1.0 + (0.5 / max(1, u.figures) if u else 0.0)


def _constant(value: float):
    return lambda game, a, side: value


SCORES = {
    "play_card": _constant(0.0),
    "order": _order,
    "confirm_orders": _constant(0.0),
    "move": _move,
    "move_general": _constant(-0.5),
    "end_movement": _constant(0.0),
    "attack": _attack,
    "end_turn": _constant(0.0),
    "retreat": _away,
    "general_retreat": _away,
    "withdraw": _away,
    "stand": _constant(0.6),
    "take_ground": _constant(0.4),
    "hold_ground": _constant(0.0),
    "rally": _rally,
    "end_rally": _constant(0.0),
    "fight_back": _constant(1.0),
    "decline": _constant(0.0),
    # a team game's own decisions (Epic): keep the command proposed, act when free to
    "transfer": _constant(-0.5),
    "confirm_command": _constant(0.0),
    "give_card": _constant(0.0),
    "roll_initiative": _constant(0.3),
    "pass_initiative": _constant(0.0),
    "initiative_retreat": _away,
    # the standard ruleset's own decisions
    "order_general": _constant(0.2),
    "discard_card": _constant(0.0),
    "shoot_general": _constant(1.5),
    "evade": _away,
    "battle_back": _constant(0.8),
    "breakthrough": _constant(0.6),
}


def score(game: Game, action: dict, side: str) -> float:
    """A quick estimate of how good ``action`` is for ``side`` (0 for kinds it has no view on)."""
    handler = SCORES.get(action["type"])
    return handler(game, action, side) if handler else 0.0


def scores(game: Game, actions: list, side: str) -> list[float]:
    """``[score(game, a, side) for a in actions]``, the same numbers, with what the moves of
    one unit share worked out once (the enemies, and the terms of the hex it stands on)."""
    enemies: list | None = None
    here: dict = {}
    out = []
    for a in actions:
        if a["type"] == "move":
            if enemies is None:
                enemies = _enemies(game, side)
            out.append(_move_from(game, a, side, enemies, here))
        else:
            out.append(score(game, a, side))
    return out

