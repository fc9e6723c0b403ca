"""What the editor draws on, read from the engine: the board of a draft, the terrain kinds
(hex terrain and hexside obstacles), the unit kinds with their full figures, the hexsides'
names, and how each maps when half the board is mirrored."""
from __future__ import annotations

from dataclasses import dataclass

from games.engine import (
    BOARD,
    BOARD_SIZES,
    FULL_FIGURES,
    SIDES,
    SPECIAL_RULES,
    TERRAIN,
    UNIT_KINDS,
    HexBoard,
    board_named,
)

#: Hexsides seen in a mirror held upright between the left and right halves.
_ACROSS = {"E": "W", "W": "E", "NE": "NW", "NW": "NE", "SE": "SW", "SW": "SE"}


def board_of(data) -> HexBoard:
    """The board a draft is drawn on: the one its ``board`` names (one of ``BOARD_SIZES``),
    the single board when it names none or a size the engine does not know
    (the checks report that). Read here, and only here."""
    size = data.get("board") if isinstance(data, dict) else None
    return board_named(size) if isinstance(size, str) and size in BOARD_SIZES else BOARD


def on_board(board: HexBoard, col, row) -> bool:
    return type(col) is int and type(row) is int and (col, row) in board.index


@dataclass(frozen=True)
class Palette:
    """The pieces of the tray, all from the engine's tables."""

    base_kinds: tuple[str, ...]
    obstacles: tuple[str, ...]
    unit_kinds: tuple[str, ...]
    full_figures: dict
    sides: tuple[str, ...]
    directions: tuple[str, ...]
    special_rules: dict
    labels: dict              # terrain kind -> its label in the terrain table

    @property
    def base_choices(self) -> list[tuple[str, str]]:
        return [(k, self.labels[k]) for k in self.base_kinds]

    @property
    def obstacle_choices(self) -> list[tuple[str, str]]:
        return [(k, self.labels[k]) for k in self.obstacles]


def palette(board: HexBoard) -> Palette:
    """The tray as the engine's tables stand when asked: every hex terrain kind and every
    hexside kind of the terrain table (a kind added to it, a house rule's slope say, is
    offered with no change to the editor)."""
    kinds = sorted(TERRAIN)
    return Palette(
        base_kinds=tuple(k for k in kinds if not TERRAIN[k].obstacle),
        obstacles=tuple(k for k in kinds if TERRAIN[k].obstacle),
        unit_kinds=tuple(UNIT_KINDS), full_figures=dict(FULL_FIGURES), sides=tuple(SIDES),
        directions=tuple(board.directions), special_rules=dict(SPECIAL_RULES),
        labels={k: TERRAIN[k].label for k in kinds})


def mirrored_hex(board: HexBoard, col: int, row: int, half: str) -> tuple[int, int]:
    """Where (col, row) lands when its half is mirrored: across the centre column for the
    left and right halves, turned half a turn round the centre for the top and bottom
    halves (so each side's seat sees the same ground)."""
    if half in ("left", "right"):
        return board.max_col - col, row
    return board.max_col - col, board.rows - 1 - row


def mirrored_direction(board: HexBoard, direction: str, half: str) -> str:
    return _ACROSS[direction] if half in ("left", "right") else board.opposite[direction]


def in_half(board: HexBoard, col: int, row: int, half: str) -> bool:
    """Whether (col, row) lies strictly inside ``half`` (the centre line belongs to none)."""
    mid_col, mid_row = board.max_col / 2, (board.rows - 1) / 2
    return {"left": col < mid_col, "right": col > mid_col,
            "top": row < mid_row, "bottom": row > mid_row}[half]


HALVES = ("left", "right", "top", "bottom")
