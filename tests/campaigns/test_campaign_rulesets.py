"""The rules a campaign is played under: chosen when it is set up (the page, against Archie,
the API), kept on the campaign, given to every battle's match and game, shown on its page;
the standard rules take the pre-battle dice as the Advanced rules do, and rules that cannot
carry them are refused with the reason (ruling C9)."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from campaigns import services
from campaigns.models import Campaign
from games import services as game_services
from games.engine import RULESETS
from games.engine.core import ruleset as registry
from games.models import Match
from tests.api.helpers import assert_conforms, token_client
from tests.campaigns.helpers import load_plan
from tests.campaigns.test_campaign_pages import finish

pytestmark = pytest.mark.django_db

PLAN = "jackson-valley-1862"
REASON = ("A campaign cannot be played under the plain rules: they have no pre-battle dice, "
          "which every battle after the first begins with (ruling C9). Choose the advanced or "
          "standard rules.")
#: A ruleset that declares no pre-battle dice options (only the archie one).
PLAIN = SimpleNamespace(name="plain", options=tuple(o for o in RULESETS["standard"].options
                                                    if not o.name.startswith("prebattle_dice")))


def test_the_form_offers_the_rules_advanced_first_and_says_which_carry_a_campaign(client, lee):
    load_plan(PLAN)
    client.force_login(lee)
    page = client.get("/campaigns/new/").content.decode()
    assert '<select name="ruleset"' in page
    options = page[page.index('<select name="ruleset"'):]
    options = options[:options.index("</select>")]
    assert options.index('value="advanced" selected') < options.index('value="standard"')
    assert ("A campaign needs rules with the pre-battle dice between battles: advanced or standard "
            "(ruling C9).") in page


def test_a_campaign_set_up_on_the_page_plays_every_battle_under_its_rules(client, lee, grant):
    plan = load_plan(PLAN)
    client.force_login(lee)
    r = client.post("/campaigns/new/", {"opponent": "grant", "plan": plan.pk, "side": "union",
                                        "deadline_hours": 72, "ruleset": "advanced"})
    assert r.status_code == 303
    campaign = Campaign.objects.get()
    assert campaign.ruleset == "advanced"
    page = client.get(campaign.get_absolute_url()).content.decode()
    assert '<dt>Rules</dt><dd><a href="/rules/advanced/">Advanced</a>, in every battle</dd>' in page
    assert client.get("/rules/advanced/").status_code == 200
    services.accept(campaign.pk, grant)
    first = campaign.battles.get(number=1)
    finish(first, (4, 2), "union")
    second = campaign.battles.get(number=2)
    for battle in (first, second):
        battle.refresh_from_db()
        assert battle.match.ruleset == "advanced" and battle.game().ruleset == "advanced"
    assert second.game().state["options"]["prebattle_dice_union"] == 5


def test_each_battle_takes_the_campaigns_rules_whatever_they_are(lee, grant):
    """The battles read the rules from the campaign row, not a default: a campaign stored with
    other rules starts its first battle (no pre-battle dice yet) under them."""
    campaign = services.invite(lee, grant, services.Terms(plan=load_plan(PLAN)))
    Campaign.objects.filter(pk=campaign.pk).update(ruleset="standard")
    services.accept(campaign.pk, grant)
    game = campaign.battles.get(number=1).game()
    assert (game.match.ruleset, game.ruleset) == ("standard", "standard")


def post_action(client, game, action):
    game.refresh_from_db()
    return client.post(f"/play/games/{game.pk}/act/",
                       {"action": json.dumps(action), "version": game.version})


PROMPTS = {"prebattle_roll": "Before the battle: roll your campaign dice",
           "prebattle_loss": "loses a figure.",
           "prebattle_retreat": "choose one of your units to fall back"}


def test_a_standard_campaign_opens_battle_2_with_its_pre_battle_dice_on_the_game_page(
        client, lee, grant):
    plan = load_plan(PLAN)
    client.force_login(lee)
    r = client.post("/campaigns/new/", {"opponent": "grant", "plan": plan.pk, "side": "union",
                                        "deadline_hours": 72, "ruleset": "standard"})
    assert r.status_code == 303
    campaign = Campaign.objects.get()
    assert campaign.ruleset == "standard"
    page = client.get(campaign.get_absolute_url()).content.decode()
    assert '<dt>Rules</dt><dd><a href="/rules/standard/">Standard</a>, in every battle</dd>' in page
    services.accept(campaign.pk, grant)
    first = campaign.battles.get(number=1)
    assert first.game().phase == "play_card", "nobody rolls before battle 1"
    finish(first, (4, 2), "union")
    game = campaign.battles.get(number=2).game()
    assert (game.match.ruleset, game.ruleset) == ("standard", "standard")
    assert game.state["options"]["prebattle_dice_union"] == 5
    assert game.phase == "prebattle_roll"
    assert game.state["hands"] == {"union": [], "confederate": []}, "no card before the dice"
    players = {"union": lee, "confederate": grant}
    steps = []
    while game.phase in PROMPTS:
        chooser = players[game.deciding]
        client.force_login(players["confederate" if chooser is lee else "union"])
        assert PROMPTS[game.phase] not in client.get(f"/play/games/{game.pk}/").content.decode()
        client.force_login(chooser)
        assert PROMPTS[game.phase] in client.get(f"/play/games/{game.pk}/").content.decode()
        steps.append(game.phase)
        action = game_services.load_engine(game).legal_actions()[0]
        assert post_action(client, game, action).status_code == 303
        game.refresh_from_db()
    assert steps[0] == "prebattle_roll" and len(steps) >= 2
    assert game.phase == "play_card"
    engine = game_services.load_engine(game)
    swords = game.state["prebattle"]["swords"]
    for side in ("union", "confederate"):
        assert len(engine.view(side)["hand"]) == max(1, engine.capacity(side) - swords[side])
    log = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "Pre-battle dice: the Union player rolled 5 dice." in log


def test_rules_without_pre_battle_dice_are_refused_with_the_reason(monkeypatch, lee, grant):
    """The check reads the options a ruleset declares, not its name."""
    monkeypatch.setitem(registry._REGISTRY, "plain", PLAIN)      # registered after the site started
    plan = load_plan(PLAN)
    with pytest.raises(services.CampaignRefused) as refused:
        services.invite(lee, grant, services.Terms(plan=plan, ruleset="plain"))
    assert str(refused.value.message) == REASON
    with pytest.raises(services.CampaignRefused, match="no pre-battle dice"):
        services.start_versus_archie(lee, services.Terms(plan=plan, ruleset="plain"), "recruit")
    assert not Campaign.objects.exists() and not Match.objects.exists()


def test_the_services_refuse_unknown_rules(lee, grant):
    with pytest.raises(services.CampaignRefused, match="Choose the rules: advanced, standard."):
        services.invite(lee, grant, services.Terms(plan=load_plan(PLAN), ruleset="chess"))


def test_the_api_takes_either_rules_and_shows_them(lee, grant):
    load_plan(PLAN)
    api = token_client(lee)
    r = api.post("/api/v1/campaigns/invitations/", {"plan": PLAN, "opponent": "grant"}, format="json")
    assert r.status_code == 201 and r.json()["ruleset"] == "advanced"
    assert_conforms(r.json(), "CampaignDetail")
    r = api.post("/api/v1/campaigns/versus-archie/", {"plan": PLAN, "ruleset": "advanced"}, format="json")
    assert r.status_code == 201 and r.json()["ruleset"] == "advanced"
    battle = Campaign.objects.get(pk=r.json()["id"]).battles.get(number=1)
    assert battle.match.ruleset == "advanced"
    for path, extra in (("invitations", {"opponent": "grant"}), ("versus-archie", {"level": "recruit"})):
        r = api.post(f"/api/v1/campaigns/{path}/", {"plan": PLAN, "ruleset": "standard", **extra}, format="json")
        assert r.status_code == 201 and r.json()["ruleset"] == "standard"
    r = api.post("/api/v1/campaigns/invitations/", {"plan": PLAN, "opponent": "grant", "ruleset": "chess"},
                 format="json")
    assert r.status_code == 400
    assert Campaign.objects.count() == 4
    listed = api.get("/api/v1/campaigns/?mine=true").json()["results"]
    assert {c["ruleset"] for c in listed} == {"advanced", "standard"}
