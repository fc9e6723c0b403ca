"""Grand Battle Cry (seed 004 L7, L17, L27-33, L70, L80, L89, L98) under the standard rules.

Each side is a Commander-in-Chief, who holds the side's cards, and one Field General per
flank of the board (left, centre, right: the board's sections; on a double board its
three flanks, AR EPIC GAMES L478). A turn (L27-33, rulings G1-G10 in docs/rulings.md):

1. ``command`` (the Commander-in-Chief): assign 1-3 section cards, each to the Field General
   of the card's flank (Counter-Attack copying a section card goes the same way), then
   ``end_command``; or play a special card himself instead (L28), the turn's only card;
2. ``play_card`` / ``order`` (each Field General given a card, left to right): he plays it
   and orders in his flank's sections;
3. ``initiative`` (each Field General given no card, left to right): roll one die or wait;
   a unit symbol orders one unit of that kind on his flank (L31);
4. ``move`` (each Field General with ordered pieces, left to right): all movement first
   (L32);
5. ``battle`` (the same Field Generals in turn) (L33);
6. the Commander-in-Chief's played cards go to the discard pile and he draws 2, never above
   the hand size (L33).

All-Out Offensive (L70) is played by the Commander-in-Chief; each Field General rolls 4
dice and each unit symbol orders one unit of that kind on his flank, of his choice.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core import SeatSpec
from ...core.errors import IllegalAction
from ...core.chance import derive_seed, shuffled
from .. import dice as _dice
from ..hexgrid import SECTIONS
from ..units import SIDES, other
from . import hand, turn
from .cards import card_of

if TYPE_CHECKING:
    from .game import StandardGame

COMMANDER = "Commander-in-Chief"
FIELD = "Field General"
_FLANK_WORDS = {"left": "Left Flank", "centre": "Centre", "right": "Right Flank"}
_KIND_FACES = {_dice.INFANTRY: "infantry", _dice.CAVALRY: "cavalry",
               _dice.ARTILLERY: "artillery"}
#: Section cards a Commander-in-Chief may assign at most each turn (L28).
MOST_CARDS = 3
#: Dice each Field General rolls for All-Out Offensive (L70).
OFFENSIVE_DICE = 4

STEPS: dict[str, tuple[str, ...]] = {
    "command": ("assign_card", "end_command", "play_card", "discard_card"),
    "initiative": ("roll_initiative", "pass_initiative"),
}


def commander_seat(side: str) -> str:
    return f"{side}-commander"


def field_seat(side: str, flank: str) -> str:
    return f"{side}-{flank}"


def seat_specs() -> tuple[SeatSpec, ...]:
    out = []
    for side in SIDES:
        out.append(SeatSpec(commander_seat(side), side, COMMANDER))
        out += [SeatSpec(field_seat(side, f), side, f"{FIELD} ({_FLANK_WORDS.get(f, f)})")
                for f in SECTIONS]
    return tuple(out)


@dataclass(slots=True)
class Grand:
    """The turn's team state (``game.team``). ``assigned``: Field General -> the card given;
    ``queue``: Field Generals still to play their card, then those acting on initiative or
    for All-Out Offensive (entries ``[seat, what]``: ``card``, ``initiative`` or a unit kind);
    ``ordered_by``: piece id -> the Field General who ordered it; ``done``: Field Generals who
    have ended their movement (stage ``move``) or their battles (stage ``battle``);
    ``played``: the cards played this turn (discarded at its end); ``special``: the
    Commander-in-Chief played a special card himself."""

    stage: str = "command"
    assigned: dict[str, str] = field(default_factory=dict)
    queue: list[list[str]] = field(default_factory=list)
    ordered_by: dict[str, str] = field(default_factory=dict)
    done: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    special: bool = False
    #: On a search's copy only: the Field General named first among those moving at once,
    #: so a search plays his movement (``StandardGame.led_by``); never set in a game played.
    lead: str | None = None

    def copy(self) -> Grand:
        return Grand(self.stage, dict(self.assigned), [e[:] for e in self.queue],
                     dict(self.ordered_by), self.done[:], self.played[:], self.special,
                     self.lead)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "stage": self.stage, "assigned": dict(self.assigned),
            "queue": [e[:] for e in self.queue], "ordered_by": dict(self.ordered_by),
            "done": self.done[:], "played": self.played[:], "special": self.special}
        if self.lead is not None:
            out["lead"] = self.lead
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Grand:
        return cls(d["stage"], dict(d["assigned"]), [list(e) for e in d["queue"]],
                   dict(d["ordered_by"]), list(d["done"]), list(d["played"]), bool(d["special"]),
                   d.get("lead"))


# -- flanks --------------------------------------------------------------------------------
def flank_of(game: StandardGame, side: str, h: int) -> str:
    """The flank a hex belongs to for ``side``: its section, the leftmost of two on a line."""
    secs = game.board.section_of[game.field.positions[side]][h]
    return next(s for s in game.board.sections if s in secs)


def _fields(side: str) -> list[str]:
    return [field_seat(side, f) for f in SECTIONS]


def _flank(seat: str) -> str:
    return seat.split("-", 1)[1]


def _piece_hex(game: StandardGame, pid: str) -> int | None:
    piece = game.pieces.units.get(pid) or game.pieces.generals.get(pid)
    return piece.hex if piece is not None else None


def _commander_of(game: StandardGame, pid: str, side: str) -> str:
    team = _team(game)
    seat = team.ordered_by.get(pid)
    if seat is not None:
        return seat
    h = _piece_hex(game, pid)
    return field_seat(side, flank_of(game, side, h)) if h is not None else commander_seat(side)


# -- who decides ----------------------------------------------------------------------------
def deciding(game: StandardGame) -> str | None:
    if game.outcome:
        return None
    team = _team(game)
    if game.pending:
        item = game.pending[0]
        side = item["side"]
        if side is None:
            return None
        for key in ("unit", "target", "attacker", "general"):
            pid = item.get(key)
            if isinstance(pid, str) and _side_of_piece(game, pid) == side:
                return _commander_of(game, pid, side)
        return commander_seat(side)
    step = game.current.step
    side = game.current.active
    if step == "command":
        return commander_seat(side)
    if step in ("play_card", "initiative") or (step == "order" and team.queue):
        return team.queue[0][0]
    if step == "order":                      # a special card's orders: the one who played it
        return commander_seat(side)
    return _mover(game)


def _side_of_piece(game: StandardGame, pid: str) -> str | None:
    piece = game.pieces.units.get(pid) or game.pieces.generals.get(pid)
    return piece.side if piece is not None else None


def _mover(game: StandardGame) -> str:
    """In the move and battle steps: the first Field General, left to right, with ordered
    pieces who has not ended that step (a search's ``lead`` first, when he is one)."""
    left = _not_done(game)
    team = _team(game)
    if team.lead in left:
        return team.lead
    return left[0] if left else _fields(game.current.active)[0]


def _not_done(game: StandardGame) -> list[str]:
    """The Field Generals, left to right, with ordered pieces who have not ended the step."""
    team = _team(game)
    owners = set(team.ordered_by.values())
    return [seat for seat in _fields(game.current.active)
            if seat in owners and seat not in team.done]


def moving_at_once(game: StandardGame) -> bool:
    """Whether it is the move step proper, where the Field Generals move at the same time
    (L32 "all movement before any battle"; ruling G11): no decision pending, every order
    taken."""
    return (not game.outcome and not game.pending and game.current.step == "move"
            and _team(game).stage == "move")


def deciding_seats(game: StandardGame) -> tuple[str, ...]:
    """The seats that may act now: in the move step every Field General with ordered pieces
    who has not ended his movement, left to right (ruling G11); otherwise the one deciding."""
    first = deciding(game)
    if first is None:
        return ()
    if moving_at_once(game):
        left = _not_done(game)
        if first in left:
            return (first, *[s for s in left if s != first])
    return (first,)


# -- the actions ------------------------------------------------------------------------------
def legal_actions(game: StandardGame, base: list[dict], seat: str | None = None) -> list[dict]:
    """The actions of ``seat`` (None: of the seat deciding, as a game without parallel steps
    lists them). While several Field Generals move at once, each one's ``end_movement`` names
    him (``seat``); the one that names nobody ends the first's movement (saved games)."""
    team = _team(game)
    if seat is not None and seat not in deciding_seats(game):
        return []
    step = game.phase
    side = game.current.active
    if step == "command":
        out = _assignments(game)
        if team.assigned:
            out.append({"type": "end_command"})
        else:
            out += [a for cid in game.hands[side] if card_of(cid).section is None
                    for a in turn.plays(game, cid)
                    if card_of(turn.effect_of(game, cid) or cid).section is None]
        if not out:
            out = [{"type": "discard_card", "card": cid} for cid in game.hands[side]]
        return out
    if step == "initiative":
        return [{"type": "roll_initiative"}, {"type": "pass_initiative"}]
    if step == "play_card":
        cid = team.assigned[team.queue[0][0]]
        # pieces on a line his neighbour's card ordered first: played, ordering nothing (G3)
        return turn.plays(game, cid) or [{"type": "play_card", "card": cid}]
    if step in ("move", "battle"):
        # a search's copy led by one of them names him too: its choice is applied to the game
        named = (seat is not None or team.lead is not None) and len(deciding_seats(game)) > 1
        who = seat or _mover(game)
        out = [a for a in base if a["type"] == "end_turn"
               or team.ordered_by.get(a.get("unit") or a.get("general") or "") == who]
        if step == "move":
            out.append({"type": "end_movement", "seat": who} if named else {"type": "end_movement"})
        return out
    return base


def actor_of(game: StandardGame, action: dict) -> str | None:
    """The seat an action of the move step is for: the one it names, else the Field General
    who ordered the piece it moves (None when neither)."""
    named = action.get("seat")
    if isinstance(named, str):
        return named
    pid = action.get("unit") or action.get("general")
    return _team(game).ordered_by.get(pid) if isinstance(pid, str) else None


def refusal(game: StandardGame, action: dict) -> str | None:
    """Why a move of the move step is refused when another Field General got there first:
    the hex it goes to now holds a piece he moved; None otherwise."""
    if not moving_at_once(game) or action.get("type") not in ("move", "move_general"):
        return None
    try:
        to = game.hex_of(action.get("to"))
    except IllegalAction:
        return None
    team = _team(game)
    mover = action.get("unit") or action.get("general")
    seat = team.ordered_by.get(mover) if isinstance(mover, str) else None
    for pid in (game.pieces.unit_at[to], game.pieces.general_at[to]):
        other_seat = team.ordered_by.get(pid) if pid is not None else None
        if other_seat is not None and seat is not None and other_seat != seat \
                and (pid in game.current.moved or pid in game.current.gen_moved):
            return ("Another Field General moved a piece to that hex first: "
                    "choose another move.")
    return None


def _assignments(game: StandardGame) -> list[dict]:
    team = _team(game)
    if len(team.assigned) >= MOST_CARDS:
        return []
    side = game.current.active
    out = []
    given = set(team.assigned.values())
    for cid in game.hands[side]:
        if cid in given:
            continue
        effect = turn.effect_of(game, cid)
        section = card_of(effect).section if effect else None
        if section is None:
            continue
        seat = field_seat(side, section)
        if seat not in team.assigned and turn.plays(game, cid):
            out.append({"type": "assign_card", "card": cid, "to": seat})
    return out


def do_assign_card(game: StandardGame, a: dict) -> None:
    team = _team(game)
    team.assigned[a["to"]] = a["card"]
    # the card itself is shown to the side through its views (G9), not in the log
    game.event({"type": "card_assigned", "side": game.current.active, "to": a["to"]})
    if len(team.assigned) >= MOST_CARDS or not _assignments(game):
        do_end_command(game, {})


def do_end_command(game: StandardGame, a: dict) -> None:
    team = _team(game)
    side = game.current.active
    team.queue = [[seat, "card"] for seat in _fields(side) if seat in team.assigned]
    team.stage = "cards"
    game.current.step = "play_card"
    game.event({"type": "command_given", "side": side, "cards": len(team.assigned)})


def do_play_card(game: StandardGame, a: dict) -> None:
    team = _team(game)
    before = set(game.current.ordered) | set(game.current.gen_ordered)
    if game.current.step == "command":
        team.special = True
        team.played.append(a["card"])
        if turn.effect_of(game, a["card"]) == "std_all_out_offensive":
            _all_out_offensive(game, a["card"])
            return
        turn.do_play_card(game, a)
        for pid in set(game.current.ordered) | set(game.current.gen_ordered):
            team.ordered_by.setdefault(pid, _commander_of(game, pid, game.current.active))
        team.stage = "special"
        return
    seat = team.queue[0][0]
    team.played.append(a["card"])
    turn.do_play_card(game, a)
    for pid in (set(game.current.ordered) | set(game.current.gen_ordered)) - before:
        team.ordered_by[pid] = seat


def _all_out_offensive(game: StandardGame, cid: str) -> None:
    """Played by the Commander-in-Chief; each Field General rolls 4 dice, each unit symbol
    ordering one unit of that kind on his flank (L70; ruling G7)."""
    team = _team(game)
    side = game.current.active
    game.hands[side].remove(cid)
    game.current.card = game.current.effect = cid
    game.last_card[side] = "std_all_out_offensive"
    game.event({"type": "card_played", "side": side, "card": cid,
                "name": card_of(cid).name, "mode": "tactic"})
    for seat in _fields(side):
        faces = game.roll(OFFENSIVE_DICE)
        game.event({"type": "offensive_roll", "side": side, "seat": seat, "rolls": faces})
        team.queue += [[seat, _KIND_FACES[f]] for f in faces if f in _KIND_FACES]
    team.stage = "orders"
    game.current.step = "move"


def do_roll_initiative(game: StandardGame, a: dict) -> None:
    team = _team(game)
    seat = team.queue[0][0]
    face = game.roll(1)[0]
    game.event({"type": "initiative_roll", "side": game.current.active, "seat": seat,
                "rolls": [face]})
    if face in _KIND_FACES:
        team.queue[0][1] = _KIND_FACES[face]
        game.current.step = "move"          # advance() opens the order for that kind
    else:
        team.queue.pop(0)
        game.current.step = "move"


def do_pass_initiative(game: StandardGame, a: dict) -> None:
    team = _team(game)
    game.event({"type": "initiative_passed", "side": game.current.active,
                "seat": team.queue.pop(0)[0]})
    game.current.step = "move"


def do_order(game: StandardGame, a: dict) -> None:
    team = _team(game)
    seat = team.queue[0][0] if team.queue else None
    turn.do_order(game, a)
    if seat is not None:
        team.ordered_by[a["unit"]] = seat
    elif a["unit"] in game.pieces.units:
        team.ordered_by.setdefault(a["unit"], _commander_of(game, a["unit"],
                                                            game.current.active))


def do_order_general(game: StandardGame, a: dict) -> None:
    team = _team(game)
    seat = team.queue[0][0] if team.queue else None
    turn.do_order_general(game, a)
    team.ordered_by[a["general"]] = seat or _commander_of(game, a["general"],
                                                          game.current.active)


def do_end_movement(game: StandardGame, a: dict) -> None:
    team = _team(game)
    seat = a.get("seat") or _mover(game)
    team.done.append(seat)
    if _others_left(game):
        game.event({"type": "field_general_done", "side": game.current.active, "seat": seat,
                    "step": "move"})
        return
    team.done.clear()
    turn.do_end_movement(game, a)


def do_end_turn(game: StandardGame, a: dict) -> None:
    team = _team(game)
    seat = _mover(game)
    team.done.append(seat)
    if _others_left(game):
        game.event({"type": "field_general_done", "side": game.current.active, "seat": seat,
                    "step": "battle"})
        return
    _finish_turn(game)


def do_discard_card(game: StandardGame, a: dict) -> None:
    side = game.current.active
    game.hands[side].remove(a["card"])
    game.discards.append(a["card"])
    game.event({"type": "discarded", "side": side, "card": a["card"]})
    _finish_turn(game)


def _others_left(game: StandardGame) -> bool:
    team = _team(game)
    owners = set(team.ordered_by.values())
    return any(s in owners and s not in team.done for s in _fields(game.current.active))


def _finish_turn(game: StandardGame) -> None:
    """The played cards go to the discard pile; the Commander-in-Chief draws 2, never above
    the hand size (L33); the other side's turn begins with its command."""
    team = _team(game)
    side = game.current.active
    game.discards.extend(team.played)
    hand.draw(game, side, 2)
    game.current.number += 1
    game.unsupplied = {k: v for k, v in game.unsupplied.items() if v >= game.current.number}
    game.current.active = other(side)
    game.reset_turn()
    game.current.step = "command"
    game.team = Grand()
    game.event({"type": "turn", "turn": game.current.number, "side": game.current.active})


# -- the flow between steps ----------------------------------------------------------------------
def advance(game: StandardGame) -> None:
    """After each action: when a Field General's orders are done, the next one plays his
    card; then those given none act on initiative (and All-Out Offensive's orders are
    taken); then all move, then all battle."""
    team = _team(game)
    current = game.current
    while not game.outcome and not game.pending and current.step == "move":
        if team.stage == "special":
            team.stage = "move"
        elif team.stage == "cards":
            if team.queue and team.queue[0][0] in _played_by(team):
                team.queue.pop(0)
            if team.queue:
                current.step = "play_card"
                return
            team.stage = "initiative"
            team.queue = [[seat, "initiative"] for seat in _fields(current.active)
                          if seat not in team.assigned]
            continue
        elif team.stage in ("initiative", "orders"):
            if not team.queue:
                team.stage = "move"
                continue
            seat, what = team.queue[0]
            if what == "initiative":
                current.step = "initiative"
                return
            if what == "ordering" or not _open_order(game, seat, what):
                team.queue.pop(0)
            continue
        if team.stage == "move" and not team.ordered_by:
            _finish_turn(game)                # nothing was ordered: the turn is over
        return


def _played_by(team: Grand) -> set[str]:
    return {seat for seat, cid in team.assigned.items() if cid in team.played}


def _open_order(game: StandardGame, seat: str, kind: str) -> bool:
    """One order for a unit of ``kind`` on ``seat``'s flank; False when none may take it."""
    side = game.current.active
    flank = _flank(seat)
    units = [u.id for u in game.pieces.units.values() if turn.may_order(game, u)
             and u.kind == kind
             and flank in game.board.section_of[game.field.positions[side]][u.hex]]
    if not units:
        game.event({"type": "initiative_no_effect", "side": side, "seat": seat})
        return False
    team = _team(game)
    team.queue[0] = [seat, "ordering"]
    game.current.eligible, game.current.orders_left = units, 1
    game.current.order_sections = []
    game.current.step = "order"
    return True


# -- what a seat sees ---------------------------------------------------------------------------
def public(game: StandardGame, seat: str | None) -> dict[str, Any]:
    team = _team(game)
    side = _side_of_seat(seat)
    commander = side is not None and seat == commander_seat(side)
    # the cards given are shown to the whole side (ruling G9), never to the enemy
    assigned = dict(team.assigned) if side == game.current.active else {}
    return {"mode": "grand", "seats": [{"seat": s.name, "side": s.side, "role": s.role}
                                       for s in seat_specs()],
            "stage": team.stage, "assigned": assigned, "special": team.special,
            "given_to": sorted(team.assigned), "ordered_by": dict(team.ordered_by),
            "queue": [e[0] for e in team.queue], "holds_hand": commander,
            "deciding_seats": list(deciding_seats(game))}


def seat_hand(game: StandardGame, seat: str | None) -> list[str] | None:
    side = _side_of_seat(seat)
    if side is not None and seat == commander_seat(side):
        return list(game.hands[side])
    return None


def _side_of_seat(seat: str | None) -> str | None:
    if seat is None:
        return None
    side = seat.split("-", 1)[0]
    return side if side in SIDES and seat in {s.name for s in seat_specs()} else None


def determinize(game: StandardGame, seat: str, seed: int) -> StandardGame:
    """A Field General sees neither hand, only the cards given this turn (G9): the rest of
    his side's hand is dealt again with the other hand and the deck. A Commander-in-Chief
    sees his own hand, as a player does."""
    side = _side_of_seat(seat)
    if side is None:
        raise ValueError(f"this game has no seat {seat!r}")
    if seat == commander_seat(side):
        return game.determinize(side, seed)
    g = game.copy()
    g.seed = g.rng = derive_seed(seed, 0)
    team = _team(g)
    foe = other(side)
    shown = set(team.assigned.values()) if side == g.current.active else set()
    kept = [c for c in g.hands[side] if c in shown]
    own = [c for c in g.hands[side] if c not in shown]
    unseen = shuffled(sorted(own + g.hands[foe] + g.deck), seed, 1)
    g.hands[side] = kept + unseen[:len(own)]
    rest = unseen[len(own):]
    g.hands[foe], g.deck = rest[:len(g.hands[foe])], rest[len(g.hands[foe]):]
    return g


def _team(game: StandardGame) -> Grand:
    team = game.team
    assert team is not None
    return team


HANDLERS = {
    "assign_card": do_assign_card, "end_command": do_end_command, "play_card": do_play_card,
    "discard_card": do_discard_card, "roll_initiative": do_roll_initiative,
    "pass_initiative": do_pass_initiative, "order": do_order,
    "order_general": do_order_general, "end_movement": do_end_movement,
    "end_turn": do_end_turn,
}
