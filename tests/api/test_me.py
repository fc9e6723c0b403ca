import pytest

pytestmark = pytest.mark.django_db


def test_the_api_needs_a_login(client):
    assert client.get("/api/me/").status_code == 403


def test_read_my_profile(client, player):
    client.force_login(player)
    response = client.get("/api/me/")
    assert response.status_code == 200
    assert response.json() == {
        "username": "jeb",
        "display_name": "",
        "club": "",
        "time_zone": "UTC",
        "email_notifications": "every_turn",
        "anniversary_reminders": False,
        "reminder_days_before": 7,
    }


def test_update_my_profile_with_the_same_rules_as_the_page(client, player):
    client.force_login(player)
    bad = client.patch("/api/me/", {"time_zone": "Atlantis/Capital"}, content_type="application/json")
    assert bad.status_code == 400
    assert "not a known time zone" in bad.json()["time_zone"][0]

    good = client.patch(
        "/api/me/", {"time_zone": "America/Chicago", "club": "Shiloh Irregulars"}, content_type="application/json"
    )
    assert good.status_code == 200
    player.profile.refresh_from_db()
    assert (player.profile.time_zone, player.profile.club) == ("America/Chicago", "Shiloh Irregulars")


def test_anniversary_reminders_by_the_api(client, player):
    client.force_login(player)
    good = client.patch("/api/me/", {"anniversary_reminders": True, "reminder_days_before": 3},
                        content_type="application/json")
    assert good.status_code == 200
    player.profile.refresh_from_db()
    assert (player.profile.anniversary_reminders, player.profile.reminder_days_before) == (True, 3)
    bad = client.patch("/api/me/", {"reminder_days_before": 31}, content_type="application/json")
    assert bad.status_code == 400 and "reminder_days_before" in bad.json()
    assert "feed_token" not in client.get("/api/me/").json()      # the feed's secret stays on the page


def test_openapi_schema_and_docs_work_offline(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    assert b"/api/me/" in schema.content
    docs = client.get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/" in docs
    assert "cdn" not in docs.lower()
