"""Scenario balance (games/balance.py, games/views/balance.py): the club's figures match a
count by hand of the games made here; Archie's self-play runs with their progress; the
lobby's picker shows the balance in brief."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import balance
from games.ai.intervals import mean_interval, wilson
from games.models import BalanceRun
from tests.finished_games import finished_game, resign
from tests.play_helpers import make_scenario, skirmish_data, start_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(lee, grant, meade):
    """On the skirmish: the Union wins three games (twice on a resignation at once, once
    after two turns), the Confederates one; a game in progress and a game against Archie
    do not count."""
    scenario = make_scenario(skirmish_data(slug="balance-skirmish"))
    games = [finished_game(lee, grant, scenario, loser="confederate", turns=0),
             finished_game(grant, meade, scenario, loser="confederate", turns=0),
             finished_game(lee, meade, scenario, loser="confederate", turns=2, seed=4),
             finished_game(meade, lee, scenario, loser="union", turns=0)]
    start_match(lee, grant, scenario)                                # in progress
    from games import services
    solo = services.start_solo(lee, scenario, "recruit")
    resign(solo.games.get(number=1), "union")
    return scenario, games


def test_the_club_figures_are_a_count_of_the_games(played):
    scenario, games = played
    # by hand: the winner's flags minus the loser's, game by game
    margins = [g.outcome["flags"]["union"] - g.outcome["flags"]["confederate"] for g in games]
    assert [g.winner_side for g in games] == ["union", "union", "union", "confederate"]
    figures = balance.club_balance([scenario])[scenario.pk]
    assert figures.games == 4 and figures.draws == 0
    union, confederate = figures.side("union"), figures.side("confederate")
    assert (union.wins, confederate.wins) == (3, 1)
    assert union.win_rate == wilson(3, 4) and union.win_rate.value == 0.75
    assert confederate.win_rate.value == 0.25
    assert union.margin == mean_interval(margins)
    assert confederate.margin.value == -union.margin.value


def test_the_table_and_the_scenarios_page_show_them(client, played):
    scenario, _ = played
    other = make_scenario(slug="shiloh")
    table = client.get(reverse("balance_table")).content.decode()
    row = table[table.index(reverse("scenario_balance", args=[scenario.slug])):]
    row = row[:row.index("</tr>")]
    assert "<td>4</td>" in row
    assert "75% <small>(30–95)</small>" in row and "25% <small>(5–70)</small>" in row
    # most played first; by name on asking
    assert table.index(scenario.slug) < table.index(other.slug)
    by_name = client.get(reverse("balance_table") + "?sort=name", HTTP_HX_REQUEST="true").content.decode()
    assert by_name.index("Balance skirmish") < by_name.index("Shiloh") and "<html" not in by_name
    confederate_first = client.get(reverse("balance_table") + "?sort=confederate").content.decode()
    assert confederate_first.index(scenario.slug, confederate_first.index("<tbody>")) < \
        confederate_first.index(other.slug, confederate_first.index("<tbody>"))
    page = client.get(reverse("scenario_balance", args=[scenario.slug])).content.decode()
    assert "4 finished games between members" in page
    assert "75% <small>(30–95)</small>" in page


def test_the_lobby_picker_shows_the_balance_in_brief(client, lee, played):
    scenario, _ = played
    client.force_login(lee)
    html = client.get("/play/").content.decode()
    assert len(re.findall(rf'<option value="{scenario.pk}"[^>]*>Balance skirmish '
                          r'\(club: Union 75%, Confederate 25% of 4\)</option>', html)) == 3


def test_a_member_runs_archies_games_and_sees_them(client, lee, django_capture_on_commit_callbacks):
    scenario = make_scenario(skirmish_data(slug="selfplay-skirmish"))
    url = reverse("scenario_balance", args=[scenario.slug])
    assert "Log in" in client.get(url).content.decode()
    assert client.post(reverse("start_balance_run", args=[scenario.slug])).status_code == 302
    assert not BalanceRun.objects.exists()
    client.force_login(lee)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("start_balance_run", args=[scenario.slug]),
                    {"games": 2, "level": "recruit", "ruleset": scenario.preview_ruleset()})
    run = BalanceRun.objects.get()
    assert run.status == "done" and run.done == 2 and run.result["games"] == 2
    assert run.is_current()
    page = client.get(url).content.decode()
    assert "2 games, Recruit on both sides" in page
    assert "older version" not in page
    wins = {s["side"]: s["wins"] for s in run.result["sides"]}
    assert sum(wins.values()) + run.result["draws"] == 2

    # the map changes: the run stays, marked as measured on the older version
    scenario.data = {**scenario.data, "terrain": []}
    scenario.save()
    assert "Measured on an older version of this map." in client.get(url).content.decode()
    table = client.get(reverse("balance_table")).content.decode()
    assert "(older map)" in table


def test_a_runs_progress_is_polled_and_a_second_run_waits(client, lee):
    scenario = make_scenario(skirmish_data(slug="selfplay-skirmish"))
    run = BalanceRun.objects.create(scenario=scenario, level="recruit", games=20, seed=1,
                                    data_hash="0" * 64, status="running", done=5)
    url = reverse("scenario_balance", args=[scenario.slug])
    part = client.get(f"{url}?run={run.pk}", HTTP_HX_REQUEST="true").content.decode()
    assert "game 5 of 20" in part and '<progress max="100" value="25">' in part
    assert 'hx-trigger="every 2s"' in part and "<html" not in part
    client.force_login(lee)
    response = client.post(reverse("start_balance_run", args=[scenario.slug]),
                           {"games": 2, "level": "recruit", "ruleset": scenario.preview_ruleset()},
                           follow=True)
    assert "already going" in response.content.decode()
    assert BalanceRun.objects.count() == 1
