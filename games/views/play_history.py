"""The game page's log, kept up to date one action at a time instead of rebuilt from the start.

What the page needs of a game's history (the last lines of the log, their count, the last
dice rolled, the last finished turn and the step that may be taken back) is folded entry by
entry into a small state, cached per (game, version, viewpoint).  The next version's state
is the previous one plus the new entries (or, for a viewpoint that has not looked for many
versions, the newest state kept for it plus the entries since); a version with an undo (which
removes earlier lines) or a state missing from the cache is rebuilt from the whole log, once.

The state of one viewpoint holds only what that side may see (every event goes through
``view_event`` for it), and its cache key names the viewpoint: the union's, the
confederate's and the public one (spectators) are kept apart.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from django.core.cache import cache

from games import game_log, services

from .play_dice import STRIP
from .play_last_turn import follow_turns, summary
from games.presentation.kits import presenter_for
from games.presentation.log import Archie, archie_in
from games.presentation.tracker import Tracker

from .play_log import Entry, entry_lines, line_html

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
    html: list = field(default_factory=list)        # the same lines as the page lists them
    total: int = 0                                  # every line so far
    rolls: list = field(default_factory=list)       # the last few lines with a roll
    previous: list | None = None                    # events of the last finished turn
    current: list = field(default_factory=list)     # events of the turn going on
    archie: Archie | None = None                    # Archie's seat, if it plays
    ruleset: str = ""                               # whose kit words the lines

    def add(self, entry: Entry, viewer: str | None) -> None:
        tr = Tracker((), ())
        tr.units, tr.generals = self.units, self.generals
        new = entry_lines(entry, viewer, tr, self.archie,
                          presenter_for(self.ruleset) if self.ruleset else None)
        self.lines = (self.lines + new)[-LOG_LINES:]
        self.html = (self.html + [line_html(ln) for ln in new])[-LOG_LINES:]
        self.total += len(new)
        self.rolls = (self.rolls + [ln for ln in new if ln.get("roll")])[-(STRIP + 1):]
        self.previous, self.current = follow_turns(entry.events, viewer, self.previous, self.current)
        self.version = entry.index

    @property
    def last_turn(self) -> dict | None:
        return summary(self.previous)


def _key(row, version: int, viewer: str | None) -> str:
    # "gamelog2": a kept state holds Archie's seat (not the bare side) and its lines escaped
    return f"gamelog2:{row.cache_id}:{version}:{viewer or 'public'}"


def _latest_key(row, viewer: str | None) -> str:
    """Where the newest version kept for ``viewer`` is noted."""
    return f"gamelog2:{row.cache_id}:latest:{viewer or 'public'}"


def _fresh(row, engine_scenario) -> History:
    # the kit's tracker follows where the pieces stand while the log is told (none: nothing)
    tr = presenter_for(row.ruleset).tracker(engine_scenario)
    return History(version=0, units=tr.units if tr else {}, generals=tr.generals if tr else {},
                   archie=archie_in(row.state), ruleset=row.ruleset)


def _entries(row, since: int) -> list[Entry]:
    return [Entry(e.index, e.side, e.events, e.action, e.seat) for e in game_log.entries(row, since)]


def history(row, engine_scenario, viewer: str | None, recent: list[Entry] | None = None) -> History:
    """The history of game ``row`` at its version for ``viewer`` (a side, or None for the
    public).  ``recent``: the latest log entries (``recent_entries``), oldest first, when the
    caller has them; else the entries needed are read (usually the one newest)."""
    version = row.version
    # the common case: this version's state is kept, or the one before it and one entry is new
    found = cache.get_many([_key(row, v, viewer) for v in (version, version - 1) if v >= 0])
    hist = found.get(_key(row, version, viewer))
    if hist is not None:
        return hist
    base = None
    if version == 0:
        base = _fresh(row, engine_scenario)
    elif recent is None:
        base = found.get(_key(row, version - 1, viewer))
        recent = recent_entries(row) if base is None else _newest(row)
    if base is None and recent:
        start = recent[0].index
        # newest first, one at a time: usually a recent version is kept, and reading the
        # whole window at once would unpickle every state kept in it
        for v in range(version - 1, max(0, start - 1) - 1, -1):
            base = cache.get(_key(row, v, viewer))
            if base is not None:
                break
    if base is None and version:
        # a seat that has not looked for a while (a team game's seat waiting many steps):
        # the newest state kept for it, and the entries since, rather than the whole log
        latest = cache.get(_latest_key(row, viewer))
        base = cache.get(_key(row, latest, viewer)) if latest is not None and latest < version else None
        if base is not None:
            recent = _entries(row, base.version)
    newer = [e for e in recent or () if base is not None and e.index > base.version]
    if base is None or any(e.action.get("type") == services.UNDO for e in newer) \
            or (newer and newer[0].index != base.version + 1):
        hist = rebuild(row, engine_scenario, viewer)
    else:
        hist = base
        for entry in newer:
            hist.add(entry, viewer)
    cache.set_many({_key(row, version, viewer): hist, _latest_key(row, viewer): version}, CACHE_SECONDS)
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


def undo_candidate(row, side: str | None, seat: str | None = None):
    """The step ``side`` (its ``seat``, the deciding one when not given) may take back now, or
    None (``services.undoable_entry``), reading the newest entry only unless it is itself a
    take-back.  A step recorded as another seat's (a team game's step that passed the decision
    on, or a team-mate's taken at the same time) is not offered: the service refuses it."""
    if not side or side != row.deciding_side or row.is_over or not row.version:
        return None
    seat = seat or row.deciding
    last = _newest(row)
    if last and last[-1].action.get("type") != services.UNDO:
        return services.undoable_entry(last, side, row.deciding_side, row.ruleset, seat=seat)
    return services.undoable_entry(recent_entries(row), side, row.deciding_side, row.ruleset,
                                   seat=seat)


def know_newest(row, side: str, action: dict, events: list, seat: str = "") -> None:
    """Tell ``row`` its newest log entry (the action just applied to it, whose events are
    stored as JSON: read back the same way here), so the page drawn next reads no log."""
    entry = Entry(row.version, side, json.loads(json.dumps(events)), json.loads(json.dumps(action)), seat)
    row.__dict__["_newest_entry"] = (row.version, [entry])


def _newest(row) -> list[Entry]:
    """The newest log entry of ``row`` (a list of one, or none at the deal), read once per
    row object (the page's log and its take-back both ask) unless ``know_newest`` told it."""
    kept = row.__dict__.get("_newest_entry")
    if kept is None or kept[0] != row.version:
        kept = row.__dict__["_newest_entry"] = (row.version, _entries(row, row.version - 1))
    return kept[1]


def recent_entries(row) -> list[Entry]:
    """The latest log entries of ``row`` (at most UNDO_WINDOW), oldest first: one query."""
    return _entries(row, row.version - UNDO_WINDOW)
