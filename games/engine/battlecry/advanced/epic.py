"""Epic games (AR EPIC GAMES, seed 000 L476-501) under the Advanced rules.

Each side is a team: a Commanding General holds the side's cards and gives one each turn
to a Major-General, who carries it out with the units under his command; a Major-General
who was given no card may act on his own initiative before the enemy's turn (Personal
Authority); a Major-General whose figure falls is out of the game. The seats and the team
state are :mod:`games.engine.battlecry.teams`; the readings taken are docs/rulings.md,
E1-E12.

One seat decides at a time (:func:`deciding`):

- ``assign_command`` (at the deal, each side's Commanding General in turn, first side
  first): transfer units between Major-Generals, then confirm;
- ``command`` (the start of each of the side's turns, its Commanding General): transfer
  units, then give one card of the hand to one Major-General;
- ``play_card``, ``order``, ``move``, ``move_again``: that Major-General; ``battle``: the
  Major-General whose units must still melee (his own first), else him;
- ``initiative`` (the end of the side's turn): each Major-General who was given no card, in
  seat order, rolls or passes; a unit result gives him a short turn of his own;
- decisions about one unit (retreat, withdraw, take ground, Short Supply's move): the
  Major-General commanding it; a general's retreat: that general's Major-General; the
  hand's decisions (discard, keep a card, Fight Back) and the campaign's pre-battle dice:
  the Commanding General.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import dice as _dice
from .. import retreat
from ...core.errors import IllegalAction
from ..teams import MAJOR, Team, commander_seat, members_for, propose_command
from ..units import SIDES, other
from . import battle, combat, tactics, turn

if TYPE_CHECKING:
    from .game import Game

#: Decisions about one unit, taken by the Major-General commanding it.
_UNIT_DECISIONS = frozenset({"retreat", "withdraw", "take_ground", "supply_move"})
#: Decisions of the card in play, taken by the Major-General carrying it out.
_CARD_DECISIONS = frozenset({"rally", "reinforce"})
_KIND_FACES = {_dice.INFANTRY: "infantry", _dice.CAVALRY: "cavalry",
               _dice.ARTILLERY: "artillery"}

#: The steps Epic adds, with the actions each takes.
STEPS: dict[str, tuple[str, ...]] = {
    "assign_command": ("transfer", "confirm_command"),
    "command": ("transfer", "give_card"),
    "initiative": ("roll_initiative", "pass_initiative", "initiative_retreat"),
}
PHASES = tuple(STEPS)


# -- the deal ------------------------------------------------------------------------------
def setup(game: Game) -> None:
    """Seat the teams, propose the command by sections, and wait for the Commanding
    Generals (E2)."""
    members = members_for(game.scenario, "epic")
    command: dict[str, str] = {}
    for side in SIDES:
        majors = [(m.seat, m.general) for m in members if m.side == side and m.role == MAJOR]
        units = [u for u in game.pieces.units.values() if u.side == side]
        command.update(propose_command(game.board, game.field.positions[side], units,
                                       game.pieces.generals,
                                       majors or [(commander_seat(side), None)]))
    game.team = Team("epic", members, command)
    game.current.step = "command"
    first = game.scenario.first_side
    game.decisions.pending.extend({"do": "assign_command", "side": s, "ready": True}
                                  for s in (first, other(first)))


# -- who decides -----------------------------------------------------------------------------
def seat_for_pending(game: Game, team: Team, item: dict) -> str | None:
    """The Major-General's seat a pending decision belongs to (the commander of the unit or
    general it is about, or the one carrying out the card in play); None when it is the
    side's to take as a whole (a team mode then names who answers for the side)."""
    do = item["do"]
    if do in _UNIT_DECISIONS:
        return team.command.get(item["unit"])
    if do == "general_retreat":
        return team.seat_of_general(item["general"])
    if do in _CARD_DECISIONS and item["side"] == game.current.active:
        return team.acting or None
    return None


def deciding(game: Game) -> str | None:
    team = _team(game)
    if game.outcome:
        return None
    if game.decisions.pending:
        item = game.decisions.pending[0]
        side = item["side"]
        if side is None:
            return None
        return seat_for_pending(game, team, item) or commander_seat(side)
    step = game.current.step
    if step == "command":
        return commander_seat(game.current.active)
    if step == "initiative":
        return team.initiative[0]
    if step == "battle":
        return battling_seat(game)
    return team.acting


