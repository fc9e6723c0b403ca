"""Epic campaigns (rulings C8, E12): a campaign file may say it is Epic; its battles are Epic
games between two teams, each a Commanding General (the member keeping the army) and the
Major-Generals named when it is set up; only the Commanding Generals roll and choose the
pre-battle dice, and the flags and wins carry over as in a two-player campaign."""
from __future__ import annotations

import json
import random

import pytest
from django.core.management import call_command

from campaigns import scoring, services
from campaigns.files import CAMPAIGN_DIR, campaign_errors
from campaigns.models import Campaign, CampaignPlan
from games.models import Match
from tests.campaigns.helpers import play_out
from tests.campaigns.test_campaign_files import shipped_scenarios
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def epic_plan(tmp_path):
    for slug in ("kernstown", "mcdowell", "winchester"):
        make_scenario(slug=slug)
    data = json.loads((CAMPAIGN_DIR / "jackson-valley-1862.json").read_text())
    data.update(slug="valley-epic", name="The Valley, Epic", epic=True)
    (tmp_path / "valley-epic.json").write_text(json.dumps(data))
    call_command("load_campaigns", str(tmp_path), verbosity=0)
    return CampaignPlan.objects.get(slug="valley-epic")


@pytest.fixture
def hooker(django_user_model):
    return django_user_model.objects.create_user("hooker", email="hooker@example.org", password="x")


@pytest.fixture
def hood(django_user_model):
    return django_user_model.objects.create_user("hood", email="hood@example.org", password="x")


def epic_campaign(plan, lee, grant, meade, hooker, hood):
    """lee commands the Union with meade and hooker, grant the Confederates with hood."""
    campaign = services.invite(lee, grant, services.Terms(
        plan=plan, side="union", teams={"union": [meade, hooker], "confederate": [hood]}))
    for member in (meade, hooker, hood):
        services.accept_place(campaign.pk, member)
    services.accept(campaign.pk, grant)
    campaign.refresh_from_db()
    return campaign


def holders(game) -> dict:
    return {s.name: s.player.get_username() for s in game.seat_rows()}


def test_the_file_format_knows_epic_and_one_shipped_file_is_epic():
    data = json.loads((CAMPAIGN_DIR / "jackson-valley-1862.json").read_text())
    assert campaign_errors(dict(data, epic=True), shipped_scenarios()) == []
    assert any("epic" in p for p in campaign_errors(dict(data, epic="yes"), shipped_scenarios()))
    call_command("load_scenarios", verbosity=0)
    call_command("load_campaigns", verbosity=0)
    assert [p.slug for p in CampaignPlan.objects.all() if p.epic] == ["gettysburg-1863-epic"]


def test_a_club_starts_the_shipped_epic_campaign_with_two_teams_of_four(django_user_model, lee, grant,
                                                                        tmp_path):
    for slug in ("gettysburg-devils-den", "gettysburg-picketts-charge", "chickamauga"):
        make_scenario(slug=slug)
    (tmp_path / "gettysburg-1863-epic.json").write_text((CAMPAIGN_DIR / "gettysburg-1863-epic.json").read_text())
    call_command("load_campaigns", str(tmp_path), verbosity=0)
    plan = CampaignPlan.objects.get(slug="gettysburg-1863-epic")
    make = django_user_model.objects.create_user
    union = [make(f"u{n}", password="x") for n in range(3)]
    rebels = [make(f"c{n}", password="x") for n in range(3)]
    campaign = services.invite(lee, grant, services.Terms(
        plan=plan, side="union", teams={"union": union, "confederate": rebels}))
    services.accept(campaign.pk, grant)
    for member in union + rebels:
        services.accept_place(campaign.pk, member)
    campaign.refresh_from_db()
    assert campaign.epic and campaign.status == Campaign.Status.ACTIVE
    game = campaign.battles.get(number=1).game()
    # every general figure of the first battle has a member of its own
    assert holders(game) == {
        "union-commander": "lee", "union-major-1": "u0", "union-major-2": "u1", "union-major-3": "u2",
        "confederate-commander": "grant", "confederate-major-1": "c0", "confederate-major-2": "c1",
        "confederate-major-3": "c2"}


