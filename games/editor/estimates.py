"""Archie's balance estimate of a draft, run by a Celery task (``games.editor_balance``).

:func:`request_estimate` freezes the draft as it is (its data and its edit number) in
``ScenarioDraft.balance`` with a seed, and queues the task; the task plays the games with
Archie's self-play (:func:`games.ai.selfplay.self_play`, the same function as the scenario
balance pages' runs), writing its progress after each game, and keeps the result beside the
data it measured. When the draft is proposed unchanged, the estimate goes with the published
version (``tournaments.scenario_proposals.accept``).

The stored result is the self-play result (``SelfPlayResult.as_dict()``: games, draws, each
side's wins, share with a draw counted half and flag margin, each with its 95 per cent
interval, and every game's winner, flags and turns) with the level, the mean turns and the
time a game took.
"""
from __future__ import annotations

import copy
import secrets
import statistics
import time

from django.db import transaction

from games import outbox
from games.ai.selfplay import DEFAULT_LEVEL, self_play
from games.engine import DEFAULT_RULESET
from games.models import ScenarioDraft

from .checks import check
from .drafts import _own
from .tools import EditRefused

#: Games a member may ask for in one estimate.
MAX_GAMES = 40


@transaction.atomic
def request_estimate(draft: ScenarioDraft, user, games: int, level: str = DEFAULT_LEVEL) -> dict:
    _own(draft, user)
    if not 1 <= games <= MAX_GAMES:
        raise EditRefused(f"Games: a whole number from 1 to {MAX_GAMES}.")
    checked = check(draft.data)
    if not checked.ok:
        raise EditRefused("The estimate needs a battle the loader accepts: fix the problems listed first.")
    row = ScenarioDraft.objects.select_for_update().get(pk=draft.pk)
    row.balance = {"status": "running", "done": 0, "total": games, "level": level,
                   "seed": secrets.randbits(62), "cursor": row.cursor, "token": secrets.token_hex(8),
                   "data": copy.deepcopy(row.data), "result": None}
    row.save(update_fields=["balance"])
    outbox.queue("games.editor_balance", row.pk, row.balance["token"])
    draft.balance = row.balance
    return row.balance


def _progress(draft_id: int, token: str, **fields) -> bool:
    """Write ``fields`` into the estimate if it is still the one asked for."""
    with transaction.atomic():
        row = ScenarioDraft.objects.select_for_update().filter(pk=draft_id).first()
        if row is None or not isinstance(row.balance, dict) or row.balance.get("token") != token:
            return False
        row.balance = {**row.balance, **fields}
        row.save(update_fields=["balance"])
        return True


def run_estimate(draft_id: int, token: str) -> bool:
    """Play the games of the estimate asked for (the task's body); False if it is stale."""
    row = ScenarioDraft.objects.filter(pk=draft_id).only("balance").first()
    if row is None or not isinstance(row.balance, dict) or row.balance.get("token") != token \
            or row.balance.get("status") != "running":
        return False
    b = row.balance
    started = time.perf_counter()
    try:
        played = self_play(b["data"], DEFAULT_RULESET, {}, b["total"], b.get("seed", 1),
                           lambda done, total: _progress(draft_id, token, done=done), level=b["level"])
    except Exception as exc:                       # noqa: BLE001 - shown to the author
        _progress(draft_id, token, status="failed", error=f"{exc.__class__.__name__}: {exc}"[:200])
        raise
    result = {**played.as_dict(), "level": b["level"],
              "turns": statistics.fmean(r["turns"] for r in played.results) if played.results else 0,
              "seconds_per_game": (time.perf_counter() - started) / max(1, played.games)}
    return _progress(draft_id, token, status="done", result=result)


def result_sides(result) -> list[dict]:
    """Each side's line of a stored result: ``side``, ``wins``, ``win_rate`` and ``margin``
    (each ``{"value", "low", "high"}``). A result stored before the estimate used the shared
    self-play (``wins`` by side and the first side's ``share`` of the decided games) reads
    with its wins and that share, and no margin."""
    if not isinstance(result, dict):
        return []
    if isinstance(result.get("sides"), list):
        return [s for s in result["sides"] if isinstance(s, dict)]
    wins = result.get("wins") if isinstance(result.get("wins"), dict) else {}
    share = result.get("share") if isinstance(result.get("share"), dict) else {}
    none = {"value": None, "low": None, "high": None}
    return [{"side": side, "wins": n,
             "win_rate": {k: share.get(k) for k in none} if share.get("side") == side else none,
             "margin": none} for side, n in wins.items()]
