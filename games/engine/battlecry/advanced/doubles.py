"""Doubles (AR DOUBLES, seed 000 L503-513) under the Advanced rules.

Three or four players, each a Major-General with his own general figure and his own hand,
drawn from the side's one deck and thrown on its one discard pile; no Commanding General,
no card passing. Whose turn comes next is drawn from a cup holding two names a side (one
name twice for a side of one player), refilled when empty; the draw comes from the game's
random stream and is recorded (``cup_draw``), so a log replays it exactly. The readings
taken are docs/rulings.md D1-D9.

The hand of the Major-General whose turn it is (or who must answer with Fight Back) is the
side's hand in ``cards.hands``, so every rule of a hand (capacity, drawing, discarding,
Scout's keep-one) works on it unchanged; the other hands wait in ``team.hands``
(:func:`swap_in`).

One seat decides at a time (:func:`deciding`): at the deal each Major-General of a side of
two, in seat order, may hand units to his team-mate and confirms; in a turn, the
Major-General drawn; the team-mate whose units must melee; decisions about a unit, its
commander; a general's retreat, its Major-General; the hand's decisions, the hand's holder.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.errors import IllegalAction
from ..teams import MAJOR, Team, members_for, propose_command
from ..units import SIDES
from . import epic, hand, tactics, turn

if TYPE_CHECKING:
    from .game import Game

STEPS: dict[str, tuple[str, ...]] = {
    "assign_command": ("transfer", "confirm_command"),
    "play_card": ("play_card", "transfer", "refit"),    # refit: refused, a one-hand house rule
}

# -- the deal ------------------------------------------------------------------------------
def setup(game: Game) -> None:
    """Seat the players, take surplus figures off the board, deal each his hand, and draw
    the first turn from the cup (the scenario's first player is ignored, L509)."""
    members = members_for(game.scenario, "doubles")
    kept = {m.general for m in members if m.general}
    for gid in [gid for gid in game.pieces.generals if gid not in kept]:
        g = game.pieces.generals.pop(gid)
        game.pieces.general_at[g.hex] = None
        game._event({"type": "general_withdrawn", "general": gid, "side": g.side,
                     "name": g.name})
    command: dict[str, str] = {}
    for side in SIDES:
        majors = [(m.seat, m.general) for m in members if m.side == side]
        units = [u for u in game.pieces.units.values() if u.side == side]
        command.update(propose_command(game.board, game.field.positions[side], units,
                                       game.pieces.generals, majors))
    team = game.team = Team("doubles", members, command)
    first = game.scenario.first_side
    for side in (first, *[s for s in SIDES if s != first]):
        for seat in team.majors(side):
            swap_in(game, seat)
            hand._draw(game, side, hand.capacity(game, side))
    for side in SIDES:
        players = team.majors(side)
        if len(players) > 1:
            game.decisions.pending.extend({"do": "assign_command", "side": side, "seat": m,
                                           "ready": True} for m in players)
    _start(game, cup_draw(game))
    tactics.begin_turn_cards(game)


def _start(game: Game, seat: str) -> None:
    team = _team(game)
    swap_in(game, seat)
    team.acting = seat
    team.transferred.clear()
    game.current.active = team.member(seat).side


# -- hands ------------------------------------------------------------------------------------
def swap_in(game: Game, seat: str) -> None:
    """Make ``seat``'s hand its side's hand in play (the other waits in ``team.hands``)."""
    team = _team(game)
    side = team.member(seat).side
    holder = team.holder.get(side)
    if holder == seat:
        return
    if holder is not None:
        team.hands[holder] = game.cards.hands[side]
    game.cards.hands[side] = team.hands.pop(seat, [])
    team.holder[side] = seat


def hand_of(game: Game, seat: str) -> list[str]:
    team = _team(game)
    side = team.member(seat).side
    return game.cards.hands[side] if team.holder.get(side) == seat else team.hands.get(seat, [])


# -- the cup ----------------------------------------------------------------------------------
def cup_names(team: Team) -> list[str]:
    """A full cup: two names a side, one name twice for a side of one living player (L509)."""
    out = []
    for side in SIDES:
        majors = team.majors(side)
        out += (majors * 2)[:2] if majors else []
    return out


def cup_draw(game: Game) -> str:
    """Draw the next turn's player from the cup (refilled first when empty). A scripted
    draw (a replay's) names the seat; the stream moves on either way."""
    team = _team(game)
    if not team.cup:
        team.cup = cup_names(team)
        game._event({"type": "cup_refilled", "cup": team.cup[:]})
    i = game._rand() % len(team.cup)
    script = game._script_draws
    if script and script[0] in team.cup:
        i = team.cup.index(script.pop(0))
    seat = team.cup.pop(i)
    game._event({"type": "cup_draw", "seat": seat, "side": team.member(seat).side,
                 "left": team.cup[:]})
    return seat


def auto_finish_turn(game: Game, item: dict) -> None:
    game.check_end_of_turn()
    if game.outcome:
        return
    seat = cup_draw(game)
    _start(game, seat)
    turn.begin_turn(game, game.current.active)


# -- who decides ----------------------------------------------------------------------------
def deciding(game: Game) -> str | None:
    team = _team(game)
    if game.outcome:
        return None
    if game.decisions.pending:
        item = game.decisions.pending[0]
        side, do = item["side"], item["do"]
        if side is None:
            return None
        if do == "assign_command":
            return item["seat"]
        return epic.seat_for_pending(game, team, item) or team.holder[side]
    if game.current.step == "battle":
        return epic.battling_seat(game)
    return team.acting


def before_decision(game: Game, item: dict) -> None:
    """Fight Back is played from the hand of the Major-General commanding the unit
    attacked (D6)."""
    if item["do"] == "fight_back":
        seat = _team(game).command.get(item["unit"])
        if seat is not None:
            swap_in(game, seat)


# -- the actions ------------------------------------------------------------------------------
def legal_actions(game: Game, base: list[dict]) -> list[dict]:
    team = _team(game)
    phase = game.phase
    if phase == "assign_command":
        return _transfers(game, game.decisions.pending[0]["seat"]) + [{"type": "confirm_command"}]
    if phase == "play_card":
        return base + _transfers(game, team.acting)
    if phase == "battle":
        seat = epic.battling_seat(game)
        return [a for a in base if a["type"] != "attack" or team.command.get(a["unit"]) == seat]
    return base


def _transfers(game: Game, seat: str | None) -> list[dict]:
    team = _team(game)
    if seat is None:
        return []
    mates = team.mates(seat)
    return [{"type": "transfer", "unit": uid, "to": m} for uid in team.units_of(seat)
            if uid in game.pieces.units and uid not in team.transferred for m in mates]


def do_transfer(game: Game, a: dict) -> None:
    """A Major-General hands units of his own to his team-mate: at the deal, or at the
    beginning of his own turn (L511)."""
    team = _team(game)
    seat = (game.decisions.pending[0]["seat"] if game.phase == "assign_command"
            else team.acting)
    uid = a.get("unit")
    if uid not in game.pieces.units or team.command.get(uid) != seat:
        raise IllegalAction("You can hand over only units under your own command.")
    if a.get("to") not in team.mates(seat or ""):
        raise IllegalAction("Hand the unit to your team-mate.")
    if uid in team.transferred:
        raise IllegalAction("That unit has already changed commander at this start of turn.")
    team.command[uid] = a["to"]
    team.transferred.append(uid)
    game._event({"type": "command_transferred", "side": team.member(a["to"]).side,
                 "unit": uid, "from": seat, "to": a["to"]})


def do_confirm_command(game: Game, a: dict) -> None:
    item = game.decisions.pending.pop(0)
    _team(game).transferred.clear()
    game._event({"type": "command_confirmed", "side": item["side"], "seat": item["seat"]})


def do_play_card(game: Game, a: dict) -> None:
    turn.do_play_card(game, a)
    _team(game).transferred.clear()


# -- killed in action ------------------------------------------------------------------------
def general_fell(game: Game, side: str) -> None:
    """The survivor takes every unit of a team-mate whose figure falls (L511); the fallen
    player's hand goes to the side's discard pile and his names in the cup become his
    team-mate's (D7)."""
    team = _team(game)
    for m in team.members:
        if (m.side != side or m.general is None or m.seat in team.fallen
                or m.general in game.pieces.generals):
            continue
        team.fallen.append(m.seat)
        heirs = team.majors(side)
        if not heirs:
            continue                           # the side has lost (its last general fell)
        heir = heirs[0]
        moved = {u: heir for u in team.units_of(m.seat)}
        team.command.update(moved)
        if team.holder.get(side) == m.seat:
            swap_in(game, heir)
        lost = team.hands.pop(m.seat, [])
        game.cards.discards[side].extend(lost)
        team.cup = [heir if s == m.seat else s for s in team.cup]
        if team.acting == m.seat:
            team.acting = heir
        game._event({"type": "killed_in_action", "side": side, "seat": m.seat,
                     "units": moved, "discarded": len(lost)})


# -- what a seat sees -----------------------------------------------------------------------
def public(game: Game, seat: str | None) -> dict[str, Any]:
    team = _team(game)
    return {
        "mode": team.mode,
        "seats": [{"seat": m.seat, "side": m.side, "role": m.role, "general": m.general,
                   "name": m.name, "fallen": m.seat in team.fallen} for m in team.members],
        "command": dict(team.command), "acting": team.acting, "given": None,
        "initiative": [], "pinned": [],
        "cup": team.cup[:], "hand_counts": {m.seat: len(hand_of(game, m.seat))
                                            for m in team.members},
        "holds_hand": seat is not None and _is_member(team, seat),
    }


def seat_hand(game: Game, seat: str | None) -> list[str] | None:
    """The hand ``seat`` sees: its own; a team-mate's is hidden like the enemy's (D5)."""
    team = _team(game)
    if seat is None or not _is_member(team, seat):
        return None
    return list(hand_of(game, seat))


def determinize(game: Game, seat: str, seed: int) -> Game:
    """A game consistent with what ``seat`` has seen: every hand but its own is dealt
    again, with the decks, from the cards it cannot see."""
    team = _team(game)
    side = team.member(seat).side
    g = game.copy()
    t = _team(g)
    holders = dict(t.holder)
    swap_in(g, seat)
    hidden: dict[str, int] = {}
    for m in t.members:
        if m.seat == seat or m.seat in t.fallen:
            continue
        s = m.side
        if t.holder.get(s) == m.seat:
            cards, g.cards.hands[s] = g.cards.hands[s], []
        else:
            cards = t.hands.pop(m.seat, [])
        hidden[m.seat] = len(cards)
        g.cards.decks[s].extend(cards)
    d = g.determinize(side, seed)          # the sides' decks, shuffled from what is unseen
    td = _team(d)
    for m_seat, n in hidden.items():
        s = td.member(m_seat).side
        dealt = [d.cards.decks[s].pop() for _ in range(n)]
        if td.holder.get(s) == m_seat:
            d.cards.hands[s] = dealt
        else:
            td.hands[m_seat] = dealt
    for holder in holders.values():          # each side's hand in play as it was, fallen or not
        swap_in(d, holder)
    for item in d.decisions.pending:
        if item["do"] == "keep_card" and td.holder.get(item["side"]) != seat:
            held = d.cards.hands[item["side"]]
            item["cards"] = held[-len(item["cards"]):]
    return d


def _is_member(team: Team, seat: str) -> bool:
    return any(m.seat == seat and m.role == MAJOR for m in team.members)


def _team(game: Game) -> Team:
    team = game.team
    assert team is not None
    return team


HANDLERS = {
    "transfer": do_transfer, "confirm_command": do_confirm_command,
    "play_card": do_play_card, "attack": epic.do_attack, "reinforce": epic.do_reinforce,
}
FAST: dict = {}
