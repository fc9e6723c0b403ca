"""How long a policy may think: a number of search iterations, or seconds, or both."""
from __future__ import annotations

import time
from typing import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """``iterations`` makes a search repeatable; ``seconds`` bounds the wall-clock time.

    With both, the search stops at whichever comes first; with neither, it is refused.
    """
    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self):
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations or seconds")

    def share(self, parts: int) -> "Budget":
        """One of ``parts`` equal shares (iterations rounded up, so none is left empty)."""
        return Budget(iterations=-(-self.iterations // parts) if self.iterations else None,
                      seconds=self.seconds / parts if self.seconds else None)

    def clock(self, now: Callable[[], float] = time.perf_counter) -> "Clock":
        return Clock(self, now)


class Clock:
    """Counts a search's iterations (``done``) and says whether another may start.

    Under a time budget another iteration starts only if, as long as the slowest one so far,
    it would end before the deadline: the search keeps to its seconds instead of overrunning
    them by its last iteration (iterations vary a good deal, so the mean pace is not enough).
    """

    def __init__(self, budget: Budget, now: Callable[[], float] = time.perf_counter):
        self.budget = budget
        self.done = 0
        self.now = now
        self.start = self.last = now()
        self.slowest = 0.0
        # 1% of the seconds kept back for the work around the loop (listing the actions,
        # choosing among the children)
        self.deadline = (self.start + budget.seconds * 0.99) if budget.seconds else None

    def more(self) -> bool:
        b = self.budget
        if b.iterations is not None and self.done >= b.iterations:
            return False
        if self.deadline is not None:
            t = self.now()
            self.slowest = max(self.slowest, t - self.last)
            self.last = t
            if t + self.slowest > self.deadline:
                return False
        return True