def battling_seat(game: Game) -> str | None:
    """Melees come first (AR MELEE): while units must still melee, the Major-General
    commanding them battles (the one carrying the card first); then the card's carrier."""
    team = _team(game)
    owners = {team.command.get(u) for u in battle.compulsory_melees(game)}
    if not owners or team.acting in owners:
        return team.acting
    return next(m.seat for m in team.members if m.seat in owners)


# -- the actions ------------------------------------------------------------------------------
def legal_actions(game: Game, base: list[dict]) -> list[dict]:
    """The deciding seat's actions: Epic's own steps, or the base rules' filtered to it."""
    team = _team(game)
    phase = game.phase
    if phase == "assign_command":
        side = game.decisions.pending[0]["side"]
        return _transfers(game, side) + [{"type": "confirm_command"}]
    if phase == "command":
        side = game.current.active
        majors = team.majors(side)
        gives = [{"type": "give_card", "card": c, "to": m}
                 for c in game.cards.hands[side] for m in majors]
        return _transfers(game, side) + gives
    if phase == "initiative":
        if team.initiative_flag:
            return _initiative_retreats(game)
        return [{"type": "roll_initiative"}, {"type": "pass_initiative"}]
    if phase == "play_card":
        return [a for a in base if a["card"] == team.given]
    if phase == "battle":
        seat = battling_seat(game)
        return [a for a in base if a["type"] != "attack" or team.command.get(a["unit"]) == seat]
    return base


def _transfers(game: Game, side: str) -> list[dict]:
    team = _team(game)
    majors = team.majors(side)
    if len(majors) < 2:
        return []
    return [{"type": "transfer", "unit": u.id, "to": m}
            for u in game.pieces.units.values()
            if u.side == side and u.id not in team.transferred
            for m in majors if team.command.get(u.id) != m]


def do_transfer(game: Game, a: dict) -> None:
    team = _team(game)
    side = (game.decisions.pending[0]["side"] if game.phase == "assign_command"
            else game.current.active)
    u = game._unit(a.get("unit"))
    if u.side != side:
        raise IllegalAction("Only your own side's units can change commander.")
    to = a.get("to")
    if to not in team.majors(side):
        raise IllegalAction("Give the unit to one of your living Major-Generals.")
    if team.command.get(u.id) == to:
        raise IllegalAction("That Major-General already commands that unit.")
    if u.id in team.transferred:
        raise IllegalAction("That unit has already changed commander at this start of turn.")
    was = team.command.get(u.id)
    team.command[u.id] = to
    team.transferred.append(u.id)
    game._event({"type": "command_transferred", "side": side, "unit": u.id, "from": was, "to": to})


def do_confirm_command(game: Game, a: dict) -> None:
    item = game.decisions.pending.pop(0)
    _team(game).transferred.clear()
    game._event({"type": "command_confirmed", "side": item["side"]})


def do_give_card(game: Game, a: dict) -> None:
    team = _team(game)
    side = game.current.active
    cid, to = a.get("card"), a.get("to")
    if cid not in game.cards.hands[side]:
        raise IllegalAction("That card is not in your hand.")
    if to not in team.majors(side):
        raise IllegalAction("Give the card to one of your living Major-Generals.")
    team.given, team.acting = cid, to
    team.transferred.clear()
    game.current.step = "play_card"
    game._event({"type": "card_given", "side": side, "to": to,
                 "private": {"side": to, "card": cid}})


def do_play_card(game: Game, a: dict) -> None:
    if a.get("card") != _team(game).given:
        raise IllegalAction("Play the card your Commanding General gave you.")
    turn.do_play_card(game, a)


def do_attack(game: Game, a: dict) -> None:
    u = game._unit(a.get("unit"))
    if _team(game).command.get(u.id) != battling_seat(game):
        raise IllegalAction("That unit is under another Major-General's command.")
    battle.do_attack(game, a)


def do_order(game: Game, a: dict) -> None:
    turn.do_order(game, a)
    _free_to_battle(game, a)


def order_unchecked(game: Game, a: dict) -> None:
    turn.order_unchecked(game, a)
    _free_to_battle(game, a)


def _free_to_battle(game: Game, a: dict) -> None:
    """On his own initiative the unit ordered battles (the others are held back)."""
    if game.current.mode == "initiative":
        game.current.attacked.discard(a["unit"])


