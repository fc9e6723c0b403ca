"""The sides and the three kinds of piece: how far a pip takes each, and its battle strength
(seed 003 L365-368, L520-542)."""
from __future__ import annotations

from dataclasses import dataclass

UNION = "union"
CONFEDERATE = "confederate"
#: South first: the Confederates fired first at Fort Sumter (seed 003 L154).
SIDES: tuple[str, ...] = (CONFEDERATE, UNION)


def opponent(side: str) -> str:
    return UNION if side == CONFEDERATE else CONFEDERATE


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    letter: str
    #: squares one pip of the dice takes the piece (a shorter move still spends the pip)
    reach: int
    strength: int


INFANTRY = Kind("infantry", "I", 1, 2)
CAVALRY = Kind("cavalry", "C", 2, 1)
ARTILLERY = Kind("artillery", "A", 2, 2)
KINDS: dict[str, Kind] = {k.name: k for k in (INFANTRY, CAVALRY, ARTILLERY)}
BY_LETTER: dict[str, Kind] = {k.letter: k for k in KINDS.values()}
#: Pieces a side sets up (seed 003 L104, L116, L128).
ARMY: dict[str, int] = {"artillery": 2, "cavalry": 10, "infantry": 10}


def piece_id(side: str, kind: str, n: int) -> str:
    """``UI3``: the side's initial, the kind's letter, the piece's number."""
    return f"{side[0].upper()}{KINDS[kind].letter}{n}"


def side_of(pid: str) -> str:
    return UNION if pid[0] == "U" else CONFEDERATE


def kind_of(pid: str) -> Kind:
    return BY_LETTER[pid[1]]
