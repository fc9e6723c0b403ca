"""The organiser's form for a new competition: the fields of each kind grouped with a hint
(hidden by a script for the other kind), and the standings order chosen from lists in words."""
from __future__ import annotations

import re

import pytest

from tests.play_helpers import make_scenario
from tests.tournaments.helpers import make_club
from tournaments.models import Competition

pytestmark = pytest.mark.django_db


def group(html: str, kind: str) -> str:
    return re.search(r'<fieldset class="kind-fields" data-kind="%s">.*?</fieldset>' % kind, html, re.S).group(0)


def test_fields_of_each_kind_are_grouped_with_a_hint(client, lee):
    club = make_club(lee)
    client.force_login(lee)
    html = client.get(f"/leagues/clubs/{club.slug}/new/").content.decode()
    league, tournament = group(html, "league"), group(html, "tournament")
    assert 'name="double_round_robin"' in league and "League only" in league
    assert 'name="swiss_rounds"' in tournament and 'name="knockout_size"' in tournament
    assert 'name="swiss_rounds"' not in league and 'name="double_round_robin"' not in tournament
    assert "leave it for a tournament" in league and "leave them for a league" in tournament
    assert '<script src="/static/js/competition_form.js" defer></script>' in html


def test_the_standings_order_is_chosen_in_words(client, lee):
    club = make_club(lee)
    client.force_login(lee)
    html = client.get(f"/leagues/clubs/{club.slug}/new/").content.decode()
    assert 'name="order"' not in html                     # no list of keys to type
    order = re.search(r'<fieldset class="standings-order">.*?</fieldset>', html, re.S).group(0)
    assert "Standings: ranked first by" in order and "then by" in order
    assert "Games won: games won over all matches (a bye counts 2)</option>" in order
    first = re.search(r'<select name="order_1".*?</select>', order, re.S).group(0)
    assert '<option value="games_won" selected>' in first           # the club default first


def test_a_competition_is_created_with_the_order_chosen(client, lee):
    club = make_club(lee)
    sc = make_scenario()
    client.force_login(lee)
    form = {"name": "Autumn league", "kind": "league", "swiss_rounds": 4, "mode": "table",
            "scenario_policy": "fixed", "scenarios": [sc.pk], "deadline_hours": 72, "round_days": 10,
            "order_1": "match_points", "order_2": "buchholz", "order_3": "", "order_4": ""}
    assert client.post(f"/leagues/clubs/{club.slug}/new/", form).status_code == 303
    assert Competition.objects.get(name="Autumn league").order == ["match_points", "buchholz"]
    twice = dict(form, name="Twice", order_2="match_points")
    r = client.post(f"/leagues/clubs/{club.slug}/new/", twice)
    assert r.status_code == 400 and "Choose each standings measure once." in r.content.decode()
