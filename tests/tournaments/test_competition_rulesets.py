"""The rules a competition is played under: chosen by the organiser when the league, the
Swiss tournament or the Annual Games are created (the pages and the API), shown on the
competition's page with a link to their summary, and used by every match it starts."""
from __future__ import annotations

import pytest

from games import services as game_services
from tests.api.helpers import token_client
from tests.play_helpers import make_scenario
from tests.tournaments.annual_helpers import annual_games, battle
from tests.tournaments.helpers import make_club, make_competition, make_players
from tournaments import services
from tournaments.tables import table
from tournaments.models import Competition, Pairing

pytestmark = pytest.mark.django_db

FORM = {"kind": "league", "swiss_rounds": 4, "mode": "web", "scenario_policy": "fixed",
        "deadline_hours": 72, "round_days": 10, "order": "match_points, flags_for"}


def run_round(comp, organiser):
    return services.publish_round(services.draft_round(comp, organiser), organiser)


@pytest.mark.parametrize("chosen, ruleset", [({}, "advanced"), ({"ruleset": "standard"}, "standard")])
def test_a_league_created_on_its_page_plays_every_match_under_the_rules_chosen(
        client, lee, chosen, ruleset):
    players = make_players(4)
    club = make_club(lee, players)
    sc = make_scenario()
    client.force_login(lee)
    form = client.get(f"/leagues/clubs/{club.slug}/new/").content.decode()
    assert 'name="ruleset"' in form and "The standard rules of the base game" in form
    r = client.post(f"/leagues/clubs/{club.slug}/new/",
                    {**FORM, "name": "Summer league", "scenarios": [sc.pk], **chosen})
    assert r.status_code == 303
    comp = Competition.objects.get(name="Summer league")
    assert comp.ruleset == ruleset
    page = client.get(f"/leagues/{comp.pk}/").content.decode()
    assert f'<a href="/rules/{ruleset}/">{ruleset.capitalize()}</a>' in page
    for p in players:
        services.add_player(comp, lee, p)
    rnd = run_round(comp, lee)
    matches = [p.match for p in rnd.pairings.select_related("match")]
    assert len(matches) == 2
    for match in matches:
        assert match.ruleset == ruleset
        game = match.games.get(number=1)
        assert game.ruleset == ruleset and game_services.load_engine(game).ruleset == ruleset
    # the match page links the same rules
    client.force_login(matches[0].challenger)
    assert f'href="/rules/{ruleset}/"' in client.get(matches[0].get_absolute_url()).content.decode()


def test_a_swiss_tournament_with_a_pool_starts_the_chosen_scenario_under_its_rules(lee):
    players = make_players(2)
    club = make_club(lee, players)
    pool = (make_scenario(), make_scenario(slug="shiloh"))
    comp = make_competition(club, lee, players, kind="tournament", swiss_rounds=2, ruleset="standard",
                            scenario_policy="pool", scenarios=pool)
    p = run_round(comp, lee).pairings.get()
    assert p.match is None
    p = services.choose_scenario(p, p.home, pool[1])
    assert p.match.ruleset == "standard" and p.match.scenario == pool[1]


def test_rules_that_cannot_take_the_competitions_options_are_refused_on_the_form(client, lee):
    club = make_club(lee, make_players(2))
    sc = make_scenario()
    client.force_login(lee)
    r = client.post(f"/leagues/clubs/{club.slug}/new/", {
        **FORM, "name": "Night league", "scenarios": [sc.pk], "ruleset": "standard", "nightfall": "on"})
    assert r.status_code == 400 and "The standard rules have no Nightfall" in r.content.decode()
    r = client.post(f"/leagues/clubs/{club.slug}/new/", {
        **FORM, "name": "Odd league", "scenarios": [sc.pk], "ruleset": "chess"})
    assert r.status_code == 400 and "Select a valid choice" in r.content.decode()
    assert not Competition.objects.exists()


