"""What each command card does (COMMAND CARDS, Fight Back, and the options Nightfall and
Archie), as functions of the game (:class:`games.engine.battlecry.advanced.game.Game`).

Card effects are set up when a card is played: an *order rule* says which units the
player may still order (by section, by unit kind, any), or the card orders a set of
units at once; per-turn *effects* (``fx``) record what those orders allow (moving
farther, battling twice, an extra die, holding still).  The texts players read are in
:mod:`cards`; the readings of cards the sources leave open are in docs/rulings.md.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import dice as _dice
from .cards import CARDS, PER_CARD_HELD, SECTION, TACTIC, card_of
from ...core.errors import IllegalAction
from ..pieces import Unit
from ..units import ARTILLERY, BOX_LIMITS, CAVALRY, INFANTRY, SIDES, UNIT_KINDS, other

FIELDWORK_TOKENS = 9
FRONT_SIDES = {"bottom": ("NW", "NE"), "top": ("SW", "SE")}
_UNIT_FACES = {_dice.INFANTRY: INFANTRY, _dice.CAVALRY: CAVALRY, _dice.ARTILLERY: ARTILLERY}


def mirror(key: str) -> str:
    """The same card with left and right flank swapped (Counter-Attack)."""
    if key.endswith("_left"):
        return key[:-5] + "_right"
    if key.endswith("_right"):
        return key[:-6] + "_left"
    return key
from . import battle, combat, dice_command, effects, hand, profiles
from .hex_choice import take_hex_choice

if TYPE_CHECKING:
    from .game import Game

# -- which effect a card has ---------------------------------------------------------
def effect_of(game: Game, key: str) -> str | None:
    if key == "counter_attack":
        last = game.cards.last_card[other(game.current.active)]
        return mirror(last) if last else None
    return key

def check_card_choice(game: Game, effect: str, a: dict) -> None:
    card = card_of(a["card"])
    mode = a.get("mode")
    if card.key == "fight_back":
        raise IllegalAction("Fight Back is played in your opponent's turn; on your own turn "
                            "it can only be a skirmish action.")
    if mode == "section" and card.kind != SECTION:
        raise IllegalAction(f"{card.name} is a tactic card: play it as a tactic or a skirmish.")
    if mode == "tactic" and card.kind != TACTIC:
        raise IllegalAction(f"{card.name} is a section card: play it as a section card.")
    if effect == "forced_march" and a.get("section") not in game.board.sections:
        raise IllegalAction("Forced March: choose the section, left, centre or right.")

def card_choices(game: Game, cid: str) -> list[dict]:
    """The play_card actions a card in hand offers now."""
    card = card_of(cid)
    out = [{"type": "play_card", "card": cid, "mode": "skirmish"}]
    if card.key == "fight_back":
        return out
    effect = effect_of(game, card.key)
    if effect is None:
        return out
    mode = "section" if card.kind == SECTION else "tactic"
    if effect == "forced_march":
        out += [{"type": "play_card", "card": cid, "mode": mode, "section": s} for s in game.board.sections]
    else:
        out.append({"type": "play_card", "card": cid, "mode": mode})
    return out

def card_choice_count(game: Game, cid: str) -> int:
    """``len(card_choices(game, cid))``, without building them."""
    card = card_of(cid)
    if card.key == "fight_back":
        return 1
    effect = effect_of(game, card.key)
    if effect is None:
        return 1
    return 1 + (len(game.board.sections) if effect == "forced_march" else 1)

def sample_card_choice(game: Game, hand: list[str], rng) -> dict | None:
    """One of the play_card actions of ``hand``, uniformly (the same draw as
    ``rng.choice`` over all of them, in hand order); None for an empty hand."""
    counts = [card_choice_count(game, cid) for cid in hand]
    total = sum(counts)
    if not total:
        return None
    i = rng.randrange(total)
    for cid, n in zip(hand, counts):
        if i < n:
            return card_choices(game, cid)[i]
        i -= n
    raise AssertionError("a draw below the total falls on a card")

# -- setting a card's orders up --------------------------------------------------------
def start_effect(game: Game, effect: str, a: dict, held: int) -> None:
    card = CARDS[effect]
    active = game.current.active
    if card.kind == SECTION:
        n = held if card.orders == PER_CARD_HELD else int(card.orders)
        _rule(game, {"by": "section", "quota": {card.section: n}}, n)
        game.fx.draw_two = effect.startswith("scout_")
        return
    mine = [u for u in game.pieces.units.values() if u.side == active and not combat.in_melee(game, u)]
    if effect in ("coordinated_advance", "recon_in_force"):
        _rule(game, {"by": "section", "quota": {s: 1 for s in game.board.sections}}, 3)
        game.fx.draw_two = effect == "recon_in_force"
    elif effect == "outflank":
        _rule(game, {"by": "section", "quota": {"left": 2, "right": 2}}, 4)
    elif effect == "battle_and_hold_position":
        _rule(game, {"by": "any"}, 4)
    elif effect == "battle_cry":
        quota = _unit_roll(game, effect, held)
        _rule(game, {"by": "kind", "quota": quota}, sum(quota.values()))
    elif effect == "rally":
        counts = _unit_roll(game, effect, held)
        _rule(game, None, 0)
        game.decisions.pending.append({"do": "rally", "side": active, "counts": counts})
    elif effect == "bombard":
        guns = [u for u in mine if u.kind == ARTILLERY]
        if not guns:
            return _fallback(game, effect)
        for u in guns:
            game.fx.allowance[u.id] = 3
            game.fx.extra_battles[u.id] = 1
        _preset(game, guns)
    elif effect == "forced_march":
        pos = game.field.positions[active]
        foot = [u for u in mine if u.kind == INFANTRY
                and a["section"] in game.board.section_of[pos][u.hex]]
        if not foot:
            return _fallback(game, effect)
        for u in foot:
            game.fx.allowance[u.id] = 2
            game.fx.forced.append(u.id)
        _preset(game, foot)
    elif effect == "hit_and_run":
        horse = [u for u in mine if u.kind == CAVALRY]
        if not horse:
            return _fallback(game, effect)
        game.fx.hit_and_run = [u.id for u in horse]
        _preset(game, horse)
    elif effect == "leadership":
        if not any(g.side == active for g in game.pieces.generals.values()):
            return _fallback(game, effect)
        game.fx.leadership = True
        _preset(game, [u for u in mine if game.pieces.general_at[u.hex] is not None])
    elif effect == "sharpshooter":
        if not any(u.kind == INFANTRY for u in mine):
            return _fallback(game, effect)
        _rule(game, {"by": "infantry"}, 1)
    elif effect == "short_supply":
        _rule(game, {"by": "supply"}, 1)
    elif effect == "construct_fieldworks":
        left = fieldwork_supply(game)
        if left <= 0:
            return _fallback(game, effect)
        _rule(game, {"by": "fortify"}, min(3, left))
    elif effect == "call_for_reinforcements":
        kinds = reinforcements_available(game, active)
        hexes = baseline_hexes(game, active)
        if not kinds or not hexes:
            return _fallback(game, effect)
        _rule(game, None, 0)
        game.decisions.pending.append({"do": "reinforce", "side": active, "kinds": kinds,
                             "options": hexes})
    else:  # pragma: no cover - every card key is handled above
        raise AssertionError(effect)

def _unit_roll(game: Game, effect: str, n: int) -> dict:
    """Roll n dice for a card; count the unit symbols by kind (sabres and flags are lost)."""
    faces = game._roll(n)
    game._event({"type": "order_roll", "side": game.current.active, "card": effect, "rolls": faces})
    counts = {k: 0 for k in UNIT_KINDS}
    for f in faces:
        if f in _UNIT_FACES:
            counts[_UNIT_FACES[f]] += 1
    return counts

def _rule(game: Game, rule, n: int) -> None:
    game.current.order_rule, game.current.orders_left = rule, n
    if rule is None:
        game.current.step = "move"

def _preset(game: Game, units) -> None:
    for u in units:
        game.current.ordered.append(u.id)
        game._event({"type": "ordered", "side": u.side, "unit": u.id})
    _rule(game, None, 0)

def _fallback(game: Game, effect: str) -> None:
    game._event({"type": "fallback", "side": game.current.active, "card": effect,
                 "text": f"No unit of that kind: {CARDS[effect].name} orders 1 unit "
                         "of your choice instead."})
    _rule(game, {"by": "any"}, 1)

def on_ordered(game: Game, u) -> None:
    """Effects that attach to a unit when the card in play orders it."""
    if game.current.effect == "battle_and_hold_position":
        game.fx.no_move.append(u.id)
        game.fx.bonus[u.id] = 1
    elif game.current.effect == "battle_cry" and game.current.mode != "skirmish":
        game.fx.bonus[u.id] = 1
    elif game.current.effect == "sharpshooter" and game.current.mode != "skirmish":
        game.fx.sharpshooter.append(u.id)

# -- movement and battle under a card ----------------------------------------------------
# -- Rally, reinforcements, fieldworks, short supply -------------------------------------
def do_rally(game: Game, a) -> None:
    item = game.decisions.pending[0]
    u = game._unit(a.get("unit"))
    if u not in effects.rally_targets(game, item):
        raise IllegalAction("Rally returns a figure to a damaged unit of a kind you rolled.")
    item["counts"][u.kind] -= 1
    u = game.writable_unit(u)
    u.figures += 1
    if u.id not in game.current.ordered:
        game.current.ordered.append(u.id)
        game.fx.no_move.append(u.id)
    game._event({"type": "rallied", "side": u.side, "unit": u.id, "figures": u.figures})
    if not effects.rally_targets(game, item):
        game.decisions.pending.pop(0)

def do_end_rally(game: Game, a) -> None:
    game.decisions.pending.pop(0)

def reinforcements_available(game: Game, side: str) -> list[str]:
    start = [u for u in game.scenario.units if u.side == side]
    called = game.score.reinforced[side]
    return [k for k in UNIT_KINDS
            if sum(1 for u in start if u.kind == k) + called.count(k) < BOX_LIMITS[k] * game.board.boxes]

def baseline_hexes(game: Game, side: str, sections=None) -> list[int]:
    row = game.board.baseline_row[game.field.positions[side]]
    return _empty_in_row(game, side, row, sections)

def _empty_in_row(game: Game, side, row, sections=None, carrying=False) -> list[int]:
    pos = game.field.positions[side]
    out = []
    for i, h in enumerate(game.board.hexes):
        if h.row != row or game.pieces.unit_at[i] is not None or game.field.impassable[i]:
            continue
        g = game.pieces.general_at[i]
        if g is not None and (carrying or game.pieces.generals[g].side != side):
            continue
        if sections and not (set(sections) & game.board.section_of[pos][i]):
            continue
        out.append(i)
    return out

def do_reinforce(game: Game, a) -> None:
    item = game.decisions.pending[0]
    kind, to = a.get("kind"), game._hex(a.get("to"))
    if kind not in item["kinds"]:
        raise IllegalAction("No unit of that kind is left to call up.")
    if to not in item["options"]:
        raise IllegalAction("Reinforcements arrive on an empty hex of your baseline.")
    game.decisions.pending.pop(0)
    side = item["side"]
    game.score.reinforced[side].append(kind)
    uid = f"r{side[0]}{len(game.score.reinforced[side])}"
    u = Unit(uid, side, kind, profiles.full_figures(game.options, kind), to, fresh=kind == INFANTRY)
    u.owner = game._token
    game.pieces.units[uid] = u
    game.pieces.unit_at[to] = uid
    game.cache.clear()
    game._event({"type": "reinforced", "side": side, "unit": uid, "kind": kind,
                 "hex": game.board.hexes[to].to_json()})

def fieldwork_supply(game: Game) -> int:
    used = sum(1 for o in game.scenario.obstacles
               if o and any(k in ("fieldwork", "entrenchment") for k in o.values()))
    return FIELDWORK_TOKENS - used - game.pieces.fieldworks_built

def fortify(game: Game, u) -> None:
    sides = dict(game.pieces.obstacles[u.hex] or {})
    for d in FRONT_SIDES[game.field.positions[u.side]]:
        sides[d] = "fieldwork"
    game.pieces.obstacles[u.hex] = sides
    game.pieces.fieldworks_built += 1
    game.current.locked.add(u.id)
    game.cache.clear()
    game._event({"type": "fieldwork_built", "side": u.side, "unit": u.id,
                 "hex": game.board.hexes[u.hex].to_json(), "sides": list(FRONT_SIDES[game.field.positions[u.side]])})

def short_supply(game: Game, u) -> None:
    owner = u.side
    pos = game.field.positions[owner]
    sections = sorted(game.board.section_of[pos][u.hex])
    carrying = game.pieces.general_at[u.hex] is not None
    row = game.board.baseline_row[pos]
    step = -1 if pos == "bottom" else 1
    options = []
    for r in (row, row + step):
        options = [h for h in _empty_in_row(game, owner, r, sections, carrying) if h != u.hex]
        if options:
            break
    game._event({"type": "short_supply", "side": game.current.active, "unit": u.id, "owner": owner})
    if options:
        game.decisions.pending.insert(0, {"do": "supply_move", "side": owner, "unit": u.id,
                                "options": options})

def do_supply_move(game: Game, a) -> None:
    item, to = take_hex_choice(game, a, "Another unit is being sent back.",
                               "Send the unit to one of the free hexes offered.")
    battle._relocate(game, game.pieces.units[item["unit"]], to, "sent_back")

# -- Fight Back --------------------------------------------------------------------------
def do_fight_back(game: Game, a) -> None:
    item = game.decisions.pending[0]
    side = item["side"]
    cid = a.get("card")
    if cid not in game.cards.hands[side] or card_of(cid).key != "fight_back":
        raise IllegalAction("You need a Fight Back card in your hand.")
    game.decisions.pending.pop(0)
    game.cards.hands[side].remove(cid)
    discard_played(game, side, cid)
    game.fx.fight_back = side
    u, foe = game.pieces.units[item["unit"]], game.pieces.units[item["attacker"]]
    game._event({"type": "card_played", "side": side, "card": cid, "name": "Fight Back",
                 "mode": "tactic", "orders": 1})
    prof = combat.attack_profile(game, u, foe.hex)
    battle._roll_attack(game, u, foe, prof["dice"], prof)

def do_decline(game: Game, a) -> None:
    game.decisions.pending.pop(0)

# -- Nightfall and Archie ----------------------------------------------------------------
def discard_played(game: Game, side: str, cid: str) -> None:
    game.cards.discards[side].append(cid)

def can_take_turn(game: Game, side: str) -> bool:
    if side == game.archie:
        return bool(game.cards.decks[side]) or (bool(game.cards.discards[side]) and not game.nightfall)
    return bool(game.cards.hands[side])

def begin_turn_cards(game: Game) -> None:
    """Archie draws the top card of its deck; with no card to play the game may end. Under
    command by dice the side rolls for its orders instead."""
    if dice_command.in_force(game):
        dice_command.begin(game)
        return
    side = game.current.active
    if not can_take_turn(game, side):
        if game.nightfall:
            game.decisions.pending.append({"do": "nightfall", "side": None})
        else:
            game._finish(other(side), "no_cards")
        return
    if side == game.archie:
        hand._draw(game, side, 1)

def do_end_by_nightfall(game: Game, a) -> None:
    game.decisions.pending.pop(0)
    flags = {s: game.flags(s) for s in SIDES}
    if flags["union"] != flags["confederate"]:
        winner = max(flags, key=lambda s: flags[s])
        reason = "nightfall_flags"
    elif game.score.casualties["union"] != game.score.casualties["confederate"]:
        winner = max(game.score.casualties, key=lambda s: game.score.casualties[s])
        reason = "nightfall_casualties"
    else:
        winner, reason = None, "nightfall_draw"
    game._finish(winner, reason)
