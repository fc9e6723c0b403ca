"""The league pages: what each visitor sees and may do, the forms, HTMX partials, CSV."""
from __future__ import annotations

import csv
import io

import pytest

from tests.tournaments.helpers import make_club, make_competition, make_players
from tournaments import services
from tournaments.models import Competition, Pairing

pytestmark = pytest.mark.django_db
S = services.GameScores


@pytest.fixture
def league(lee):
    players = make_players(4)
    club = make_club(lee, players)
    comp = make_competition(club, lee, players, mode="table", name="Winter league")
    return comp, players


def login(client, user):
    client.force_login(user)
    return client


def test_private_club_pages_are_hidden_from_outsiders(client, league, django_user_model):
    comp, players = league
    rnd = services.publish_round(services.draft_round(comp, comp.created_by), comp.created_by)
    p = rnd.pairings.first()
    urls = [f"/leagues/{comp.pk}/", f"/leagues/{comp.pk}/standings.csv", f"/leagues/{comp.pk}/results.csv",
            f"/leagues/pairings/{p.pk}/", f"/leagues/{comp.pk}/console/"]
    for who in (None, django_user_model.objects.create_user("ewell", password="x")):
        if who:
            login(client, who)
        for url in urls:
            assert client.get(url).status_code in (404, 302), url
    club_page = client.get(f"/leagues/clubs/{comp.club.slug}/").content.decode()
    assert "Winter league" not in club_page and "Ask to join" in club_page
    login(client, players[0])
    for url in urls[:-1]:
        assert client.get(url).status_code == 200, url
    assert client.get(urls[-1]).status_code == 404           # the console is for organisers


def test_a_public_club_is_readable_by_anyone(client, lee):
    players = make_players(2)
    club = make_club(lee, players, public=True, name="Open Club")
    comp = make_competition(club, lee, players, mode="table", name="Open league")
    services.publish_round(services.draft_round(comp, lee), lee)
    html = client.get(f"/leagues/{comp.pk}/").content.decode()
    assert "Open league" in html and "p1" in html
    assert "Report the result" not in client.get(
        f"/leagues/pairings/{Pairing.objects.get().pk}/").content.decode()
    assert "Open league" in client.get("/leagues/").content.decode()
    assert client.get("/tournaments/").status_code == 200


def test_organiser_creates_a_competition_and_runs_a_round_in_the_console(client, lee, django_user_model):
    from tests.play_helpers import make_scenario
    players = make_players(3)
    club = make_club(lee, players)
    sc = make_scenario()
    login(client, lee)
    r = client.post(f"/leagues/clubs/{club.slug}/new/", {
        "name": "Summer league", "kind": "league", "swiss_rounds": 4, "mode": "table",
        "scenario_policy": "fixed", "scenarios": [sc.pk], "deadline_hours": 72, "round_days": 10,
        "order_1": "match_points", "order_2": "flags_for", "order_3": "head_to_head"})
    assert r.status_code == 303
    comp = Competition.objects.get(name="Summer league")
    assert comp.order == ["match_points", "flags_for", "head_to_head"]
    for p in players:
        assert client.post(f"/leagues/{comp.pk}/console/add/", {"player": p.username}).status_code == 303
    assert comp.entries.count() == 3
    client.post(f"/leagues/{comp.pk}/console/pair/")
    html = client.get(f"/leagues/{comp.pk}/console/").content.decode()
    assert 'id="draft"' in html and "Publish round 1" in html and "bye" in html
    assert "Round 1" not in client.get(f"/leagues/{comp.pk}/").content.decode()  # a draft is not public
    client.post(f"/leagues/{comp.pk}/console/publish/")
    assert "Round 1" in client.get(f"/leagues/{comp.pk}/").content.decode()
    # a bad order is refused with the reason, on the form
    r = client.post(f"/leagues/clubs/{club.slug}/new/", {
        "name": "Bad", "kind": "league", "swiss_rounds": 4, "mode": "table", "scenario_policy": "fixed",
        "scenarios": [sc.pk], "deadline_hours": 72, "round_days": 10, "order_1": "elo"})
    assert r.status_code == 400 and "Select a valid choice. elo is not one of the available choices." in r.content.decode()