def test_the_api_creates_a_competition_under_chosen_rules_and_says_which(lee, grant):
    club = make_club(lee, [grant])
    make_scenario()
    api = token_client(lee)
    body = {"club": club.slug, "name": "API league", "mode": "web", "scenarios": ["bench-field"]}
    created = api.post("/api/v1/competitions/", {**body, "ruleset": "standard"}, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["ruleset"] == "standard"
    comp = Competition.objects.get(pk=created.json()["id"])
    assert api.get(f"/api/v1/competitions/{comp.pk}/").json()["ruleset"] == "standard"
    default = api.post("/api/v1/competitions/", {**body, "name": "Plain league"}, format="json")
    assert default.json()["ruleset"] == "advanced"
    refused = api.post("/api/v1/competitions/", {**body, "name": "Night league", "ruleset": "standard",
                                                 "nightfall": True}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "refused"
    assert "The standard rules have no Nightfall" in refused.json()["message"]
    unknown = api.post("/api/v1/competitions/", {**body, "name": "Odd", "ruleset": "chess"}, format="json")
    assert unknown.status_code == 400
    assert [e["field"] for e in unknown.json()["errors"]] == ["ruleset"]
    services.add_player(comp, lee, lee)
    services.add_player(comp, lee, grant)
    run_round(comp, lee)
    match = Pairing.objects.get(round__competition=comp).match
    assert match.ruleset == "standard"


def test_the_annual_games_take_their_rules_from_the_year_form(client, frozen, lee, grant, meade):
    frozen(2026, 4, 10, 12)                     # Shiloh (6 April) is within its window
    club = make_club(meade, [lee, grant], name="Rappahannock Rifles")
    make_scenario(slug="shiloh")
    client.force_login(meade)
    assert 'name="ruleset"' in client.get(f"/leagues/clubs/{club.slug}/annual/new/").content.decode()
    r = client.post(f"/leagues/clubs/{club.slug}/annual/new/", {
        "year": 2026, "window_days": 7, "time_zone": "UTC", "mode": "both", "deadline_hours": 72,
        "ruleset": "standard"})
    comp = Competition.objects.get(kind=Competition.Kind.ANNUAL)
    assert r.status_code == 303 and comp.ruleset == "standard"
    client.force_login(lee)
    assert '<a href="/rules/standard/">Standard</a>' in client.get(f"/leagues/{comp.pk}/").content.decode()
    client.post(f"/leagues/{comp.pk}/annual/arrange/",
                {"battle": battle("shiloh"), "opponent": "grant", "where": "web"})
    match = Pairing.objects.get(round__competition=comp).match
    assert match.ruleset == "standard"
    game_services.accept(match.pk, grant)
    assert match.games.get(number=1).ruleset == "standard"


def test_an_annual_year_under_rules_without_nightfall_is_refused(frozen, meade, lee):
    frozen(2026, 4, 10, 12)
    club = make_club(meade, [lee])
    with pytest.raises(services.Refused, match="no Nightfall"):
        annual_games(club, meade, ruleset="standard", options={"nightfall": True})
    assert annual_games(club, meade).ruleset == "advanced"


def test_results_at_the_table_count_alike_under_either_rules(lee):
    tables = {}
    for ruleset in ("advanced", "standard"):
        players = make_players(2, prefix=ruleset[:3])
        club = make_club(lee, players, name=f"{ruleset} club")
        comp = make_competition(club, lee, players, mode="table", ruleset=ruleset)
        p = run_round(comp, lee).pairings.get()
        assert p.match is None
        scores = services.GameScores("home", 6, 2, "away", 3, 6, figures_home=4, figures_away=5)
        services.confirm_result(services.report_result(p, p.home, scores), p.away)
        tables[ruleset] = [(ln.player == p.home, ln.standing.played, ln.standing.won, ln.values)
                           for ln in table(comp)]
    assert tables["advanced"] == tables["standard"]
