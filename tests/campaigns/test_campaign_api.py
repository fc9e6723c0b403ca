"""The campaigns' REST endpoints (/api/v1/campaign-plans/, /api/v1/campaigns/): who may call
what, what a campaign's answer holds, starting one (shipped, composed, against Archie), and
the answers matching the OpenAPI document."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from campaigns import services
from campaigns.models import Campaign
from games import services as game_services
from tests.api.helpers import anonymous, assert_conforms, token_client
from tests.campaigns.helpers import load_plan
from tests.campaigns.test_campaign_pages import finish
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "non_player", "opponent", "player")
PLAN = "jackson-valley-1862"


@pytest.fixture
def world(lee, grant, meade):
    """lee has invited grant to one campaign (waiting) and plays another against grant
    (battle 1 being played); meade plays neither; a visitor is not logged in."""
    plan = load_plan(PLAN)
    invitation = services.invite(lee, grant, services.Terms(plan=plan, side="union"))
    active = services.invite(lee, grant, services.Terms(plan=plan, side="confederate"))
    services.accept(active.pk, grant)
    return SimpleNamespace(
        plan=plan, invitation=invitation, active=active, lee=lee, grant=grant, meade=meade,
        clients={"anonymous": anonymous(), "non_player": token_client(meade),
                 "opponent": token_client(grant), "player": token_client(lee)})


START = {"plan": PLAN, "side": "union"}
# (method, path, body): {role: status or (status, code)}; {invitation} and {active} are ids.
MATRIX = [
    ("get", "/api/v1/campaign-plans/", None, dict.fromkeys(ROLES, 200)),
    ("get", f"/api/v1/campaign-plans/{PLAN}/", None, dict.fromkeys(ROLES, 200)),
    ("get", "/api/v1/campaign-plans/no-such-plan/", None, dict.fromkeys(ROLES, (404, "not_found"))),
    ("get", "/api/v1/campaigns/", None, dict.fromkeys(ROLES, 200)),
    ("get", "/api/v1/campaigns/{active}/", None, dict.fromkeys(ROLES, 200)),
    ("get", "/api/v1/campaigns/{invitation}/", None,
     {"anonymous": (404, "not_found"), "non_player": (404, "not_found"), "opponent": 200, "player": 200}),
    ("post", "/api/v1/campaigns/invitations/", {**START, "opponent": "meade"},
     {"anonymous": (401, "not_authenticated"), "non_player": (409, "refused"), "opponent": 201, "player": 201}),
    ("post", "/api/v1/campaigns/versus-archie/", {**START, "level": "recruit"},
     {"anonymous": (401, "not_authenticated"), "non_player": 201, "opponent": 201, "player": 201}),
    ("post", "/api/v1/campaigns/{invitation}/accept/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": (404, "not_found"),
      "opponent": 200, "player": (403, "not_a_player")}),
    ("post", "/api/v1/campaigns/{invitation}/decline/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": (404, "not_found"),
      "opponent": 200, "player": (403, "not_a_player")}),
    ("post", "/api/v1/campaigns/{invitation}/withdraw/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": (404, "not_found"),
      "opponent": (403, "not_a_player"), "player": 200}),
    ("post", "/api/v1/campaigns/{active}/accept/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": (409, "refused"),
      "opponent": (409, "refused"), "player": (409, "refused")}),
    ("post", "/api/v1/campaigns/{active}/withdraw/", None,
     {"anonymous": (401, "not_authenticated"), "non_player": (403, "not_a_player"),
      "opponent": (403, "not_a_player"), "player": (409, "refused")}),
]


@pytest.mark.parametrize("method, path, body, expected", MATRIX,
                         ids=[f"{m.upper()} {p}" for m, p, _, _ in MATRIX])
@pytest.mark.parametrize("role", ROLES)
def test_permissions_matrix(world, role, method, path, body, expected):
    url = path.format(invitation=world.invitation.pk, active=world.active.pk)
    client = world.clients[role]
    response = getattr(client, method)(url, body, format="json") if body is not None else getattr(client, method)(url)
    want = expected[role]
    status, code = want if isinstance(want, tuple) else (want, None)
    assert response.status_code == status, response.content[:300]
    body = response.json()
    if code:
        assert body["code"] == code and body["message"]
    elif "/campaigns/" in url and status in (200, 201) and "id" in body:
        assert_conforms(body, "CampaignDetail")


@pytest.mark.parametrize("role", ("non_player", "opponent", "player"))
def test_a_read_token_cannot_write_anywhere(world, role):
    user = {"non_player": world.meade, "opponent": world.grant, "player": world.lee}[role]
    client = token_client(user, "read")
    for method, path, body, _ in MATRIX:
        if method == "get":
            continue
        url = path.format(invitation=world.invitation.pk, active=world.active.pk)
        response = getattr(client, method)(url, body or {}, format="json")
        assert response.status_code == 403 and response.json()["code"] == "token_scope", url
    assert Campaign.objects.count() == 2


def test_plans_list_the_shipped_campaigns(world):
    body = anonymous().get("/api/v1/campaign-plans/").json()
    assert body["count"] == 1
    plan = body["results"][0]
    assert plan["battles"] == ["kernstown", "mcdowell", "winchester"] and plan["epic"] is False
    assert set(plan["sides"]) == {"union", "confederate"} and plan["sides"]["confederate"]
    assert_conforms(plan, "CampaignPlan")


def test_a_campaign_in_detail_battles_results_totals_dice_due_and_the_game(world):
    campaign = world.active                      # lee keeps the Confederates
    finish(campaign.battles.get(number=1), (3, 6), "confederate", casualties=(9, 14))
    body = world.clients["player"].get(f"/api/v1/campaigns/{campaign.pk}/").json()
    assert_conforms(body, "CampaignDetail")
    assert body["your_side"] == "confederate" and body["status"] == "active"
    assert [b["number"] for b in body["battles"]] == [1, 2, 3]
    assert [b["scenario"] for b in body["battles"]] == ["kernstown", "mcdowell", "winchester"]
    first = body["battles"][0]
    assert (first["union_flags"], first["confederate_flags"], first["winner_side"]) == (3, 6, "confederate")
    assert body["totals"]["confederate"] == {"player": {"username": "lee", "name": "lee"}, "flags": 6,
                                             "wins": 1, "figures": 14}
    assert body["totals"]["union"]["flags"] == 3 and body["totals"]["union"]["player"]["username"] == "grant"
    second = campaign.battles.get(number=2)
    assert body["current_battle"] == 2 and body["current_game"] == second.game().pk
    assert body["battles"][1]["game"] == second.game().pk and body["battles"][2]["game"] is None
    assert body["dice_due"] == {
        "union": {"flags_last": 3, "games_won": 0, "dice": 3, "explained": "3 flags last game + 0 games won = 3 dice"},
        "confederate": {"flags_last": 6, "games_won": 1, "dice": 7,
                        "explained": "6 flags last game + 1 game won = 7 dice"}}
    # the game of the battle being played is the one waiting for the pre-battle dice
    game = world.clients["player"].get(f"/api/v1/games/{body['current_game']}/").json()
    assert game["phase"] == "prebattle_roll"


def test_lists_mine_open_and_finished(world):
    other = services.invite(world.meade, world.grant, services.Terms(plan=world.plan))
    for n, flags, w in ((1, (6, 2), "union"), (2, (6, 5), "union"), (3, (4, 6), "confederate")):
        finish(world.active.battles.get(number=n), flags, w)
    lee = world.clients["player"]
    ids = lambda url: [c["id"] for c in lee.get(url).json()["results"]]  # noqa: E731
    assert set(ids("/api/v1/campaigns/?mine=true")) == {world.invitation.pk, world.active.pk}
    assert ids("/api/v1/campaigns/?mine=true&status=challenge") == [world.invitation.pk]
    assert ids("/api/v1/campaigns/?status=finished") == [world.active.pk]
    assert other.pk not in ids("/api/v1/campaigns/")           # another pair's invitation
    assert ids("/api/v1/campaigns/?role=opponent") == []
    page = lee.get("/api/v1/campaigns/?page_size=1").json()
    assert page["count"] == 2 and len(page["results"]) == 1 and page["next"]
    finished = lee.get(f"/api/v1/campaigns/{world.active.pk}/").json()
    assert finished["winner"]["username"] == "grant" and finished["decided_by"] == "flags"
    assert finished["current_game"] is None and finished["dice_due"] is None


def test_start_a_composed_campaign_and_the_refusals(world):
    for slug in ("shiloh", "perryville"):
        make_scenario(slug=slug)
    lee = world.clients["player"]
    body = {"scenarios": ["shiloh", "kernstown", "perryville"], "name": "Mixed", "opponent": "grant",
            "side": "confederate", "deadline_hours": 24}
    r = lee.post("/api/v1/campaigns/invitations/", body, format="json")
    assert r.status_code == 201, r.content
    made = r.json()
    assert [b["scenario"] for b in made["battles"]] == ["shiloh", "kernstown", "perryville"]
    assert made["plan"] is None and made["status"] == "challenge" and made["challenger_side"] == "confederate"
    r = lee.post("/api/v1/campaigns/invitations/", {**body, "scenarios": ["shiloh", "kernstown"]}, format="json")
    assert r.status_code == 409 and r.json()["code"] == "refused" and "at least 3" in r.json()["message"]
    r = lee.post("/api/v1/campaigns/invitations/", {**body, "plan": PLAN}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "invalid"
    r = lee.post("/api/v1/campaigns/invitations/", {**body, "scenarios": ["atlantis"] * 3}, format="json")
    assert r.status_code == 400 and r.json()["errors"][0]["field"].startswith("scenarios")
    r = lee.post("/api/v1/campaigns/invitations/", {**START, "opponent": "archie"}, format="json")
    assert r.status_code == 400                                   # Archie is not a member to invite


def test_versus_archie_through_the_api(world):
    lee = world.clients["player"]
    r = lee.post("/api/v1/campaigns/versus-archie/", {"plan": PLAN, "side": "union", "level": "general"},
                 format="json")
    assert r.status_code == 201, r.content
    body = r.json()
    assert body["versus_archie"] and body["archie_level"] == "general" and body["status"] == "active"
    assert body["opponent"]["username"] == "archie" and body["your_side"] == "union"
    game = Campaign.objects.get(pk=body["id"]).battles.get(number=1).game()
    assert body["current_game"] == game.pk and game_services.archie_side(game) == "confederate"
    r = lee.post("/api/v1/campaigns/versus-archie/", {"plan": PLAN, "level": "marshal"}, format="json")
    assert r.status_code == 400 and r.json()["errors"][0]["field"] == "level"


def test_a_held_next_battle_is_told_and_started_again_through_the_api(world):
    """The campaign's ``held`` says why battle 2 could not start; ``start-next`` refuses with
    that reason while the file is broken and starts the battle once it is mended."""
    first, second = world.active.battles.order_by("number")[:2]
    scenario = second.scenario
    good = scenario.data
    type(scenario).objects.filter(pk=scenario.pk).update(data={"format": 1, "slug": scenario.slug})
    finish(first, (4, 1), "union")
    player = world.clients["player"]
    detail = player.get(f"/api/v1/campaigns/{world.active.pk}/").json()
    assert detail["held"].startswith("Battle 2 could not start")
    r = player.post(f"/api/v1/campaigns/{world.active.pk}/start-next/")
    assert r.status_code == 409 and "Battle 2 could not start" in r.json()["message"]
    r = world.clients["non_player"].post(f"/api/v1/campaigns/{world.active.pk}/start-next/")
    assert r.status_code == 403          # not a player of this campaign
    type(scenario).objects.filter(pk=scenario.pk).update(data=good)
    r = player.post(f"/api/v1/campaigns/{world.active.pk}/start-next/")
    assert r.status_code == 200 and r.json()["held"] == ""
    assert_conforms(r.json(), "CampaignDetail")