def test_an_epic_campaign_is_fought_by_teams_and_only_the_commanding_generals_roll(
        epic_plan, lee, grant, meade, hooker, hood):
    campaign = epic_campaign(epic_plan, lee, grant, meade, hooker, hood)
    assert campaign.epic and campaign.status == Campaign.Status.ACTIVE
    assert campaign.team("union") == [lee, meade, hooker] and campaign.team("confederate") == [grant, hood]
    # Kernstown: two Union figures, three Confederate ones; hood holds every Confederate
    # Major-General seat, as the only one his team has
    first = campaign.battles.get(number=1)
    game = first.game()
    assert first.match.team and first.match.single_game
    assert holders(game) == {
        "union-commander": "lee", "union-major-1": "meade", "union-major-2": "hooker",
        "confederate-commander": "grant", "confederate-major-1": "hood",
        "confederate-major-2": "hood", "confederate-major-3": "hood"}
    assert game.phase == "assign_command" and game.seat_named(game.deciding).role == "Commanding General"
    # battle 1 won by the Union, 4 flags to 2 (its play is the engine's Epic games' business)
    game.outcome = {"winner": "union", "flags": {"union": 4, "confederate": 2},
                    "casualties": {"union": 9, "confederate": 5}}
    game.winner_side = "union"
    game.save()
    services.battle_finished(first.match)
    first.refresh_from_db()
    assert first.is_over and (first.union_flags, first.confederate_flags) == (4, 2)
    assert Match.objects.count() == 2
    results = services.history(campaign)

    # McDowell: one Union figure (meade's seat; hooker sits this battle out), two Confederate
    second = campaign.battles.get(number=2)
    game = second.game()
    assert holders(game) == {"union-commander": "lee", "union-major-1": "meade",
                             "confederate-commander": "grant", "confederate-major-1": "hood",
                             "confederate-major-2": "hood"}
    # the carry-over: the dice due come from battle 1's flags and win
    due = scoring.dice_before(results)
    assert services.dice_explained(second) == {
        "union": "4 flags last game + 1 game won = 5 dice",
        "confederate": "2 flags last game + 0 games won = 2 dice"}
    assert second.dice_due == {s: {"flags_last": d.flags_last, "games_won": d.games_won,
                                   "dice": d.dice} for s, d in due.items()}
    deciders = []
    game.refresh_from_db()
    while game.phase.startswith("prebattle"):
        deciders.append((game.deciding, game.deciding_player.get_username()))
        play_out_one(game)
    rolling = [s for s in ("union", "confederate") if due[s].dice]
    assert rolling and deciders, "the pre-battle dice are rolled before the deal"
    assert {seat for seat, _ in deciders} <= {"union-commander", "confederate-commander"}
    assert {member for _, member in deciders} <= {"lee", "grant"}
    rolls = [a.events[0] for a in game.actions.order_by("index")
             if a.action["type"] == "roll_prebattle"]
    assert {e["side"]: len(e["rolls"]) for e in rolls} == {s: due[s].dice for s in rolling}
    assert {a.actor.get_username() for a in game.actions.all()
            if a.action["type"].startswith(("roll_prebattle", "prebattle_"))} <= {"lee", "grant"}
    play_out(game, random.Random(32))
    second.refresh_from_db()
    campaign.refresh_from_db()
    # battle 3 starts with the dice the first two battles earned; the totals add up
    third = campaign.battles.get(number=3)
    assert third.match is not None and campaign.status == Campaign.Status.ACTIVE
    results = services.history(campaign)
    assert services.standings(campaign).flags == {
        s: sum(r.flags_of(s) for r in results) for s in ("union", "confederate")}
    assert third.dice_due["union"]["dice"] == scoring.dice_before(results)["union"].dice


def play_out_one(game):
    """One legal action by the member deciding (the pre-battle steps), through the services."""
    from games import services as game_services

    choices = game_services.load_engine(game).legal_actions()
    game_services.act(game.pk, game.deciding_player, random.Random(game.version).choice(choices),
                      game.version)
    game.refresh_from_db()


