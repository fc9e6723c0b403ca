"""For the killed-mid-search test only (loaded by that test's worker with ``--include``):
Archie's first search writes the id of the process running it to the file named by
``ARCHIE_HELD_MARKER`` and holds there, so the test kills that process at a state it has
seen (the search running, nothing committed) rather than after a guessed delay. Every later
search (the task delivered again) runs as usual."""
from __future__ import annotations

import os
import time
from pathlib import Path

import games.ai
from games import services

_search = games.ai.choose


def held_choose(*args, **kwargs):
    marker = Path(os.environ["ARCHIE_HELD_MARKER"])
    if not marker.exists():
        partial = marker.with_suffix(".partial")
        partial.write_text(str(os.getpid()))
        partial.rename(marker)            # the marker appears whole, with the process id
        time.sleep(600)                   # the test kills this process here
    return _search(*args, **kwargs)


services.choose = held_choose             # where the service looks Archie's search up
