"""Every endpoint, for each kind of requester, in game 1 of a match being played: lee is
the player whose decision it is, grant the opponent waiting out of turn, meade a member who
does not play, and a visitor who is not logged in.  The status (and for refusals the code)
each one gets."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "non_player", "opponent", "player")

# (method, path, body): {role: status or (status, code)}; paths use {game} and {match}.
MATRIX = [
    ("get", "/api/v1/scenarios/", None, {"anonymous": 200, "non_player": 200, "opponent": 200, "player": 200}),
    ("get", "/api/v1/scenarios/bench-field/", None, dict.fromkeys(ROLES, 200)),
    ("get", "/api/v1/scenarios/bench-field/file/", None, dict.fromkeys(ROLES, 200)),
    ("post", "/api/v1/scenarios/", {"slug": "x"},
     {"anonymous": (401, "not_authenticated"), "non_player": (400, "invalid_scenario"),
      "opponent": (400, "invalid_scenario"), "player": (400, "invalid_scenario")}),
    ("get", "/api/v1/matches/", None, dict.fromkeys(ROLES, 200)),
    ("get", "/api/v1/matches/{match}/", None, dict.fromkeys(ROLES, 200)),
    ("post", "/api/v1/matches/challenges/", {"opponent": "meade", "scenario": "bench-field"},
     {"anonymous": (401, "not_authenticated"), "non_player": (409, "refused"), "opponent": 201, "player": 201}),
    ("post", "/api/v1/matches/seeks/", {"scenario": "bench-field"},
     {"anonymous": (401, "not_authenticated"), "non_player": 201, "opponent": 201, "player": 201}),
    ("post", "/api/v1/matches/{match}/accept/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": (409, "refused"),
      "opponent": (409, "refused"), "player": (409, "refused")}),
    ("post", "/api/v1/matches/{match}/decline/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": (409, "refused"),
      "opponent": (409, "refused"), "player": (409, "refused")}),
    ("post", "/api/v1/matches/{match}/withdraw/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": (403, "not_a_player"),
      "opponent": (403, "not_a_player"), "player": (409, "refused")}),
    ("get", "/api/v1/matches/{match}/chat/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": (403, "not_a_player"), "opponent": 200, "player": 200}),
    ("post", "/api/v1/matches/{match}/chat/", {"text": "Good luck"},
     {"anonymous": (401, "not_authenticated"), "non_player": (403, "not_a_player"), "opponent": 201, "player": 201}),
    ("post", "/api/v1/matches/{match}/join/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": (409, "refused"),
      "opponent": (409, "refused"), "player": (409, "refused")}),
    ("get", "/api/v1/games/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": 200, "opponent": 200, "player": 200}),
    ("get", "/api/v1/games/{game}/", None, dict.fromkeys(ROLES, 200)),
    ("get", "/api/v1/games/{game}/legal-actions/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": (403, "not_a_player"),
      "opponent": 200, "player": 200}),
    ("post", "/api/v1/games/{game}/actions/", "FIRST_LEGAL",
     {"anonymous": (401, "not_authenticated"), "non_player": (403, "not_a_player"),
      "opponent": (409, "not_your_turn"), "player": 201}),
    ("get", "/api/v1/games/{game}/events/", None, dict.fromkeys(ROLES, 200)),
    ("get", "/api/v1/games/{game}/reachable/?hex=3,7", None, dict.fromkeys(ROLES, 200)),
    ("get", "/api/v1/games/{game}/attack-preview/?from=3,7&to=3,1", None, dict.fromkeys(ROLES, 200)),
    ("post", "/api/v1/games/{game}/claim/", {},
     {"anonymous": (401, "not_authenticated"), "non_player": (403, "not_a_player"),
      "opponent": (409, "refused"), "player": (409, "refused")}),
    ("post", "/api/v1/games/{game}/undo/", {"version": 0},
     {"anonymous": (401, "not_authenticated"), "non_player": (403, "not_a_player"),
      "opponent": (400, "illegal"), "player": (400, "illegal")}),
    ("post", "/api/v1/games/{game}/resign/", {"confirm": True},
     {"anonymous": (401, "not_authenticated"), "non_player": (403, "not_a_player"), "opponent": 201, "player": 201}),
    ("get", "/api/v1/games/{game}/seed/", None, dict.fromkeys(ROLES, 200)),
    ("get", "/api/v1/games/{game}/replay/0/", None, dict.fromkeys(ROLES, (409, "not_over"))),
    ("get", "/api/v1/solo/levels/", None, dict.fromkeys(ROLES, 200)),
    ("post", "/api/v1/solo/", {"scenario": "bench-field", "level": "recruit"},
     {"anonymous": (401, "not_authenticated"), "non_player": 201, "opponent": 201, "player": 201}),
    ("get", "/api/v1/calendar/", None, dict.fromkeys(ROLES, 200)),
    ("get", "/api/v1/calendar/feed/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": 200, "opponent": 200, "player": 200}),
    ("post", "/api/v1/calendar/feed/reset/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": 200, "opponent": 200, "player": 200}),
    ("get", "/api/v1/me/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": 200, "opponent": 200, "player": 200}),
    ("patch", "/api/v1/me/", {"club": "Stonewall Brigade"},
     {"anonymous": (401, "not_authenticated"), "non_player": 200, "opponent": 200, "player": 200}),
]


@pytest.mark.parametrize("method, path, body, expected", MATRIX,
                         ids=[f"{m.upper()} {p}" for m, p, _, _ in MATRIX])
@pytest.mark.parametrize("role", ROLES)
def test_permissions_matrix(duel, role, method, path, body, expected):
    url = path.format(game=duel.game.pk, match=duel.match.pk)
    if body == "FIRST_LEGAL":
        legal = duel.clients["player"].get(f"/api/v1/games/{duel.game.pk}/legal-actions/").json()
        body = {"version": legal["version"], "action": legal["actions"][0]}
    client = duel.clients[role]
    response = getattr(client, method)(url, body, format="json") if body is not None else getattr(client, method)(url)
    want = expected[role]
    status, code = want if isinstance(want, tuple) else (want, None)
    assert response.status_code == status, response.content[:300]
    if code:
        assert response.json()["code"] == code


@pytest.mark.parametrize("role", ("non_player", "opponent", "player"))
def test_a_read_token_cannot_write_anywhere(duel, role):
    from tests.api.helpers import token_client
    user = {"non_player": duel.meade, "opponent": duel.grant, "player": duel.lee}[role]
    client = token_client(user, "read")
    for method, path, body, _ in MATRIX:
        if method == "get":
            continue
        url = path.format(game=duel.game.pk, match=duel.match.pk)
        response = getattr(client, method)(url, {} if body == "FIRST_LEGAL" else (body or {}), format="json")
        assert response.status_code == 403 and response.json()["code"] == "token_scope", url


# -- clubs, competitions, pairings -------------------------------------------------------------
# In a private club organised by meade, round 1 of a league at the table is published: the
# player (home) and the opponent (away) of its one pairing, the organiser, and an outsider
# who belongs to no club.  Paths use {club}, {comp} and {pairing}.
LEAGUE_ROLES = ("anonymous", "outsider", "opponent", "player", "organiser")
MEMBERS = ("opponent", "player", "organiser")
SCORES = {"game1_winner": "home", "game1_flags_home": 5, "game1_flags_away": 2,
          "game2_winner": "away", "game2_flags_home": 1, "game2_flags_away": 4}
ANON = {"anonymous": (401, "not_authenticated")}
HIDDEN = {"anonymous": (404, "not_found"), "outsider": (404, "not_found")}
NOT_ORGANISER = {"opponent": (403, "not_organiser"), "player": (403, "not_organiser")}


def _members(status):
    return dict.fromkeys(MEMBERS, status)


LEAGUE_MATRIX = [
    ("get", "/api/v1/clubs/", None, dict.fromkeys(LEAGUE_ROLES, 200)),
    ("get", "/api/v1/clubs/{club}/", None, dict.fromkeys(LEAGUE_ROLES, 200)),
    ("post", "/api/v1/clubs/", {"name": "Iron Brigade"}, {**ANON, **dict.fromkeys(LEAGUE_ROLES[1:], 201)}),
    ("post", "/api/v1/clubs/{club}/ask/", None, {**ANON, "outsider": 200, **_members((409, "refused"))}),
    ("post", "/api/v1/clubs/{club}/join/", {"token": "not-the-secret"},
     {**ANON, "outsider": (409, "refused"), **_members((409, "refused"))}),
    ("post", "/api/v1/clubs/{club}/approve/", {"username": "sherman"},
     {**ANON, "outsider": (403, "not_organiser"), **NOT_ORGANISER, "organiser": (409, "refused")}),
    ("post", "/api/v1/clubs/{club}/invitation/", None,
     {**ANON, "outsider": (403, "not_organiser"), **NOT_ORGANISER, "organiser": 200}),
    ("post", "/api/v1/clubs/{club}/role/", {"username": "lee", "role": "organiser"},
     {**ANON, "outsider": (403, "not_organiser"), **NOT_ORGANISER, "organiser": 200}),
    ("get", "/api/v1/competitions/", None, dict.fromkeys(LEAGUE_ROLES, 200)),
    ("get", "/api/v1/competitions/{comp}/", None, {**HIDDEN, **_members(200)}),
    ("get", "/api/v1/competitions/{comp}/rounds/", None, {**HIDDEN, **_members(200)}),
    ("get", "/api/v1/competitions/{comp}/standings/", None, {**HIDDEN, **_members(200)}),
    ("post", "/api/v1/competitions/", {"club": "{club}", "name": "Autumn", "scenarios": ["bench-field"]},
     {**ANON, "outsider": (403, "not_organiser"), **NOT_ORGANISER, "organiser": 201}),
    ("post", "/api/v1/competitions/{comp}/players/", {"username": "sherman"},
     {**ANON, "outsider": (404, "not_found"), **NOT_ORGANISER, "organiser": (409, "refused")}),
    ("post", "/api/v1/competitions/{comp}/withdraw/", {},
     {**ANON, "outsider": (404, "not_found"), "opponent": 200, "player": 200, "organiser": (409, "refused")}),
    ("post", "/api/v1/competitions/{comp}/rounds/draft/", {},
     {**ANON, "outsider": (404, "not_found"), **NOT_ORGANISER, "organiser": (409, "refused")}),
    ("post", "/api/v1/competitions/{comp}/rounds/publish/", None,
     {**ANON, "outsider": (404, "not_found"), **NOT_ORGANISER, "organiser": (409, "refused")}),
    ("post", "/api/v1/competitions/{comp}/rounds/discard/", None,
     {**ANON, "outsider": (404, "not_found"), **NOT_ORGANISER, "organiser": 204}),
    ("post", "/api/v1/competitions/{comp}/close/", None,
     {**ANON, "outsider": (404, "not_found"), **NOT_ORGANISER, "organiser": 200}),
    ("get", "/api/v1/pairings/", None, dict.fromkeys(LEAGUE_ROLES, 200)),
    ("get", "/api/v1/pairings/{pairing}/", None, {**HIDDEN, **_members(200)}),
    ("post", "/api/v1/pairings/{pairing}/report/", SCORES,
     {**ANON, "outsider": (404, "not_found"), "opponent": 200, "player": 200,
      "organiser": (403, "not_your_match")}),
    ("post", "/api/v1/pairings/{pairing}/confirm/", None,
     {**ANON, "outsider": (404, "not_found"), "opponent": (409, "refused"), "player": (409, "refused"),
      "organiser": (403, "not_your_match")}),
    ("post", "/api/v1/pairings/{pairing}/dispute/", {"note": "wrong"},
     {**ANON, "outsider": (404, "not_found"), "opponent": (409, "refused"), "player": (409, "refused"),
      "organiser": (403, "not_your_match")}),
    ("post", "/api/v1/pairings/{pairing}/result/", SCORES,
     {**ANON, "outsider": (404, "not_found"), **NOT_ORGANISER, "organiser": 200}),
    ("post", "/api/v1/pairings/{pairing}/forfeit/", {"who": "home"},
     {**ANON, "outsider": (404, "not_found"), **NOT_ORGANISER, "organiser": 200}),
    ("post", "/api/v1/pairings/{pairing}/choose/", {"scenario": "bench-field"},
     {**ANON, "outsider": (404, "not_found"), "opponent": (409, "refused"), "player": (409, "refused"),
      "organiser": (403, "not_your_match")}),
    ("post", "/api/v1/pairings/{pairing}/play/", None,
     {**ANON, "outsider": (404, "not_found"), "opponent": (409, "refused"), "player": (409, "refused"),
      "organiser": (403, "not_your_match")}),
]


def _fill(league, text):
    return text.format(club=league.club.slug, comp=league.comp.pk, pairing=league.pairing.pk)


def _body(league, body):
    if isinstance(body, dict):
        return {k: _fill(league, v) if isinstance(v, str) else v for k, v in body.items()}
    return body


@pytest.mark.parametrize("method, path, body, expected", LEAGUE_MATRIX,
                         ids=[f"{m.upper()} {p}" for m, p, _, _ in LEAGUE_MATRIX])
@pytest.mark.parametrize("role", LEAGUE_ROLES)
def test_league_permissions_matrix(league, role, method, path, body, expected):
    client = league.clients[role]
    url = _fill(league, path)
    body = _body(league, body)
    response = getattr(client, method)(url, body, format="json") if body is not None else getattr(client, method)(url)
    want = expected[role]
    status, code = want if isinstance(want, tuple) else (want, None)
    assert response.status_code == status, response.content[:300]
    if code:
        assert response.json()["code"] == code


@pytest.mark.parametrize("role", ("outsider", "opponent", "player", "organiser"))
def test_a_read_token_cannot_write_to_the_leagues(league, role):
    from tests.api.helpers import token_client
    user = {"outsider": league.outsider, "opponent": league.away, "player": league.home,
            "organiser": league.organiser}[role]
    client = token_client(user, "read")
    for method, path, body, _ in LEAGUE_MATRIX:
        if method == "get":
            continue
        response = getattr(client, method)(_fill(league, path), _body(league, body) or {}, format="json")
        assert response.status_code == 403 and response.json()["code"] == "token_scope", path
