"""The API docs page sits in the site's frame, with its menu, and speaks of the site, not of
files in its repository."""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db


def test_the_api_docs_page_has_the_site_menu_and_no_repository_path(client):
    html = client.get("/api/docs/").content.decode()
    assert '<nav class="site-nav" aria-label="Main">' in html
    assert 'href="/play/"' in html and "Battle Cry club" in html
    assert '<div id="swagger-ui"></div>' in html
    assert not re.search(r"\bdocs/[\w-]+\.md\b", html)
    info = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["info"]
    assert "docs/" not in info["description"]
