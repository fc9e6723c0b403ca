"""Names are one line: a line break or another control character in a display name, a club's
or a competition's name is refused wherever it is typed, the names already stored are
mended, and every e-mail subject stays on one line whatever is stored."""
from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.core import mail

from accounts.models import Profile
from tests.api.helpers import token_client
from tests.play_helpers import make_scenario
from tests.tournaments.helpers import make_club, make_competition
from tournaments import services
from tournaments.models import Club, Competition

pytestmark = pytest.mark.django_db

BROKEN = ["Lee\nBcc: everyone@example.org", "Lee\r\nGrant", "Lee\tGrant", "Lee\x85Grant", "Lee\u2028Grant", "Lee\x1b[31m"]


def test_league_emails_go_out_when_stored_names_hold_line_breaks(
        lee, grant, meade, django_capture_on_commit_callbacks):
    """Names stored before they were checked: the pairing e-mails still go, on one line."""
    club = make_club(lee, [grant, meade])
    comp = make_competition(club, lee, [grant, meade], mode="table")
    Competition.objects.filter(pk=comp.pk).update(name="Spring\nleague")
    Profile.objects.filter(user=grant).update(display_name="Grant\r\nBcc: everyone@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        services.publish_round(services.draft_round(comp, lee), lee)
    assert sorted(m.to[0] for m in mail.outbox) == [grant.email, meade.email]
    to_meade = next(m for m in mail.outbox if m.to == [meade.email])
    assert to_meade.subject == "Spring league: round 1, you play Grant Bcc: everyone@example.org"
    assert all(m.bcc == [] and "\n" not in m.subject and "\r" not in m.subject for m in mail.outbox)


@pytest.mark.parametrize("name", BROKEN)
def test_a_display_name_with_a_control_character_is_refused(client, lee, name):
    client.force_login(lee)
    r = client.post("/accounts/profile/", {"display_name": name, "club": "", "time_zone": "UTC",
                                           "email_notifications": "every_turn"})
    assert "cannot hold line breaks" in r.content.decode()
    api = token_client(lee, "play").patch("/api/v1/me/", {"display_name": name}, format="json")
    assert api.status_code == 400 and api.json()["errors"][0]["field"] == "display_name"
    assert Profile.objects.get(user=lee).display_name == ""


@pytest.mark.parametrize("name", BROKEN)
def test_a_club_or_competition_name_with_a_control_character_is_refused(client, lee, name):
    club = make_club(lee, name="Gettysburg Gamers")
    sc = make_scenario()
    client.force_login(lee)
    r = client.post(f"/leagues/clubs/{club.slug}/new/", {
        "name": name, "kind": "league", "swiss_rounds": 4, "mode": "table",
        "scenario_policy": "fixed", "scenarios": [sc.pk], "deadline_hours": 72, "round_days": 10,
        "order": "match_points"})
    assert r.status_code == 400 and "cannot hold line breaks" in r.content.decode()
    r = client.post("/leagues/clubs/new/", {"name": name}, follow=True)
    assert "cannot hold line breaks" in r.content.decode()
    api = token_client(lee, "play")
    r = api.post("/api/v1/competitions/", {"club": club.slug, "name": name, "kind": "league",
                                            "mode": "table", "scenarios": [sc.slug]}, format="json")
    assert r.status_code == 400 and r.json()["errors"][0]["field"] == "name"
    assert api.post("/api/v1/clubs/", {"name": name}, format="json").status_code == 400
    with pytest.raises(services.Refused, match="cannot hold line breaks"):
        services.create_competition(club, lee, services.Terms(name=name, scenarios=(sc,)))
    with pytest.raises(services.Refused, match="cannot hold line breaks"):
        services.create_club(lee, name)
    assert not Competition.objects.exists() and Club.objects.count() == 1


def test_the_migrations_mend_the_names_already_stored(lee, grant, meade):
    club = make_club(lee, name="Gettysburg Gamers")
    other = make_club(grant, name="Pea Ridge")
    comp = make_competition(club, lee)
    Profile.objects.filter(user=lee).update(display_name="Robert\r\n E.\tLee\u2028")
    Profile.objects.filter(user=grant).update(display_name="U. S. Grant")
    Competition.objects.filter(pk=comp.pk).update(name="Spring\nleague")
    Club.objects.filter(pk=other.pk).update(name="Gettysburg\nGamers")      # mends into a taken name
    importlib.import_module("accounts.migrations.0006_names_on_one_line").mend_display_names(apps, None)
    importlib.import_module("tournaments.migrations.0007_names_on_one_line").mend_names(apps, None)
    assert Profile.objects.get(user=lee).display_name == "Robert E. Lee"
    assert Profile.objects.get(user=grant).display_name == "U. S. Grant"
    assert Competition.objects.get(pk=comp.pk).name == "Spring league"
    assert Club.objects.get(pk=other.pk).name == "Gettysburg Gamers (2)"
    assert Club.objects.get(pk=club.pk).name == "Gettysburg Gamers"
