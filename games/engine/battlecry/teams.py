"""Team play: the seats of a side played by several members, and who commands which unit.

Under the Advanced ruleset's ``team_mode`` option a side is played from several seats
(docs/rulings.md, E1-E12 and D1-D9; Grand Battle Cry, under the standard rules, keeps its
own in ``standard/grand.py``):

- ``epic``: a Commanding General (``<side>-commander``), who holds the side's cards and
  is not on the board, and one Major-General per general figure of the side on the
  scenario (``<side>-major-1``, ``-2``, ... in the scenario's order of generals), each
  represented by that figure. A side without a general figure is played by its Commanding
  General alone, who then commands the units himself.
- ``doubles``: no Commanding General; one or two Major-Generals a side (the first two
  general figures of the side; the others are taken off the board), each with his own
  hand. A side without a general figure has one Major-General without a figure.

This module holds the team's declared state (:class:`Team`), the seats a scenario gives
(:func:`members_for`, :func:`seat_specs`) and the command proposed at the deal
(:func:`propose_command`); it knows no ruleset.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import SeatSpec
from .sides import SIDES

#: The values of the ``team_mode`` option: none (one seat a side), or a team game.
TEAM_MODES = ("none", "epic", "doubles")

#: The options that make a game an Epic game (an Epic campaign's battles, ruling C8).
EPIC_OPTIONS: dict[str, Any] = {"team_mode": "epic"}

COMMANDER = "Commanding General"
MAJOR = "Major-General"


def commander_seat(side: str) -> str:
    return f"{side}-commander"


def major_seat(side: str, n: int) -> str:
    return f"{side}-major-{n}"


def is_team_seat(seat: str) -> bool:
    """Whether ``seat`` names a seat of a team game (a Commanding or Major-General)."""
    side, _, rest = seat.partition("-")
    return side in SIDES and (rest == "commander" or
                              (rest.startswith("major-") and rest[6:].isdigit()))


@dataclass(slots=True)
class Member:
    """One seat of a team: its side, its role and the general figure it is (a Major-General)."""

    seat: str
    side: str
    role: str                    # COMMANDER or MAJOR
    general: str | None = None   # the general figure's id (a Major-General only)
    name: str = ""               # the figure's name, for the pages


def members_for(scenario: Any, mode: str) -> list[Member]:
    """The seats of a team game of ``scenario`` (``mode`` one of :data:`TEAM_MODES` but
    ``none``), commanders first, side by side in the order of :data:`SIDES`."""
    out: list[Member] = []
    for side in SIDES:
        gens = [g for g in scenario.generals if g.side == side]
        if mode == "doubles":
            if not gens:
                out.append(Member(major_seat(side, 1), side, MAJOR))
            gens = gens[:2]
        else:
            out.append(Member(commander_seat(side), side, COMMANDER))
        for n, g in enumerate(gens, start=1):
            out.append(Member(major_seat(side, n), side, MAJOR, g.id, g.name))
    return out


def seat_specs(members: list[Member]) -> tuple[SeatSpec, ...]:
    return tuple(SeatSpec(m.seat, m.side,
                          m.role if m.role == COMMANDER else f"{MAJOR} ({m.name})")
                 for m in members)


@dataclass(slots=True)
class Team:
    """The team state of a game (None on a game of one seat a side).

    ``command``: unit id -> the seat commanding it. ``acting``: the seat carrying out the
    card of the turn (or acting on his own initiative). ``given``: the card the Commanding
    General gave this turn. ``fallen``: seats whose general figure was eliminated.
    ``initiative``: seats still to decide on Personal Authority at the end of their side's
    turn; ``initiative_flag``: the seat first in it rolled a flag and must retreat a unit.
    ``pinned``: seat -> the side's turn number in which it may not move (a swords result).
    ``transferred``: units whose commander changed in the command step under way (each
    changes at most once a step).
    Doubles only: ``cup``, the names left in the cup; ``hands``, the hands of Major-Generals
    whose hand is not in play (``holder[side]``'s hand is ``cards.hands[side]``).
    """

    mode: str
    members: list[Member]
    command: dict[str, str]
    acting: str | None = None
    given: str | None = None
    fallen: list[str] = field(default_factory=list)
    initiative: list[str] = field(default_factory=list)
    initiative_flag: bool = False
    pinned: dict[str, int] = field(default_factory=dict)
    transferred: list[str] = field(default_factory=list)
    cup: list[str] = field(default_factory=list)
    hands: dict[str, list[str]] = field(default_factory=dict)
    holder: dict[str, str] = field(default_factory=dict)

    # -- questions -------------------------------------------------------------------------
    def member(self, seat: str) -> Member:
        for m in self.members:
            if m.seat == seat:
                return m
        raise KeyError(seat)

    def commander(self, side: str) -> str:
        return commander_seat(side)

    def mates(self, seat: str) -> list[str]:
        """The living team-mates of a Major-General."""
        side = self.member(seat).side
        return [m for m in self.majors(side) if m != seat]

    def majors(self, side: str, alive: bool = True) -> list[str]:
        """The Major-Generals of ``side`` (the living ones by default); the Commanding
        General alone when the side has no general figure."""
        out = [m.seat for m in self.members if m.side == side and m.role == MAJOR
               and not (alive and m.seat in self.fallen)]
        if not out and not any(m.side == side and m.role == MAJOR for m in self.members):
            return [commander_seat(side)]
        return out

    def seat_of_general(self, gid: str) -> str | None:
        for m in self.members:
            if m.general == gid:
                return m.seat
        return None

    def units_of(self, seat: str) -> list[str]:
        return [u for u, s in self.command.items() if s == seat]

    # -- saving ----------------------------------------------------------------------------
    def copy(self) -> Team:
        return Team(self.mode, self.members, dict(self.command), self.acting, self.given,
                    self.fallen[:], self.initiative[:], self.initiative_flag, dict(self.pinned),
                    self.transferred[:], self.cup[:],
                    {s: h[:] for s, h in self.hands.items()}, dict(self.holder))

    def to_dict(self) -> dict[str, Any]:
        doubles = ({"cup": self.cup[:], "hands": {s: h[:] for s, h in self.hands.items()},
                    "holder": dict(self.holder)} if self.mode == "doubles" else {})
        return {**doubles, "mode": self.mode,
                "members": [[m.seat, m.side, m.role, m.general, m.name] for m in self.members],
                "command": dict(self.command), "acting": self.acting, "given": self.given,
                "fallen": self.fallen[:], "initiative": self.initiative[:],
                "initiative_flag": self.initiative_flag, "pinned": dict(self.pinned),
                "transferred": self.transferred[:]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Team:
        return cls(d["mode"], [Member(*m) for m in d["members"]], dict(d["command"]),
                   d["acting"], d["given"], list(d["fallen"]), list(d["initiative"]),
                   bool(d["initiative_flag"]), dict(d["pinned"]),
                   list(d["transferred"]), list(d.get("cup", ())),
                   {s: list(h) for s, h in d.get("hands", {}).items()}, dict(d.get("holder", {})))


def propose_command(board: Any, position: str, units: list[Any], generals: dict[str, Any],
                    majors: list[tuple[str, str | None]]) -> dict[str, str]:
    """The command proposed at the deal, by sections (ruling 41): each unit goes to the
    Major-General whose figure stands in one of the unit's sections, the nearest such when
    several do; a unit in a section where no figure stands goes to the nearest figure.
    Ties go to the Major-General listed first. ``majors``: (seat, general id) pairs; a
    seat without a figure on the board takes every unit when it is the only one."""
    placed = [(seat, generals[gid].hex) for seat, gid in majors
              if gid is not None and gid in generals]
    if not placed:
        seat = majors[0][0]
        return {u.id: seat for u in units}
    sections = board.section_of[position]
    dist = board.dist
    out = {}
    for u in units:
        mine = sections[u.hex]
        same = [(seat, h) for seat, h in placed if sections[h] & mine]
        pool = same or placed
        best = min(range(len(pool)), key=lambda i: (dist[u.hex][pool[i][1]], i))
        out[u.id] = pool[best][0]
    return out
