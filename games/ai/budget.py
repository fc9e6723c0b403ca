"""How long a policy may think: a number of search iterations, or seconds, or both."""
from __future__ import annotations

import time
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

    def clock(self) -> "Clock":
        return Clock(self)


class Clock:
    def __init__(self, budget: Budget):
        self.budget = budget
        self.done = 0
        self.deadline = (time.perf_counter() + budget.seconds) if budget.seconds else None

    def more(self) -> bool:
        b = self.budget
        if b.iterations is not None and self.done >= b.iterations:
            return False
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            return False
        return True
