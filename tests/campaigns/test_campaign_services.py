"""Campaigns through their service module: invitations, battles one game each with fixed
sides, the next battle started when a game ends, dice due, totals and the winner."""
from __future__ import annotations

import random

import pytest
from django.core.management import call_command

from campaigns import scoring, services
from campaigns.models import Campaign, CampaignBattle
from games.models import Game, Match
from tests.campaigns.helpers import load_plan, play_out, start_campaign
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db


def test_the_shipped_files_load_and_name_their_battles_in_order():
    for slug in ("kernstown", "mcdowell", "winchester"):
        make_scenario(slug=slug)
    call_command("load_scenarios", verbosity=0)
    call_command("load_campaigns", verbosity=0)
    from campaigns.models import CampaignPlan
    plans = {p.slug: p.battle_slugs for p in CampaignPlan.objects.all()}
    assert plans["jackson-valley-1862"] == ["kernstown", "mcdowell", "winchester"]
    assert plans["the-west-1862"] == ["fort-donelson", "shiloh", "perryville", "murfreesboro"]
    assert plans["trans-mississippi"] == ["wilsons-creek", "pea-ridge", "prairie-grove"]
    assert plans["second-manassas-1862"][0] == "cedar-mountain"
    assert plans["peninsula-1862"][1:] == ["oak-grove", "gaines-mill"]
    assert len(plans) >= 5 and all(len(b) >= 3 for b in plans.values())


def test_an_invitation_waits_for_the_opponent_and_only_they_may_answer(lee, grant, meade):
    campaign = services.invite(lee, grant, services.Terms(plan=load_plan("jackson-valley-1862"),
                                                          side="confederate"))
    assert campaign.status == Campaign.Status.CHALLENGE
    assert [b.scenario.slug for b in campaign.battles.all()] == ["kernstown", "mcdowell", "winchester"]
    assert not Match.objects.exists()
    with pytest.raises(services.CampaignRefused, match="Only the member invited"):
        services.accept(campaign.pk, meade)
    with pytest.raises(services.CampaignRefused, match="Only the member invited"):
        services.accept(campaign.pk, lee)
    services.accept(campaign.pk, grant)
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.ACTIVE
    game = campaign.battles.get(number=1).game()
    assert (game.player_of("confederate"), game.player_of("union")) == (lee, grant)
    with pytest.raises(services.CampaignRefused, match="no longer open"):
        services.decline(campaign.pk, grant)


def test_decline_and_withdraw(lee, grant):
    plan = load_plan("jackson-valley-1862")
    a = services.invite(lee, grant, services.Terms(plan=plan))
    services.decline(a.pk, grant)
    a.refresh_from_db()
    assert a.status == Campaign.Status.DECLINED
    b = services.invite(lee, grant, services.Terms(plan=plan))
    with pytest.raises(services.CampaignRefused):
        services.cancel(b.pk, grant)
    services.cancel(b.pk, lee)
    b.refresh_from_db()
    assert b.status == Campaign.Status.CANCELLED
    assert not Match.objects.exists()


@pytest.mark.parametrize("scenarios, name, words", [
    (("kernstown", "mcdowell"), "Two", "at least 3"),
    (("kernstown", "mcdowell", "kernstown"), "Twice", "only once"),
    (("kernstown", "mcdowell", "winchester"), "  ", "name"),
])
def test_a_composed_campaign_needs_three_different_scenarios_and_a_name(lee, grant, scenarios, name, words):
    rows = [make_scenario(slug=s) for s in scenarios]
    with pytest.raises(services.CampaignRefused, match=words):
        services.invite(lee, grant, services.Terms(scenarios=tuple(rows), name=name))


def test_a_composed_campaign_keeps_the_chosen_order(lee, grant):
    rows = [make_scenario(slug=s) for s in ("winchester", "kernstown", "mcdowell")]
    c = services.invite(lee, grant, services.Terms(scenarios=tuple(rows), name="Backwards"))
    assert c.plan is None and c.name == "Backwards"
    assert [b.scenario.slug for b in c.battles.all()] == ["winchester", "kernstown", "mcdowell"]


def test_inviting_yourself_or_nobody_is_refused(lee):
    plan = load_plan("jackson-valley-1862")
    with pytest.raises(services.CampaignRefused, match="yourself"):
        services.invite(lee, lee, services.Terms(plan=plan))
    with pytest.raises(services.CampaignRefused, match="member"):
        services.invite(lee, None, services.Terms(plan=plan))


