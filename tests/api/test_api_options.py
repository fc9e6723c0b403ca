"""Options through the API: an ``options`` object built from the rulesets' declarations and
documented in the OpenAPI schema, and the old top-level field still taken and answered."""
from __future__ import annotations

import pytest

from games.models import Match
from tests.api.helpers import api_document, token_client
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def scenario():
    return make_scenario()


def challenge(client, **terms):
    body = {"opponent": "grant", "scenario": "bench-field", "side": "union", **terms}
    return client.post("/api/v1/matches/challenges/", body, format="json")


def test_options_are_sent_as_an_object_and_answered_with_the_match(scenario, lee, grant):
    response = challenge(token_client(lee), options={"nightfall": True})
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["options"] == {"nightfall": True} and body["nightfall"] is True
    assert Match.objects.get().options == {"nightfall": True}
    plain = challenge(token_client(lee), options={})
    assert plain.json()["options"] == {} and plain.json()["nightfall"] is False


def test_the_old_top_level_field_still_works(scenario, lee, grant):
    response = challenge(token_client(lee), nightfall=True)
    assert response.status_code == 201, response.content
    assert Match.objects.get().options == {"nightfall": True}
    solo = token_client(lee).post("/api/v1/solo/", {"scenario": "bench-field", "level": "recruit",
                                                    "nightfall": True}, format="json")
    assert solo.status_code == 201 and solo.json()["options"] == {"nightfall": True}


def test_an_option_the_rules_lack_or_of_the_wrong_type_is_refused(scenario, lee, grant):
    refused = challenge(token_client(lee), ruleset="standard", options={"nightfall": True})
    assert refused.status_code == 409 and "The standard rules have no Nightfall" in refused.json()["message"]
    wrong = challenge(token_client(lee), options={"nightfall": "perhaps"})
    assert wrong.status_code == 400
    assert not Match.objects.exists()


def test_the_schema_documents_each_option_with_its_description():
    schemas = api_document()["components"]["schemas"]
    for ref in ("MatchOptionsRequest", "SoloOptionsRequest", "CompetitionOptionsRequest"):
        nightfall = schemas[ref]["properties"]["nightfall"]
        assert nightfall["type"] == "boolean"
        assert "Each card is played once" in nightfall["description"]
        assert "advanced" in nightfall["description"]
    # options the site sets itself are not offered
    assert "archie" not in schemas["MatchOptionsRequest"]["properties"]


def test_house_rules_are_taken_and_one_without_the_rule_it_needs_is_refused_with_the_reason(
        scenario, lee, grant):
    client = token_client(lee)
    refused = challenge(client, options={"first_fire": True})
    assert refused.status_code == 409
    message = refused.json()["message"]
    assert "House rule: first fire needs House rule: return fire" in message
    assert "first_fire" not in message and "return_fire" not in message
    assert not Match.objects.exists()
    taken = challenge(client, options={"first_fire": True, "return_fire": True})
    assert taken.status_code == 201, taken.content
    assert Match.objects.get().options == {"first_fire": True, "return_fire": True}
    schema = api_document()["components"]["schemas"]["MatchOptionsRequest"]["properties"]
    assert "fire first" in schema["first_fire"]["description"]
