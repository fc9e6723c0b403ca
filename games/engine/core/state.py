"""The state protocol: what every ruleset's game state offers the facade and the site.

A ruleset's state class satisfies :class:`GameState` (checked by mypy where the facade is
typed against it). The site reads a game only through these members; what only one ruleset
has (its pieces, its cards) is read by that ruleset's own kit.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Protocol

from .seats import SeatSpec


class GameState(Protocol):
    """One playthrough under some ruleset."""

    #: The registered name of the ruleset the game is played under.
    ruleset: str
    #: Events of the deal (secret and private parts included), set by ``new``.
    setup_events: list[dict]

    @property
    def options(self) -> Mapping[str, Any]:
        """The options in force (validated against the ruleset's schema)."""

    @property
    def phase(self) -> str:
        """What is being decided now; ``"over"`` once the game has ended."""

    @property
    def deciding(self) -> str | None:
        """The seat whose decision it is (None when nobody's)."""

    @property
    def deciding_seats(self) -> tuple[str, ...]:
        """Every seat that may act now, ``deciding`` first (empty when nobody's). Several
        only in a step the rules let seats take at the same time, each with his own
        ``legal_actions(seat)``; the actions are applied, and replayed, in the order taken."""

    @property
    def active_side(self) -> str | None:
        """The side of the deciding seat (None when nobody's)."""

    @property
    def turn(self) -> int:
        """The turn number, from 1."""

    @property
    def outcome(self) -> dict | None:
        """None while the game goes on, else the winner, the reason and the flags."""

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        """The game's seats, in the order the pages list them."""

    def legal_actions(self, seat: str | None = None) -> list[dict]:
        """Every action ``seat`` may take now (none unless it is one of ``deciding_seats``);
        None: the deciding seat's. ``apply`` takes the actions of any deciding seat."""

    def apply(self, action: dict, rolls: list | None = None,
              draws: list | None = None) -> list[dict]:
        """Check and carry out an action; its events (IllegalAction if refused)."""

    def apply_unchecked(self, action: dict) -> None:
        """Carry out a legal action without checking it and without building events."""

    def sample_action(self, rng: Any) -> dict:
        """One legal action at random."""

    def view(self, seat: str | None) -> dict:
        """What ``seat`` may see (None: a spectator)."""

    def to_dict(self) -> dict:
        """The whole state, JSON-safe; the ruleset's ``from_dict`` rebuilds it exactly."""

    def copy(self) -> GameState:
        """An independent copy (for a search)."""

    def determinize(self, seat: str, seed: int) -> GameState:
        """A state consistent with what ``seat`` has seen, the rest re-dealt."""

    def award(self, winner: str | None, reason: str,
              flags: Mapping[str, int] | None = None) -> list[dict]:
        """End the game with a result decided outside the rules; its events."""


def check_result(winner: str | None, reason: str, flags: Mapping[str, int] | None,
                 sides: Collection[str]) -> None:
    """The terms of :meth:`GameState.award`, checked alike by every ruleset: ``winner`` one of
    ``sides`` or None (a draw), a non-empty ``reason``, ``flags`` (if given) whole counts per
    side.  ValueError names the first that is wrong: it means a bug in the caller."""
    if winner is not None and winner not in sides:
        raise ValueError(f"the winner must be a side or None, not {winner!r}")
    if not isinstance(reason, str) or not reason:
        raise ValueError("a result needs a reason")
    if flags is not None and not (set(flags) <= set(sides)
                                  and all(type(n) is int for n in flags.values())):
        raise ValueError(f"flags must count whole flags per side, not {flags!r}")
