"""Canary leak fuzz for the campaign endpoints: the hidden parts of a campaign's games (hands,
deck orders, seeds, the secret and private parts of the log, a pre-battle step included)
are replaced by canaries, then every campaign path of the OpenAPI document is called by
every kind of requester; no answer may hold a canary that requester may not see."""
from __future__ import annotations

import re
import secrets

import pytest

from campaigns import services
from games import services as game_services
from tests.api.helpers import anonymous, token_client
from tests.api.test_leak_canaries import Canaries, api_paths, plant
from tests.campaigns.helpers import load_plan
from tests.campaigns.test_campaign_pages import finish

pytestmark = pytest.mark.django_db


def test_no_campaign_answer_shows_a_requester_what_they_may_not_see(lee, grant, meade):
    canaries = Canaries()
    plan = load_plan("jackson-valley-1862")
    campaign = services.invite(lee, grant, services.Terms(plan=plan, side="union"))
    services.accept(campaign.pk, grant)
    first = campaign.battles.get(number=1)
    finish(first, (4, 6), "confederate")
    game = campaign.battles.get(number=2).game()
    assert game.phase == "prebattle_roll"
    game_services.act(game.pk, game.deciding_player, {"type": "roll_prebattle"}, game.version)
    game.refresh_from_db()
    assert game.actions.count() == 1
    plant(game, canaries)
    over = first.game()
    plant(over, canaries, seed=False)
    invitation = services.invite(grant, lee, services.Terms(plan=plan, side="union",
                                                            message=f"INVITE{secrets.token_hex(8)}"))
    requesters = {"anonymous": (anonymous(), None), "non_player": (token_client(meade), None),
                  "union": (token_client(lee), "union"), "confederate": (token_client(grant), "confederate")}
    paths = {p: ops for p, ops in api_paths(anonymous()).items()
             if p.startswith(("/api/v1/campaigns/", "/api/v1/campaign-plans/"))}
    assert len(paths) >= 7
    bodies = [{}, {"plan": plan.slug, "side": "union", "opponent": "meade"},
              {"plan": plan.slug, "side": "confederate", "level": "recruit"}]
    checked = 0
    for name, (client, side) in requesters.items():
        hidden = canaries.hidden_from(side)
        if side is None:
            hidden = hidden + [invitation.message]         # an invitation is for its two members
        pattern = re.compile("|".join(map(re.escape, hidden)))
        for method in ("get", "post"):                     # reads first: the writes change things
            for path, operations in paths.items():
                if method not in operations:
                    continue
                for pk in (campaign.pk, invitation.pk):
                    url = path.replace("{id}", str(pk)).replace("{slug}", plan.slug)
                    if method == "get":
                        queries = ["", "?mine=true", "?status=active", "?status=challenge", "?player=lee"]
                        calls = [(url + q, None) for q in (queries if path.endswith("/campaigns/") else [""])]
                    else:
                        calls = [(url, b) for b in bodies]
                    for target, body in calls:
                        response = (client.get(target) if body is None
                                    else client.post(target, body, format="json"))
                        assert response.status_code < 500, (name, target, response.content[:200])
                        found = pattern.findall(response.content.decode("utf-8", "replace"))
                        assert not found, f"{name} saw {found[:3]} in {method.upper()} {target}"
                        checked += 1
    # the canaries are really there: the invitation's message reaches its two members
    body = token_client(lee).get(f"/api/v1/campaigns/{invitation.pk}/").json()
    assert body["message"] == invitation.message
    own = token_client(lee).get(f"/api/v1/games/{game.pk}/").json()["view"]
    assert checked > 40 and own
