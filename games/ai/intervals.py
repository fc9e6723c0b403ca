"""95% intervals for what the balance pages and the self-play runner report: a share of
games won (Wilson's score interval) and a mean flag margin (normal approximation)."""
from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

Z95 = 1.96


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% interval (``low`` to ``high``); ``value`` is None with no data."""
    value: float | None
    low: float | None
    high: float | None

    def as_dict(self) -> dict:
        return {"value": self.value, "low": self.low, "high": self.high}


NONE = Interval(None, None, None)


def wilson(wins: float, n: int, z: float = Z95) -> Interval:
    """The share ``wins / n`` with Wilson's score interval (a draw may count as half a win)."""
    if n <= 0:
        return NONE
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float], z: float = Z95) -> Interval:
    """The mean of ``values`` with a normal-approximation interval (none from one value)."""
    if not values:
        return NONE
    m = statistics.fmean(values)
    if len(values) < 2:
        return Interval(m, None, None)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(m, m - half, m + half)
