"""The game page's log, kept up to date one action at a time instead of rebuilt from the start.

What the page needs of a game's history (the last lines of the log, their count, the last
dice rolled, the last finished turn and the step that may be taken back) is folded entry by
entry into a small state, cached per (game, version, viewpoint).  The next version's state
is the previous one plus the new entries; a version with an undo (which removes earlier
lines) or a state missing from the cache is rebuilt from the whole log, once.

The state of one viewpoint holds only what that side may see (every event goes through
``view_event`` for it), and its cache key names the viewpoint: the union's, the
confederate's and the public one (spectators) are kept apart.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.core.cache import cache

from games import services

from .play_dice import STRIP
from .play_last_turn import follow_turns, summary
from .play_log import Entry, Tracker, entry_lines, tracker_for

#: Lines of the log the page shows (the newest).
LOG_LINES = 60
#: Log entries read to find the step that may be taken back (an undo always follows the
#: step it took back, so a window of the latest entries decides it).
UNDO_WINDOW = 30
CACHE_SECONDS = 6 * 3600


@dataclass
class History:
    """What the page shows of the log up to ``version``, for one viewpoint."""

    version: int
    units: dict
    generals: dict
    lines: list = field(default_factory=list)       # the newest LOG_LINES lines, oldest first
    total: int = 0                                  # every line so far
    rolls: list = field(default_factory=list)       # the last few lines with a roll
    previous: list | None = None                    # events of the last finished turn
    current: list = field(default_factory=list)     # events of the turn going on
    archie: str | None = None                       # the side Archie plays, if any

    def add(self, entry: Entry, viewer: str | None) -> None:
        tr = Tracker((), ())
        tr.units, tr.generals = self.units, self.generals
        new = entry_lines(entry, viewer, tr, self.archie)
        self.lines = (self.lines + new)[-LOG_LINES:]
        self.total += len(new)
        self.rolls = (self.rolls + [ln for ln in new if ln.get("roll")])[-(STRIP + 1):]
        self.previous, self.current = follow_turns(entry.events, viewer, self.previous, self.current)
        self.version = entry.index

    @property
    def last_turn(self) -> dict | None:
        return summary(self.previous)


def _key(game_id: int, version: int, viewer: str | None) -> str:
    return f"gamelog:{game_id}:{version}:{viewer or 'public'}"


def _fresh(row, engine_scenario) -> History:
    tr = tracker_for(engine_scenario)
    return History(version=0, units=tr.units, generals=tr.generals, archie=services.archie_side(row))


def _entries(row, since: int) -> list[Entry]:
    return [Entry(*r) for r in row.actions.filter(index__gt=since).order_by("index")
            .values_list("index", "side", "events", "action")]


def history(row, engine_scenario, viewer: str | None, recent: list[Entry]) -> History:
    """The history of game ``row`` at its version for ``viewer`` (a side, or None for the
    public).  ``recent``: the latest log entries (``recent_entries``), oldest first."""
    version = row.version
    hist = cache.get(_key(row.pk, version, viewer))
    if hist is not None:
        return hist
    start = recent[0].index if recent else version + 1
    base = None
    if recent:
        # newest first, one at a time: usually the previous version is there, and reading
        # the whole window at once would unpickle every state kept in it
        for v in range(version - 1, max(0, start - 1) - 1, -1):
            base = cache.get(_key(row.pk, v, viewer))
            if base is not None:
                break
    if version == 0:
        base = _fresh(row, engine_scenario)
    newer = [e for e in recent if base is not None and e.index > base.version]
    if base is None or any(e.action.get("type") == services.UNDO for e in newer) \
            or (newer and newer[0].index != base.version + 1):
        hist = rebuild(row, engine_scenario, viewer)
    else:
        hist = base
        for entry in newer:
            hist.add(entry, viewer)
    cache.set(_key(row.pk, version, viewer), hist, CACHE_SECONDS)
    return hist


def rebuild(row, engine_scenario, viewer: str | None) -> History:
    """The history from the whole log (after an undo, or when nothing is cached)."""
    entries = _entries(row, 0)
    taken_back = services.undone_indices(entries)
    hist = _fresh(row, engine_scenario)
    for entry in entries:
        if entry.index not in taken_back:
            hist.add(entry, viewer)
    hist.version = row.version
    return hist


def recent_entries(row) -> list[Entry]:
    """The latest log entries of ``row`` (at most UNDO_WINDOW), oldest first: one query."""
    rows = (row.actions.filter(index__gt=row.version - UNDO_WINDOW).order_by("index")
            .values_list("index", "side", "events", "action"))
    return [Entry(*r) for r in rows]
