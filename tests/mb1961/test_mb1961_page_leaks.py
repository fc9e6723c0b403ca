"""The 1961 game hides nothing but its seed and its random state (which would tell the dice
to come): no page of a game shows them to anyone. The first two rounds of a match are
played through the pages; at each new moment (a side's turn begun, its battle offered)
every viewer (each side's member, a member who does not play, a visitor) fetches the game
page, its #game fragment, the board, a piece selected, the poll's answer and the match
page (the replay opens once the game is over), and each is searched for the seed, the random state and the game's
secret."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from games import services

from .pages import load_map, play, selections
from .test_mb1961_through_the_pages import logged_in

pytestmark = pytest.mark.django_db


def token(text: str) -> re.Pattern:
    return re.compile(r"(?<![0-9])" + re.escape(text) + r"(?![0-9])")


def pages(client: Client, game) -> dict[str, str]:
    base = f"/play/games/{game.pk}/"
    first = client.get(base, HTTP_HX_REQUEST="true")
    got = {"page": client.get(base), "fragment": first,
           "board": client.get(base, {"fragment": "board"}, HTTP_HX_REQUEST="true"),
           "poll": client.get(f"{base}version/", {"v": game.version - 1}, HTTP_HX_REQUEST="true"),
           "match": client.get(f"/play/matches/{game.match_id}/")}
    sels = selections(first.content.decode())
    if sels:
        got["selected"] = client.get(base, {"sel": sels[0]}, HTTP_HX_REQUEST="true")
    for name, r in got.items():
        assert r.status_code in (200, 204), (name, r.status_code)
    return {name: r.content.decode() for name, r in got.items()}


def test_no_page_of_a_1961_game_shows_the_seed_or_the_dice_to_come(lee, grant, meade):
    a, b = logged_in(lee), logged_in(grant)
    match = services.create_challenge(lee, grant, load_map(), side="union", ruleset="1961")
    services.accept(match.pk, grant)
    game = match.games.get(number=1)
    viewers = {"lee": a, "grant": b, "meade": logged_in(meade), "visitor": Client()}
    moments = set()

    def walk(game, step):
        game.refresh_from_db()
        moment = (game.turn, game.deciding, game.phase)
        if moment in moments:
            return
        moments.add(moment)
        engine = services.load_engine(game)
        secrets = {str(engine.seed), str(engine.rng), str(game.secret_seed)}
        for who, client in viewers.items():
            for name, text in pages(client, game).items():
                for secret in secrets:
                    assert not token(secret).search(text), (step, who, name)

    play({lee.pk: a, grant.pk: b}, game, seed=7, steps=40,
         each_step=lambda g, n: walk(g, n) if g.turn <= 2 else None)
    assert {phase for _, _, phase in moments} == {"move", "battle"} and len(moments) >= 4
