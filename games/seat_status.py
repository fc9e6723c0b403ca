"""What each seat of a game does now: it must act (its decision, until its deadline) or it
waits, and for what; the holders named.  Shared by the game page's seats panel and the API
(``/games/{id}/seats/``)."""
from __future__ import annotations

from games.engine import SIDE_NAMES
from games.models import Game


def _name(user) -> str:
    if user is None:
        return "nobody"
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()


def several_a_side(row: Game) -> bool:
    seats = row.seat_rows()
    return len(seats) > len({s.side for s in seats})


def seat_label(seat) -> str:
    return f"{seat.name} ({seat.role})" if seat.role else seat.name


def seats_acting(row: Game, phase_words: str) -> list[dict]:
    """Each seat and what it does now: ``acting`` (its decision, ``what`` it decides, its
    ``deadline``) or what it ``waits_for``; the holders are named. Several seats act at once
    in a step the rules let them take together (ruling G11): each of them is acting, with
    the deadline they share, and the others wait for all of them."""
    deciding = [seat for seat in map(row.seat_named, row.deciding_seats) if seat is not None]
    names = {seat.name for seat in deciding}
    waited = " and ".join(f"{seat_label(seat)}, held by {_holder(seat)}" for seat in deciding)
    out = []
    for seat in row.seat_rows():
        acting = not row.is_over and seat.name in names
        if row.is_over or acting:
            waits = ""
        elif deciding:
            waits = f"{waited}, to {phase_words}"
        else:
            waits = "the site's own step"
        out.append({"seat": seat, "name": seat.name, "side": seat.side, "role": seat.role,
                    "side_name": SIDE_NAMES.get(seat.side, seat.side), "holder": _holder(seat),
                    "archie": seat.is_archie, "acting": acting, "what": phase_words if acting else "",
                    "deadline": row.deadline if acting else None,
                    "late": acting and row.deadline_passed(), "waits_for": waits,
                    "away": _name(seat.away) if seat.away_id else "", "resigns": seat.resigns})
    return out


def _holder(seat) -> str:
    if seat.is_vacant:
        return "nobody"
    if seat.is_archie:
        return f"Archie ({seat.archie_level})" if seat.archie_level else "Archie"
    return _name(seat.player)


def side_players(row: Game, side: str) -> str:
    """The members (or Archie) holding ``side``'s seats, named once each in seat order: one
    name in a game of one player a side, the team's names in a team game."""
    names = dict.fromkeys("nobody" if s.is_vacant else _name(s.player)
                          for s in row.seat_rows() if s.side == side)
    return ", ".join(names) or "nobody"
