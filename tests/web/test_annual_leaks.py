"""The Annual Games pages and feeds show no hidden card or secret number of a web match of
the competition being played (staged as in test_play_leaks), to each player, to the
organiser who does not play, and to a logged-out visitor of a public club."""
from __future__ import annotations

import re

import pytest

from accounts.models import Profile
from games import services as game_services
from tests.play_helpers import make_scenario, sample_scenario, set_state
from tests.tournaments.annual_helpers import annual_games, battle
from tests.tournaments.conftest import frozen
from tests.tournaments.helpers import make_club
from tests.web.test_play_leaks import SITE_NAME, secrets_for, stage, token
from tournaments import annual_services

pytestmark = pytest.mark.django_db
#: A feed's name ("Battle Cry: <club or member>") is the site's name, not the card's.
CALENDAR_NAME = re.compile(r"^X-WR-CALNAME:Battle Cry: .*$", re.M)
frozen = frozen      # the calendar's clock fixture (tests/tournaments/conftest.py)


def annual_pages(client, comp, pairing, two, viewer) -> dict[str, str]:
    hx = {"HTTP_HX_REQUEST": "true"}
    slug = comp.club.slug
    out = {
        "competition": client.get(f"/leagues/{comp.pk}/"),
        "grid fragment": client.get(f"/leagues/{comp.pk}/?part=grid", **hx),
        "two-player year": client.get(f"/leagues/{two.pk}/"),
        "standings.csv": client.get(f"/leagues/{comp.pk}/standings.csv"),
        "results.csv": client.get(f"/leagues/{comp.pk}/results.csv"),
        "years": client.get(f"/leagues/clubs/{slug}/annual/"),
        "club": client.get(f"/leagues/clubs/{slug}/"),
        "club feed": client.get(f"/leagues/clubs/{slug}/calendar.ics"),
        "pairing": client.get(f"/leagues/pairings/{pairing.pk}/"),
        "mine": client.get("/leagues/mine/"),
        "new year (organiser)": client.get(f"/leagues/clubs/{slug}/annual/new/"),
        "arrange refused": client.post(f"/leagues/{comp.pk}/annual/arrange/", {"battle": 1}),
    }
    if viewer is not None:
        feed = f"/calendar/feeds/{Profile.objects.get(user=viewer).calendar_feed_token()}.ics"
        out["private feed"] = client.get(feed)
    for name, r in out.items():
        assert r.status_code in (200, 302, 303, 400, 404), (name, r.status_code)
    return {name: r.content.decode() for name, r in out.items()}


@pytest.fixture
def staged(frozen, lee, grant, meade):
    frozen(2026, 9, 17, 12)
    # The staging's sample battle (six cards a hand), played as the Annual Games' Antietam.
    make_scenario({**sample_scenario(), "annual_number": battle("antietam")})
    club = make_club(meade, [lee, grant], public=True, name="Leak Club")
    comp = annual_games(club, meade)
    two = annual_games(club, meade, players=(lee, grant))
    pairing = annual_services.arrange_match(comp, lee, battle("antietam"), grant, where="web")
    game_services.accept(pairing.match_id, grant)
    other = annual_services.arrange_match(two, grant, battle("antietam"), lee, where="web")
    game_services.accept(other.match_id, lee)
    pairing.refresh_from_db()
    game = pairing.match.games.get(number=1)
    set_state(game, stage(game_services.load_engine(game)))
    return comp, two, pairing, game


@pytest.mark.parametrize("viewer", ["home", "away", "organiser", None])
def test_annual_pages_show_no_hidden_card(client, staged, lee, grant, meade, viewer):
    comp, two, pairing, game = staged
    user = {"home": lee, "away": grant, "organiser": meade, None: None}[viewer]
    if user is not None:
        client.force_login(user)
    side = game.side_of(user) if user is not None else None
    ids, words, others, allowed = secrets_for(game, side)
    assert ids and words, "the staging should leave something to hide"
    pages = annual_pages(client, comp, pairing, two, user)
    assert "Antietam" in pages["competition"] and "sq-playing" in pages["competition"]
    for name, body in pages.items():
        for cid in ids:
            assert not token(cid).search(body), f"{cid} (hidden) appears in {name}"
        text = SITE_NAME.sub("", CALENDAR_NAME.sub("", body))
        for t in allowed:
            text = text.replace(t, "")
        for w in words:
            assert w not in text, f"hidden card {w!r} appears in {name}"
        for s in others:
            assert not token(s).search(body), f"a secret number appears in {name}"
