"""The OpenAPI document: valid, versioned, and typed down to each action and event."""
from __future__ import annotations

import pytest
import yaml
from openapi_spec_validator import validate

from games.api.types import ACTIONS, EVENTS



@pytest.fixture(scope="module")
def schema(django_db_setup, django_db_blocker):
    """The document as the site serves it (made once: it takes a few seconds)."""
    from django.test import Client
    with django_db_blocker.unblock():
        response = Client().get("/api/schema/")
    assert response.status_code == 200
    return yaml.safe_load(response.content)


def test_the_openapi_document_validates(schema):
    validate(schema)


def test_every_path_is_versioned_and_documents_the_error_shape(schema):
    assert schema["paths"] and all(p.startswith("/api/v1/") for p in schema["paths"])
    for path, operations in schema["paths"].items():
        for method, op in operations.items():
            if method == "parameters":
                continue
            for code in ("400", "401", "403", "404", "429"):
                ref = op["responses"][code]["content"]["application/json"]["schema"]["$ref"]
                assert ref == "#/components/schemas/Error", (path, method, code)


def test_each_action_and_event_type_is_a_component(schema):
    components = schema["components"]["schemas"]
    action = components["BattleCryAction"]
    assert set(action["discriminator"]["mapping"]) == set(ACTIONS)
    event = components["BattleCryEvent"]
    assert set(event["discriminator"]["mapping"]) == set(EVENTS)
    for name in ("Action", "ActionRequest", "Event"):      # or another ruleset's own
        assert [v["$ref"].rsplit("/", 1)[1] for v in components[name]["oneOf"]] == [
            f"BattleCry{name}", f"Ruleset{name}"]
    move = components["MoveAction"]
    type_ref = move["properties"]["type"]["$ref"].rsplit("/", 1)[1]
    assert components[type_ref]["enum"] == ["move"]
    assert move["properties"]["to"]["$ref"] == "#/components/schemas/Hex"
    assert set(move["required"]) == {"type", "unit", "to"}
    assert "rolls" in components["AttackEvent"]["required"]


def test_the_submit_body_and_the_legal_actions_use_the_action_component(schema):
    submit = schema["paths"]["/api/v1/games/{id}/actions/"]["post"]
    body_ref = submit["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    body = schema["components"]["schemas"][body_ref.rsplit("/", 1)[1]]
    assert body["properties"]["action"]["$ref"] == "#/components/schemas/ActionRequest"
    legal = schema["components"]["schemas"]["LegalActions"]
    assert legal["properties"]["actions"]["items"]["$ref"] == "#/components/schemas/Action"


def test_tokens_are_the_documented_security_scheme(schema):
    schemes = schema["components"]["securitySchemes"]
    assert schemes["apiToken"] == {"type": "http", "scheme": "bearer",
                                   "description": schemes["apiToken"]["description"]}
    assert "basicAuth" not in schemes
