"""The subjects a pool rates, named by a short key.

- ``member:<id>``: a member of the club;
- ``archie:<level>``: Archie at one level, a pseudo-member rated like anyone else;
- ``scenario:<slug>:<side>``: one side of one scenario, a pseudo-player that joins the
  team of whoever plays that side (docs/ratings.md, "Sides are not equal").

A member and Archie start at openskill's default (mu 25, sigma 25/3).  A scenario's side
starts at mu 0, so a team's strength is its players' until the club's games show that a
side is easier, and with a sigma of 25/24: small enough that it takes a small share of
each result and hardly widens the team's uncertainty (a larger one made predictions
worse on the benchmark's history; docs/ratings.md, "Sides are not equal").
"""
from __future__ import annotations

from .skill import Skill

MEMBER_START = Skill(25.0, 25.0 / 3)
SIDE_START = Skill(0.0, 25.0 / 24)

KINDS = ("member", "archie", "scenario")


def member(user_id: int) -> str:
    return f"member:{int(user_id)}"


def archie(level: str) -> str:
    return f"archie:{level}"


def scenario_side(slug: str, side: str) -> str:
    return f"scenario:{slug}:{side}"


def kind_of(subject: str) -> str:
    """``member``, ``archie`` or ``scenario``."""
    kind = subject.split(":", 1)[0]
    if kind not in KINDS:
        raise ValueError(f"not a rated subject: {subject!r}")
    return kind


def member_id(subject: str) -> int | None:
    """The member's id of a ``member:`` key, else None."""
    kind, _, rest = subject.partition(":")
    return int(rest) if kind == "member" else None


def initial_skill(subject: str) -> Skill:
    """Where a subject starts before its first rated game."""
    return SIDE_START if kind_of(subject) == "scenario" else MEMBER_START
