"""A game is played from seats: who holds them, who decides, Archie's seats, the swap of
game 2, and what a deleted member leaves behind (vacant seats, the games kept)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.context_processors import waiting_count
from games.models import Game, Match, Seat
from games.views.lobby import my_games
from tests.api.helpers import token_client
from tests.play_helpers import make_scenario, start_match

pytestmark = pytest.mark.django_db


def holders(game) -> dict:
    return {s.name: (s.side, s.holder, s.player.username if s.player else None, s.archie_level)
            for s in Seat.objects.filter(game=game).select_related("player")}


def test_a_match_seats_its_two_members_and_game_two_swaps_their_seats(lee, grant):
    match, game = start_match(lee, grant, side="union")
    assert holders(game) == {"union": ("union", "member", "lee", ""),
                             "confederate": ("confederate", "member", "grant", "")}
    assert [s.name for s in game.seat_of(lee)] == ["union"] and game.side_of(grant) == "confederate"
    assert game.deciding_player == lee and game.is_turn_of(lee) and not game.is_turn_of(grant)
    services.resign(game.pk, lee, game.version)
    rematch = match.games.get(number=2)
    assert holders(rematch) == {"union": ("union", "member", "grant", ""),
                                "confederate": ("confederate", "member", "lee", "")}


def test_only_the_holder_of_the_deciding_seat_acts(lee, grant):
    _, game = start_match(lee, grant, side="union")
    engine = services.load_engine(game)
    with pytest.raises(services.NotYourTurn):
        services.act(game.pk, grant, engine.legal_actions()[0], game.version)
    acted = services.act(game.pk, lee, engine.legal_actions()[0], game.version)
    assert acted.game.actions.get().actor == lee


def test_archie_holds_the_seats_of_its_side_and_the_engine_learns_them_from_the_seats(lee, settings):
    settings.ARCHIE_ITERATIONS = 12
    match = services.start_solo(lee, make_scenario(slug="fredericksburg"), "veteran")
    game = match.games.get(number=1)
    assert holders(game) == {"union": ("union", "member", "lee", ""),
                             "confederate": ("confederate", "archie", "archie", "veteran")}
    assert game.state["options"] == {"archie": "confederate"}
    assert services.archie_side(game) == "confederate"
    assert services.load_engine(game).view("union")["hand_counts"]["confederate"] == 0


def test_a_deleted_member_leaves_vacant_seats_and_the_games_stay(client, lee, grant):
    match, game = start_match(lee, grant, side="union")
    services.act(game.pk, lee, services.load_engine(game).legal_actions()[0], game.version)
    grant.delete()
    assert Match.objects.filter(pk=match.pk).exists() and Game.objects.filter(pk=game.pk).exists()
    game = Game.objects.get(pk=game.pk)
    assert holders(game)["confederate"] == ("confederate", "vacant", None, "")
    assert game.player_of("union") == lee and game.actions.count() == 1
    # lee still sees the game among theirs; nobody can act for the vacant seat
    assert [r["game"].pk for r in my_games(lee)["waiting"] + my_games(lee)["your_turn"]] == [game.pk]
    # the pages and the API show the seat as nobody's
    client.force_login(lee)
    page = client.get(f"/play/games/{game.pk}/")
    assert page.status_code == 200 and "nobody" in page.content.decode()
    assert client.get(f"/play/matches/{match.pk}/").status_code == 200
    seats = token_client(lee).get(f"/api/v1/games/{game.pk}/").json()["seats"]
    assert [(s["name"], s["holder"], s["member"]) for s in seats][1] == ("confederate", "vacant", None)
    # once the vacant seat's time has run out, lee claims the game
    while game.deciding == "union":
        services.act(game.pk, lee, services.load_engine(game).legal_actions()[0], game.version)
        game.refresh_from_db()
    assert game.deciding == "confederate" and game.deciding_player is None
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    acted = services.claim_timeout(game.pk, lee)
    assert acted.game.winner_side == "union"
    assert client.get(f"/play/games/{game.pk}/replay/").status_code == 200


def test_the_header_counts_the_games_whose_deciding_seat_the_member_holds(lee, grant, meade):
    start_match(lee, grant, side="union")
    start_match(meade, lee, side="union")
    assert (waiting_count(lee), waiting_count(grant), waiting_count(meade)) == (1, 0, 1)


def test_only_the_holders_of_seats_write_in_the_chat(lee, grant, meade):
    match, _ = start_match(lee, grant)
    assert services.post_chat(match.pk, grant, "Good luck").author == grant
    with pytest.raises(services.NotAPlayer):
        services.post_chat(match.pk, meade, "Hello")


def test_a_match_whose_challenger_left_reads_in_the_lobby_and_the_api(client, lee, meade):
    match, game = start_match(meade, lee, side="union")
    meade.delete()
    client.force_login(lee)
    assert client.get("/play/").status_code == 200
    assert client.get(f"/play/matches/{match.pk}/").status_code == 200
    body = token_client(lee).get(f"/api/v1/matches/{match.pk}/").json()
    assert body["challenger"] is None and body["opponent"]["username"] == "lee"
    assert [s["holder"] for s in body["games"][0]["seats"]] == ["vacant", "member"]
