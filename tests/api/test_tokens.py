"""Personal API tokens: made on the profile page and shown once, kept only hashed, scoped
read or play, revoked by their owner; sessions work too; HTTP Basic does not."""
from __future__ import annotations

import base64
import re

import pytest
from rest_framework.test import APIClient

from accounts.models import ApiToken
from accounts.tokens import digest

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'<code id="new-api-token">(bcc_[A-Za-z0-9_-]+)</code>')


def make_on_the_page(client, name="Discord bot", scope="play"):
    response = client.post("/accounts/profile/tokens/", {"name": name, "scope": scope})
    assert response.status_code == 200
    return TOKEN.search(response.content.decode()).group(1), response


def bearer(secret):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    return client


def test_a_token_is_shown_once_and_stored_hashed(client, player):
    client.force_login(player)
    secret, response = make_on_the_page(client)
    assert "no-store" in response["Cache-Control"]
    row = ApiToken.objects.get(user=player)
    assert row.key_hash == digest(secret) and secret not in str(ApiToken.objects.values().get())
    assert (row.name, row.scope, secret[4:12]) == ("Discord bot", "play", row.prefix)
    page = client.get("/accounts/profile/").content.decode()
    assert "Discord bot" in page and secret not in page and f"bcc_{row.prefix}" in page
    me = bearer(secret).get("/api/v1/me/")
    assert me.status_code == 200 and me.json()["username"] == "jeb"
    assert ApiToken.objects.get(pk=row.pk).last_used is not None


def test_the_profile_page_needs_a_login_to_make_tokens(client):
    response = client.post("/accounts/profile/tokens/", {"name": "x", "scope": "play"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not ApiToken.objects.exists()


def test_a_bad_form_says_what_is_wrong(client, player):
    client.force_login(player)
    response = client.post("/accounts/profile/tokens/", {"name": "", "scope": "admin"})
    assert response.status_code == 400 and not ApiToken.objects.exists()


def test_revoking_a_token_locks_it_out(client, player, django_user_model):
    client.force_login(player)
    secret, _ = make_on_the_page(client)
    row = ApiToken.objects.get()
    other = django_user_model.objects.create_user("stuart", email="s@example.org", password="x")
    client.force_login(other)
    assert client.post(f"/accounts/profile/tokens/{row.pk}/revoke/").status_code == 303
    assert ApiToken.objects.filter(pk=row.pk).exists()           # not theirs to revoke
    client.force_login(player)
    assert client.post(f"/accounts/profile/tokens/{row.pk}/revoke/").status_code == 303
    response = bearer(secret).get("/api/v1/me/")
    assert response.status_code == 401 and response.json()["code"] == "authentication_failed"


def test_a_read_token_can_only_read(client, player):
    client.force_login(player)
    secret, _ = make_on_the_page(client, scope="read")
    api = bearer(secret)
    assert api.get("/api/v1/me/").status_code == 200
    response = api.patch("/api/v1/me/", {"club": "Iron Brigade"}, format="json")
    assert response.status_code == 403 and response.json()["code"] == "token_scope"


@pytest.mark.parametrize("header", ["Bearer bcc_not-a-token", "Bearer", "Token a b",
                                    "Bearer " + "x" * 500])
def test_unknown_tokens_are_refused(header):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    response = client.get("/api/v1/me/")
    assert response.status_code == 401 and response["WWW-Authenticate"].startswith("Bearer")
    assert response.json()["code"] == "authentication_failed"


def test_a_deactivated_member_s_token_stops_working(client, player):
    client.force_login(player)
    secret, _ = make_on_the_page(client)
    player.is_active = False
    player.save()
    assert bearer(secret).get("/api/v1/me/").status_code == 401


def test_http_basic_is_not_accepted(player, password):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Basic " + base64.b64encode(f"jeb:{password}".encode()).decode())
    response = client.get("/api/v1/me/")
    assert response.status_code == 401 and response.json()["code"] == "not_authenticated"


def test_the_session_works_and_needs_the_csrf_token_to_write(player):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(player)
    assert client.get("/api/v1/me/").status_code == 200
    response = client.patch("/api/v1/me/", {"club": "Iron Brigade"}, format="json")
    assert response.status_code == 403 and "CSRF" in response.json()["message"]


def test_the_tokens_section_works_with_htmx(client, player):
    client.force_login(player)
    response = client.post("/accounts/profile/tokens/", {"name": "phone", "scope": "read"},
                           HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<section id="api-tokens">')
    assert TOKEN.search(html) and "phone" in html and "<html" not in html
    row = ApiToken.objects.get()
    revoked = client.post(f"/accounts/profile/tokens/{row.pk}/revoke/", HTTP_HX_REQUEST="true")
    assert revoked.status_code == 200 and "You have no API tokens." in revoked.content.decode()
    assert not ApiToken.objects.exists()