def test_players_report_and_confirm_through_the_pages(client, league):
    comp, players = league
    rnd = services.publish_round(services.draft_round(comp, comp.created_by), comp.created_by)
    p = rnd.pairings.select_related("home", "away").first()
    login(client, p.home)
    page = client.get(f"/leagues/pairings/{p.pk}/").content.decode()
    assert "Report the result" in page
    form = {"game1_winner": "home", "game1_flags_home": 6, "game1_flags_away": 2,
            "game2_winner": "away", "game2_flags_home": 4, "game2_flags_away": 6}
    bad = dict(form, game1_flags_home=1)
    r = client.post(f"/leagues/pairings/{p.pk}/report/", bad)
    assert r.status_code == 400 and "more flags than the loser" in r.content.decode()
    assert client.post(f"/leagues/pairings/{p.pk}/report/", form).status_code == 303
    assert client.post(f"/leagues/pairings/{p.pk}/confirm/").status_code == 303   # refused: own report
    p.refresh_from_db()
    assert p.result == Pairing.Result.REPORTED
    login(client, p.away)
    assert "Results to confirm" in client.get("/leagues/mine/").content.decode()
    assert "Confirm the result" in client.get(f"/leagues/pairings/{p.pk}/").content.decode()
    client.post(f"/leagues/pairings/{p.pk}/confirm/")
    p.refresh_from_db()
    assert p.result == Pairing.Result.CONFIRMED
    html = client.get(f"/leagues/{comp.pk}/").content.decode()
    assert "1–1 (flags 10–8)" in html


def test_a_player_of_another_match_cannot_report_or_fix(client, league):
    comp, players = league
    rnd = services.publish_round(services.draft_round(comp, comp.created_by), comp.created_by)
    p, other = list(rnd.pairings.all())[:2]
    login(client, other.home)
    form = {"game1_winner": "home", "game1_flags_home": 6, "game1_flags_away": 2,
            "game2_winner": "home", "game2_flags_home": 6, "game2_flags_away": 2}
    assert client.post(f"/leagues/pairings/{p.pk}/report/", form).status_code == 400
    client.post(f"/leagues/pairings/{p.pk}/fix/", form)
    client.post(f"/leagues/pairings/{p.pk}/forfeit/", {"who": "home"})
    assert client.post(f"/leagues/{comp.pk}/console/pair/").status_code == 404
    p.refresh_from_db()
    assert p.result == Pairing.Result.NONE and not p.changes.exists()


def test_standings_partial_chart_and_csv(client, league):
    comp, players = league
    org = comp.created_by
    for _ in range(2):
        rnd = services.publish_round(services.draft_round(comp, org), org)
        for p in rnd.pairings.all():
            services.set_result(p, org, S("home", 6, 1, "home", 6, 2))
    login(client, players[0])
    full = client.get(f"/leagues/{comp.pk}/").content.decode()
    assert "<svg" in full and "polyline" in full and "Rounds" in full
    part = client.get(f"/leagues/{comp.pk}/?part=standings", HTTP_HX_REQUEST="true").content.decode()
    assert 'id="standings"' in part and "<html" not in part and "Rounds" not in part
    rows = list(csv.reader(io.StringIO(client.get(f"/leagues/{comp.pk}/standings.csv").content.decode())))
    assert rows[0][:2] == ["rank", "player"] and len(rows) == 5
    assert [r[1] for r in rows[1:]].count("p1") == 1
    results = list(csv.reader(io.StringIO(client.get(f"/leagues/{comp.pk}/results.csv").content.decode())))
    assert len(results) == 1 + 4 and results[1][results[0].index("status")] == "resolved"


def test_invitation_link_page(client, lee, grant):
    club = make_club(lee, name="Linked Club")
    url = f"/leagues/clubs/{club.slug}/join/{club.invite_token}/"
    assert "Log in" in client.get(url).content.decode()
    login(client, grant)
    assert client.post(url).status_code == 303
    assert club.is_member(grant)
    assert client.get(f"/leagues/clubs/{club.slug}/join/wrong/").status_code == 404


def test_an_invitation_link_with_letters_beyond_ascii_is_just_a_wrong_link(client, lee, grant):
    """A mistyped or mangled link never turns into a server error, on the page or its button."""
    club = make_club(lee, name="Accented Club")
    login(client, grant)
    url = f"/leagues/clubs/{club.slug}/join/caf\u00e9-\u2694/"
    assert client.get(url).status_code == 404
    assert client.post(url).status_code in (303, 400, 403, 404)
    assert not club.is_member(grant)


