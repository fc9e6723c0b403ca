"""A site process whose Redis (broker and cache) is a closed port: run by
tests/services/test_outbox.py as ``python -m tests.services.broker_down_site`` with
REDIS_URL pointing nowhere and DATA_DIR at an empty folder (an SQLite database of its own).

It plays like a member would, through the pages, and prints what it saw as JSON.
"""
from __future__ import annotations

import json
import os
import time

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "battlecry_site.settings")
django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402


def main() -> dict:
    from django.contrib.auth import get_user_model

    from games import services
    from games.models import Game, Outbox
    from tests.play_helpers import make_scenario

    call_command("migrate", verbosity=0)
    User = get_user_model()
    lee = User.objects.create_user("lee", email="lee@example.org", password="Gettysburg-1863")
    grant = User.objects.create_user("grant", email="grant@example.org", password="Vicksburg-1863")
    scenario = make_scenario()
    match = services.create_challenge(lee, grant, scenario, side="union")
    services.accept(match.pk, grant)
    game = Game.objects.get(match=match, number=1)
    seen: dict = {"outbox_after_start": Outbox.objects.count()}

    client = Client(raise_request_exception=False)
    wrong = client.post("/accounts/login/", {"username": "lee", "password": "not-it"})
    seen["wrong_password"] = [wrong.status_code, "Please enter a correct username" in wrong.content.decode()]
    started = time.monotonic()
    right = client.post("/accounts/login/", {"username": "lee", "password": "Gettysburg-1863"})
    seen["login"] = [right.status_code, round(time.monotonic() - started, 2)]

    engine = services.load_engine(game)
    unit = next(u for u in engine.units.values() if u.side == "union" and u.kind == "infantry")
    steps = [{"type": "play_card", "card": engine.hands["union"][0], "mode": "skirmish"},
             {"type": "order", "unit": unit.id}, {"type": "end_movement"}, {"type": "end_turn"}]
    seen["moves"] = []
    for action in steps:
        game.refresh_from_db()
        started = time.monotonic()
        r = client.post(f"/play/games/{game.pk}/act/", {"action": json.dumps(action), "version": game.version})
        seen["moves"].append([action["type"], r.status_code, round(time.monotonic() - started, 2)])
    game.refresh_from_db()
    seen["deciding"] = game.deciding
    seen["version"] = game.version
    seen["kept"] = list(Outbox.objects.values_list("task", "args", "attempts"))
    page = client.get(f"/play/games/{game.pk}/").content.decode()
    seen["page_says_delayed"] = "notifications and the computer's" in page and "delayed" in page
    newcomer = Client(raise_request_exception=False).post("/accounts/signup/", {
        "username": "meade", "email": "meade@example.org",
        "password1": "Appomattox-1865", "password2": "Appomattox-1865"})
    seen["signup"] = newcomer.status_code
    seen["welcome_kept"] = Outbox.objects.filter(task__endswith="send_welcome_email").count()
    seen["solo"] = play_until_archie(client, lee, scenario)
    return seen


def play_until_archie(client, lee, scenario) -> dict:
    """A solo game: lee's first turn, through the pages, ends by handing the turn to Archie."""
    from games import services
    from games.models import Outbox

    match = services.start_solo(lee, scenario, "recruit")
    game = match.games.get(number=1)
    side = game.side_of(lee)
    engine = services.load_engine(game)
    unit = next(u for u in engine.units.values() if u.side == side and u.kind == "infantry")
    steps = [{"type": "play_card", "card": engine.hands[side][0], "mode": "skirmish"},
             {"type": "order", "unit": unit.id}, {"type": "end_movement"}, {"type": "end_turn"}]
    answers = []
    for action in steps:
        game.refresh_from_db()
        r = client.post(f"/play/games/{game.pk}/act/", {"action": json.dumps(action), "version": game.version})
        answers.append([action["type"], r.status_code])
    game.refresh_from_db()
    return {"answers": answers, "archie_to_decide": services.archie_to_decide(game),
            "kept": list(Outbox.objects.filter(task="games.archie_move").values_list("args", "attempts")),
            "game": game.pk, "version": game.version}


if __name__ == "__main__":
    print("RESULT " + json.dumps(main()))
