"""A NUL character in an address, a query parameter or a form field is a clear 400 (in the
API's JSON shape under /api/), on every page, logged in or not, never an error 500."""
from __future__ import annotations

import pytest
from django.test import Client

from tests.play_helpers import start_match
from tests.tournaments.helpers import make_club, make_competition

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(lee, grant):
    return make_club(lee, [grant], public=True)


@pytest.fixture
def places(club, lee, grant):
    match, _ = start_match(lee, grant)
    comp = make_competition(club, lee, [grant])
    return [
        # (logged in as, method, address, fields)
        (None, "get", "/calendar/feeds/\x00.ics", {}),
        (None, "get", f"/leagues/clubs/{club.slug}/calendar.ics", {"token": "\x00"}),
        (None, "get", "/api/v1/competitions/", {"club": "a\x00b"}),
        (None, "get", "/play/new/", {"scenario": "\x00"}),
        (lee, "get", "/play/solo/", {"scenario": "\x00"}),
        (lee, "get", "/campaigns/new/", {"plan": "\x00"}),
        (lee, "get", "/play/members/", {"q": "lee\x00"}),
        (lee, "post", f"/play/matches/{match.pk}/chat/", {"text": "hello\x00"}),
        (lee, "post", f"/leagues/clubs/{club.slug}/approve/", {"username": "\x00"}),
        (lee, "post", f"/leagues/clubs/{club.slug}/role/", {"username": "grant", "role": "\x00"}),
        (lee, "post", f"/leagues/{comp.pk}/console/add/", {"player": "\x00"}),
        (lee, "post", "/leagues/pairings/1/dispute/", {"note": "\x00"}),
        (lee, "post", "/leagues/pairings/1/forfeit/", {"who": "grant", "note": "\x00"}),
        (lee, "post", "/accounts/profile/", {"display\x00name": "Lee"}),
    ]


def client_for(user) -> Client:
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def test_a_nul_anywhere_in_the_request_is_a_400_everywhere(places):
    for user, method, url, fields in places:
        r = getattr(client_for(user), method)(url, fields)
        assert r.status_code == 400, f"{method} {url} {fields!r} answered {r.status_code}"
        if url.startswith("/api/"):
            assert r.json()["code"] == "malformed" and "NUL" in r.json()["message"]
        else:
            assert "NUL character" in r.content.decode()


def test_requests_without_a_nul_go_through(club, lee):
    assert client_for(None).get("/api/v1/competitions/", {"club": club.slug}).status_code == 200
    assert client_for(lee).get("/play/members/", {"q": "gra"}).status_code == 200
