"""A game's log, wherever it is kept: one row per action while the game is played, one packed
value once it is over.

Everything that reads a game's log (the page's log, take-back, replay, the API's events,
the seed check) goes through :func:`entries`, which answers the same :class:`Logged` tuples
from either form.  :func:`pack` turns the rows of a finished game into one
:class:`~games.models.PackedLog` (zlib-compressed JSON) and deletes them, in one
transaction, after checking that the packed value reads back as the rows; the task
``games.pack_log`` runs it when a game ends, and ``manage.py pack_logs`` for games that
ended before (or whose task was lost).  A finished game whose rows are not packed yet reads
from its rows, so nothing depends on when the packing happens.

Packed format (version 2): ``{"v": 2, "t0": <µs since 1970>, "log": [[index, side,
actor_id, µs_after_previous, action, events, seat], ...]}``, JSON without spaces, zlib level
9; ``seat`` is the seat whose step it was (a team game's replay names it). Logs packed in
version 1 (no seat) still read, with blank seats.
"""
from __future__ import annotations

import json
import zlib
from collections import OrderedDict
from datetime import datetime, timedelta, timezone as dt_timezone
from typing import NamedTuple

from django.db import transaction
from games.models import Game, PackedLog

FORMAT = 2
#: Packed formats that still read (1: before the seat was kept).
READABLE = (1, 2)
#: Decoded packed logs kept per process (finished games never change).
_DECODED: "OrderedDict[int, tuple]" = OrderedDict()
_DECODED_SIZE = 4          # a decoded 1,000-action log is a megabyte or two of objects


class Logged(NamedTuple):
    """One action of a game's log and the events it caused (secret and private parts
    included: pass events through ``view_event`` before showing them)."""
    index: int                  # type: ignore[assignment]  # a field, not tuple.index
    side: str
    actor_id: int | None
    created: datetime
    action: dict
    events: list
    #: The seat whose decision the step was; blank in the rows kept (and the logs packed)
    #: before seats were recorded.
    seat: str = ""


_EPOCH = datetime(1970, 1, 1, tzinfo=dt_timezone.utc)
_MICROSECOND = timedelta(microseconds=1)


def _us(when: datetime) -> int:
    return (when - _EPOCH) // _MICROSECOND


def _when(us: int) -> datetime:
    return _EPOCH + timedelta(microseconds=us)


def encode(log: list[Logged]) -> bytes:
    t0 = _us(log[0].created) if log else 0
    rows, last = [], t0
    for e in log:
        us = _us(e.created)
        rows.append([e.index, e.side, e.actor_id, us - last, e.action, e.events, e.seat or ""])
        last = us
    text = json.dumps({"v": FORMAT, "t0": t0, "log": rows}, separators=(",", ":"))
    return zlib.compress(text.encode(), 9)


def decode(data: bytes) -> list[Logged]:
    body = json.loads(zlib.decompress(bytes(data)))
    if body.get("v") not in READABLE:
        raise ValueError(f"unknown packed log format {body.get('v')!r}")
    out, us = [], body["t0"]
    for index, side, actor_id, delta, action, events, *seat in body["log"]:
        us += delta
        out.append(Logged(index, side, actor_id, _when(us), action, events, *seat))
    return out


def _packed(row) -> list[Logged] | None:
    """The decoded packed log of ``row``, or None if it has none (one query, or none when
    this process decoded it already)."""
    hit = _DECODED.get(row.pk)
    if hit is not None and hit[0] == (row.version, row.seed_hash):
        _DECODED.move_to_end(row.pk)
        return hit[1]
    data = PackedLog.objects.filter(game_id=row.pk).values_list("data", flat=True).first()
    if data is None:
        return None
    log = decode(data)
    _DECODED[row.pk] = ((row.version, row.seed_hash), log)
    if len(_DECODED) > _DECODED_SIZE:
        _DECODED.popitem(last=False)
    return log


def _rows(row, since: int, until: int | None) -> list[Logged]:
    qs = row.actions.filter(index__gt=since)
    if until is not None:
        qs = qs.filter(index__lte=until)
    return [Logged(*r) for r in qs.order_by("index").values_list(
        "index", "side", "actor_id", "created", "action", "events", "seat")]


def entries(row, since: int = 0, until: int | None = None) -> list[Logged]:
    """The log of game ``row`` after version ``since`` (up to ``until``), oldest first.
    A game being played reads its rows (one query); a finished one its packed log if it
    has one, else its rows."""
    if row.finished_at is not None:
        log = _packed(row)
        if log is not None:
            return [e for e in log if e.index > since and (until is None or e.index <= until)]
    return _rows(row, since, until)


class _Rows:
    """The rows of a log as a sequence a paginator can count and slice, one query each."""

    def __init__(self, queryset):
        self.queryset = queryset

    def count(self) -> int:
        return self.queryset.count()

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, k):
        rows = self.queryset[k]
        if isinstance(k, slice):
            return [Logged(*r) for r in rows]
        return Logged(*rows)


def pageable(row, since: int = 0):
    """The log after ``since`` for a paginator: a list (packed) or its rows, read a page at a
    time (a game being played)."""
    if row.finished_at is not None:
        log = _packed(row)
        if log is not None:
            return [e for e in log if e.index > since]
    return _Rows(row.actions.filter(index__gt=since).order_by("index").values_list(
        "index", "side", "actor_id", "created", "action", "events", "seat"))


def is_packed(row) -> bool:
    return PackedLog.objects.filter(game_id=row.pk).exists()


def pack(game_id: int) -> bool:
    """Pack the log of a finished game into one value and delete its rows; True if it did
    (False: not over, packed already, or gone).  Safe to run twice or concurrently."""
    with transaction.atomic():
        row = Game.objects.select_for_update().filter(pk=game_id).first()
        if row is None or row.finished_at is None or PackedLog.objects.filter(game_id=game_id).exists():
            return False
        log = _rows(row, 0, None)
        if [e.index for e in log] != list(range(1, row.version + 1)):
            raise ValueError(f"the log of game {game_id} has gaps: not packed")
        data = encode(log)
        back = decode(data)
        if [(e.index, e.side, e.actor_id, e.action, e.events, e.seat) for e in back] != \
                [(e.index, e.side, e.actor_id, e.action, e.events, e.seat or "") for e in log]:
            raise ValueError(f"the packed log of game {game_id} does not read back: not packed")
        PackedLog.objects.create(game=row, actions=len(log), data=data)
        row.actions.all().delete()
    return True