def test_a_battle_is_one_game_and_its_end_starts_the_next_battle_once(lee, grant):
    campaign = start_campaign(lee, grant, side="union")
    first = campaign.battles.get(number=1)
    assert first.match.single_game
    play_out(first.game(), random.Random(1))
    first.refresh_from_db()
    assert first.is_over
    assert Game.objects.filter(match=first.match).count() == 1, "no re-match in a campaign"
    assert first.match.status == Match.Status.FINISHED
    second = campaign.battles.get(number=2)
    assert second.match is not None and second.game().version == 0
    # the same receiver running again (a repeated signal) changes nothing
    services.battle_finished(first.match)
    assert Match.objects.count() == 2
    assert campaign.battles.filter(match__isnull=False).count() == 2


def test_a_whole_campaign_by_random_legal_play(lee, grant):
    """Jackson in the Valley: Jackson's army is at the bottom at Kernstown and Winchester and
    at the top at McDowell; grant keeps it in all three battles."""
    campaign = start_campaign(lee, grant, side="union")
    rng = random.Random(1862)
    seen_positions = set()
    results = []
    for number in (1, 2, 3):
        battle = campaign.battles.get(number=number)
        game = battle.game()
        assert (game.player_of("union"), game.player_of("confederate")) == (lee, grant)
        seen_positions.add(game.state["scenario"]["sides"]["confederate"]["position"])
        if number > 1:
            expected = scoring.dice_before(results)
            assert battle.dice_due == {s: {"flags_last": d.flags_last, "games_won": d.games_won,
                                           "dice": d.dice} for s, d in expected.items()}
        if number > 1:
            rolling = [s for s in ("union", "confederate") if battle.dice_due[s]["dice"]]
            assert game.phase == ("prebattle_roll" if rolling else "play_card")
        play_out(game, rng)
        game.refresh_from_db()
        if number > 1:
            logged = [a.action["type"] for a in game.actions.order_by("index")]
            rolls = [a.events[0] for a in game.actions.order_by("index")
                     if a.action["type"] == "roll_prebattle"]
            order = scoring.roll_order(game.state["scenario"]["first_side"])
            assert [e["side"] for e in rolls] == [s for s in order if s in rolling]
            assert [len(e["rolls"]) for e in rolls] == [battle.dice_due[s]["dice"] for s in order
                                                       if s in rolling]
            first_card = logged.index("play_card")
            assert all(t.startswith(("roll_prebattle", "prebattle_", "general_retreat"))
                       for t in logged[:first_card]), "the dice come before turn 1"
            assert not any(t in ("roll_prebattle", "prebattle_loss", "prebattle_retreat")
                           for t in logged[first_card:])
        results.append(scoring.BattleResult(
            dict(game.outcome["flags"]), game.winner_side or None, dict(game.outcome["casualties"])))
        battle.refresh_from_db()
        assert (battle.union_flags, battle.confederate_flags) == (
            game.outcome["flags"]["union"], game.outcome["flags"]["confederate"])
        campaign.refresh_from_db()
    assert seen_positions == {"top", "bottom"}
    assert Match.objects.count() == 3 and Game.objects.count() == 3
    assert campaign.status == Campaign.Status.FINISHED
    table = services.standings(campaign)
    assert table.flags == {s: sum(r.flags_of(s) for r in results) for s in ("union", "confederate")}
    expected = scoring.standings(results)
    assert campaign.winner == (campaign.player_of(expected.leader) if expected.leader else None)
    assert campaign.decided_by == (expected.decided_by or "draw")


def test_the_campaign_winner_is_recorded_from_the_totals(lee, grant):
    """A campaign whose battles are all decided, by the scoring rules (C1)."""
    campaign = start_campaign(lee, grant, side="confederate")
    for number, flags, winner in ((1, (6, 4), "union"), (2, (3, 6), "confederate"), (3, (2, 6), "confederate")):
        battle = CampaignBattle.objects.get(campaign=campaign, number=number)
        game = battle.game()
        game.outcome = {"winner": winner, "flags": {"union": flags[0], "confederate": flags[1]},
                        "casualties": {"union": 10, "confederate": 12}}
        game.winner_side = winner
        game.save()
        services.battle_finished(battle.match)
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.FINISHED
    assert campaign.winner == lee  # lee kept the Confederates: 16 flags to 11
    assert campaign.decided_by == "flags"
    third = campaign.battles.get(number=3)
    assert services.dice_explained(third) == {
        "union": "3 flags last game + 1 game won = 4 dice",
        "confederate": "6 flags last game + 1 game won = 7 dice"}
