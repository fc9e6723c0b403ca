"""The help pages: what each page of the site is for, how a turn is played, and the rules
pages with the terrain effects of each ruleset, read off the engine."""
from __future__ import annotations

import re

import pytest

from games.engine import RULESETS

pytestmark = pytest.mark.django_db


def links(html: str) -> set[str]:
    return set(re.findall(r'href="([^"#?]+)', html))


# -- help ---------------------------------------------------------------------------------------
def test_help_index_says_what_each_page_is_for_and_links_it(client):
    r = client.get("/help/")
    assert r.status_code == 200
    html = r.content.decode()
    for words in ("The pages of the site", "Every battle the club can play",
                  "Challenge a member", "computer opponent", "A string of battles",
                  "everyone meets everyone", "Your name, time zone"):
        assert words in html, words
    for url in ("/", "/scenarios/", "/calendar/", "/play/", "/play/solo/", "/play/members/",
                "/campaigns/", "/leagues/", "/tournaments/", "/accounts/profile/",
                "/help/a-turn/", "/rules/advanced/", "/rules/standard/"):
        assert url in links(html), url
    for url in links(html) - {"/api/docs/"}:
        if url.startswith("/") and not url.startswith("/static/"):
            assert client.get(url).status_code in (200, 302), url


def test_help_a_turn_goes_step_by_step(client):
    r = client.get("/help/a-turn/")
    assert r.status_code == 200
    html = r.content.decode()
    steps = [html.index(f'id="step-{s}"') for s in ("card", "order", "move", "battle", "draw")]
    assert steps == sorted(steps)
    for words in ("Play a command card", "Done ordering", "End movement", "End the turn and draw",
                  "Take back"):
        assert words in html
    assert {"/rules/advanced/", "/rules/standard/", "/help/"} <= links(html)


def test_every_page_has_help_in_its_menu(client, lee):
    nav = re.search(r'<nav class="site-nav".*?</nav>', client.get("/scenarios/").content.decode(), re.S)
    assert '<a href="/help/">Help</a>' in nav.group(0)
    client.force_login(lee)
    nav = re.search(r'<nav class="site-nav".*?</nav>', client.get("/").content.decode(), re.S)
    assert '<a href="/help/">Help</a>' in nav.group(0)


def test_home_page_no_longer_says_campaigns_and_leagues_are_coming(client):
    html = client.get("/").content.decode()
    assert "on their way" not in html
    assert {"/campaigns/", "/leagues/", "/tournaments/", "/help/"} <= links(html)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_rules_pages_lead_back_to_the_help(client, name):
    html = client.get(f"/rules/{name}/").content.decode()
    assert {"/help/", "/help/a-turn/"} <= links(html)