def test_an_epic_campaign_is_refused_against_archie_and_without_teams_when_not_epic(
        epic_plan, lee, grant, meade):
    with pytest.raises(services.CampaignRefused, match="fought by two teams of members"):
        services.start_versus_archie(lee, services.Terms(plan=epic_plan), "recruit")
    plain = CampaignPlan.objects.exclude(pk=epic_plan.pk).first() or _plain_plan()
    with pytest.raises(services.CampaignRefused, match="Only an Epic campaign is fought by teams"):
        services.invite(lee, grant, services.Terms(plan=plain, teams={"union": [meade]}))
    with pytest.raises(services.CampaignRefused, match="Commanding Generals are the two of you"):
        services.invite(lee, grant, services.Terms(plan=epic_plan, teams={"union": [grant]}))
    with pytest.raises(services.CampaignRefused, match="Each member plays in one team"):
        services.invite(lee, grant, services.Terms(plan=epic_plan, teams={
            "union": [meade], "confederate": [meade]}))
    from games import services as game_services
    with pytest.raises(services.CampaignRefused, match="Only members of the club"):
        services.invite(lee, grant, services.Terms(plan=epic_plan, teams={
            "union": [game_services.archie_user()]}))
    assert not Campaign.objects.exists() and not Match.objects.exists()


def _plain_plan():
    from tests.campaigns.helpers import load_plan

    return load_plan("jackson-valley-1862")


def test_the_pages_start_an_epic_campaign_with_its_teams(client, epic_plan, lee, grant, meade, hood):
    listing = client.get("/campaigns/").content.decode()
    assert "The Valley, Epic" in listing and f"?plan={epic_plan.slug}" in listing
    client.force_login(lee)
    r = client.post("/campaigns/new/", {"plan": epic_plan.pk, "side": "union", "deadline_hours": 72,
                                        "opponent": "grant", "ruleset": "advanced",
                                        "union_team": "meade", "confederate_team": "nobody"})
    assert r.status_code == 400 and "No member is called nobody" in r.content.decode()
    r = client.post("/campaigns/new/", {"plan": epic_plan.pk, "side": "union", "deadline_hours": 72,
                                        "opponent": "grant", "ruleset": "advanced",
                                        "union_team": "meade", "confederate_team": "hood"})
    assert r.status_code == 303
    campaign = Campaign.objects.get()
    client.force_login(grant)
    client.post(f"/campaigns/{campaign.pk}/accept/")
    page = client.get(f"/campaigns/{campaign.pk}/").content.decode()
    # the Major-Generals named answer for their places themselves before the first battle
    assert "not answered yet: hood, meade" in page and not campaign.battles.get(number=1).match_id
    client.force_login(meade)
    assert "Take my place" in client.get(f"/campaigns/{campaign.pk}/").content.decode()
    client.post(f"/campaigns/{campaign.pk}/place/accept/")
    client.force_login(hood)
    client.post(f"/campaigns/{campaign.pk}/place/accept/")
    client.force_login(meade)
    page = client.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Take my place" not in page and "not answered yet" not in page
    assert "lee (Commanding General); Major-Generals, in seat order: meade" in page
    assert "grant (Commanding General); Major-Generals, in seat order: hood" in page
    assert "keep the Union army" in page
    game = campaign.battles.get(number=1).game()
    assert game.get_absolute_url() in page
    assert list(client.get("/campaigns/").context["mine"]) == [campaign]   # a Major-General's list


def test_a_major_general_who_leaves_the_club_leaves_his_seats_and_his_team(
        epic_plan, lee, grant, meade, hooker, hood):
    campaign = epic_campaign(epic_plan, lee, grant, meade, hooker, hood)
    first = campaign.battles.get(number=1)
    hood.delete()
    game = first.game()
    vacant = sorted(s.name for s in game.seat_rows() if s.is_vacant)
    assert vacant == ["confederate-major-1", "confederate-major-2", "confederate-major-3"]
    game.outcome = {"winner": "confederate", "flags": {"union": 1, "confederate": 5},
                    "casualties": {"union": 3, "confederate": 8}}
    game.winner_side = "confederate"
    game.save()
    services.battle_finished(first.match)
    campaign.refresh_from_db()
    assert campaign.team("confederate") == [grant]
    # with no Major-General left, the Confederate Commanding General holds their seats
    assert holders(campaign.battles.get(number=2).game()) == {
        "union-commander": "lee", "union-major-1": "meade",
        "confederate-commander": "grant", "confederate-major-1": "grant",
        "confederate-major-2": "grant"}


