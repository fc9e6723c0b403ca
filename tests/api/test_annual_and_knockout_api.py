"""The Annual Games through the API: a year's standings and grid read as the page shows
them, a match at the table arranged, reported and confirmed, and the refusals a member
meets on the page (not a player, an outsider, a league that is not an Annual Games); and
a tournament's knockout rounds named and seeded as the bracket shows them."""
from __future__ import annotations

import datetime as dt

import pytest

from tests.api.helpers import anonymous, assert_conforms, token_client
from tests.tournaments.annual_helpers import annual_games, battle, table_result
from tests.tournaments.helpers import make_club, make_competition
from tournaments import annual_tables, clock, services

pytestmark = pytest.mark.django_db


@pytest.fixture
def year(monkeypatch, lee, grant, meade):
    moment = dt.datetime(2026, 12, 1, 12, tzinfo=dt.timezone.utc)
    monkeypatch.setattr(clock, "now", lambda: moment)
    club = make_club(meade, [lee, grant])
    comp = annual_games(club, meade)
    table_result(comp, lee, grant, "shiloh", dt.date(2026, 4, 6), ("home", 6, 3), ("away", 4, 6),
                 figures=(10, 9))
    return comp


def test_the_year_reads_as_the_page_shows_it(year, lee):
    r = token_client(lee, "read").get(f"/api/v1/competitions/{year.pk}/annual/")
    assert r.status_code == 200, r.content
    body = r.json()
    assert_conforms(body, "AnnualGamesYear")
    page = annual_tables.year_table(year)
    assert [(ln["username"], ln["rank"], ln["points"], ln["flags"]) for ln in body["lines"]] == [
        (row.username, row.standing.rank, row.standing.points, row.standing.flags) for row in page.rows]
    lee_line = next(ln for ln in body["lines"] if ln["username"] == "lee")
    shiloh = lee_line["squares"][battle("shiloh") - 1]
    assert shiloh["state"] == "counted" and (shiloh["points"], shiloh["flags"]) == (1, 10)
    assert len(lee_line["squares"]) == 31 and body["year"] == 2026 and body["window_days"] == 7


def test_a_player_arranges_a_table_match_and_its_result_counts_once_confirmed(year, lee, grant):
    r = token_client(lee).post(f"/api/v1/competitions/{year.pk}/annual/matches/",
                               {"battle": battle("perryville"), "opponent": "grant", "where": "table",
                                "played_on": "2026-10-08"}, format="json")
    assert r.status_code == 201, r.content
    pairing = r.json()["id"]
    scores = {"game1_winner": "home", "game1_flags_home": 6, "game1_flags_away": 1,
              "game2_winner": "home", "game2_flags_home": 6, "game2_flags_away": 2}
    assert token_client(lee).post(f"/api/v1/pairings/{pairing}/report/", scores, format="json").status_code == 200
    assert token_client(grant).post(f"/api/v1/pairings/{pairing}/confirm/", {}, format="json").status_code == 200
    lines = token_client(grant, "read").get(f"/api/v1/competitions/{year.pk}/annual/").json()["lines"]
    lee_line = next(ln for ln in lines if ln["username"] == "lee")
    assert lee_line["squares"][battle("perryville") - 1]["points"] == 2 and lee_line["points"] == 3


def test_refusals_match_the_page(year, lee, grant, meade, django_user_model):
    url = f"/api/v1/competitions/{year.pk}/annual/matches/"
    body = {"battle": battle("antietam"), "opponent": "grant", "where": "table"}
    outsider = django_user_model.objects.create_user("pope", email="pope@example.org", password="x")
    assert token_client(outsider).post(url, body, format="json").status_code in (403, 404)
    assert anonymous().post(url, body, format="json").status_code in (401, 403)
    assert token_client(lee, "read").post(url, body, format="json").status_code == 403
    assert token_client(lee).post(url, {**body, "opponent": "lee"}, format="json").status_code == 409
    assert token_client(lee).post(url, {**body, "battle": 32}, format="json").status_code == 400
    assert token_client(lee).post(url, {**body, "played_on": "2027-02-30"}, format="json").status_code == 400


def test_a_league_is_not_an_annual_games(lee, grant, meade):
    club = make_club(meade, [lee, grant])
    comp = make_competition(club, meade, [lee, grant])
    r = token_client(lee, "read").get(f"/api/v1/competitions/{comp.pk}/annual/")
    assert r.status_code == 404 and r.json()["code"] == "not_found"


def test_a_knockout_round_reads_as_the_bracket_names_it(lee):
    """The semi-finals of a tournament's knockout: the round's name, its bracket size and
    each match's two seeds, as the bracket on the competition page shows them."""
    from tests.tournaments.helpers import make_players
    players = make_players(6)
    club = make_club(lee, players)
    comp = make_competition(club, lee, players, name="Summer Swiss", kind="tournament",
                            swiss_rounds=1, knockout_size=4, mode="table")
    rnd = services.publish_round(services.draft_round(comp, lee, seed=11), lee)
    for p in rnd.pairings.exclude(away__isnull=True):
        services.set_result(p, lee, services.GameScores("home", 6, 2, "home", 6, 3))
    services.publish_round(services.draft_round(comp, lee), lee)
    rounds = token_client(players[0], "read").get(f"/api/v1/competitions/{comp.pk}/rounds/").json()
    rounds = rounds.get("results", rounds) if isinstance(rounds, dict) else rounds
    semis = next(r for r in rounds if r["is_knockout"])
    assert (semis["label"], semis["bracket_size"]) == ("Semi-finals", 4)
    assert sorted((p["home_seed"], p["away_seed"]) for p in semis["pairings"]) == [(1, 4), (2, 3)]
    swiss = next(r for r in rounds if not r["is_knockout"])
    assert swiss["label"] == "Round 1" and swiss["bracket_size"] == 0
