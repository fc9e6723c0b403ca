import re

import pytest
from django.contrib.staticfiles import finders


def test_home_page_says_what_the_site_is(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Battle Cry" in html
    assert "Richard Borg" in html
    assert "American Civil War" in html


def test_home_page_works_on_a_phone(client):
    html = client.get("/").content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert 'href="/static/css/site.css"' in html
    assert finders.find("css/site.css")


def test_htmx_comes_from_our_own_static_files(client):
    html = client.get("/").content.decode()
    scripts = re.findall(r'<script[^>]*src="([^"]+)"', html)
    assert "/static/js/htmx.min.js" in scripts
    assert all(src.startswith("/static/") for src in scripts), scripts  # no CDN
    path = finders.find("js/htmx.min.js")
    assert path, "static/js/htmx.min.js is missing"
    with open(path, encoding="utf-8") as f:
        assert 'version:"2.' in f.read()


def test_every_htmx_request_carries_the_csrf_token(client):
    html = client.get("/").content.decode()
    match = re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"([A-Za-z0-9]+)\"\}'>", html)
    assert match, "the body must send the CSRF token on every HTMX request"
    assert len(match.group(1)) >= 32


def test_navigation_for_visitors(client):
    html = client.get("/").content.decode()
    for url in ["/", "/scenarios/", "/accounts/login/", "/accounts/signup/"]:
        assert f'href="{url}"' in html
    assert "Log out" not in html


def test_navigation_for_players(client, player):
    client.force_login(player)
    html = client.get("/").content.decode()
    assert 'href="/accounts/profile/"' in html
    assert 'action="/accounts/logout/"' in html
    assert 'href="/accounts/login/"' not in html


@pytest.mark.django_db
def test_scenarios_placeholder(client):
    response = client.get("/scenarios/")
    assert response.status_code == 200
    assert "Scenarios" in response.content.decode()


def test_an_htmx_post_with_the_body_token_passes_csrf(player):
    """What the browser does: read the token from hx-headers and send it as X-CSRFToken."""
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    html = client.get("/accounts/profile/").content.decode()
    token = re.search(r'"X-CSRFToken": "([A-Za-z0-9]+)"', html).group(1)
    data = {"display_name": "Jeb", "club": "", "time_zone": "UTC", "email_notifications": "none"}

    refused = client.post("/accounts/profile/", data, headers={"HX-Request": "true"})
    assert refused.status_code == 403

    accepted = client.post("/accounts/profile/", data, headers={"HX-Request": "true", "X-CSRFToken": token})
    assert accepted.status_code == 200
    player.profile.refresh_from_db()
    assert player.profile.display_name == "Jeb"