def do_reinforce(game: Game, a: dict) -> None:
    """A reinforcement comes under the command of the Major-General who called it."""
    before = set(game.pieces.units)
    tactics.do_reinforce(game, a)
    team = _team(game)
    for uid in set(game.pieces.units) - before:
        team.command[uid] = team.acting or team.majors(game.pieces.units[uid].side)[0]


def do_end_turn(game: Game, a: dict) -> None:
    if game.current.mode == "initiative":
        if battle.compulsory_melees(game):
            raise IllegalAction("Every unit in melee must battle before the turn ends.")
        _next_initiative(game)
        return
    turn.do_end_turn(game, a)


def end_turn_unchecked(game: Game, a: dict) -> None:
    if game.current.mode == "initiative":
        _next_initiative(game)
    else:
        turn.end_turn_unchecked(game, a)


# -- the end of a side's turn: Personal Authority ------------------------------------------------
def auto_finish_turn(game: Game, item: dict) -> None:
    """Before the enemy's turn, each Major-General of the side who was given no card may
    act on his own initiative (E5); then the turn passes."""
    team = _team(game)
    side = game.current.active
    game.check_end_of_turn()
    if game.outcome:
        return
    for seat, n in list(team.pinned.items()):
        if n <= game.current.number:
            del team.pinned[seat]           # the swords result lasted this friendly turn
    team.initiative = [m for m in team.majors(side) if m != team.acting
                       and team.member(m).role == MAJOR
                       and any(uid in game.pieces.units for uid in team.units_of(m))]
    if team.initiative:
        _initiative_step(game)
    else:
        _pass_turn(game)


def _initiative_step(game: Game) -> None:
    team = _team(game)
    game._reset_turn()
    game.cache.clear()              # the turn's reach and move slots no longer hold
    game.current.step = "initiative"
    team.acting, team.initiative_flag = None, False


def _next_initiative(game: Game) -> None:
    team = _team(game)
    team.initiative.pop(0)
    if team.initiative:
        _initiative_step(game)
    else:
        _pass_turn(game)


def _pass_turn(game: Game) -> None:
    team = _team(game)
    side = game.current.active
    team.acting, team.given, team.initiative_flag = None, None, False
    game._reset_turn()
    turn.auto_finish_turn(game, {"do": "finish_turn", "side": side})
    if not game.outcome:
        game.current.step = "command"


def do_roll_initiative(game: Game, a: dict) -> None:
    team = _team(game)
    if team.initiative_flag:
        raise IllegalAction("Retreat one of your units first (a flag was rolled).")
    seat = team.initiative[0]
    side = game.current.active
    face = game._roll(1)[0]
    game._event({"type": "initiative_roll", "side": side, "seat": seat, "rolls": [face]})
    if face in _KIND_FACES:
        _initiative_turn(game, seat, _KIND_FACES[face])
    elif face == _dice.FLAG:
        if _initiative_retreats(game):
            team.initiative_flag = True
        else:
            game._event({"type": "initiative_no_effect", "side": side, "seat": seat})
            _next_initiative(game)
    else:                                       # swords: no movement next friendly turn
        team.pinned[seat] = game.current.number + 2
        game._event({"type": "initiative_pinned", "side": side, "seat": seat})
        _next_initiative(game)


def do_pass_initiative(game: Game, a: dict) -> None:
    team = _team(game)
    if team.initiative_flag:
        raise IllegalAction("Retreat one of your units first (a flag was rolled).")
    game._event({"type": "initiative_passed", "side": game.current.active,
                 "seat": team.initiative[0]})
    _next_initiative(game)


def _initiative_turn(game: Game, seat: str, kind: str) -> None:
    """A short turn: one unit of ``kind`` under ``seat``'s command moves and battles (E6)."""
    team = _team(game)
    side = game.current.active
    current = game.current
    current.mode = "initiative"
    current.order_rule = {"by": "kind", "quota": {kind: 1}}
    current.orders_left = 1
    team.acting = seat
    # only the unit he orders battles: the others fought (or could not) in the turn
    current.attacked = {u.id for u in game.pieces.units.values()
                        if u.side == side and team.command.get(u.id) != seat}
    if not any(turn.order_eligible(game, u) for u in game.pieces.units.values()):
        game._event({"type": "initiative_no_effect", "side": side, "seat": seat})
        _next_initiative(game)
        return
    current.step = "order"


