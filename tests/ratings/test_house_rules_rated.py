"""Games under house rules (declared unrated) stay out of the ratings, in a league or
tournament too, unless its organiser made it "rated under any options" (docs/ratings.md)."""
from __future__ import annotations

import pytest

from ratings.models import RatedResult
from tests.api.helpers import token_client
from tests.ratings.helpers import next_round, report_and_confirm, table_league
from tests.tournaments.helpers import make_competition
from tournaments.models import Competition

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", [Competition.Kind.LEAGUE, Competition.Kind.TOURNAMENT])
def test_a_competition_under_house_rules_is_rated_only_when_its_organiser_says_so(kind):
    club, plain, players = table_league(options={"return_fire": True}, kind=kind)
    p = next_round(plain, players[0]).pairings.exclude(away=None).first()
    report_and_confirm(p)
    left_out = RatedResult.objects.get(key=f"pairing:{p.pk}")
    assert not left_out.rated and left_out.why == "played under options that are not rated"

    _, counted, others = table_league(prefix="q", options={"return_fire": True}, kind=kind,
                                      rated_anyway=True)
    assert counted.rated_anyway
    q = next_round(counted, others[0]).pairings.exclude(away=None).first()
    report_and_confirm(q)
    rated = RatedResult.objects.get(key=f"pairing:{q.pk}")
    assert rated.rated and [g["rated"] for g in rated.games] == [True, True]


def test_the_organiser_switch_is_on_the_form_and_in_the_api(client):
    club, comp, players = table_league()
    plain = make_competition(club, players[0], name="Plain house league", options={"return_fire": True},
                             scenario=comp.scenario_list()[0])
    client.force_login(players[0])
    page = client.get(f"/leagues/clubs/{club.slug}/new/").content.decode()
    assert "Rated under any options" in page and "Barber: full simulation" in page
    r = client.post(f"/leagues/clubs/{club.slug}/new/", {
        "name": "House league", "kind": "league", "mode": "table", "scenario_policy": "fixed",
        "scenarios": [comp.scenario_list()[0].pk], "ruleset": "advanced", "deadline_hours": 72,
        "round_days": 14, "swiss_rounds": 4, "order_1": "match_points", "preset": "barber_light", "rated_anyway": "on"})
    assert r.status_code == 303, [l for l in r.content.decode().splitlines() if "error" in l]
    made = Competition.objects.get(name="House league")
    assert made.rated_anyway and made.options == {"return_fire": True, "holding_ground": True,
                                                  "last_figure": True}
    page = client.get(f"/leagues/{made.pk}/").content.decode()
    assert "House rule: return fire" in page
    assert "Its results are rated (its organiser rates it under any options)" in page
    assert "Not rated: its options change the balance" in client.get(f"/leagues/{plain.pk}/").content.decode()
    made_by_api = token_client(players[0]).post("/api/v1/competitions/", {
        "club": club.slug, "name": "API league", "scenarios": [comp.scenario_list()[0].slug],
        "options": {"last_figure": True}, "rated_anyway": True, "mode": "table"}, format="json")
    assert made_by_api.status_code == 201, made_by_api.content
    assert made_by_api.json()["rated_anyway"] is True
    assert Competition.objects.get(name="API league").rated_anyway
