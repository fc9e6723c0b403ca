"""A settled result is rated once; a correction re-rates from it on exactly; the rebuild
gives the same numbers every time."""
from __future__ import annotations

import pytest
from django.core.management import call_command

from ratings import receivers, services
from ratings.method import member, replay, scenario_side
from ratings.models import RatedResult, Rating, RatingChange
from tests.ratings.helpers import next_round, report_and_confirm, snapshot, table_league
from tournaments import services as league
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def test_a_confirmed_table_result_is_rated_once_with_both_games():
    club, comp, (a, b, c, d) = table_league()
    rnd = next_round(comp, a)
    p = rnd.pairings.first()
    report_and_confirm(p, home_wins=(True, True))
    result = RatedResult.objects.get(key=f"pairing:{p.pk}")
    assert result.rated and [g["winner"] for g in result.games] == ["union", "confederate"]
    home = Rating.objects.get(subject=member(p.home_id))
    away = Rating.objects.get(subject=member(p.away_id))
    assert home.games == away.games == 2 and home.shown > 1000 > away.shown
    assert RatingChange.objects.filter(result=result).count() == 8   # 2 games x (2 players + 2 sides)
    before = snapshot()
    receivers.result_settled(Pairing, pairing=Pairing.objects.get(pk=p.pk))   # heard twice
    assert snapshot() == before and RatingChange.objects.count() == 8


def test_reported_and_disputed_results_are_not_rated_and_a_forfeit_never_is():
    club, comp, (a, b, c, d) = table_league()
    p1, p2 = next_round(comp, a).pairings.all()
    league.report_result(p1, p1.home, league.GameScores("home", 6, 2, "home", 6, 1))
    assert not RatedResult.objects.exists()
    league.declare_forfeit(p2, a, "away", "did not come")
    r = RatedResult.objects.get(key=f"pairing:{p2.pk}")
    assert not r.rated and r.why == "a forfeit: no game was played"
    assert not Rating.objects.exists()


def test_a_correction_re_rates_from_that_result_on_exactly_and_the_rebuild_agrees():
    club, comp, players = table_league(n=4)
    organiser = players[0]
    rounds = []
    for _ in range(3):
        rnd = next_round(comp, organiser)
        for p in rnd.pairings.all():
            report_and_confirm(p, home_wins=(p.table == 1, True))
        rounds.append(rnd)
    first = rounds[0].pairings.first()
    pool = RatedResult.objects.get(key=f"pairing:{first.pk}").pool
    assert pool.last_seq == 6
    league.set_result(first, organiser, league.GameScores("away", 1, 6, "away", 2, 6), "wrong sheet")
    corrected = RatedResult.objects.get(key=f"pairing:{first.pk}")
    assert corrected.corrections == 1 and corrected.seq == 1
    # the same numbers as rating every stored result from the start, in memory
    ratings: dict = {}
    replay(services.rated_games(RatedResult.objects.filter(pool=pool).order_by("seq")), ratings)
    stored = {r.subject: (r.mu, r.sigma) for r in Rating.objects.filter(pool=pool)}
    assert stored == {s: (k.mu, k.sigma) for s, k in ratings.items()}
    assert RatingChange.objects.filter(pool=pool).count() == 6 * 2 * 4
    after_correction = snapshot()
    call_command("rebuild_ratings")
    once = snapshot()
    call_command("rebuild_ratings")
    assert once == snapshot() == after_correction
    loser = Rating.objects.get(subject=member(first.home_id))
    assert loser.games == 6
    assert Rating.objects.filter(subject=scenario_side(comp.scenario_list()[0].slug, "union")).exists()


def test_a_drawn_game_at_the_table_is_rated_as_a_draw():
    club, comp, (a, b, c, d) = table_league()
    p = next_round(comp, a).pairings.first()
    league.report_result(p, p.home, league.GameScores("", 4, 4, "", 3, 3))
    league.confirm_result(p, p.away)
    r = RatedResult.objects.get(key=f"pairing:{p.pk}")
    assert [(g["winner"], g["rated"]) for g in r.games] == [("", True), ("", True)]
    home, away = (Rating.objects.get(subject=member(u)) for u in (p.home_id, p.away_id))
    assert home.mu == pytest.approx(25.0) and away.mu == pytest.approx(25.0)
    assert home.sigma < 25 / 3 and home.games == 2


def test_the_backfill_records_results_finished_before_the_ratings(django_user_model):
    from ratings.models import Pool
    from tests.play_helpers import start_match
    from tests.ratings.test_what_is_rated import resign_games

    lee, grant, meade = (django_user_model.objects.create_user(n) for n in ("lee", "grant", "meade"))
    for a, b in ((lee, grant), (grant, meade), (meade, lee)):
        match, _ = start_match(a, b)
        resign_games(match, [b, a])
    club, comp, players = table_league(n=2, prefix="bf")
    report_and_confirm(next_round(comp, players[0]).pairings.get(), home_wins=(True, True))
    rated = snapshot()
    Pool.objects.all().delete()                   # as before the ratings existed
    call_command("rebuild_ratings", "--backfill")
    assert RatedResult.objects.count() == 4 and snapshot() == rated


def test_a_team_game_rates_each_member_of_the_team_in_its_own_pool(django_user_model):
    from django.utils import timezone

    from ratings.method import MODEL
    from ratings.sources import Source, mode_of

    a, b, c, d = (django_user_model.objects.create_user(n) for n in "abcd")
    games = [{"number": 1, "scenario": "shiloh", "rated": True, "why": "", "winner": "union",
              "teams": {"union": [member(a.pk), member(b.pk)], "confederate": [member(c.pk), member(d.pk)]}}]
    assert mode_of({"team_mode": "epic"}) == "epic" and mode_of({"team_mode": "none"}) == "duel"
    services.record(Source(key="match:team", ruleset="advanced", mode=mode_of({"team_mode": "epic"}),
                           played=timezone.now(), games=games))
    rows = {r.subject: r for r in Rating.objects.filter(pool__mode="epic")}
    theirs = MODEL.rate([[MODEL.rating(), MODEL.rating(), MODEL.rating(mu=0, sigma=25 / 24)],
                         [MODEL.rating(), MODEL.rating(), MODEL.rating(mu=0, sigma=25 / 24)]], ranks=[1.0, 2.0])
    assert rows[member(b.pk)].mu == theirs[0][1].mu and rows[member(d.pk)].mu == theirs[1][1].mu
    assert not Rating.objects.filter(pool__mode="duel").exists()
