"""The league pages show no hidden card or secret number of a web match being played.

A league match is staged as in test_play_leaks (the Confederate hand holds cards whose
names appear nowhere else); every league page and fragment is fetched for each viewer
(each player, an organiser who does not play, a logged-out visitor of a public club)."""
from __future__ import annotations

import pytest

from games import services as game_services
from tests.play_helpers import make_scenario, set_state
from tests.tournaments.helpers import make_club, make_competition
from tests.web.test_play_leaks import SITE_NAME, secrets_for, stage, token
from tournaments import services

pytestmark = pytest.mark.django_db


def league_pages(client, comp, pairing) -> dict[str, str]:
    hx = {"HTTP_HX_REQUEST": "true"}
    out = {
        "index": client.get("/leagues/"),
        "tournaments": client.get("/tournaments/"),
        "club": client.get(f"/leagues/clubs/{comp.club.slug}/"),
        "competition": client.get(f"/leagues/{comp.pk}/"),
        "standings fragment": client.get(f"/leagues/{comp.pk}/?part=standings", **hx),
        "bracket fragment": client.get(f"/leagues/{comp.pk}/?part=bracket", **hx),
        "standings.csv": client.get(f"/leagues/{comp.pk}/standings.csv"),
        "results.csv": client.get(f"/leagues/{comp.pk}/results.csv"),
        "pairing": client.get(f"/leagues/pairings/{pairing.pk}/"),
        "mine": client.get("/leagues/mine/"),
        "console": client.get(f"/leagues/{comp.pk}/console/"),
        "report refused": client.post(f"/leagues/pairings/{pairing.pk}/report/", {}),
    }
    for name, r in out.items():
        assert r.status_code in (200, 302, 400, 404), (name, r.status_code)
    return {name: r.content.decode() for name, r in out.items()}


@pytest.fixture
def staged(lee, grant, meade):
    club = make_club(meade, [lee, grant], public=True, name="Leak Club")
    comp = make_competition(club, meade, [lee, grant], mode="web", scenario=make_scenario())
    rnd = services.publish_round(services.draft_round(comp, meade), meade)
    pairing = rnd.pairings.get()
    game = pairing.match.games.get(number=1)
    set_state(game, stage(game_services.load_engine(game)))
    users = {pairing.home.username: pairing.home, pairing.away.username: pairing.away}
    return comp, pairing, game, users


@pytest.mark.parametrize("viewer", ["home", "away", "organiser", None])
def test_league_pages_show_no_hidden_card(client, staged, meade, viewer):
    comp, pairing, game, users = staged
    user = {"home": pairing.home, "away": pairing.away, "organiser": meade, None: None}[viewer]
    if user is not None:
        client.force_login(user)
    side = game.side_of(user) if user is not None else None
    ids, words, others, allowed = secrets_for(game, side)
    assert ids and words, "the staging should leave something to hide"
    for name, body in league_pages(client, comp, pairing).items():
        for cid in ids:
            assert not token(cid).search(body), f"{cid} (hidden) appears in {name}"
        text = SITE_NAME.sub("", body)
        for t in allowed:
            text = text.replace(t, "")
        for w in words:
            assert w not in text, f"hidden card {w!r} appears in {name}"
        for s in others:
            assert not token(s).search(body), f"a secret number appears in {name}"
