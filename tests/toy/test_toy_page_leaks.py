"""No page or fragment of a toy game shows a seat's card to anyone but the member holding
that seat, nor the deck's order or the seed to anyone (docs/decisions.md, "A member holding
several seats").  A whole toy match game is played through the pages; before each step
every viewer (each side's member, holding two seats; a member who does not play; a
visitor) fetches the game page, its #game fragment, the board fragment, the poll's answer
and the match page, and each is searched for the copy id of every card in the hands of the
seats the viewer does not hold and in the deck, and for the seed and the random state."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from games import services

from .pages import import_toy_scenario, play_to_the_end
from .test_toy_through_the_pages import logged_in

pytestmark = pytest.mark.django_db


def token(text: str) -> re.Pattern:
    return re.compile(r"(?<![A-Za-z0-9_-])" + re.escape(text) + r"(?![A-Za-z0-9_-])")


def pages(client: Client, game) -> dict[str, str]:
    base = f"/play/games/{game.pk}/"
    got = {"page": client.get(base), "fragment": client.get(base, HTTP_HX_REQUEST="true"),
           "board": client.get(base, {"fragment": "board"}, HTTP_HX_REQUEST="true"),
           "poll": client.get(f"{base}version/", {"v": game.version - 1}, HTTP_HX_REQUEST="true"),
           "match": client.get(f"/play/matches/{game.match_id}/")}
    for name, r in got.items():
        assert r.status_code in (200, 204), (name, r.status_code)
    return {name: r.content.decode() for name, r in got.items()}


def test_no_page_of_a_toy_game_shows_a_seat_s_card_to_anyone_else(lee, grant, meade):
    a, b = logged_in(lee), logged_in(grant)
    scenario = import_toy_scenario(a)
    match = services.create_challenge(lee, grant, scenario, side="union", ruleset="toy",
                                      options={"turns": 4})
    services.accept(match.pk, grant)
    game = match.games.get(number=1)
    viewers = {"lee": (a, lee), "grant": (b, grant), "meade": (logged_in(meade), meade),
               "visitor": (Client(), None)}
    shown_own = set()

    def walk(game, step):
        game.refresh_from_db()
        engine = services.load_engine(game)
        secret_numbers = {str(engine.seed), str(engine.rng), game.secret_seed}
        for who, (client, user) in viewers.items():
            held = {s.name for s in game.seat_of(user)} if user else set()
            hidden = set(engine.deck) | {c for seat, hand in engine.hands.items()
                                         if seat not in held for c in hand}
            for name, text in pages(client, game).items():
                for card in hidden:
                    assert not token(card).search(text), (step, who, name, card)
                for number in secret_numbers:
                    assert not (number and token(number).search(text)), (step, who, name)
            if user is not None and game.deciding in held:
                card = engine.hands[game.deciding][0] if engine.hands[game.deciding] else None
                if card:
                    assert token(card).search(pages(client, game)["fragment"]), (step, who)
                    shown_own.add(who)

    play_to_the_end({lee.pk: a, grant.pk: b}, game, seed=11, each_step=walk)
    # the walk saw each member's own card on their page: it would see another's too
    assert shown_own == {"lee", "grant"}


def test_no_page_of_a_team_game_shows_a_seat_s_card_or_a_team_s_chat_to_anyone_else(
        django_user_model, lee, grant, meade):
    """Four members, one seat each: every viewer (each member, a member who does not play, a
    visitor) fetches every page at each step; none shows a card of a seat the viewer does
    not hold (a team-mate's included), the deck or the seed, nor the other team's chat."""
    from .teams import four_members, seated_table

    members = four_members(django_user_model, lee, grant, meade)
    match = seated_table(members)
    game = match.games.get(number=1)
    clients = {m.pk: logged_in(m) for m in members.values()}
    services.post_team_chat(game.pk, members["union-1"], "secret-union-plan")
    services.post_team_chat(game.pk, members["confederate-1"], "secret-confederate-plan")
    viewers = {seat: (clients[m.pk], m) for seat, m in members.items()}
    viewers.update({"outsider": (logged_in(django_user_model.objects.create_user("early")), None),
                    "visitor": (Client(), None)})
    shown_own = set()

    def walk(game, step):
        if step % 3:            # every third step: each viewer still sees each seat acting
            return
        game.refresh_from_db()
        engine = services.load_engine(game)
        secret_numbers = {str(engine.seed), str(engine.rng), game.secret_seed}
        for who, (client, user) in viewers.items():
            held = {s.name for s in game.seat_of(user)} if user else set()
            hidden = set(engine.deck) | {c for seat, hand in engine.hands.items()
                                         if seat not in held for c in hand}
            team = services.team_of(game, user) if user else None
            plans = {f"secret-{side}-plan" for side in ("union", "confederate") if side != team}
            got = pages(client, game)
            got["team-chat"] = client.get(f"/play/games/{game.pk}/team-chat/").content.decode()
            got["table"] = client.get(f"/play/tables/{match.pk}/").content.decode()
            for name, text in got.items():
                for secret in hidden | plans:
                    assert not token(secret).search(text), (step, who, name, secret)
                for number in secret_numbers:
                    assert not (number and token(number).search(text)), (step, who, name)
            if user is not None and game.deciding in held and engine.hands[game.deciding]:
                assert token(engine.hands[game.deciding][0]).search(got["fragment"]), (step, who)
                shown_own.add(who)

    play_to_the_end(clients, game, seed=11, each_step=walk)
    assert shown_own == set(members)
