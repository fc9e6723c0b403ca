"""The campaign pages: list, start (shipped or composed), invitation answers, the campaign
page with battles, dice due and why, totals and the flags chart; the HTMX fragment."""
from __future__ import annotations

import pytest

from campaigns import services
from campaigns.models import Campaign, CampaignBattle
from tests.campaigns.helpers import load_plan, start_campaign
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db


def finish(battle, flags, winner, casualties=(8, 8)):
    """Give a battle's game a result and tell the campaign, as the game's end would."""
    game = battle.game()
    game.outcome = {"winner": winner, "flags": {"union": flags[0], "confederate": flags[1]},
                    "casualties": {"union": casualties[0], "confederate": casualties[1]}}
    game.winner_side = winner
    game.save()
    services.battle_finished(battle.match)


def test_the_list_shows_shipped_campaigns_and_mine(client, lee, grant):
    load_plan("jackson-valley-1862")
    campaign = start_campaign(lee, grant)
    anonymous = client.get("/campaigns/").content.decode()
    assert "Jackson in the Valley, 1862" in anonymous and "Start this campaign" in anonymous
    client.force_login(grant)
    body = client.get("/campaigns/").content.decode()
    assert "Your campaigns" in body and campaign.get_absolute_url() in body


def test_start_a_shipped_campaign_by_the_form_and_accept_it(client, lee, grant):
    plan = load_plan("jackson-valley-1862")
    client.force_login(lee)
    form = client.get(f"/campaigns/new/?plan={plan.slug}").content.decode()
    assert f'value="{plan.pk}" selected' in form
    r = client.post("/campaigns/new/", {"opponent": "grant", "plan": plan.pk, "side": "confederate",
                                        "deadline_hours": 72})
    assert r.status_code == 303
    campaign = Campaign.objects.get()
    assert r["Location"] == campaign.get_absolute_url()
    assert "Waiting for grant" in client.get(r["Location"]).content.decode()
    client.force_login(grant)
    assert "Accept" in client.get(r["Location"]).content.decode()
    client.post(f"/campaigns/{campaign.pk}/accept/")
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.ACTIVE
    page = client.get(campaign.get_absolute_url()).content.decode()
    assert "Kernstown" in page and "none before the first battle" in page
    assert "keep the Union army" in page


def test_compose_a_campaign_in_the_page(client, lee, grant):
    rows = [make_scenario(slug=s) for s in ("winchester", "mcdowell", "kernstown")]
    client.force_login(lee)
    data = {"opponent": "grant", "plan": "", "name": "Valley in reverse", "side": "union",
            "deadline_hours": 72, "battle_1": rows[0].pk, "battle_3": rows[1].pk}
    r = client.post("/campaigns/new/", data)
    assert r.status_code == 400 and "at least 3" in r.content.decode()
    data["battle_4"] = rows[2].pk
    r = client.post("/campaigns/new/", data)
    assert r.status_code == 303
    c = Campaign.objects.get()
    assert [b.scenario.slug for b in c.battles.all()] == ["winchester", "mcdowell", "kernstown"]


def test_the_campaign_page_explains_the_dice_and_draws_the_flags(client, lee, grant):
    campaign = start_campaign(lee, grant, side="union")
    finish(campaign.battles.get(number=1), (3, 6), "confederate")
    finish(campaign.battles.get(number=2), (6, 3), "union")
    client.force_login(lee)
    page = client.get(campaign.get_absolute_url()).content.decode()
    assert "Dice for battle 3, Winchester" in page
    assert "lee (Union): 6 flags last game + 1 game won = 7 dice" in page
    assert "grant (Confederate): 3 flags last game + 1 game won = 4 dice" in page
    assert "<svg" in page and page.count("<rect") == 4
    assert "Battle 2: union 6 flags" in page
    # totals: 9 flags each, one battle each
    assert "<td>Union</td><td>lee</td><td>9</td><td>1</td>" in page
    frag = client.get(campaign.get_absolute_url() + "?part=progress", HTTP_HX_REQUEST="true").content.decode()
    assert frag.lstrip().startswith("<section") and "<html" not in frag and "4 dice" in frag


def test_a_finished_campaign_names_its_winner(client, lee, grant):
    campaign = start_campaign(lee, grant, side="union")
    for n, flags, w in ((1, (6, 2), "union"), (2, (6, 5), "union"), (3, (4, 6), "confederate")):
        finish(CampaignBattle.objects.get(campaign=campaign, number=n), flags, w)
    page = client.get(campaign.get_absolute_url()).content.decode()
    assert "lee wins the campaign" in page and "most flags over the campaign" in page
    client.force_login(grant)
    assert "lee won" in client.get("/campaigns/").content.decode()


def test_strangers_cannot_answer_an_invitation(client, lee, grant, meade):
    c = services.invite(lee, grant, services.Terms(plan=load_plan("jackson-valley-1862")))
    client.force_login(meade)
    r = client.post(f"/campaigns/{c.pk}/accept/", follow=True)
    assert r.status_code == 404     # an invitation between two others is not shown to a third
    c.refresh_from_db()
    assert c.status == Campaign.Status.CHALLENGE
    assert client.get(f"/campaigns/{c.pk}/accept/").status_code == 405


