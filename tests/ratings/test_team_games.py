"""Team games are rated, each member of the team, in a pool per mode (docs/ratings.md,
"Team games"; docs/rulings.md RT6): a Doubles match of four members, game 1 played to its
end with seeded choices, game 2 resigned by a team one of whose seats a team-mate took
over; and a seat given to Archie at the table."""
from __future__ import annotations

import random
import zlib
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, Match
from ratings.method import MODEL, archie, member, scenario_side
from ratings.models import RatedResult, Rating
from tests.api.helpers import token_client
from tests.play_helpers import make_scenario
from tests.ratings.test_what_is_rated import at_turn
from tests.tournaments.helpers import make_club
from tests.web.test_team_games_through_the_pages import choose

pytestmark = pytest.mark.django_db

SLUG, MODE = "antietam", "doubles"
#: The page test's pinned Doubles game on this scenario (it ends in about 220 steps).
SEED = zlib.crc32(f"{SLUG}/{MODE}/1".encode())
STEP_CAP = 2_000


def seat_table(members, monkeypatch, archie_seat: int | None = None):
    """A Doubles table on Antietam, each seat taken by one of ``members`` in the plan's order
    (the seat ``archie_seat`` given to Archie instead): returns the match and its plan."""
    monkeypatch.setattr(services, "engine_seed", lambda secret: SEED)
    scenario = make_scenario(slug=SLUG)
    plan = services.team_seat_plan(scenario, "advanced", {"team_mode": MODE})
    match = services.open_table(members[0], scenario, options={"team_mode": MODE})
    people = iter(members)
    for n, spec in enumerate(plan):
        if n == archie_seat:
            services.give_table_seat_to_archie(match.pk, members[0], spec.name)
        else:
            services.take_table_seat(match.pk, next(people), spec.name)
    match.refresh_from_db()
    return match, plan


def play_to_the_end(row: Game, rng) -> Game:
    for _ in range(STEP_CAP):
        row = Game.objects.get(pk=row.pk)
        if row.is_over:
            return row
        engine = services.load_engine(row)
        services.act(row.pk, row.deciding_player, choose(engine, engine.legal_actions(), rng), row.version)
    raise AssertionError(f"game {row.number} did not end in {STEP_CAP} steps")


def test_a_doubles_match_rates_each_member_in_the_doubles_pool(client, django_user_model, monkeypatch):
    people = [django_user_model.objects.create_user(n) for n in ("ann", "bob", "cat", "dan")]
    match, plan = seat_table(people, monkeypatch)
    union = [p for p, spec in zip(people, plan) if spec.side == "union"]
    confederate = [p for p, spec in zip(people, plan) if spec.side == "confederate"]
    assert len(union) == len(confederate) == 2
    first = play_to_the_end(match.games.get(number=1), random.Random(SEED))
    winner = first.winner_side
    assert winner in ("union", "confederate")

    # game 2: the sides swap; the first Union player's team-mate runs out of time and he
    # takes the seat over, then resigns for the team at turn 5
    second = match.games.get(number=2)
    lead, late = union
    late_seat = next(s for s in second.seat_rows() if s.player_id == late.pk)
    Game.objects.filter(pk=second.pk).update(deciding=late_seat.name,
                                             deadline=timezone.now() - timedelta(hours=1))
    services.claim_seat(second.pk, lead, late_seat.name)
    at_turn(second, 5)
    services.resign(second.pk, lead)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED

    result = RatedResult.objects.get(key=f"match:{match.pk}")
    assert (result.pool.ruleset, result.pool.mode, result.pool.label) == ("advanced", "doubles", "Advanced · Doubles")
    assert [g["rated"] for g in result.games] == [True, True]
    assert result.games[1]["teams"]["confederate"] == [member(lead.pk), member(late.pk)]  # the seat is still his

    # openskill's own arithmetic: each team is its two members and its side's pseudo-player
    def team(players, side):
        return [MODEL.rating() for _ in players] + [MODEL.rating(mu=0, sigma=25 / 24)]
    ranks = [1.0, 2.0] if winner == "confederate" else [2.0, 1.0]   # teams in side-name order
    after = MODEL.rate([team(confederate, "confederate"), team(union, "union")], ranks=ranks)
    game1 = {member(p.pk): r for p, r in zip(confederate + union, after[0][:2] + after[1][:2])}
    side_c, side_u = after[0][2], after[1][2]
    # game 2: the first game's Union pair plays the Confederates and resigned
    c2 = [MODEL.rating(mu=game1[member(p.pk)].mu, sigma=game1[member(p.pk)].sigma) for p in union]
    u2 = [MODEL.rating(mu=game1[member(p.pk)].mu, sigma=game1[member(p.pk)].sigma) for p in confederate]
    c2.append(MODEL.rating(mu=side_c.mu, sigma=side_c.sigma))
    u2.append(MODEL.rating(mu=side_u.mu, sigma=side_u.sigma))
    final = MODEL.rate([c2, u2], ranks=[2.0, 1.0])
    expected = {member(p.pk): r for p, r in zip(union + confederate, final[0][:2] + final[1][:2])}
    expected[scenario_side(SLUG, "confederate")], expected[scenario_side(SLUG, "union")] = final[0][2], final[1][2]
    rows = {r.subject: r for r in Rating.objects.filter(pool=result.pool)}
    assert set(rows) == set(expected)
    for subject, skill in expected.items():
        assert rows[subject].mu == pytest.approx(skill.mu, abs=1e-12)
        assert rows[subject].sigma == pytest.approx(skill.sigma, abs=1e-12)
    assert {rows[member(p.pk)].games for p in people} == {2}
    assert not Rating.objects.filter(pool__mode="duel").exists()

    # the pages: the match page, the leaderboard of the Doubles pool, the member's ratings
    club = make_club(people[0], people[1:], name="team club")
    client.force_login(lead)
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert "Ratings: " in page and all(p.username in page.split("Ratings: ")[1][:200] for p in people)
    board = client.get(f"/ratings/clubs/{club.slug}/?mode=doubles&provisional=1").content.decode()
    assert all(f"/ratings/members/{p.username}/" in board for p in people)
    assert '<option value="doubles" selected>Doubles</option>' in board
    duel = client.get(f"/ratings/clubs/{club.slug}/?provisional=1").content.decode()
    assert not any(f"/ratings/members/{p.username}/" in duel for p in people)
    assert "Advanced · Doubles:" in client.get(f"/ratings/members/{lead.username}/").content.decode()
    body = token_client(lead).get(f"/api/v1/ratings/members/{late.username}/").json()
    assert [(r["ruleset"], r["mode"], r["games"]) for r in body["ratings"]] == [("advanced", "doubles", 2)]
    board = token_client(lead).get(f"/api/v1/ratings/clubs/{club.slug}/?mode=doubles&provisional=true").json()
    assert {r["username"] for r in board["results"]} == {p.username for p in people}
    assert token_client(lead).get(f"/api/v1/ratings/clubs/{club.slug}/?provisional=true").json()["count"] == 0