def test_the_api_starts_an_epic_campaign_with_its_teams(epic_plan, lee, grant, meade, hood):
    from tests.api.helpers import assert_conforms, token_client

    api = token_client(lee)
    r = api.post("/api/v1/campaigns/invitations/", {
        "plan": epic_plan.slug, "side": "confederate", "opponent": "grant",
        "union_team": ["hood"], "confederate_team": ["meade"]}, format="json")
    assert r.status_code == 201, r.content
    campaign = Campaign.objects.get()
    assert campaign.epic and campaign.team("confederate") == [lee, meade]
    services.accept(campaign.pk, grant)
    r = token_client(meade).get(f"/api/v1/campaigns/{campaign.pk}/")
    body = r.json()
    assert_conforms(body, "CampaignDetail")
    assert body["your_side"] == "confederate"
    assert [m["username"] for m in body["major_generals"]["union"]] == ["hood"]
    assert [m["username"] for m in body["major_generals"]["confederate"]] == ["meade"]
    # each Major-General answers for his place; the last answer starts the first battle
    assert token_client(grant).post(f"/api/v1/campaigns/{campaign.pk}/place/accept/").status_code == 403
    r = token_client(meade).post(f"/api/v1/campaigns/{campaign.pk}/place/accept/")
    assert r.status_code == 200 and r.json()["status"] == "challenge"
    r = token_client(hood).post(f"/api/v1/campaigns/{campaign.pk}/place/decline/")
    assert r.status_code == 200 and r.json()["status"] == "active"
    assert token_client(hood).post(f"/api/v1/campaigns/{campaign.pk}/place/accept/").status_code in (404, 409)
    # the Confederate command changes hands, offered by lee and taken by meade
    r = token_client(lee).post(f"/api/v1/campaigns/{campaign.pk}/command/offer/", {"successor": "meade"},
                               format="json")
    assert r.status_code == 200, r.json()
    r = token_client(meade).post(f"/api/v1/campaigns/{campaign.pk}/command/take/")
    assert r.status_code == 200, r.json()
    campaign.refresh_from_db()
    assert campaign.team("confederate") == [meade, lee]


def test_on_the_game_page_only_the_commanding_general_rolls_the_pre_battle_dice(
        client, epic_plan, lee, grant, meade, hooker, hood):
    campaign = epic_campaign(epic_plan, lee, grant, meade, hooker, hood)
    first = campaign.battles.get(number=1)
    game = first.game()
    game.outcome = {"winner": "union", "flags": {"union": 4, "confederate": 2},
                    "casualties": {"union": 9, "confederate": 5}}
    game.winner_side = "union"
    game.save()
    services.battle_finished(first.match)
    battle = campaign.battles.get(number=2).game()
    assert (battle.phase, battle.deciding) == ("prebattle_roll", "union-commander")  # McDowell: Union first
    roll = {"action": json.dumps({"type": "roll_prebattle"}), "version": battle.version}
    client.force_login(meade)                       # a Major-General of the rolling side
    assert "Before the battle: roll your campaign dice" not in client.get(
        f"/play/games/{battle.pk}/").content.decode()
    client.post(f"/play/games/{battle.pk}/act/", roll)
    battle.refresh_from_db()
    assert battle.version == 0, "a Major-General cannot roll the pre-battle dice"
    client.force_login(lee)                         # the Union's Commanding General
    assert "Before the battle: roll your campaign dice" in client.get(
        f"/play/games/{battle.pk}/").content.decode()
    client.post(f"/play/games/{battle.pk}/act/", roll)
    battle.refresh_from_db()
    rolled = battle.actions.get(index=1)
    assert rolled.action["type"] == "roll_prebattle" and rolled.actor == lee
    assert len(rolled.events[0]["rolls"]) == 5       # 4 flags + 1 battle won


