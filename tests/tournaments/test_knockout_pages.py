"""The knockout on the pages: the console pairs and publishes it, the competition page and
its HTMX partial show the bracket (never a draft), the pairing page names the stage, and
only organisers can change the knockout."""
from __future__ import annotations

import pytest

from tests.tournaments.helpers import make_club, make_competition, make_players
from tournaments import services, tables
from tournaments.models import Competition, Round

pytestmark = pytest.mark.django_db
S = services.GameScores


@pytest.fixture
def swiss_done(lee):
    """Four players, one Swiss round played, a knockout of the top four to come."""
    players = make_players(4)
    club = make_club(lee, players)
    comp = make_competition(club, lee, players, kind="tournament", swiss_rounds=1,
                            knockout_size=4, mode="table", name="Cup")
    rnd = services.publish_round(services.draft_round(comp, lee, seed=3), lee)
    for p in rnd.pairings.all():
        services.set_result(p, lee, S("home", 6, 1, "home", 6, 2))
    return comp, players


def test_the_organiser_pairs_and_publishes_the_knockout_from_the_console(client, swiss_done, lee):
    comp, players = swiss_done
    seeds = [line.player for line in tables.table(comp)]
    client.force_login(lee)
    console = client.get(f"/leagues/{comp.pk}/console/").content.decode()
    assert "Pair the knockout&#x27;s next round" in console or "Pair the knockout's next round" in console
    assert client.post(f"/leagues/{comp.pk}/console/pair/").status_code == 303
    console = client.get(f"/leagues/{comp.pk}/console/").content.decode()
    assert "the knockout&#x27;s semi-finals" in console or "the knockout's semi-finals" in console
    assert f"(1) {seeds[0].username}" in console and f"(4) {seeds[3].username}" in console
    assert "Draw again" not in console

    # a player sees no draft on the competition page
    client.force_login(players[0])
    page = client.get(f"/leagues/{comp.pk}/").content.decode()
    assert "Semi-finals" not in page and "top 4 of the standings play" in page

    client.force_login(lee)
    assert client.post(f"/leagues/{comp.pk}/console/publish/").status_code == 303
    assert comp.rounds.get(bracket_size=4).status == Round.Status.PUBLISHED

    client.force_login(players[0])
    page = client.get(f"/leagues/{comp.pk}/").content.decode()
    assert 'id="bracket"' in page and "Semi-finals" in page and "Final" in page
    part = client.get(f"/leagues/{comp.pk}/?part=bracket", HTTP_HX_REQUEST="true").content.decode()
    assert part.lstrip().startswith('<section id="bracket"') and "<html" not in part
    assert "Standings" not in part and seeds[0].username in part

    # the semi-finals' results are in: the final column shows who went through
    for p in comp.rounds.get(bracket_size=4).pairings.all():
        services.set_result(p, lee, S("away", 5, 6, "home", 6, 2))  # one each, home ahead on flags
    part = client.get(f"/leagues/{comp.pk}/?part=bracket", HTTP_HX_REQUEST="true").content.decode()
    final = part[part.index("<h3>Final"):]
    assert seeds[0].username in final and seeds[1].username in final
    assert "not published yet" in final

    semi = comp.rounds.get(bracket_size=4).pairings.first()
    assert "semi-finals" in client.get(f"/leagues/pairings/{semi.pk}/").content.decode()


def test_only_organisers_change_the_knockout(client, swiss_done, lee):
    comp, players = swiss_done
    client.force_login(players[0])
    assert client.post(f"/leagues/{comp.pk}/console/knockout/", {"knockout_size": 2}).status_code == 404
    assert client.post(f"/leagues/{comp.pk}/console/pair/").status_code == 404
    comp.refresh_from_db()
    assert comp.knockout_size == 4 and not comp.rounds.filter(bracket_size__gt=0).exists()
    client.force_login(lee)
    assert client.post(f"/leagues/{comp.pk}/console/knockout/", {"knockout_size": 2}).status_code == 303
    comp.refresh_from_db()
    assert comp.knockout_size == 2


def test_a_competition_is_created_with_a_knockout(client, lee):
    from tests.play_helpers import make_scenario
    players = make_players(2)
    club = make_club(lee, players, name="Form Club")
    scenario = make_scenario()
    client.force_login(lee)
    data = {"name": "Spring Cup", "kind": "tournament", "swiss_rounds": 3, "knockout_size": 8,
            "mode": "table", "scenario_policy": "fixed", "scenarios": [scenario.pk],
            "deadline_hours": 72, "round_days": 14, "order": "games_won,flags_for"}
    assert client.post(f"/leagues/clubs/{club.slug}/new/", data).status_code == 303
    comp = Competition.objects.get(name="Spring Cup")
    assert comp.knockout_size == 8 and comp.has_knockout
    data.update(name="Spring League", kind="league")
    response = client.post(f"/leagues/clubs/{club.slug}/new/", data)
    assert response.status_code == 400 and "Only a Swiss tournament" in response.content.decode()
