"""Campaign arithmetic: pre-battle dice due and the campaign standings (pure Python).

No Django here (the purity test holds it): the service module turns its rows into
:class:`BattleResult` values and stores what these functions return.

The rules (Advanced Rulebook, CAMPAIGN GAMES; the silent points are rulings C1-C5 in
docs/rulings.md):

- before each battle from the second on, a side rolls one die per flag it captured in the
  previous battle plus one per battle it has won so far in the campaign;
- the campaign goes to the side with the most flags over all battles, then the most
  battles won, then the most enemy figures eliminated; a tie on all three is a drawn
  campaign.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence
from games.engine import SIDES



class CampaignError(ValueError):
    """A history that cannot be scored (an unknown side, a negative count)."""


@dataclass(frozen=True)
class BattleResult:
    """One finished battle: flags each side captured, the winner (None: nobody won,
    e.g. a game ended without a victor), and enemy figures each side eliminated."""

    flags: dict
    winner: str | None = None
    figures: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.winner is not None and self.winner not in SIDES:
            raise CampaignError(f"winner: {self.winner!r} is not a side")
        for name in ("flags", "figures"):
            counts = getattr(self, name)
            for side, n in counts.items():
                if side not in SIDES:
                    raise CampaignError(f"{name}: {side!r} is not a side")
                if int(n) < 0:
                    raise CampaignError(f"{name}: {side} has a negative count {n}")

    def flags_of(self, side: str) -> int:
        return int(self.flags.get(side, 0))

    def figures_of(self, side: str) -> int:
        return int(self.figures.get(side, 0))


@dataclass(frozen=True)
class DiceDue:
    """The pre-battle dice one side rolls, and why."""

    side: str
    flags_last: int
    games_won: int

    @property
    def dice(self) -> int:
        return self.flags_last + self.games_won

    def explain(self) -> str:
        """Plain words, e.g. "3 flags last game + 1 game won = 4 dice"."""
        flags = f"{self.flags_last} flag{'' if self.flags_last == 1 else 's'} last game"
        won = f"{self.games_won} game{'' if self.games_won == 1 else 's'} won"
        dice = f"{self.dice} {'die' if self.dice == 1 else 'dice'}"
        return f"{flags} + {won} = {dice}"


def _check_side(side: str) -> None:
    if side not in SIDES:
        raise CampaignError(f"{side!r} is not a side")


def dice_due(history: Sequence[BattleResult], side: str) -> DiceDue:
    """The dice ``side`` rolls before the battle that follows ``history`` (the finished
    battles in order). Before the first battle nobody rolls."""
    _check_side(side)
    if not history:
        return DiceDue(side, 0, 0)
    won = sum(1 for b in history if b.winner == side)
    return DiceDue(side, history[-1].flags_of(side), won)


def dice_before(history: Sequence[BattleResult]) -> dict:
    """``{side: DiceDue}`` for both sides before the next battle."""
    return {s: dice_due(history, s) for s in SIDES}


@dataclass(frozen=True)
class Standings:
    """Totals over the battles played, and the campaign's winner once it is over."""

    flags: dict
    wins: dict
    figures: dict
    battles: int
    #: The side ahead now (None when level on all three counts).
    leader: str | None
    #: What put the leader ahead: "flags", "wins", "figures", or "" when level.
    decided_by: str


def standings(history: Iterable[BattleResult]) -> Standings:
    """Running totals and who leads: most flags, then most battles won, then most enemy
    figures eliminated; level on all three is a draw (ruling C1)."""
    flags = dict.fromkeys(SIDES, 0)
    wins = dict.fromkeys(SIDES, 0)
    figures = dict.fromkeys(SIDES, 0)
    battles = 0
    for b in history:
        battles += 1
        for s in SIDES:
            flags[s] += b.flags_of(s)
            figures[s] += b.figures_of(s)
        if b.winner:
            wins[b.winner] += 1
    leader, decided_by = None, ""
    for name, counts in (("flags", flags), ("wins", wins), ("figures", figures)):
        u, c = counts["union"], counts["confederate"]
        if u != c:
            leader, decided_by = ("union" if u > c else "confederate"), name
            break
    return Standings(flags, wins, figures, battles, leader, decided_by)


def roll_order(first_side: str) -> tuple[str, str]:
    """Who rolls the pre-battle dice first: the scenario's first side (ruling C4)."""
    _check_side(first_side)
    return (first_side, SIDES[1] if first_side == SIDES[0] else SIDES[0])
