"""Archie through the API (a solo match through the solo page's service; games and matches
say Archie's side, level and whether it is thinking) and the anniversary calendar (the
anniversaries with their dates and scenario links, today's and the next, the member's
private feed address and its reset)."""
from __future__ import annotations

import datetime as dt

import pytest

from accounts.models import Profile
from games import outbox, services
from games.models import Match
from tests.play_helpers import make_scenario
from tournaments import clock

pytestmark = pytest.mark.django_db


@pytest.fixture
def field():
    return make_scenario()


def test_a_member_starts_a_solo_match_and_the_game_says_archie_plays(duel, field):
    response = duel.clients["player"].post("/api/v1/solo/", {"scenario": "bench-field", "level": "recruit",
                                                             "nightfall": True}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    match = Match.objects.get(pk=body["id"])
    assert match.solo and body["archie_level"] == "recruit" and body["nightfall"] is True
    assert body["challenger"]["username"] == "lee" and body["opponent"]["name"] == "Archie"
    game = body["games"][0]
    archie_side = "confederate" if match.challenger_side == "union" else "union"
    assert game["archie"] == {"side": archie_side, "level": "recruit", "thinking": False, "stuck": False}
    detail = duel.clients["player"].get(f"/api/v1/games/{game['id']}/").json()
    assert detail["archie"]["side"] == archie_side and detail["your_turn"] is True
    # a game between two members has no Archie
    assert duel.clients["player"].get(f"/api/v1/games/{duel.game.pk}/").json()["archie"] is None


def test_archie_is_thinking_while_its_decision_waits(duel, field, monkeypatch):
    monkeypatch.setattr(outbox, "_publish", lambda row: None)   # taken by the broker; no worker answers
    match = services.start_solo(duel.lee, field, "veteran")
    game = match.current_game()
    for _ in range(200):
        game.refresh_from_db()
        if game.deciding != game.side_of(duel.lee):
            break
        legal = services.load_engine(game).legal_actions()
        order = ["confirm_orders", "end_movement", "end_turn", "play_card", "order"]
        action = next((a for kind in order for a in legal if a["type"] == kind), legal[0])
        services.act(game.pk, duel.lee, action, game.version)
    body = duel.clients["player"].get(f"/api/v1/games/{game.pk}/").json()
    assert body["archie"]["thinking"] is True and body["archie"]["level"] == "veteran"
    assert body["your_turn"] is False


@pytest.mark.parametrize("body, field_name", [
    ({"scenario": "bench-field", "level": "colonel"}, "level"),
    ({"scenario": "no-such-battle"}, "scenario"),
    ({"level": "recruit"}, "scenario"),
    ({"scenario": "bench-field", "nightfall": "perhaps"}, "nightfall"),
])
def test_a_malformed_solo_request_names_the_field(duel, field, body, field_name):
    response = duel.clients["player"].post("/api/v1/solo/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert [e["field"] for e in response.json()["errors"]] == [field_name]


def test_the_levels_are_the_solo_pages(duel):
    body = duel.clients["anonymous"].get("/api/v1/solo/levels/").json()
    assert [lv["name"] for lv in body] == ["recruit", "veteran", "general"]
    assert all(lv["label"] and lv["blurb"] for lv in body)


# -- the calendar --------------------------------------------------------------------------
@pytest.fixture
def on_day(monkeypatch):
    def freeze(*args):
        moment = dt.datetime(*args, tzinfo=dt.timezone.utc)
        monkeypatch.setattr(clock, "now", lambda: moment)
    return freeze


def test_the_calendar_has_the_31_anniversaries_with_links_and_the_next(duel, on_day):
    on_day(2026, 7, 1, 12)
    body = duel.clients["anonymous"].get("/api/v1/calendar/").json()
    assert body["today"] == "2026-07-01" and body["year"] == 2026
    assert [a["name"] for a in body["today_battles"]] == []
    assert body["next_date"] == "2026-07-02" and body["next_in_days"] == 1 and body["next_in"] == "tomorrow"
    assert len(body["next_battles"]) == 2
    rows = body["anniversaries"]
    assert len(rows) == 31 and [r["date"] for r in rows] == sorted(r["date"] for r in rows)
    first = rows[0]
    assert first["name"].startswith("Fort Donelson") and first["date"] == "2026-02-15"
    assert first["when"] == "passed" and first["years"] == 2026 - int(first["battle_date"][:4])
    assert first["scenario_url"].endswith(f"/api/v1/scenarios/{first['scenario']}/")
    assert first["page_url"].endswith(f"/scenarios/{first['scenario']}/")
    assert body["public_feed_url"].endswith("/calendar/anniversaries.ics")


def test_on_the_day_the_battle_is_today(duel, on_day):
    on_day(2026, 2, 15, 12)
    body = duel.clients["player"].get("/api/v1/calendar/?year=2027").json()
    assert [a["name"][:13] for a in body["today_battles"]] == ["Fort Donelson"]
    assert body["today_battles"][0]["when"] == "today"
    assert body["year"] == 2027 and body["anniversaries"][0]["date"] == "2027-02-15"


@pytest.mark.parametrize("year", ["abc", "1861", "20260", "-1"])
def test_a_malformed_year_is_refused(duel, year):
    response = duel.clients["player"].get(f"/api/v1/calendar/?year={year}")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "year"


def test_my_private_feed_address_and_its_reset(duel):
    client = duel.clients["player"]
    first = client.get("/api/v1/calendar/feed/").json()["url"]
    token = Profile.objects.get(user=duel.lee).feed_token
    assert first.endswith(f"/calendar/feeds/{token}.ics")
    assert client.get("/api/v1/calendar/feed/").json()["url"] == first         # reading keeps it
    reset = client.post("/api/v1/calendar/feed/reset/").json()["url"]
    assert reset != first
    from django.test import Client
    assert Client().get(first.split("testserver", 1)[1]).status_code == 404     # the old one is dead
    assert Client().get(reset.split("testserver", 1)[1]).status_code == 200
    # another member's address is never shown
    other = duel.clients["opponent"].get("/api/v1/calendar/feed/").json()["url"]
    assert other not in (first, reset)


def test_the_calendar_says_my_own_annual_games_year(duel, on_day):
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Game
    from tests.play_helpers import start_match

    match, game1 = start_match(duel.lee, duel.grant, make_scenario(slug="antietam"), side="union")
    Game.objects.filter(pk=game1.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    services.claim_timeout(game1.pk, duel.grant)
    Match.objects.filter(pk=match.pk).update(started=dt.datetime(2026, 9, 15, 12, tzinfo=dt.timezone.utc))
    flags = Game.objects.get(pk=game1.pk).outcome["flags"]["confederate"]
    on_day(2026, 9, 20, 12)
    grant = duel.clients["opponent"].get("/api/v1/calendar/").json()["yours"]
    assert (grant["points"], grant["flags"], grant["battles"]) == (1, flags, 1)
    assert [(c["opponent"], c["points"], c["played_on"]) for c in grant["cells"]] == [("lee", 1, "2026-09-15")]
    lee = duel.clients["player"].get("/api/v1/calendar/").json()["yours"]
    assert (lee["points"], lee["battles"]) == (0, 1)
    assert duel.clients["anonymous"].get("/api/v1/calendar/").json()["yours"] is None
    assert duel.clients["player"].get("/api/v1/calendar/?year=2025").json()["yours"] is None
