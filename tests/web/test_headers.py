"""Response headers: a strict Content-Security-Policy (and templates that keep it workable),
``Cache-Control: private`` on what is drawn for a player, ``Vary: HX-Request`` where one URL
answers both a fragment and the whole page."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.play_helpers import start_match

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(lee, grant):
    return start_match(lee, grant, side="union")[1]


def policy(response) -> dict:
    header = response.headers["Content-Security-Policy"]
    return {d.split()[0]: d.split()[1:] for d in (p.strip() for p in header.split(";")) if d}


@pytest.mark.parametrize("url", ["/", "/scenarios/", "/accounts/login/", "/admin/login/", "/api/docs/",
                                 "/play/"])
def test_every_page_sends_a_strict_content_security_policy(client, url):
    response = client.get(url)
    assert response.status_code == 200
    csp = policy(response)
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"] and csp["style-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"] and csp["frame-ancestors"] == ["'none'"]
    # and the page works within it: no inline script, style or handler
    assert_no_inline_code(response.content.decode(), url)


def assert_no_inline_code(html: str, where: str) -> None:
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), f"inline <script> in {where}"
    assert not re.search(r"<style[\s>]", html), f"<style> element in {where}"
    assert not re.search(r"\sstyle\s*=", html), f"style attribute in {where}"
    assert not re.search(r"\son[a-z]+\s*=", html), f"on...= handler in {where}"
    assert not re.search(r"hx-on|javascript:|[\"']js:", html), f"code htmx would evaluate in {where}"
    # htmx trigger filters ([...]) are evaluated as code: they need 'unsafe-eval'
    assert not re.search(r"hx-trigger=\"[^\"]*\[", html), f"htmx trigger filter in {where}"


def test_no_template_has_inline_code():
    for path in [*ROOT.glob("templates/**/*.html"), *ROOT.glob("*/templates/**/*.html")]:
        if ".venv" not in path.parts:
            assert_no_inline_code(path.read_text(), str(path.relative_to(ROOT)))


def test_htmx_is_told_to_evaluate_nothing(client):
    html = client.get("/").content.decode()
    config = re.search(r'<meta name="htmx-config" content=\'([^\']*)\'', html).group(1)
    assert '"allowEval":false' in config and '"includeIndicatorStyles":false' in config


def test_the_game_page_a_player_clicks_on_has_no_inline_code(client, game, lee):
    from games import services
    from tests.play_helpers import act

    act(game, lee, {"type": "play_card", "card": services.load_engine(game).hands["union"][0],
                    "mode": "skirmish"})
    client.force_login(lee)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert 'role="button"' in html and "hx-post" in html      # the clickable board is there
    assert_no_inline_code(html, "the game page")
    assert "js/keys.js" in html                                 # Enter and Space click a hex


@pytest.mark.parametrize("path", ["/play/games/{pk}/", "/play/", "/accounts/profile/",
                                  "/play/matches/{match}/", "/play/games/{pk}/version/?v=x"])
def test_pages_drawn_for_a_player_are_private(client, game, lee, path):
    client.force_login(lee)
    response = client.get(path.format(pk=game.pk, match=game.match_id))
    assert response.status_code == 200
    assert "private" in response.headers.get("Cache-Control", "")


@pytest.mark.parametrize("path", ["/play/games/{pk}/", "/accounts/profile/", "/scenarios/"])
def test_urls_answering_a_fragment_or_the_page_vary_on_hx_request(client, game, lee, path):
    client.force_login(lee)
    url = path.format(pk=game.pk)
    whole, fragment = client.get(url), client.get(url, **HX)
    assert "<html" in whole.content.decode() and "<html" not in fragment.content.decode()
    for response in (whole, fragment):
        assert "HX-Request" in response.headers.get("Vary", ""), url