def test_take_on_archie_from_the_start_page(client, lee):
    plan = load_plan("jackson-valley-1862")
    client.force_login(lee)
    form = client.get("/campaigns/new/").content.decode()
    assert "Or take on Archie" in form and "Archie at level Veteran" in form
    r = client.post("/campaigns/new/", {"plan": plan.pk, "side": "confederate", "deadline_hours": 72,
                                        "opponent": "", "archie_level": "general"})
    assert r.status_code == 303
    campaign = Campaign.objects.get()
    assert campaign.status == Campaign.Status.ACTIVE and campaign.archie_level == "general"
    page = client.get(r["Location"]).content.decode()
    assert "the computer opponent, level General" in page
    assert "keep the Confederate army" in page and "Accept" not in page
    game = campaign.battles.get(number=1).game()
    from django.urls import reverse
    assert reverse("play:game", args=[game.pk]) in page
    # Kernstown: the Confederates (lee) move first, so the first battle waits on lee
    assert "Your move" in page


@pytest.mark.parametrize("data, words", [
    ({"opponent": "", "archie_level": ""}, "Choose a member to invite, or take on Archie."),
    ({"opponent": "grant", "archie_level": "recruit"}, "Invite a member or take on Archie, not both."),
])
def test_the_start_page_wants_a_member_or_archie(client, lee, grant, data, words):
    plan = load_plan("jackson-valley-1862")
    client.force_login(lee)
    r = client.post("/campaigns/new/", {"plan": plan.pk, "side": "union", "deadline_hours": 72, **data})
    assert r.status_code == 400 and words in r.content.decode()
    assert not Campaign.objects.exists()


def test_archie_s_side_of_a_battle_reads_archie_is_thinking(client, lee):
    from games import services as game_services
    campaign = services.start_versus_archie(
        lee, services.Terms(plan=load_plan("jackson-valley-1862"), side="union"), "recruit")
    game = campaign.battles.get(number=1).game()
    assert game_services.archie_to_decide(game)                     # the Confederates open Kernstown
    client.force_login(lee)
    assert "Archie is thinking" in client.get(campaign.get_absolute_url()).content.decode()


def test_a_next_battle_that_cannot_start_holds_the_campaign_and_keeps_the_last_result(client, lee, grant):
    """Battle 2's scenario file was broken after the campaign began: the end of battle 1
    still counts, the page says why battle 2 is waiting, and once the file is mended a
    player starts it from the page."""
    campaign = start_campaign(lee, grant)
    first, second = campaign.battles.order_by("number")[:2]
    scenario = second.scenario
    good = scenario.data
    type(scenario).objects.filter(pk=scenario.pk).update(data={"format": 1, "slug": scenario.slug})
    finish(first, (5, 2), "union")

    first.refresh_from_db()
    second.refresh_from_db()
    campaign.refresh_from_db()
    assert first.is_over and first.union_flags == 5 and first.winner_side == "union"
    assert second.match_id is None and campaign.status == Campaign.Status.ACTIVE
    client.force_login(lee)
    page = client.get(campaign.get_absolute_url()).content.decode()
    assert f"Battle 2 could not start: The scenario {scenario} cannot be played" in page
    assert "Try starting it again" in page

    r = client.post(f"/campaigns/{campaign.pk}/start-next/", follow=True)
    assert "Battle 2 could not start" in r.content.decode()      # still broken: refused, said why
    assert CampaignBattle.objects.get(pk=second.pk).match_id is None

    type(scenario).objects.filter(pk=scenario.pk).update(data=good)
    client.force_login(grant)
    r = client.post(f"/campaigns/{campaign.pk}/start-next/", follow=True)
    body = r.content.decode()
    assert "The next battle is on." in body and "could not start" not in body
    second.refresh_from_db()
    assert second.match is not None and second.game() is not None


def test_only_a_player_can_start_a_held_battle(client, lee, grant, django_user_model):
    campaign = start_campaign(lee, grant)
    Campaign.objects.filter(pk=campaign.pk).update(held="Battle 2 could not start: broken.")
    stranger = django_user_model.objects.create_user("mosby", password="pw-pw-pw-pw-42")
    with pytest.raises(services.NotCampaignPlayer):
        services.start_held(campaign.pk, stranger)
    with pytest.raises(services.CampaignRefused, match="No battle of this campaign is waiting"):
        services.start_held(campaign.pk, lee)      # battle 1 is being played: nothing is held


def test_the_campaign_form_offers_the_rules_options_and_every_battle_takes_them(client, lee, grant):
    plan = load_plan("jackson-valley-1862")
    client.force_login(lee)
    form = client.get("/campaigns/new/").content.decode()
    assert 'id="options"' in form and 'name="nightfall"' in form
    r = client.post("/campaigns/new/", {"opponent": "grant", "plan": plan.pk, "side": "confederate",
                                        "deadline_hours": 72, "nightfall": "on"})
    assert r.status_code == 303
    campaign = Campaign.objects.get()
    assert campaign.options == {"nightfall": True}
    client.force_login(grant)
    client.post(f"/campaigns/{campaign.pk}/accept/")
    match = campaign.battles.get(number=1).match
    assert match.options == {"nightfall": True}
    assert match.games.get().state["options"]["nightfall"] is True
