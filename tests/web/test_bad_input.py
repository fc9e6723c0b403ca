"""Hostile and broken input gets a clear refusal (400 or a form error), never an error 500.

Each case is what someone poking at the site would send by hand; the fuzz at the end sends
generated values to every form and JSON endpoint.
"""
from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, given, settings, strategies as st

from games.models import Game, GameAction, Scenario
from tests.play_helpers import start_match
from tests.web.test_scenario_import import club_file

pytestmark = pytest.mark.django_db

DEEP = "[" * 100_000 + "]" * 100_000        # a RecursionError for json.loads
DEEP_OBJECT = '{"a":' * 50_000 + "1" + "}" * 50_000
HUGE_INT = "9" * 5000                        # past Python's 4,300-digit limit


def browser(user=None) -> Client:
    """A client that returns a 500 page instead of raising, as a real browser would see it."""
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def game(lee, grant):
    return start_match(lee, grant, side="union")[1]


def game_url(game, what=""):
    return f"/play/games/{game.pk}/{what + '/' if what else ''}"


# --- claim and act ---------------------------------------------------------------------------


@pytest.mark.parametrize("version", ["abc", HUGE_INT, "-1", "1.5", "٣"])
def test_claim_with_a_version_that_is_not_a_number_is_a_clear_400(game, grant, version):
    r = browser(grant).post(game_url(game, "claim"), {"version": version})
    assert r.status_code == 400
    assert "game version that is not a number" in r.content.decode()
    assert not Game.objects.get(pk=game.pk).is_over


@pytest.mark.parametrize("text", [DEEP, DEEP_OBJECT, HUGE_INT, '{"type": "end_turn", "x": NaN}',
                                  '{"type": "end_turn", "note": "\\u0000"}',
                                  '{"type": "end_turn", "note": "\\ud800"}',
                                  '{"type": "\\ud800"}'])
def test_act_refuses_json_it_cannot_use_with_a_400(game, lee, text):
    r = browser(lee).post(game_url(game, "act"), {"action": text, "version": 0})
    assert r.status_code == 400
    assert "That is not an action of the game" in r.content.decode()
    assert GameAction.objects.filter(game=game).count() == 0


def test_act_with_a_version_that_is_not_a_number_is_a_clear_400(game, lee):
    r = browser(lee).post(game_url(game, "act"), {"action": '{"type": "end_turn"}', "version": HUGE_INT})
    assert r.status_code == 400 and "not a number" in r.content.decode()


# --- the API ---------------------------------------------------------------------------------


@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT, '{"club": ' + HUGE_INT + "}",
                                  '{"display_name": "\\u0000"}', '{"display_name": "\\udfff"}',
                                  '{"club": Infinity}'])
@pytest.mark.parametrize("method", ["patch", "put"])
def test_api_me_refuses_hostile_json_with_a_400(player, body, method):
    client = browser(player)
    r = getattr(client, method)("/api/v1/me/", body, content_type="application/json")
    assert r.status_code == 400
    assert r.json()["code"] == "malformed" and "JSON" in r.json()["message"]
    player.profile.refresh_from_db()
    assert player.profile.display_name == "" and player.profile.club == ""


# --- the scenario import ---------------------------------------------------------------------


def upload(user, content: bytes):
    r = browser(user).post("/scenarios/import/",
                           {"file": SimpleUploadedFile("s.json", content, "application/json")})
    return r, r.content.decode()


def club_text(**changes) -> str:
    return json.dumps(club_file(**changes), ensure_ascii=True)


@pytest.mark.parametrize("content, says", [
    (DEEP.encode(), "nested too deeply"),
    (('{"slug": "x", "deep": ' + "[" * 5000 + "]" * 5000 + "}").encode(), "nested too deeply"),
    (club_text().replace('"annual_number": null', '"annual_number": ' + HUGE_INT).encode(),
     "too many digits"),
    (club_text(name="Belmont\u0000").encode(), "NUL character"),
    (club_text(name="Belmont \ud800").encode(), "surrogate"),
    (club_text(first_appearance="Printed in the club newsletter " * 10).encode(),
     "first_appearance: at most 60 characters"),
    (club_text(notes={"x": float("nan")}).encode(), "holds NaN, which is not a number"),
])
def test_scenario_import_refuses_a_hostile_file_with_a_form_error(player, content, says):
    r, text = upload(player, content)
    assert r.status_code == 200, text[:500]
    assert says in text
    assert not Scenario.objects.exists()


