"""``manage.py ratings_compare``: the plain model against the scenario-side model on the
stored results, each game predicted before it is rated (docs/ratings.md, "Sides are not
equal"), on hand-built histories whose answer is known."""
from __future__ import annotations

import math
import re
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from ratings import services
from ratings.history import observed_games
from ratings.method import member
from ratings.method.compare import Observed, compare
from ratings.models import Pool
from ratings.sources import Source

pytestmark = pytest.mark.django_db

START = timezone.now() - timedelta(days=100)


def record_match(n: int, home: str, away: str, winners: tuple[str, str], scenario="lopsided", played=None):
    """A match of two games, ``home`` the Union in game 1, the Confederates in game 2."""
    games = []
    for number, (union, confederate) in enumerate(((home, away), (away, home)), 1):
        games.append({"number": number, "scenario": scenario, "rated": True, "why": "",
                      "winner": winners[number - 1],
                      "teams": {"union": [union], "confederate": [confederate]}})
    services.record(Source(key=f"match:{n}", ruleset="advanced", mode="duel",
                           played=played or START + timedelta(hours=n), games=games))


def figures(out: str) -> dict[str, tuple[float, float]]:
    found = re.findall(r"(plain \(players only\)|with scenario sides)\s+log-loss ([\d.]+)\s+winners predicted ([\d.]+)%", out)
    return {label: (float(loss), float(share)) for label, loss, share in found}


def run(*args) -> str:
    out = StringIO()
    call_command("ratings_compare", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def members(django_user_model):
    return [member(django_user_model.objects.create_user(f"c{n}").pk) for n in range(6)]


def test_a_scenario_whose_union_always_wins_is_predicted_better_with_its_sides(members):
    players = members
    n = 0
    for round_ in range(6):                 # every pair, both games won by the Union
        for i, home in enumerate(players):
            for away in players[i + 1:]:
                n += 1
                record_match(n, home, away, ("union", "union"))
    pool = Pool.objects.get()
    assert len(observed_games(pool)) == 2 * n == 180
    out = run()
    assert "Advanced: 180 rated games, 180 predicted (from game 1; 0 draws left out)" in out
    plain, sided = figures(out)["plain (players only)"], figures(out)["with scenario sides"]
    # each player wins as often as he loses: the plain model can do no better than a coin
    assert plain[0] > 0.6 and plain[1] <= 55.0
    # the side-aware model learns that the Union wins: lower loss, nearly every winner
    assert sided[0] < plain[0] - 0.4 and sided[1] >= 85.0
    later = figures(run("--skip", "0.5"))
    assert later["with scenario sides"][0] < sided[0]       # once learnt, better still


def test_the_first_game_is_a_coin_and_results_are_read_in_the_order_played(members):
    a, b = members[:2]
    record_match(1, a, b, ("union", ""))    # game 2 drawn
    games = observed_games(Pool.objects.get())
    assert [g.winner for g in games] == [1, None]     # sides in name order: confederate, union
    plain, sided = compare(games)
    assert (plain.games, plain.draws) == (1, 1)
    assert plain.log_loss == pytest.approx(math.log(2)) and plain.predicted == 0.5
    assert sided.log_loss == pytest.approx(math.log(2))
    # a result recorded later but played earlier is predicted first
    record_match(2, b, a, ("confederate", "confederate"), scenario="other", played=START - timedelta(days=1))
    assert [g.scenario for g in observed_games(Pool.objects.get())] == ["other", "other", "lopsided", "lopsided"]


def test_with_no_side_known_both_models_are_the_same():
    games = [Observed(((member(1),), (member(2),)), ("confederate", "union"), "", w) for w in (0, 1, 0, 0, 1)]
    plain, sided = compare(games)
    assert plain == sided
