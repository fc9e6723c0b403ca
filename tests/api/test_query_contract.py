"""The query parameters of the OpenAPI document and the server agree: every value the
document forbids (an unknown enum value, a word for a boolean or a number, a number out of
its range, a hex off the board) is refused with 400 ``invalid`` in the API's error shape,
naming the parameter; every value it lists is accepted; a list documents only the filters
it applies."""
from __future__ import annotations

import pytest

from tests.api.helpers import anonymous, api_document, token_client
from tests.play_helpers import make_scenario, start_match
from tests.tournaments.helpers import make_club, make_competition

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(lee, grant):
    scenario = make_scenario()
    match, game = start_match(lee, grant, side="union")
    club = make_club(lee, [grant])
    comp = make_competition(club, lee, [lee, grant], scenario=scenario)
    return {"games": game.pk, "matches": match.pk, "competitions": comp.pk,
            "client": token_client(lee), "scenario": scenario.slug}


def url_of(path: str, world) -> str:
    kind = path.split("/")[3]
    return path.replace("{id}", str(world.get(kind, 1))).replace("{slug}", world["scenario"])


def query_parameters():
    """(path, parameter) for every query parameter of every GET operation."""
    for path, operations in api_document()["paths"].items():
        for parameter in operations.get("get", {}).get("parameters", []):
            if parameter["in"] == "query":
                yield path, parameter


def required_others(path: str, name: str) -> dict:
    """A valid value for each other required query parameter of the operation (a hex)."""
    return {p["name"]: "12,6" for other, p in query_parameters()
            if other == path and p.get("required") and p["name"] != name}


def forbidden_values(schema: dict) -> list[str]:
    """Values the parameter's schema does not allow."""
    schema = schema.get("items", schema)
    kind = schema.get("type")
    if "enum" in schema:
        return ["bogus-value"]
    if kind == "boolean":
        return ["maybe", "null"]
    if kind == "integer":
        out = ["null", "1.5", "ten"]
        if "minimum" in schema:
            out.append(str(schema["minimum"] - 1))
        if "maximum" in schema:
            out.append(str(schema["maximum"] + 1))
        return out
    if kind == "number":
        return ["null"]
    if "pattern" in schema:
        return ["99,99", "1,0", "25,0"]
    return []


def allowed_values(schema: dict) -> list[str]:
    schema = schema.get("items", schema)
    if "enum" in schema:
        return [str(v) for v in schema["enum"]]
    if schema.get("type") == "boolean":
        return ["true", "false"]
    if schema.get("type") == "integer" and "minimum" in schema:
        return [str(schema["minimum"])] + ([str(schema["maximum"])] if "maximum" in schema else [])
    return []


def test_the_document_bounds_what_the_server_bounds():
    parameters = {(path, p["name"]): p["schema"] for path, p in query_parameters()}
    assert all(p.get("type") != "number" for p in parameters.values()), "a number filter without a type"
    for path in ("/api/v1/scenarios/", "/api/v1/matches/", "/api/v1/games/"):
        assert parameters[path, "page"] == {"type": "integer", "minimum": 1}
        assert parameters[path, "page_size"] == {"type": "integer", "minimum": 1, "maximum": 200}
    assert parameters["/api/v1/scenarios/", "year"] == {"type": "integer", "minimum": 1, "maximum": 9999}
    assert parameters["/api/v1/calendar/", "year"] == {"type": "integer", "minimum": 1862, "maximum": 9999}
    assert parameters["/api/v1/games/", "match"]["minimum"] == 1
    hex_pattern = parameters["/api/v1/games/{id}/reachable/", "hex"]["pattern"]
    import re
    from games.engine import BOARD_SIZES, board_named
    boards = [board_named(size) for size in BOARD_SIZES]
    every = {f"{h.col},{h.row}" for b in boards for h in b.hexes}
    on_board = {f"{c},{r}" for c in range(max(b.max_col for b in boards) + 3)
                for r in range(max(b.rows for b in boards) + 2) if re.fullmatch(hex_pattern, f"{c},{r}")}
    # exactly the hexes of every board: the double board's 230 and the three maps' 363 (H98),
    # the single board's 113 and the two maps' 238 among them
    assert on_board == every and len(every) == 480


def test_a_list_documents_only_the_filters_it_applies():
    parameters = {}
    for path, p in query_parameters():
        parameters.setdefault(path, set()).add(p["name"])
    assert parameters["/api/v1/games/{id}/events/"] == {"since", "page", "page_size"}
    assert parameters["/api/v1/matches/{id}/chat/"] == {"page", "page_size"}


def test_every_forbidden_query_value_is_refused_and_every_listed_one_accepted(world):
    client = world["client"]
    refused, accepted, tried = [], [], 0
    for path, parameter in query_parameters():
        name, url = parameter["name"], url_of(path, world)
        for value in forbidden_values(parameter["schema"]):
            tried += 1
            response = client.get(url, {**required_others(path, name), name: value})
            body = response.json()
            if not (response.status_code == 400 and body.get("code") == "invalid"
                    and name in {e["field"] for e in body.get("errors", [])}):
                refused.append(f"{path}?{name}={value!r}: {response.status_code} {body.get('code')}")
        for value in allowed_values(parameter["schema"]):
            response = client.get(url, {**required_others(path, name), name: value})
            if response.status_code == 400:
                accepted.append(f"{path}?{name}={value!r}: {response.json()}")
    assert tried >= 60
    assert not refused, "accepted although the document forbids it:\n" + "\n".join(refused)
    assert not accepted, "refused although the document allows it:\n" + "\n".join(accepted)


def test_a_status_filter_nobody_applies_is_not_accepted_either(world):
    client = world["client"]
    games = client.get("/api/v1/games/", {"status": "bogus"})
    assert games.status_code == 400 and games.json()["errors"][0]["field"] == "status"


@pytest.mark.parametrize("path", ["/api/v1/x%0A", "/api/v1/games/%0A/", "/api/v1/%0D%0Ax"])
def test_a_path_with_a_line_break_answers_the_apis_json_404(path):
    response = anonymous().get(path)
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert response.json()["code"] == "not_found"
