"""The Leagues page lists the clubs one may join, each with the way in."""
from __future__ import annotations

import pytest

from tests.tournaments.helpers import make_club, make_players
from tournaments.models import Membership

pytestmark = pytest.mark.django_db


def to_join(html: str) -> str:
    return html.split('id="clubs-to-join"', 1)[1].split("</ul>", 1)[0]


def test_a_newcomer_sees_the_clubs_and_asks_to_join_from_the_list(client, lee, grant):
    public = make_club(lee, name="Shiloh Irregulars", public=True)
    private = make_club(lee, name="Gettysburg Gamers")
    client.force_login(grant)
    listed = to_join(client.get("/leagues/").content.decode())
    for club in (public, private):
        assert f'href="/leagues/clubs/{club.slug}/"' in listed
        assert f'action="/leagues/clubs/{club.slug}/ask/"' in listed
    assert ">ask to join</button>" in listed
    assert client.post(f"/leagues/clubs/{private.slug}/ask/").status_code in (302, 303)
    assert Membership.objects.get(club=private, user=grant).status == Membership.Status.PENDING
    listed = to_join(client.get("/leagues/").content.decode())
    assert "your request to join is waiting for an organiser" in listed
    assert f'action="/leagues/clubs/{private.slug}/ask/"' not in listed


def test_a_members_own_clubs_are_not_offered_to_join(client, lee):
    [member] = make_players(1)
    club = make_club(lee, [member], name="Shiloh Irregulars", public=True)
    client.force_login(member)
    html = client.get("/leagues/").content.decode()
    assert f'action="/leagues/clubs/{club.slug}/ask/"' not in html
    assert "Your clubs" in html and f'href="/leagues/clubs/{club.slug}/"' in html


def test_a_visitor_is_asked_to_log_in_to_join(client, lee):
    club = make_club(lee, name="Shiloh Irregulars", public=True)
    listed = to_join(client.get("/leagues/").content.decode())
    assert f'href="/accounts/login/?next=/leagues/clubs/{club.slug}/"' in listed
