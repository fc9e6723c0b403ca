"""Attack dice: range, line of sight, and every modifier (ATTACKING, MELEE, terrain table).

``attack_profile`` answers "how many dice, and why" for one attacker and one target
hex without changing anything; resolving the roll lives in :mod:`game`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..sight import has_line_of_sight
from ..terrain import KINDS
from . import effects, house_ground, long_retreats, profiles, support_fire
from .. import contact
from .support import support_flag, supported
from ..units import (ARTILLERY, CAVALRY, DICE, DISMOUNTED_DICE, HILL_ARTILLERY_DICE, INFANTRY,
                    TOWN_ARTILLERY_DICE)

if TYPE_CHECKING:
    from .game import Game


#: Dice a charge adds under the house rule of the cavalry charge (seed 002, L23: 5 instead of 3).
CHARGE_DICE = 2


def dice_profile(game, unit) -> tuple[int, ...]:
    """Dice by distance for this unit now (index 0 = adjacent)."""
    special = game.field.special_dice.get(unit.special) if unit.special else None
    if special:
        return special
    kind = unit.kind
    if kind != INFANTRY and game.options:
        house = profiles.dice(game.options, unit, game.field.terrain[unit.hex] == "hill")
        if house is not None:
            return house
    if kind == CAVALRY:
        return DISMOUNTED_DICE if game.current.moved.get(unit.id, 0) == 0 else DICE[CAVALRY]
    if kind == ARTILLERY:
        t = game.field.terrain[unit.hex]
        if t == "town":
            return TOWN_ARTILLERY_DICE
        if t == "hill":
            return HILL_ARTILLERY_DICE
    return DICE[kind]


def obstacle_between(game, target_hex: int, attacker_hex: int):
    """The strongest obstacle of the target hex that the attack crosses, or None."""
    obs = game.pieces.obstacles[target_hex]
    if not obs:
        return None
    best = None
    for d in game.board.sides_facing(target_hex, attacker_hex):
        kind = obs.get(d)
        if kind and (best is None or KINDS[kind].defence > KINDS[best].defence):
            best = kind
    return best


def attack_barrier(game, unit) -> str | None:
    """Why this unit cannot attack at all this turn, or None if it can."""
    current = game.current
    if unit.shaken:
        return "A Shaken unit may not battle."
    if unit.id in current.attacked and not (effects.may_battle_again(game, unit)
                                            or game.fx.breakthrough.get(unit.id)):
        return "That unit has already battled this turn."
    card = effects.card_barrier(game, unit)
    if card:
        return card
    moved = current.moved.get(unit.id, 0)
    if (unit.kind == INFANTRY and moved >= 2 and unit.id not in game.fx.forced
            and not game.options.get("infantry_profile")):
        return "Infantry that marched 2 hexes may not battle this turn."
    if unit.kind == ARTILLERY and moved and game.options.get("artillery_profile"):
        return "Artillery may move or battle in one turn, not both."
    if unit.kind == ARTILLERY and moved >= (2 if unit.horse else 1):
        return ("Horse artillery that moved 2 hexes may not battle this turn." if unit.horse
                else "Artillery may move or battle in one turn, not both.")
    if moved:
        t = game.field.terrain[unit.hex]
        if t and unit.kind in KINDS[t].no_attack_on_entry:
            return f"{unit.kind.capitalize()} may not battle on the turn it enters {t}."
        if unit.hex in game.field.no_attack_hexes:
            return "Units may not battle on the turn they enter that hex."
    return None


def attack_profile(game, unit, target_hex: int, explain: bool = True) -> dict:
    """Dice, distance, line of sight and modifiers of an attack; nothing is changed.

    Returns ``{"dice", "distance", "los", "allowed", "melee", "modifiers", "reason"}``;
    ``modifiers`` lists ``{"why", "dice"}`` entries in the order they apply.  With
    ``explain=False`` (the search path, and questions of legality) the reasons and the
    modifiers' wording are left out; the dice and ``allowed`` are the same.
    """
    d = game.board.dist[unit.hex][target_hex]
    melee = d == 1
    out = {"dice": 0, "distance": d, "los": True, "allowed": False, "melee": melee,
           "modifiers": [], "reason": None}
    pieces = game.pieces
    tuid = pieces.unit_at[target_hex]
    tgid = pieces.general_at[target_hex]
    target = pieces.units[tuid] if tuid is not None else None
    if target is None and (tgid is None or pieces.generals[tgid].side == unit.side):
        out["reason"] = "There is no enemy there."
        return out
    if target is not None and target.side == unit.side:
        out["reason"] = "You cannot attack your own unit."
        return out
    if target is None and not melee:
        out["reason"] = "A lone general can only be attacked in melee, from an adjacent hex."
        return out
    barrier = attack_barrier(game, unit)
    if barrier:
        out["reason"] = barrier
        return out
    los = melee or has_line_of_sight(game, unit.hex, target_hex, unit)
    out["los"] = los
    profile = dice_profile(game, unit)
    if d > len(profile):
        out["reason"] = f"Out of range: {d} hexes away, this unit reaches {len(profile)}."
        return out
    mods = out["modifiers"] if explain else None
    dice = max(0, profile[d - 1] + _modifiers(game, unit, target, target_hex, melee, mods))
    out["dice"] = dice
    if not los:
        out["reason"] = "No line of sight to that hex."
    elif dice < 1:
        out["reason"] = "The modifiers leave no dice to roll."
    else:
        out["allowed"] = True
    return out


def attack_allowed(game, unit, target_hex: int) -> bool:
    """``attack_profile(game, unit, target_hex)["allowed"]`` for a unit with no
    :func:`attack_barrier` (the caller has checked it): the same answer, sooner."""
    d = game.board.dist[unit.hex][target_hex]
    melee = d == 1
    pieces = game.pieces
    tuid = pieces.unit_at[target_hex]
    if tuid is not None:
        target = pieces.units[tuid]
        if target.side == unit.side:
            return False
    else:
        tgid = pieces.general_at[target_hex]
        if tgid is None or pieces.generals[tgid].side == unit.side or not melee:
            return False
        target = None
    profile = dice_profile(game, unit)
    if d > len(profile):
        return False
    if not melee and not has_line_of_sight(game, unit.hex, target_hex, unit):
        return False
    return profile[d - 1] + _modifiers(game, unit, target, target_hex, melee, None) >= 1


def dice_modifiers(game, unit, target, target_hex: int, melee: bool, mods: list | None) -> int:
    """The sum of the dice modifiers of an attack by ``unit`` on ``target_hex`` (see
    :func:`_modifiers`)."""
    return _modifiers(game, unit, target, target_hex, melee, mods)


def _modifiers(game, unit, target, target_hex: int, melee: bool, mods: list | None) -> int:
    """The sum of the dice modifiers of an attack; each is listed in ``mods`` with its
    reason unless ``mods`` is None."""
    total = 0
    field = game.field
    tt = field.terrain[target_hex]
    terrain_loss = KINDS[tt].defence if tt else 0
    ground = field.house_ground
    ground_why = ""
    if ground is not None:
        terrain_loss, ground_why = house_ground.terrain_loss(game, ground, unit, target_hex, melee,
                                                             terrain_loss)
    extra_loss = field.extra_defence.get(target_hex, 0)
    obstacle = obstacle_between(game, target_hex, unit.hex)
    obstacle_loss = KINDS[obstacle].defence if obstacle else 0
    adds = obstacle is not None and KINDS[obstacle].adds_to_terrain
    loss = max(terrain_loss, 0 if adds else obstacle_loss, extra_loss)
    if loss:
        total -= loss
        if mods is not None:
            why = (f"target behind {obstacle}" if obstacle_loss == loss and obstacle and not adds
                   else ground_why if terrain_loss == loss and ground_why
                   else f"target in {tt}" if terrain_loss == loss and tt else "target's position")
            mods.append({"why": why, "dice": -loss})
    if adds and obstacle_loss:
        total -= obstacle_loss
        if mods is not None:
            mods.append({"why": f"target behind {obstacle}", "dice": -obstacle_loss})
    at = field.terrain[unit.hex]
    if at:
        kind = KINDS[at]
        if kind.attack_from:
            total -= kind.attack_from
            if mods is not None:
                mods.append({"why": f"attacking from {at}", "dice": -kind.attack_from})
        for k, n in kind.occupant_penalty:
            if k == unit.kind:
                total -= n
                if mods is not None:
                    mods.append({"why": f"{k} attacking from {at}", "dice": -n})
        if game.current.moved.get(unit.id, 0):
            for k, n in kind.entry_attack_penalty:
                if k == unit.kind:
                    total -= n
                    if mods is not None:
                        mods.append({"why": f"{k} entered {at} this turn", "dice": -n})
    if melee and target is not None and target.kind == ARTILLERY and unit.kind in (INFANTRY, CAVALRY):
        total += 1
        if mods is not None:
            mods.append({"why": "melee against artillery", "dice": 1})
    if (melee and target is not None and unit.kind == CAVALRY and game.current.moved.get(unit.id, 0)
            and game.options.get("cavalry_charge") and not game.fx.breakthrough.get(unit.id)):
        total += CHARGE_DICE
        if mods is not None:
            mods.append({"why": "cavalry charge", "dice": CHARGE_DICE})
    if ground is not None:
        for why, n in house_ground.dice_bonuses(game, ground, unit, target_hex, melee):
            total += n
            if mods is not None:
                mods.append({"why": why, "dice": n})
    for why, n, _ in support_fire.supporters(game, unit, melee):
        total += n
        if mods is not None:
            mods.append({"why": why, "dice": n})
    for why, n in effects.dice_bonuses(game, unit):
        total += n
        if mods is not None:
            mods.append({"why": why, "dice": n})
    return total


def flags_ignored(game, target, attacker) -> list[str]:
    """Reasons the target ignores flags, one per flag ignored (GENERALS, OBSTACLES, hill).

    Under the house rule of holding your ground the position (hill, obstacle, or a
    supporting friend) counts for one flag at most (docs/rulings.md H5)."""
    out = []
    h = target.hex
    if game.pieces.general_at[h] is not None:
        out.append("general in command")
    position = []
    if game.field.terrain[h] == "hill" and not (
        game.field.terrain[attacker.hex] == "hill" and game.board.dist[h][attacker.hex] == 1
    ):
        position.append("on a hill")
    obstacle = obstacle_between(game, h, attacker.hex)
    if obstacle and KINDS[obstacle].obstacle_flags:
        position.extend([f"behind {obstacle}"] * KINDS[obstacle].obstacle_flags)
    ground = game.field.house_ground
    if ground is not None:
        why = house_ground.position_flags(game, ground, target, attacker)
        if why:
            position.append(why)
    if game.options.get("holding_ground"):
        if not position and supported(game, target):
            position.append("supported")
        del position[1:]
    out.extend(position)
    out.extend(support_flag(game, target))
    if (game.options.get("long_retreats") and target.figures > 1
            and long_retreats.at_the_edge(game, target)):
        out.append(long_retreats.AT_THE_EDGE)
    for _ in range(game.extra_flags_ignored(target)):
        out.append("scenario rule")
    return out


def in_melee(game: Game, unit) -> bool:
    return contact.next_to_enemy(game, unit.hex, unit.side)