def _initiative_retreats(game: Game) -> list[dict]:
    team = _team(game)
    seat = team.initiative[0]
    out = []
    for uid in team.units_of(seat):
        u = game.pieces.units.get(uid)
        if u is None or combat.in_melee(game, u):
            continue
        made, ends = retreat.unit_retreat(game, u, 1)
        out += [{"type": "initiative_retreat", "unit": u.id, "to": game.board.hex_json[h]}
                for h in ends]
    return out


def do_initiative_retreat(game: Game, a: dict) -> None:
    team = _team(game)
    if not team.initiative_flag:
        raise IllegalAction("Only a flag rolled on your own initiative makes a unit retreat.")
    u = game._unit(a.get("unit"))
    seat = team.initiative[0]
    if team.command.get(u.id) != seat:
        raise IllegalAction("Retreat a unit under your own command.")
    if combat.in_melee(game, u):
        raise IllegalAction("A unit in melee cannot be the one to retreat.")
    made, ends = retreat.unit_retreat(game, u, 1)
    to = game._hex(a.get("to"))
    if to not in ends:
        raise IllegalAction(f"That unit cannot retreat to {game.board.hexes[to]}.")
    side = u.side
    game._event({"type": "initiative_retreat", "side": side, "seat": seat, "unit": u.id})
    battle._retreat_unit(game, u, to, {"steps": 1, "made": made, "attacker_side": other(side),
                                       "dice": 0, "melee": False})
    team.initiative_flag = False
    if not game.outcome:
        _next_initiative(game)


# -- killed in action ------------------------------------------------------------------------
def general_fell(game: Game, side: str) -> None:
    """A Major-General whose figure is eliminated leaves the game; his units pass to the
    living Major-Generals by the sections proposal, until his Commanding General transfers
    them otherwise at the start of the side's next turn (E9)."""
    team = _team(game)
    for m in team.members:
        if (m.side != side or m.role != MAJOR or m.seat in team.fallen
                or m.general in game.pieces.generals):
            continue
        team.fallen.append(m.seat)
        living = [(s, team.member(s).general) for s in team.majors(side)
                  if team.member(s).role == MAJOR]
        units = [game.pieces.units[u] for u in team.units_of(m.seat) if u in game.pieces.units]
        moved: dict[str, str] = {}
        if living:
            moved = propose_command(game.board, game.field.positions[side], units,
                                    game.pieces.generals, living)
            team.command.update(moved)
            if team.acting == m.seat:
                team.acting = living[0][0]
        game._event({"type": "killed_in_action", "side": side, "seat": m.seat,
                     "units": moved})


# -- what a seat sees ---------------------------------------------------------------------------
def public(game: Game, seat: str | None) -> dict[str, Any]:
    """The team part of a view: seats, command, who acts; the card given only to its
    Commanding General and its receiver (E10)."""
    team = _team(game)
    side = _side_of(team, seat)
    given = None
    if team.given and seat is not None and seat in (team.acting,
                                                    commander_seat(game.current.active)):
        given = team.given
    return {
        "mode": team.mode,
        "seats": [{"seat": m.seat, "side": m.side, "role": m.role, "general": m.general,
                   "name": m.name, "fallen": m.seat in team.fallen} for m in team.members],
        "command": dict(team.command), "acting": team.acting, "given": given,
        "initiative": team.initiative[:], "pinned": sorted(team.pinned),
        "holds_hand": seat is not None and side is not None and seat == commander_seat(side),
    }


def sees_hand(game: Game, seat: str | None) -> str | None:
    """The side whose hand ``seat`` sees: its Commanding General's (E10)."""
    team = _team(game)
    side = _side_of(team, seat)
    if side is not None and seat == commander_seat(side):
        return side
    return None


def seat_hand(game: Game, seat: str | None) -> list[str] | None:
    side = sees_hand(game, seat)
    return list(game.cards.hands[side]) if side is not None else None


def _side_of(team: Team, seat: str | None) -> str | None:
    if seat is None:
        return None
    try:
        return team.member(seat).side
    except KeyError:
        return None


def _team(game: Game) -> Team:
    team = game.team
    assert team is not None
    return team


HANDLERS = {
    "transfer": do_transfer, "confirm_command": do_confirm_command, "give_card": do_give_card,
    "play_card": do_play_card, "attack": do_attack, "order": do_order, "reinforce": do_reinforce,
    "end_turn": do_end_turn, "roll_initiative": do_roll_initiative,
    "pass_initiative": do_pass_initiative, "initiative_retreat": do_initiative_retreat,
}
FAST = {"end_turn": end_turn_unchecked, "order": order_unchecked}
