"""A broker that is down never turns a committed move into an error, and nothing is lost:
what could not be queued is kept (games/outbox.py), pages say notifications are delayed,
and the sweep sends it once the broker is back."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.core import mail
from django.utils import timezone
from kombu.exceptions import OperationalError

from games import outbox, tasks
from games.models import Outbox
from tests.play_helpers import act, make_scenario, start_match

ROOT = Path(__file__).resolve().parents[2]
CLOSED_PORT = "redis://127.0.0.1:1/3"


@pytest.mark.slow
def test_with_redis_on_a_closed_port_moves_and_log_in_answer_normally(tmp_path):
    """A site process whose Redis is unreachable: log-in works (right and wrong password),
    every move answers at once, the turn e-mail is kept, and the page says it is delayed."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(REDIS_URL=CLOSED_PORT, DATA_DIR=str(tmp_path), DEBUG="1", ALLOWED_HOSTS="testserver")
    run = subprocess.run([sys.executable, "-m", "tests.services.broker_down_site"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    line = next((ln for ln in run.stdout.splitlines() if ln.startswith("RESULT ")), None)
    assert line, f"the site process failed:\n{run.stdout}\n{run.stderr[-5000:]}"
    seen = json.loads(line[len("RESULT "):])
    assert seen["wrong_password"] == [200, True]
    assert seen["login"][0] == 302
    assert [m[:2] for m in seen["moves"]] == [["play_card", 303], ["order", 303],
                                              ["end_movement", 303], ["end_turn", 303]]
    assert all(seconds < 5 for *_, seconds in seen["moves"]), seen["moves"]
    assert seen["deciding"] == "confederate" and seen["version"] == 4
    assert ["games.notify_turn", [1, 4], 1] in seen["kept"]       # kept, to be sent later
    assert seen["page_says_delayed"]
    assert seen["signup"] == 302 and seen["welcome_kept"] == 1
    # a solo game: the move that hands the turn to Archie answers like any other, and
    # Archie's decision waits in the outbox (its one attempt failed at once), not in the request
    solo = seen["solo"]
    assert solo["answers"] == [["play_card", 303], ["order", 303], ["end_movement", 303], ["end_turn", 303]]
    assert solo["archie_to_decide"]
    assert solo["kept"] == [[[solo["game"], solo["version"]], 1]]


@pytest.fixture
def broker_down(monkeypatch):
    """The broker refuses every task, as kombu reports a closed port (see the test above
    for the real thing); undone by ``back()``."""
    def refuse(row):
        raise OperationalError("Error 111 connecting to 127.0.0.1:1. Connection refused.")

    monkeypatch.setattr(outbox, "_publish", refuse)
    return monkeypatch


def turn_mails() -> list:
    return [m.to for m in mail.outbox if "your move" in m.subject]


def pass_the_turn(game, lee):
    from games import services

    engine = services.load_engine(game)
    unit = next(u for u in engine.units.values() if u.side == "union" and u.kind == "infantry")
    act(game, lee, {"type": "play_card", "card": engine.hands["union"][0], "mode": "skirmish"})
    act(game, lee, {"type": "order", "unit": unit.id})
    act(game, lee, {"type": "end_movement"})
    act(game, lee, {"type": "end_turn"})


@pytest.mark.django_db(transaction=True)
def test_the_sweep_sends_what_was_kept_once_the_broker_is_back(lee, grant, broker_down, client):
    _, game = start_match(lee, grant, side="union")
    pass_the_turn(game, lee)
    assert game.deciding == "confederate"
    assert mail.outbox == []
    assert ("games.notify_turn", [game.pk, game.version]) in Outbox.objects.values_list("task", "args")
    client.force_login(grant)
    assert "delayed" in client.get("/").content.decode()

    assert tasks.send_outbox() == 0                      # still down: nothing lost either
    broker_down.undo()
    assert tasks.send_outbox() == 0                      # too young: the commit hook's to send
    kept = Outbox.objects.update(created=timezone.now() - timedelta(minutes=5))
    assert tasks.send_outbox() == kept
    assert not Outbox.objects.exists()
    assert turn_mails() == [["grant@example.org"]]       # the turn e-mail, once; the stale one for
    assert tasks.send_outbox() == 0                      # lee's first move did nothing
    assert turn_mails() == [["grant@example.org"]]
    assert "delayed" not in client.get("/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_with_the_broker_up_nothing_is_left_behind(lee, grant, client):
    _, game = start_match(lee, grant, side="union")
    pass_the_turn(game, lee)
    assert not Outbox.objects.exists()
    assert turn_mails()[-1] == ["grant@example.org"]
    client.force_login(grant)
    assert "delayed" not in client.get("/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_archie_s_decision_waits_in_the_outbox_and_archie_plays_once_the_broker_is_back(
        lee, broker_down, settings):
    from games import services

    settings.ARCHIE_ITERATIONS = 12
    match = services.start_solo(lee, make_scenario(), "recruit")
    game = match.games.get(number=1)
    side = game.side_of(lee)
    engine = services.load_engine(game)
    unit = next(u for u in engine.units.values() if u.side == side and u.kind == "infantry")
    act(game, lee, {"type": "play_card", "card": engine.hands[side][0], "mode": "skirmish"})
    act(game, lee, {"type": "order", "unit": unit.id})
    act(game, lee, {"type": "end_movement"})
    act(game, lee, {"type": "end_turn"})              # answered: the turn is Archie's
    game.refresh_from_db()
    assert services.archie_to_decide(game)
    waiting = game.version
    assert list(Outbox.objects.filter(task="games.archie_move").values_list("args", "attempts")) \
        == [([game.pk, waiting], 1)]

    assert tasks.send_outbox() == 0                   # still down: Archie waits, nothing is lost
    game.refresh_from_db()
    assert game.version == waiting

    broker_down.undo()
    Outbox.objects.update(created=timezone.now() - timedelta(minutes=5))
    assert tasks.send_outbox() >= 1                   # the sweep sends it: Archie plays its turn
    game.refresh_from_db()
    assert game.version > waiting
    assert game.is_over or game.deciding == side
    assert not Outbox.objects.filter(task="games.archie_move").exists()
