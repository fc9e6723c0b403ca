"""The states of a finished game's replay, kept in the cache in segments of ``SEGMENT`` steps.

A finished game's log never changes, so the first replay request of a game replays the whole
log once (the recorded dice and draws, checked against the recorded events) and keeps, for
every ``SEGMENT``-th step, the engine state there and the log entries of the next ``SEGMENT``
steps.  A later step then costs one cache read, one ``from_dict`` and at most ``SEGMENT``
actions: no database query and no replay from the deal.

Only the server reads these states (they hold the hands and decks); what a page shows of
them goes through ``Game.view`` like every other page.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.core.cache import cache

from games import game_log, services
from games.engine import SIDES, GameState, get_ruleset
from games.models import Game
from games.models.seat import seats_prefetch

#: Steps per kept segment: a replay step replays at most this many actions.
SEGMENT = 10
#: Seconds the segments of a game are kept after its replay was last built.
KEEP_SECONDS = 6 * 3600


@dataclass(frozen=True)
class Entry:
    """One log row as the replay needs it (no model instance)."""

    index: int
    side: str
    events: list
    action: dict


@dataclass
class ReplayStep:
    """A finished game after ``step`` actions: the engine game, the log entry of that step
    (None at the deal), and the stretch of log it was rebuilt over (from ``since``, whose
    public view is ``since_view``) for the page's log."""

    engine: GameState
    entry: Entry | None
    since: int
    since_view: dict
    entries: list
    names: dict            # the players' names by side, and the battle's ("scenario")


def segment_of(step: int) -> int:
    """The segment a step is rebuilt from: its state is that of step ``SEGMENT * n`` and the
    step itself is replayed in it (so every step but the deal replays at least its own action,
    and the log shows it)."""
    return max(0, (step - 1) // SEGMENT)


def _key(row: Game, n: int) -> str:
    return f"replayseg2:{row.cache_id}:{row.version}:{n}"


@lru_cache(maxsize=16)
def _scenario(game_id: int, created: str):
    """The engine scenario of a finished game (read from its saved state once per process;
    ``created`` tells apart two games that had the same id in different databases)."""
    ruleset, state = Game.objects.values_list("ruleset", "state").get(pk=game_id)
    return get_ruleset(ruleset).load_scenario(state["scenario"])


def scenario_of(row: Game):
    return _scenario(row.pk, row.created.isoformat())


def _entries(row: Game) -> list[Entry]:
    return [Entry(e.index, e.side, e.events, e.action) for e in game_log.entries(row)]


def build(row: Game) -> dict[int, dict]:
    """Replay the whole log of finished game ``row`` and keep every segment in the cache;
    returns them by number.  Raises ValueError (or IllegalAction) when the log does not
    replay."""
    entries = _entries(row)
    undone = services.undone_indices(entries)
    standing = [e for e in entries if e.index not in undone]
    count = segment_of(row.version) + 1
    steps: list[list] = [[] for _ in range(count)]     # the standing entries of each segment
    for e in standing:
        steps[segment_of(e.index)].append(_fields(e))
    # Segment n starts at step SEGMENT * n: the state after the latest step standing there
    # (a step taken back is passed over by the replay, so no state is yielded at its index).
    starts: dict[int, list[int]] = {}
    at = 0
    for n in range(count):
        if n:
            at = steps[n - 1][-1][0] if steps[n - 1] else at
        starts.setdefault(at, []).append(n)
    names = _names(row.pk)
    segments: dict[int, dict] = {}
    last = None                        # the latest step replayed (the status of a step)
    for index, entry, engine, _events in services.rebuild_steps(
            row, entries=entries, undone=undone, scenario=scenario_of(row)):
        if index:
            last = _fields(entry)
        for n in starts.get(index, ()):
            segments[n] = {"state": engine.to_dict(), "last": last, "entries": steps[n],
                           "names": names}
    cache.set_many({_key(row, n): seg for n, seg in segments.items()}, KEEP_SECONDS)
    return segments


def _names(game_id: int) -> dict:
    game = Game.objects.select_related("match__scenario").prefetch_related(
        seats_prefetch()).get(pk=game_id)
    names = {side: _name(game.player_of(side)) for side in SIDES}
    return dict(names, scenario=str(game.match.scenario))


def _name(user) -> str:
    if user is None:
        return "nobody"             # a vacant seat: its member left the club
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()


def _fields(e) -> tuple:
    return (e.index, e.side, e.events, e.action)


def state_at(row: Game, step: int) -> ReplayStep:
    """Finished game ``row`` after ``step`` actions (0: the deal)."""
    n = segment_of(step)
    seg = cache.get(_key(row, n))
    if seg is None:
        seg = build(row)[n]
    base = n * SEGMENT
    scenario = scenario_of(row)
    entries = [Entry(*e) for e in seg["entries"] if e[0] <= step]
    engine = entry = None
    since_view: dict = {}
    last = Entry(*seg["last"]) if seg["last"] else None
    for index, entry_, engine_, _events in services.rebuild_steps(
            row, entries=entries, start=(base, seg["state"]), until=step, undone=(),
            scenario=scenario):
        engine = engine_
        if index == base:
            since_view = engine.view(None)
        else:
            entry = entry_
    return ReplayStep(engine, (entry or last) if step else None, base, since_view, entries,
                      seg["names"])
