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
    ("get", "/api/v1/games/{game}/seed/", None, dict.fromkeys(ROLES, 200)),
    ("get", "/api/v1/games/{game}/replay/0/", None, dict.fromkeys(ROLES, (409, "not_over"))),
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
