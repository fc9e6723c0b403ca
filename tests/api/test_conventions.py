"""What every endpoint shares: /api/v1/, one error shape, pagination and throttling."""
from __future__ import annotations

import pytest

from tests.api.helpers import anonymous, token_client
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/api/v1/nothing-here/", "/api/v1/games/abc/", "/api/v1/matches/-1/"])
def test_unknown_paths_answer_json_404(path):
    response = anonymous().get(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "not_found"


def test_wrong_method_is_405_in_the_error_shape(player):
    response = token_client(player).delete("/api/v1/scenarios/")
    assert response.status_code == 405 and response.json()["code"] == "method_not_allowed"


def test_asking_for_html_is_406(player):
    response = token_client(player).get("/api/v1/scenarios/", HTTP_ACCEPT="text/html")
    assert response.status_code == 406 and response.json()["code"] == "not_acceptable"


def test_lists_are_paginated_with_a_bounded_page_size():
    make_scenario()
    body = anonymous().get("/api/v1/scenarios/?page_size=200").json()
    assert set(body) == {"count", "next", "previous", "results"}
    assert anonymous().get("/api/v1/scenarios/?page=9").json()["code"] == "not_found"
    for size in ("100000", "0", "null", "-1"):
        refused = anonymous().get(f"/api/v1/scenarios/?page_size={size}")
        assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "page_size"


def low_rates(monkeypatch, **rates):
    """Throttle rates for one test (DRF reads them once, into the throttle class)."""
    from django.conf import settings
    from rest_framework.throttling import SimpleRateThrottle
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES",
                        {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates})


def test_throttling_per_token(monkeypatch, lee):
    low_rates(monkeypatch, token="3/hour")
    one, two = token_client(lee), token_client(lee)
    assert [one.get("/api/v1/me/").status_code for _ in range(3)] == [200, 200, 200]
    refused = one.get("/api/v1/me/")
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0 and refused.json()["retry_after"] > 0
    assert two.get("/api/v1/me/").status_code == 200            # each token has its own budget


def test_throttling_per_address(monkeypatch):
    low_rates(monkeypatch, address="2/hour")
    here, there = anonymous(), anonymous()
    assert [here.get("/api/v1/scenarios/", REMOTE_ADDR="10.0.0.1").status_code for _ in range(2)] == [200, 200]
    refused = here.get("/api/v1/scenarios/", REMOTE_ADDR="10.0.0.1")
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    assert there.get("/api/v1/scenarios/", REMOTE_ADDR="10.0.0.2").status_code == 200
