"""An Epic game set up and played through the API: the table opened with ``team_mode`` in
its options, members taking seats and Archie given the Confederate Commanding General; each
member acts for his own seat only (his legal actions are his seat's, and an action for
another seat is refused), and Archie's seat decides by itself."""
from __future__ import annotations

import pytest

from games.models import Game
from tests.api.helpers import assert_conforms, token_client
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db

SEATS = ("union-commander", "union-major-1", "union-major-2", "confederate-major-1",
         "confederate-major-2")


def test_an_epic_table_and_game_through_the_api(django_user_model, settings,
                                                django_capture_on_commit_callbacks):
    settings.ARCHIE_ITERATIONS = 6
    make_scenario(slug="shiloh")
    members = {seat: django_user_model.objects.create_user(f"m{n}", password="x")
               for n, seat in enumerate(SEATS)}
    api = {seat: token_client(m) for seat, m in members.items()}
    r = api["union-commander"].post("/api/v1/tables/", {
        "scenario": "shiloh", "ruleset": "advanced", "options": {"team_mode": "epic"},
        "seat": "union-commander"}, format="json")
    assert r.status_code == 201, r.json()
    table = r.json()
    assert_conforms(table, "Table")
    assert [(s["name"], s["role"]) for s in table["seats"]][:3] == [
        ("union-commander", "Commanding General"), ("union-major-1", "Major-General (Sherman)"),
        ("union-major-2", "Major-General (Prentiss)")]
    url = f"/api/v1/tables/{table['id']}/"
    for seat in SEATS[1:]:
        assert api[seat].post(f"{url}take/", {"seat": seat}, format="json").status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        r = api["union-commander"].post(f"{url}archie/", {"seat": "confederate-commander",
                                                          "level": "recruit"}, format="json")
    assert r.status_code == 200 and r.json()["status"] == "active"
    game = Game.objects.get()
    # Archie (the Confederates move first at Shiloh) settled his command by himself
    game.refresh_from_db()
    assert game.deciding == "union-commander"
    base = f"/api/v1/games/{game.pk}/"
    view = api["union-major-1"].get(base).json()["view"]
    assert view["hand"] is None and view["team"]["mode"] == "epic"
    assert api["union-commander"].get(base).json()["view"]["hand"]
    legal = api["union-commander"].get(f"{base}legal-actions/").json()
    kinds = {a["type"] for a in legal["actions"]} if isinstance(legal, dict) else {a["type"] for a in legal}
    assert kinds == {"transfer", "confirm_command"}
    refused = api["union-major-1"].post(f"{base}actions/", {"action": {"type": "confirm_command"},
                                                              "version": game.version}, format="json")
    assert refused.status_code == 409
    with django_capture_on_commit_callbacks(execute=True):
        r = api["union-commander"].post(f"{base}actions/", {"action": {"type": "confirm_command"},
                                                              "version": game.version}, format="json")
    assert r.status_code == 201, r.json()
    game.refresh_from_db()
    # the Confederates' turn: Archie's Commanding General gives a card, his members act on it
    assert game.deciding.startswith("confederate-major")
    seats = api["union-major-2"].get(f"{base}seats/").json()
    assert next(s for s in seats if s["seat"] == "confederate-commander")["holder"] == "Archie (recruit)"
    assert sum(1 for s in seats if s["must_act"]) == 1