def test_club_is_founded_from_the_list_page(client, lee):
    login(client, lee)
    r = client.post("/leagues/clubs/new/", {"name": "Pea Ridge Club"})
    assert r.status_code == 303 and r["Location"] == "/leagues/clubs/pea-ridge-club/"
    assert "Invitation link" in client.get(r["Location"]).content.decode()


def test_a_corrected_result_shows_at_once(client, league):
    """The worked-out standings are cached under a digest of the results: a correction is
    a new key, never a stale table."""
    comp, players = league
    org = comp.created_by
    rnd = services.publish_round(services.draft_round(comp, org), org)
    p = rnd.pairings.select_related("home").first()
    services.set_result(p, org, S("home", 6, 1, "home", 6, 2))
    login(client, players[0])
    rows = list(csv.reader(io.StringIO(client.get(f"/leagues/{comp.pk}/standings.csv").content.decode())))
    assert rows[1][1] == p.home.username
    client.get(f"/leagues/{comp.pk}/")
    services.set_result(p, org, S("away", 1, 6, "away", 2, 6), note="sides were swapped")
    html = client.get(f"/leagues/{comp.pk}/?part=standings", HTTP_HX_REQUEST="true").content.decode()
    rows = list(csv.reader(io.StringIO(client.get(f"/leagues/{comp.pk}/standings.csv").content.decode())))
    assert rows[1][1] == p.away.username and "0–2 (flags 3–12)" in client.get(f"/leagues/{comp.pk}/").content.decode()
    assert html.index(p.away.username) < html.index(p.home.username)


def test_the_kept_standings_section_follows_names_and_withdrawals(client, league):
    """The drawn standings section is kept under a digest of what it shows: a new display
    name or a withdrawal shows at once, with no result changed."""
    comp, players = league
    org = comp.created_by
    rnd = services.publish_round(services.draft_round(comp, org), org)
    for p in rnd.pairings.all():
        services.set_result(p, org, S("home", 6, 1, "home", 6, 2))
    login(client, players[0])
    url = f"/leagues/{comp.pk}/?part=standings"
    first = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert first == client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "Colonel Chamberlain" not in first and "(withdrawn)" not in first
    profile = players[1].profile
    profile.display_name = "Colonel Chamberlain"
    profile.save()
    assert "Colonel Chamberlain" in client.get(url, HTTP_HX_REQUEST="true").content.decode()
    services.withdraw(comp, org, players[2])
    assert "(withdrawn)" in client.get(url, HTTP_HX_REQUEST="true").content.decode()


FORMULAS = ['=HYPERLINK("http://evil.example","click")', "+1+1", "-2+3", "@SUM(A1)"]


def test_csv_cells_that_a_spreadsheet_would_run_as_formulas_go_out_as_text(client, league):
    comp, players = league
    for player, name in zip(players, FORMULAS):
        player.profile.display_name = name
        player.profile.save()
    org = comp.created_by
    rnd = services.publish_round(services.draft_round(comp, org), org)
    for p in rnd.pairings.all():
        services.set_result(p, org, S("home", 6, 1, "home", 6, 2))
    login(client, players[0])
    for what in ("standings", "results"):
        text = client.get(f"/leagues/{comp.pk}/{what}.csv").content.decode()
        cells = [c for row in csv.reader(io.StringIO(text)) for c in row]
        assert {"'" + name for name in FORMULAS} <= set(cells), what
        assert not [c for c in cells if c[:1] in ("=", "+", "@") or c.startswith("-") and not c[1:].isdigit()]
    standings = list(csv.reader(io.StringIO(client.get(f"/leagues/{comp.pk}/standings.csv").content.decode())))
    assert all(r[0].isdigit() for r in standings[1:])         # numbers stay numbers


def test_the_csv_for_excel_starts_with_a_byte_order_mark(client, league):
    comp, players = league
    login(client, players[0])
    for what in ("standings", "results"):
        plain = client.get(f"/leagues/{comp.pk}/{what}.csv").content
        excel = client.get(f"/leagues/{comp.pk}/{what}.csv", {"bom": "1"}).content
        assert not plain.startswith(b"\xef\xbb\xbf")
        assert excel == b"\xef\xbb\xbf" + plain
    page = client.get(f"/leagues/{comp.pk}/").content.decode()
    assert f"/leagues/{comp.pk}/standings.csv?bom=1" in page and "for Excel" in page
