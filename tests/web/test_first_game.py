"""A newcomer's first steps: the welcome page after sign-up, and the guided first game
against Archie with a hint for each step, which the player can switch off."""
from __future__ import annotations

import re

import pytest

from games import services
from games.models import Match
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db


def links(html: str) -> set[str]:
    return set(re.findall(r'href="([^"#?]+)', html))


# -- first steps --------------------------------------------------------------------------------
def test_sign_up_lands_on_the_welcome_page_offering_a_guided_first_game(client):
    make_scenario(slug="falling-waters")
    r = client.post("/accounts/signup/", {"username": "newbie", "email": "newbie@example.org",
                                          "password1": "Shiloh-1862!", "password2": "Shiloh-1862!"},
                    follow=True)
    assert r.redirect_chain[-1][0] == "/welcome/"
    html = r.content.decode()
    assert "Welcome to the club, newbie" in html and "Start my first game" in html
    assert 'action="/play/first-game/"' in html and "Falling Waters" in html
    assert {"/help/", "/help/a-turn/", "/play/"} <= links(html)


def test_welcome_needs_a_member(client):
    r = client.get("/welcome/")
    assert r.status_code == 302 and "/login" in r["Location"]


def test_the_guided_game_is_small_plain_and_at_archies_easiest_level(lee):
    make_scenario(slug="shiloh")
    make_scenario(slug="mcdowell")            # smaller, but with a special rule
    small = make_scenario(slug="falling-waters")
    match = services.start_guided(lee)
    assert match.scenario == small and match.archie_level == "recruit"
    assert match.guided and not match.hints_off and match.ruleset == "advanced"


def guided_game(client, user):
    make_scenario(slug="falling-waters")
    client.force_login(user)
    r = client.post("/play/first-game/")
    match = Match.objects.get(challenger=user, guided=True)
    game = match.games.get(number=1)
    assert r.status_code == 303 and r["Location"] == f"/play/games/{game.pk}/"
    return match, game


def hint(html: str) -> str | None:
    found = re.search(r'<p class="hint-line"><strong>Hint:</strong> (.*?)</p>', html, re.S)
    return found.group(1) if found else None


def test_one_click_starts_the_guided_game_with_a_hint_for_the_current_step(client, lee):
    match, game = guided_game(client, lee)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "Your decision" in html
    assert game.phase == "play_card" and hint(html).startswith("Step 1 of 4, play a card")
    assert "Switch hints off" in html


def test_the_hint_follows_the_phase(client, lee):
    from tests.play_helpers import act
    match, game = guided_game(client, lee)
    game.refresh_from_db()
    engine = services.load_engine(game)
    card = next(a for a in engine.legal_actions() if a["type"] == "play_card")
    act(game, lee, card)
    game.refresh_from_db()
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert game.phase == "order" and hint(html).startswith("Step 2 of 4, order units")


def test_switching_hints_off_hides_them_and_on_brings_them_back(client, lee):
    match, game = guided_game(client, lee)
    page = f"/play/games/{game.pk}/"
    assert hint(client.get(page).content.decode())          # drawn once: the fragment is kept
    r = client.post(f"/play/matches/{match.pk}/hints/", {"hints": "off"})
    assert r.status_code == 303 and r["Location"] == page
    html = client.get(page).content.decode()
    assert hint(html) is None and "Show hints" in html
    match.refresh_from_db()
    assert match.hints_off
    # the fragment the page polls for says the same
    frag = client.get(page, HTTP_HX_REQUEST="true").content.decode()
    assert hint(frag) is None
    client.post(f"/play/matches/{match.pk}/hints/", {"hints": "on"})
    assert hint(client.get(page).content.decode())


def test_only_the_player_switches_the_hints_and_others_never_see_them(client, lee, grant):
    match, game = guided_game(client, lee)
    client.force_login(grant)
    assert client.post(f"/play/matches/{match.pk}/hints/", {"hints": "off"}).status_code == 403
    match.refresh_from_db()
    assert not match.hints_off
    assert hint(client.get(f"/play/games/{game.pk}/").content.decode()) is None   # a spectator


def test_an_ordinary_solo_game_shows_no_hints(client, lee):
    sc = make_scenario(slug="falling-waters")
    client.force_login(lee)
    r = client.post("/play/solo/", {"scenario": sc.pk, "level": "recruit"})
    html = client.get(r["Location"]).content.decode()
    assert hint(html) is None and "Show hints" not in html


def test_the_help_offers_a_member_the_guided_first_game(client, lee):
    client.force_login(lee)
    assert "/welcome/" in links(client.get("/help/").content.decode())
    assert client.get("/welcome/").status_code == 200
