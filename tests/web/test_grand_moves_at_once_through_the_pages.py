"""Two members each move their flank's units in a Grand Battle Cry game through the pages
without waiting for each other (ruling G11): each page offers exactly its own seat's
choices and says who moves at the same time, and a page drawn before the team-mate's move
still acts (G13)."""
from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game
from tests.grand_moving import grand_game_moving_at_once, grand_members, moves_of
from tests.web.test_play_every_choice import HX, canon, check_offered, offered

pytestmark = pytest.mark.django_db


def test_two_field_generals_move_through_their_own_pages_at_the_same_time(
        django_user_model, monkeypatch):
    members = grand_members(django_user_model)
    game = grand_game_moving_at_once(members, monkeypatch)
    first, second = game.deciding_seats[:2]
    clients = {}
    for seat in (first, second):
        clients[seat] = Client()
        clients[seat].force_login(members[seat])
        # each page offers its seat's own moves and end of movement, nothing of the other's
        check_offered(clients[seat], game, seat)
    body = clients[second].get(f"/play/games/{game.pk}/", **HX).content.decode()
    assert "Your decision" in body and "At the same time:" in body
    assert game.seat_named(first).role in body.split("At the same time:")[1][:300]
    drawn = game.version
    for seat in (first, second):       # the second page was drawn before the first move
        action = moves_of(game, seat)[0]
        r = clients[seat].post(f"/play/games/{game.pk}/act/",
                               {"action": canon(action), "version": drawn}, **HX)
        body = r.content.decode()
        assert r.status_code == 200 and 'role="alert"' not in body, body[:400]
    game = Game.objects.get(pk=game.pk)
    assert game.version == drawn + 2
    assert [a.seat for a in game.actions.filter(index__gt=drawn).order_by("index")] == [first, second]
    # a member holding no seat that moves has no choices on his page
    commander = f"{game.deciding_side}-commander"
    watcher = Client()
    watcher.force_login(members[commander])
    body = watcher.get(f"/play/games/{game.pk}/", **HX).content.decode()
    assert "Your decision" not in body and offered(watcher, game) == set()
