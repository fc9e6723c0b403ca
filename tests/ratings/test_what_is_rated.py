"""Which games of a finished match are rated (docs/ratings.md, "What is rated")."""
from __future__ import annotations

import pytest

from games import services as games
from ratings import sources
from ratings.method import archie, member
from ratings.models import RatedResult, Rating
from tests.play_helpers import make_scenario, start_match
from tests.ratings.helpers import next_round, table_league
from tests.tournaments.helpers import finish_web_match

pytestmark = pytest.mark.django_db


def at_turn(game, turn):
    """Test set-up: the game has reached ``turn``."""
    game.refresh_from_db()
    game.state = {**game.state, "turn": turn}
    game.turn = turn
    game.save(update_fields=["state", "turn"])


def resign_games(match, losers, turn=5):
    """Each game in turn is resigned by its loser, at ``turn``."""
    for number, loser in enumerate(losers, 1):
        game = match.games.get(number=number)
        at_turn(game, turn)
        games.resign(game.pk, loser)
    match.refresh_from_db()
    return match


def test_a_challenge_rates_both_games_after_the_set_point(django_user_model):
    lee, grant = (django_user_model.objects.create_user(n) for n in ("lee", "grant"))
    match, _ = start_match(lee, grant)
    resign_games(match, [grant, grant])
    r = RatedResult.objects.get(key=f"match:{match.pk}")
    assert [g["rated"] for g in r.games] == [True, True] and r.match_id == match.pk
    assert Rating.objects.get(subject=member(lee.pk)).games == 2
    assert Rating.objects.get(subject=member(lee.pk)).shown > Rating.objects.get(subject=member(grant.pk)).shown


def test_a_resignation_before_turn_three_is_not_rated(django_user_model):
    lee, grant = (django_user_model.objects.create_user(n) for n in ("lee", "grant"))
    match, game = start_match(lee, grant)
    games.resign(game.pk, grant)                       # turn 1: not rated
    second = match.games.get(number=2)
    at_turn(second, 4)
    games.resign(second.pk, lee)
    r = RatedResult.objects.get(key=f"match:{match.pk}")
    assert [(g["rated"], g["why"]) for g in r.games] == [(False, "resigned before turn 3"), (True, "")]
    assert Rating.objects.get(subject=member(lee.pk)).games == 1


def test_archie_is_rated_at_its_level_like_a_member(django_user_model):
    lee = django_user_model.objects.create_user("lee")
    match = games.start_solo(lee, make_scenario(), "veteran")
    resign_games(match, [lee, lee])
    veteran = Rating.objects.get(subject=archie("veteran"))
    assert veteran.kind == "archie" and veteran.games == 2 and veteran.member_id is None
    assert veteran.shown > Rating.objects.get(subject=member(lee.pk)).shown


def test_a_guided_first_game_is_not_rated_and_its_match_page_says_why(client, django_user_model):
    lee = django_user_model.objects.create_user("lee")
    match = games.start_solo(lee, make_scenario(), "recruit", guided=True)
    resign_games(match, [lee, lee])
    r = RatedResult.objects.get(key=f"match:{match.pk}")
    assert not r.rated and r.why == "a guided first game" and not Rating.objects.exists()
    client.force_login(lee)
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert "Not rated: a guided first game." in page and "Ratings:" not in page


def test_options_declared_unrated_make_a_result_unrated():
    from games.engine import DEFAULT_RULESET, get_ruleset
    unrated = next(o for o in get_ruleset(DEFAULT_RULESET).options if not o.rated)
    value = next(v for v in (unrated.choices or (True,)) if v)
    assert sources._rules_allow(DEFAULT_RULESET, {unrated.name: value}) == "played under options that are not rated"
    assert sources._rules_allow(DEFAULT_RULESET, {}) == ""


def test_a_league_match_on_the_site_is_rated_once_from_its_pairing():
    club, comp, players = table_league(mode="web")
    p = next_round(comp, players[0]).pairings.first()
    at_turn(p.match.games.get(number=1), 6)
    finish_web_match(p.match)
    assert [g["rated"] for g in RatedResult.objects.get().games] == [True, False]  # game 2: claimed at turn 1
    keys = list(RatedResult.objects.values_list("key", flat=True))
    assert keys == [f"pairing:{p.pk}"]


def test_a_claim_for_time_is_rated_from_turn_three_as_a_loss_for_the_late_side(django_user_model):
    from datetime import timedelta

    from django.utils import timezone

    lee, grant = (django_user_model.objects.create_user(n) for n in ("lee", "grant"))
    match, _ = start_match(lee, grant)
    for number, turn in ((1, 1), (2, 4)):
        game = match.games.get(number=number)
        at_turn(game, turn)
        game.deadline = timezone.now() - timedelta(minutes=1)
        game.save(update_fields=["deadline"])
        late = game.deciding_player
        waiting = grant if late == lee else lee
        games.claim_timeout(game.pk, waiting, game.version)
    r = RatedResult.objects.get(key=f"match:{match.pk}")
    assert [(g["rated"], g["why"]) for g in r.games] == [(False, "claimed on time before turn 3"), (True, "")]
    assert r.games[1]["winner"] == match.games.get(number=2).winner_side
    winner = waiting
    assert Rating.objects.get(subject=member(winner.pk)).mu > 25 > Rating.objects.get(subject=member(late.pk)).mu
    assert {Rating.objects.get(subject=member(u.pk)).games for u in (lee, grant)} == {1}
