"""The locked read of a game and the two writes of an action, their SQL written once per
process, read and write what the ORM's own queries do."""
from __future__ import annotations

import pytest
from django.db import transaction

from games import services
from games.models import Game
from tests.play_helpers import start_match

pytestmark = pytest.mark.django_db


def fields(obj) -> dict:
    return {k: v for k, v in vars(obj).items() if not k.startswith("_")}


def test_the_prepared_locked_read_gives_the_game_its_match_scenario_and_players(lee, grant):
    lee.profile.display_name = "Robert E. Lee"
    lee.profile.save()
    _, game = start_match(lee, grant)
    expected = (Game.objects.select_related("match__scenario")
                .defer("match__scenario__data").get(pk=game.pk))
    for _ in range(2):                            # compiled by the first, kept for the second
        with transaction.atomic():
            row = services._locked_game(game.pk)
        assert fields(row) == fields(expected)
        assert fields(row.match) == fields(expected.match)
        assert row.match.scenario.name == expected.match.scenario.name
        assert fields(row.player_of("union")) == fields(expected.player_of("union"))
        assert row.player_of("union").profile.name == "Robert E. Lee"
        assert fields(row.player_of("confederate").profile) == fields(expected.player_of("confederate").profile)


@pytest.mark.parametrize("game_id", [987654, "abc", None, "1; drop table games_game"])
def test_a_game_that_is_not_there_is_refused(game_id):
    with transaction.atomic(), pytest.raises(services.ActionRefused, match="no such game"):
        services._locked_game(game_id)


def test_an_action_is_written_as_the_orm_writes_it(lee, grant):
    from games.models import GameAction
    _, game = start_match(lee, grant)
    before = Game.objects.values("updated").get(pk=game.pk)["updated"]
    legal = services.load_engine(game).legal_actions()
    acted = services.act(game.pk, lee, legal[0], game.version)
    stored = Game.objects.get(pk=game.pk)
    for name in services.RECORDED_FIELDS:
        if name != "updated":
            assert getattr(stored, name) == getattr(acted.game, name), name
    assert stored.updated > before and stored.state == acted.engine.to_dict()
    row = GameAction.objects.get(game=game)
    assert (row.index, row.side, row.actor, row.action) == (1, "union", lee, legal[0])
    assert row.events == acted.events and row.created <= stored.updated
    assert [e.index for e in services.game_log.entries(stored)] == [1]


def test_the_member_of_a_session_is_read_with_their_profile_in_one_query(
        lee, django_assert_num_queries):
    from accounts.backends import RateLimitedModelBackend
    from accounts.models import Profile
    backend = RateLimitedModelBackend()
    with django_assert_num_queries(1):
        user = backend.get_user(lee.pk)
        assert user == lee and user.profile.time_zone == lee.profile.time_zone
    Profile.objects.filter(user=lee).delete()
    assert getattr(backend.get_user(lee.pk), "profile", None) is None
    lee.is_active = False
    lee.save()
    assert backend.get_user(lee.pk) is None and backend.get_user("x") is None
