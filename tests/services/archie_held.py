"""For the killed-mid-turn test only (loaded by that test's worker with ``--include``):
the search of Archie's decision number ``ARCHIE_HELD_AT`` (1 by default) in this process
writes the id of the process running it to the file named by ``ARCHIE_HELD_MARKER`` and
holds there, so the test kills that process at a state it has seen (the decisions before it
applied, this search running) rather than after a guessed delay. Every search after that
file exists (the task delivered again, to a new process) runs as usual."""
from __future__ import annotations

import os
import time
from pathlib import Path

import games.ai
from games import services

_search = games.ai.choose
_searches = 0


def held_choose(*args, **kwargs):
    global _searches
    _searches += 1
    marker = Path(os.environ["ARCHIE_HELD_MARKER"])
    if not marker.exists() and _searches == int(os.environ.get("ARCHIE_HELD_AT", "1")):
        partial = marker.with_suffix(".partial")
        partial.write_text(str(os.getpid()))
        partial.rename(marker)            # the marker appears whole, with the process id
        time.sleep(600)                   # the test kills this process here
    return _search(*args, **kwargs)


services.choose = held_choose             # where the service looks Archie's search up
