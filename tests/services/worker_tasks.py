"""A task for the worker-lost test only (loaded by that test's worker with ``--include``):
the real Nightfall end, held open on its first delivery so the test can kill the process
running it before anything is committed."""
from __future__ import annotations

import os
import time
from pathlib import Path

from celery import shared_task
from django.db import transaction


@shared_task(name="tests.nightfall_check_killed_once")
def nightfall_check_killed_once(game_id: int, version: int, marker: str) -> bool:
    from games import services

    with transaction.atomic():
        acted = services.end_by_nightfall(game_id, version)
        if not Path(marker).exists():
            partial = Path(marker).with_suffix(".partial")
            partial.write_text(str(os.getpid()))
            partial.rename(marker)       # the marker appears whole, with the process id
            time.sleep(120)              # the test kills this process here
    return acted is not None
