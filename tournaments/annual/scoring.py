"""Scoring a year of the Annual Games (Advanced Rulebook, ANNUAL GAMES), without the ORM.

Each battle of the list is played as a match: two games, sides swapped. A game won scores
one point, so a battle is worth up to two. The year's winner has won the most games; a tie
goes to the most flags won over the year. Where the rulebook is silent the site rules as
follows (docs/rulings.md, "Annual Games"):

- a drawn game (e.g. ended by Nightfall with the flags level) scores no point, but its
  flags and figures still count toward the tie-breaks;
- a match counts if it began within the club's window around the anniversary
  (:class:`Window`: by default seven days either side, or any time in the year);
- a member's first match of a battle within the window is the one that counts for them;
  later matches of the same battle are friendlies (so a battle never gives more than two
  points);
- a tie on points and flags goes to the most enemy figures eliminated over the year; a tie
  on all three is shared (same rank).

Players are any hashable values (user ids for the site, names in the tests).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field

from .anniversaries import BY_NUMBER

Player = Hashable

#: Days either side of the anniversary within which a match counts, unless the club says.
DEFAULT_WINDOW_DAYS = 7


class ScoringError(ValueError):
    """A result that cannot be scored (unknown battle, a winner who did not play...)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of a match."""

    winner: Player | None                                   # None: drawn
    flags: Mapping[Player, int] = field(default_factory=dict)     # flags each player won
    figures: Mapping[Player, int] = field(default_factory=dict)   # enemy figures each eliminated


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match of one battle between two players and its finished games (0, 1 or 2)."""

    battle: int                       # number in the Annual Games list, 1..31
    players: tuple[Player, Player]
    played_on: dt.date                # the day the match began, in the club's time zone
    games: tuple[GameResult, ...] = ()


@dataclass(frozen=True, slots=True)
class Window:
    """When a match of a battle counts: within ``days`` of its anniversary (either side),
    or, with ``days=None``, any time in the competition's year."""

    days: int | None = DEFAULT_WINDOW_DAYS

    def __post_init__(self):
        if self.days is not None and self.days < 0:
            raise ScoringError(f"a window is 0 days or more either side, not {self.days}")

    def admits(self, battle: int, played_on: dt.date, year: int) -> bool:
        if self.days is None:
            return played_on.year == year
        anniversary = BY_NUMBER[battle].in_year(year)
        return abs((played_on - anniversary).days) <= self.days

    def opens(self, battle: int, year: int) -> dt.date:
        """The first day a match of ``battle`` counts in ``year``."""
        if self.days is None:
            return dt.date(year, 1, 1)
        return BY_NUMBER[battle].in_year(year) - dt.timedelta(days=self.days)

    def closes(self, battle: int, year: int) -> dt.date:
        """The last day a match of ``battle`` may begin and count in ``year``."""
        if self.days is None:
            return dt.date(year, 12, 31)
        return BY_NUMBER[battle].in_year(year) + dt.timedelta(days=self.days)


ANY_TIME_IN_THE_YEAR = Window(days=None)


@dataclass(frozen=True, slots=True)
class Cell:
    """One player's counted match of one battle: a square of the progress grid."""

    battle: int
    opponent: Player
    played_on: dt.date
    games: int          # finished games of the match
    points: int         # games won (0..2)
    flags: int
    figures: int


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the year's table."""

    rank: int           # 1 for the leader; players level on all three counts share a rank
    player: Player
    points: int         # games won
    flags: int
    figures: int
    cells: Mapping[int, Cell]      # battle number -> the counted match

    @property
    def battles(self) -> int:
        return len(self.cells)


def _check(match: MatchResult) -> None:
    if match.battle not in BY_NUMBER:
        raise ScoringError(f"battle {match.battle}: the Annual Games list runs from 1 to 31")
    a, b = match.players
    if a == b:
        raise ScoringError(f"battle {match.battle}: a player cannot play a match against themselves")
    if len(match.games) > 2:
        raise ScoringError(f"battle {match.battle}: a match has two games, not {len(match.games)}")
    for game in match.games:
        if game.winner is not None and game.winner not in match.players:
            raise ScoringError(f"battle {match.battle}: the winner {game.winner!r} did not play")
        for counts in (game.flags, game.figures):
            for who, n in counts.items():
                if who not in match.players:
                    raise ScoringError(f"battle {match.battle}: {who!r} did not play")
                if n < 0:
                    raise ScoringError(f"battle {match.battle}: a count cannot be negative ({n})")


def _cell(match: MatchResult, player: Player) -> Cell:
    opponent = match.players[1] if match.players[0] == player else match.players[0]
    return Cell(
        battle=match.battle, opponent=opponent, played_on=match.played_on,
        games=len(match.games),
        points=sum(1 for g in match.games if g.winner == player),
        flags=sum(g.flags.get(player, 0) for g in match.games),
        figures=sum(g.figures.get(player, 0) for g in match.games),
    )


def counted_cells(year: int, matches: Iterable[MatchResult],
                  window: Window = Window()) -> dict[Player, dict[int, Cell]]:
    """For each player, battle -> the match that counts for them (the earliest to begin
    within the window; on the same day, the first given)."""
    cells: dict[Player, dict[int, Cell]] = {}
    admitted = []
    for order, match in enumerate(matches):
        _check(match)
        if window.admits(match.battle, match.played_on, year):
            admitted.append((match.played_on, order, match))
    for _, _, match in sorted(admitted, key=lambda t: (t[0], t[1])):
        for player in match.players:
            cells.setdefault(player, {}).setdefault(match.battle, _cell(match, player))
    return cells


def standings(year: int, matches: Iterable[MatchResult], window: Window = Window(),
              players: Iterable[Player] = ()) -> list[Standing]:
    """The year's table, best first: most games won, then most flags, then most enemy
    figures eliminated. ``players`` adds members with nothing played yet (and orders
    players who share a rank: first the order given here, then the order of first match)."""
    cells = counted_cells(year, matches, window)
    order: dict[Player, int] = {}
    for p in list(players) + list(cells):
        order.setdefault(p, len(order))
    rows = []
    for p in order:
        mine = cells.get(p, {})
        rows.append((sum(c.points for c in mine.values()), sum(c.flags for c in mine.values()),
                     sum(c.figures for c in mine.values()), p, mine))
    rows.sort(key=lambda r: (-r[0], -r[1], -r[2], order[r[3]]))
    table: list[Standing] = []
    for i, (points, flags, figures, p, mine) in enumerate(rows):
        if table and (table[-1].points, table[-1].flags, table[-1].figures) == (points, flags, figures):
            rank = table[-1].rank
        else:
            rank = i + 1
        table.append(Standing(rank, p, points, flags, figures,
                              dict(sorted(mine.items()))))
    return table


def winner(table: list[Standing]) -> Player | None:
    """The year's winner, or None while nobody has a point or the top is shared."""
    if not table or table[0].points == 0 and table[0].flags == 0 and table[0].figures == 0:
        return None
    if len(table) > 1 and table[1].rank == table[0].rank:
        return None
    return table[0].player