# --- fuzz: every form and JSON endpoint -------------------------------------------------------

NASTY = st.sampled_from(["", "\x00", "a\x00b", "\ud800", "\udfff x", HUGE_INT, "-1", "0", "1e309",
                         "NaN", "abc", "٣", "１", "%", "../", "<script>", "\n\r", " ", "x" * 5000,
                         DEEP[:4000] + DEEP[-4000:], '{"type": "end_turn"}', "union", "random"])
TEXT = st.one_of(NASTY, st.text(st.characters(codec="utf-8"), max_size=40),
                 st.text(st.characters(max_codepoint=0x10FFFF, categories=["Cs", "Cc", "Lo"]), max_size=8))
#: Form-encoded values can only carry UTF-8: lone surrogates go as their replacement.
FORM_TEXT = TEXT.map(lambda s: s.encode("utf-8", "replace").decode("utf-8"))
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=12)
FUZZ = settings(max_examples=20, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def no_error_500(response, what):
    assert response.status_code < 500, f"{what} answered {response.status_code}"


FORMS = {
    "/accounts/signup/": ["username", "email", "password1", "password2"],
    "/accounts/login/": ["username", "password"],
    "/admin/login/": ["username", "password"],
    "/accounts/password/reset/": ["email"],
    "/accounts/password/change/": ["old_password", "new_password1", "new_password2"],
    "/accounts/profile/": ["display_name", "club", "time_zone", "email_notifications"],
    "/play/challenge/": ["c-opponent", "c-scenario", "c-side", "c-nightfall", "c-deadline_hours", "c-message"],
    "/play/seek/": ["s-scenario", "s-side", "s-nightfall", "s-deadline_hours", "s-message"],
}


@pytest.mark.parametrize("url", list(FORMS))
@FUZZ
@given(data=st.data())
def test_fuzz_forms_never_answer_500(url, data, django_user_model):
    user = django_user_model.objects.filter(username="fuzz").first() or \
        django_user_model.objects.create_user("fuzz", email="fuzz@example.org", password="Shiloh-1862!")
    fields = FORMS[url]
    values = {f: data.draw(FORM_TEXT, label=f) for f in fields}
    client = browser(user if url.startswith(("/accounts/p", "/play/")) else None)
    headers = {"HTTP_HX_REQUEST": "true"} if data.draw(st.booleans(), label="htmx") else {}
    no_error_500(client.post(url, values, **headers), f"POST {url} {values!r}")


@settings(FUZZ, max_examples=10)
@given(data=st.data())
def test_fuzz_game_endpoints_never_answer_500(game, lee, grant, data):
    for user in (data.draw(st.sampled_from([lee, grant, None]), label="user"),):
        client = browser(user)
        action = data.draw(st.one_of(JSON.map(json.dumps), FORM_TEXT), label="action")
        version = data.draw(FORM_TEXT, label="version")
        for what in ("act", "claim"):
            r = client.post(game_url(game, what), {"action": action, "version": version})
            no_error_500(r, f"POST {what} {action!r} {version!r}")
        for query in ({"sel": data.draw(FORM_TEXT)}, {"fragment": data.draw(FORM_TEXT)}):
            no_error_500(client.get(game_url(game), query), f"GET game {query!r}")
        no_error_500(client.get(game_url(game, "version"), {"v": data.draw(FORM_TEXT)}), "version")
        no_error_500(client.get(game_url(game, "replay"), {"step": data.draw(FORM_TEXT)}), "replay")
        match = game.match_id
        for what in ("accept", "decline", "withdraw", "join"):
            no_error_500(client.post(f"/play/matches/{match}/{what}/", {"x": data.draw(FORM_TEXT)}), what)
        no_error_500(client.get("/play/new/", {"scenario": data.draw(FORM_TEXT)}), "new match")
        no_error_500(client.get("/scenarios/", {"sort": data.draw(FORM_TEXT)}), "scenario list")


@FUZZ
@given(body=JSON)
def test_fuzz_api_me_never_answers_500(player, body):
    client = browser(player)
    for method in ("patch", "put"):
        r = getattr(client, method)("/api/v1/me/", json.dumps(body), content_type="application/json")
        no_error_500(r, f"{method} /api/v1/me/ {body!r}")
    for field in ("display_name", "club", "time_zone", "email_notifications"):
        r = client.patch("/api/v1/me/", json.dumps({field: body}), content_type="application/json")
        no_error_500(r, f"patch {field}={body!r}")


@FUZZ
@given(data=st.data())
def test_fuzz_scenario_import_never_answers_500(player, data):
    base = club_file()
    field = data.draw(st.sampled_from(sorted(base)), label="field")
    base[field] = data.draw(JSON, label="value")
    raw = data.draw(st.sampled_from(["json", "bytes"]), label="as")
    content = json.dumps(base).encode() if raw == "json" else data.draw(st.binary(max_size=200))
    r, _ = upload(player, content)
    no_error_500(r, f"import {field}={base[field]!r}")


@FUZZ
@given(uid=FORM_TEXT, token=FORM_TEXT, first=FORM_TEXT, second=FORM_TEXT)
def test_fuzz_password_reset_links_never_answer_500(uid, token, first, second):
    from urllib.parse import quote

    url = f"/accounts/password/reset/{quote(uid or 'x', safe='')}/{quote(token or 'x', safe='')}/"
    client = browser()
    no_error_500(client.get(url), f"GET {url}")
    no_error_500(client.post(url, {"new_password1": first, "new_password2": second}), f"POST {url}")


# --- fuzz: a NUL anywhere --------------------------------------------------------------------

#: Generated text with a NUL somewhere in it.
WITH_NUL = st.tuples(FORM_TEXT, FORM_TEXT).map(lambda parts: parts[0] + "\x00" + parts[1])

QUERIES = {"/play/new/": "scenario", "/play/solo/": "scenario", "/campaigns/new/": "plan",
           "/play/members/": "q", "/scenarios/": "sort", "/play/": "games", "/leagues/": "club",
           "/api/v1/competitions/": "club", "/api/v1/scenarios/": "search",
           "/calendar/anniversaries.ics": "token"}


@FUZZ
@given(data=st.data())
def test_fuzz_a_nul_in_a_query_parameter_is_a_400(player, data):
    url = data.draw(st.sampled_from(sorted(QUERIES)), label="url")
    name = data.draw(st.sampled_from([QUERIES[url], "x"]), label="name")
    value = data.draw(WITH_NUL, label="value")
    client = browser(data.draw(st.sampled_from([player, None]), label="user"))
    r = client.get(url, {name: value})
    assert r.status_code == 400, f"GET {url} {name}={value!r} answered {r.status_code}"
    if url.startswith("/api/"):
        assert r.json()["code"] == "malformed"


@pytest.mark.parametrize("url", list(FORMS))
@FUZZ
@given(data=st.data())
def test_fuzz_a_nul_in_any_form_field_is_a_400(url, data, django_user_model):
    user = django_user_model.objects.filter(username="fuzz").first() or \
        django_user_model.objects.create_user("fuzz", email="fuzz@example.org", password="Shiloh-1862!")
    fields = FORMS[url]
    values = {f: data.draw(FORM_TEXT, label=f) for f in fields}
    values[data.draw(st.sampled_from(fields), label="with NUL")] = data.draw(WITH_NUL, label="value")
    client = browser(user if url.startswith(("/accounts/p", "/play/")) else None)
    r = client.post(url, values)
    assert r.status_code == 400, f"POST {url} {values!r} answered {r.status_code}"
