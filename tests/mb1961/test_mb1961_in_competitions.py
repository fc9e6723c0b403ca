"""A league of the 1961 game: created on its page with the 1961 rules and their options, on
the 1961 map, its round starts every match under them; a Swiss tournament too; an open seek
for the 1961 game, joined from the lobby; the Annual Games stay Battle Cry's battles (their
scenarios are of Battle Cry's format)."""
from __future__ import annotations

import pytest

from games import services as game_services
from tests.tournaments.helpers import make_club, make_players
from tournaments import services
from tournaments.models import Competition

from .pages import load_map

pytestmark = pytest.mark.django_db

FORM = {"kind": "league", "swiss_rounds": 4, "mode": "web", "scenario_policy": "fixed",
        "deadline_hours": 72, "round_days": 10, "order": "match_points, flags_for"}


def test_a_1961_league_plays_its_matches_under_the_1961_rules(client, lee):
    players = make_players(2)
    club = make_club(lee, players)
    sc = load_map()
    client.force_login(lee)
    r = client.post(f"/leagues/clubs/{club.slug}/new/", {**FORM, "name": "Centennial league", "scenarios": [sc.pk],
                                                         "ruleset": "1961", "round_limit": 12})
    assert r.status_code == 303, r.content.decode()[:2000]
    comp = Competition.objects.get(name="Centennial league")
    assert comp.ruleset == "1961" and comp.options == {"round_limit": 12}
    assert "Rounds before the count" in client.get(f"/leagues/{comp.pk}/").content.decode()
    for p in players:
        services.add_player(comp, lee, p)
    rnd = services.publish_round(services.draft_round(comp, lee), lee)
    match = rnd.pairings.get().match
    assert match.ruleset == "1961" and match.options == {"round_limit": 12}
    engine = game_services.load_engine(match.games.get(number=1))
    assert engine.ruleset == "1961" and engine.turn_limit == 12


def test_the_annual_games_offer_only_the_rules_that_play_their_battles(client, lee):
    from tests.tournaments.annual_helpers import annual_games

    club = make_club(lee, make_players(2))
    client.force_login(lee)
    form = client.get(f"/leagues/clubs/{club.slug}/annual/new/").content.decode()
    assert 'value="advanced"' in form and 'value="1961"' not in form
    assert "only the rules that play them are offered" in form
    with pytest.raises(services.Refused, match="anniversaries' battles, which the 1961 rules do not play"):
        annual_games(club, lee, ruleset="1961")


def test_a_1961_tournament_plays_its_rounds_under_the_1961_rules(lee):
    players = make_players(2)
    club = make_club(lee, players)
    comp = services.create_competition(club, lee, services.Terms(
        name="Centennial cup", kind=Competition.Kind.TOURNAMENT, swiss_rounds=2, ruleset="1961",
        scenarios=(load_map(),), options={"capture_lead": 5}))
    for p in players:
        services.add_player(comp, lee, p)
    match = services.publish_round(services.draft_round(comp, lee), lee).pairings.get().match
    assert match.ruleset == "1961" and match.options == {"capture_lead": 5}
    assert game_services.load_engine(match.games.get(number=1)).lead == 5


def test_an_open_seek_for_the_1961_game_is_joined_from_the_lobby_and_played_under_its_rules(client, lee, grant):
    from games.models import Match

    sc = load_map()
    client.force_login(lee)
    r = client.post("/play/seek/", {"s-scenario": sc.pk, "s-ruleset": "1961", "s-side": "union",
                                    "s-deadline_hours": 72, "s-round_limit": 30})
    assert r.status_code in (302, 303), r.content.decode()[:2000]
    seek = Match.objects.get(status=Match.Status.SEEK)
    assert seek.ruleset == "1961" and seek.options == {"round_limit": 30}
    client.force_login(grant)
    lobby = client.get("/play/").content.decode()
    assert sc.name in lobby and f"/play/matches/{seek.pk}/join/" in lobby
    client.post(f"/play/matches/{seek.pk}/join/")
    seek.refresh_from_db()
    assert seek.status == Match.Status.ACTIVE and seek.games.get(number=1).holds(grant, "confederate")
    engine = game_services.load_engine(seek.games.get(number=1))
    assert engine.ruleset == "1961" and engine.turn_limit == 30