def test_a_commanding_general_who_leaves_hands_the_command_to_his_first_major_general(
        epic_plan, lee, grant, meade, hooker, hood, django_user_model):
    campaign = epic_campaign(epic_plan, lee, grant, meade, hooker, hood)
    first = campaign.battles.get(number=1)
    lee.delete()
    campaign.refresh_from_db()
    assert campaign.team("union") == [meade, hooker]
    assert "union-commander" in [s.name for s in first.game().seat_rows() if s.is_vacant]
    game = first.game()
    game.outcome = {"winner": "union", "flags": {"union": 4, "confederate": 2},
                    "casualties": {"union": 9, "confederate": 5}}
    game.winner_side = "union"
    game.save()
    services.battle_finished(first.match)
    assert holders(campaign.battles.get(number=2).game())["union-commander"] == "meade"
    # a two-player campaign still goes with a member who leaves
    plain = services.invite(grant, hood, services.Terms(plan=_plain_plan()))
    hood.delete()
    assert not Campaign.objects.filter(pk=plain.pk).exists()


def test_major_generals_take_or_decline_their_places_before_the_first_battle(
        epic_plan, lee, grant, meade, hooker, hood):
    campaign = services.invite(lee, grant, services.Terms(
        plan=epic_plan, side="union", teams={"union": [meade, hooker], "confederate": [hood]}))
    with pytest.raises(services.NotCampaignPlayer):
        services.accept_place(campaign.pk, grant)            # he answers for the whole invitation
    services.accept_place(campaign.pk, meade)
    with pytest.raises(services.CampaignRefused, match="answered already"):
        services.decline_place(campaign.pk, meade)
    services.accept(campaign.pk, grant)
    campaign.refresh_from_db()
    # accepted by the other Commanding General, but two places are still unanswered
    assert campaign.status == Campaign.Status.CHALLENGE and services.waiting_for(campaign) == [hood, hooker]
    services.decline_place(campaign.pk, hooker)
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.CHALLENGE
    services.accept_place(campaign.pk, hood)                 # the last answer starts battle 1
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.ACTIVE
    # hooker declined: he is in no team, and meade holds both Union Major-General seats
    assert campaign.team("union") == [lee, meade] and not campaign.is_player(hooker)
    assert holders(campaign.battles.get(number=1).game()) == {
        "union-commander": "lee", "union-major-1": "meade", "union-major-2": "meade",
        "confederate-commander": "grant", "confederate-major-1": "hood",
        "confederate-major-2": "hood", "confederate-major-3": "hood"}


def test_the_command_changes_hands_between_battles_when_the_successor_takes_it(
        client, epic_plan, lee, grant, meade, hooker, hood):
    campaign = epic_campaign(epic_plan, lee, grant, meade, hooker, hood)
    first = campaign.battles.get(number=1)
    with pytest.raises(services.NotCampaignPlayer):
        services.offer_command(campaign.pk, meade, hooker)     # only the Commanding General offers
    with pytest.raises(services.CampaignRefused, match="your own team"):
        services.offer_command(campaign.pk, lee, hood)
    client.force_login(lee)
    assert "Offer the command" in client.get(f"/campaigns/{campaign.pk}/").content.decode()
    client.post(f"/campaigns/{campaign.pk}/command/offer/", {"successor": "hooker"})
    with pytest.raises(services.CampaignRefused, match="not offered to you"):
        services.take_command(campaign.pk, meade)
    client.force_login(hooker)
    assert "Take the command" in client.get(f"/campaigns/{campaign.pk}/").content.decode()
    client.post(f"/campaigns/{campaign.pk}/command/take/")
    campaign.refresh_from_db()
    assert campaign.team("union") == [hooker, meade, lee]
    # the battle being played keeps its seats; the next is commanded by hooker, who rolls
    assert holders(first.game())["union-commander"] == "lee"
    game = first.game()
    game.outcome = {"winner": "confederate", "flags": {"union": 2, "confederate": 5},
                    "casualties": {"union": 8, "confederate": 3}}
    game.winner_side = "confederate"
    game.save()
    services.battle_finished(first.match)
    second = campaign.battles.get(number=2).game()
    assert holders(second)["union-commander"] == "hooker"
    assert holders(second)["union-major-1"] == "meade"
    # the pre-battle dice and the command are settled by the Commanding Generals: hooker's
    # page offers him the Union's, lee's offers nothing
    assert second.deciding.endswith("-commander")
    if second.deciding == "union-commander":
        assert second.holds(hooker, second.deciding) and not second.holds(lee, second.deciding)