def test_a_seat_given_to_archie_at_the_table_rates_archie_at_its_level(django_user_model, monkeypatch):
    people = [django_user_model.objects.create_user(n) for n in ("eve", "fay", "gus")]
    match, plan = seat_table(people, monkeypatch, archie_seat=3)
    for number in (1, 2):                   # the team without Archie resigns each game at turn 5
        row = match.games.get(number=number)
        with_archie = next(s.side for s in row.seat_rows() if s.is_archie)
        at_turn(row, 5)
        for mate in {s.player for s in row.seat_rows() if s.side != with_archie and s.is_member_held}:
            services.resign(row.pk, mate)
    rows = {r.subject: r for r in Rating.objects.filter(pool__ruleset="advanced", pool__mode=MODE)}
    assert rows[archie("veteran")].games == 2 and rows[archie("veteran")].kind == "archie"
    assert {rows[member(p.pk)].games for p in people} == {2}
    assert rows[archie("veteran")].mu > 25 > min(rows[member(p.pk)].mu for p in people)


def test_a_friendly_team_table_says_so_and_its_games_are_not_rated(client, django_user_model):
    from ratings.sources import FRIENDLY

    people = [django_user_model.objects.create_user(n) for n in ("hal", "ivy", "jon", "kim")]
    scenario = make_scenario(slug=SLUG)
    client.force_login(people[0])
    r = client.post("/play/tables/new/", {"scenario": scenario.pk, "ruleset": "advanced", "team_mode": MODE,
                                          "deadline_hours": 72, "friendly": "on"})
    assert r.status_code == 303
    match = Match.objects.get()
    assert match.friendly
    assert "No: a friendly, neither game moves a rating" in client.get(r["Location"]).content.decode()
    assert "a friendly (not rated)" in client.get("/play/").content.decode()
    plan = services.team_seat_plan(scenario, "advanced", {"team_mode": MODE})
    for person, spec in zip(people, plan):
        services.take_table_seat(match.pk, person, spec.name)
    for number in (1, 2):
        row = match.games.get(number=number)
        at_turn(row, 5)
        for mate in {s.player for s in row.seat_rows() if s.side == "union"}:
            services.resign(row.pk, mate)
    assert RatedResult.objects.get(key=f"match:{match.pk}").why == FRIENDLY
    assert not Rating.objects.exists()
    api = token_client(people[1]).post("/api/v1/tables/", {"scenario": SLUG, "ruleset": "advanced",
                                                           "options": {"team_mode": MODE}, "friendly": True},
                                       format="json")
    assert api.status_code == 201 and api.json()["friendly"] is True
