"""Archie's balance estimate of a draft, run by a Celery task (``games.editor_balance``).

:func:`request_estimate` freezes the draft as it is (its data and its edit number) in
``ScenarioDraft.balance`` and queues the task; the task plays the games
(:func:`games.editor.balance.self_play`), writing its progress after each game, and keeps
the result beside the data it measured. When the draft is proposed unchanged, the estimate
goes with the published version (``tournaments.scenario_proposals.accept``).
"""
from __future__ import annotations

import copy
import secrets

from django.db import transaction

from games import outbox
from games.models import ScenarioDraft

from .balance import self_play
from .checks import check
from .drafts import _own
from .tools import EditRefused

#: Games each way a member may ask for.
MAX_EACH_WAY = 20


@transaction.atomic
def request_estimate(draft: ScenarioDraft, user, games_each_way: int, level: str = "recruit") -> dict:
    _own(draft, user)
    if not 1 <= games_each_way <= MAX_EACH_WAY:
        raise EditRefused(f"Games each way: a whole number from 1 to {MAX_EACH_WAY}.")
    checked = check(draft.data)
    if not checked.ok:
        raise EditRefused("The estimate needs a battle the loader accepts: fix the problems listed first.")
    row = ScenarioDraft.objects.select_for_update().get(pk=draft.pk)
    row.balance = {"status": "running", "done": 0, "total": 2 * games_each_way, "level": level,
                   "each_way": games_each_way, "cursor": row.cursor, "token": secrets.token_hex(8),
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
    try:
        result = self_play(b["data"], games_each_way=b["each_way"], level=b["level"],
                           on_game=lambda done, total: _progress(draft_id, token, done=done))
    except Exception as exc:                       # noqa: BLE001 - shown to the author
        _progress(draft_id, token, status="failed", error=f"{exc.__class__.__name__}: {exc}"[:200])
        raise
    return _progress(draft_id, token, status="done", result=result)
