"""No page, fragment or API answer of an Epic or a Doubles game shows a seat a card it may
not see (docs/rulings.md E10, D5): in Epic only the Commanding General sees his side's hand
(a Major-General sees the card given to him), in Doubles each Major-General sees his own hand
and not his team-mate's; nobody sees a deck's order or the seed.

Six (Epic) or four (Doubles) members, one seat each, play the opening of a game through the
pages (the settling of the command, cards given and played, battles, the end of turns); at
every fourth step each member, a member who does not play and a visitor fetch every page and
fragment of the game (tests/web/test_play_leaks.py's walk, the board selections sampled as
there), the table page and the game's API answers, searched as that walk searches them.
"""
from __future__ import annotations

import html
import json
import random
import re

import pytest
from django.test import Client

from games import services
from games.engine import view_event
from games.engine.battlecry.advanced.cards import card_of
from games.models import Game
from tests.api.helpers import token_client
from tests.play_helpers import make_scenario
from tests.web.test_play_every_choice import HX, canon
from tests.web.test_play_leaks import SITE_NAME, _is_card, pages, token

pytestmark = pytest.mark.django_db

#: steps played through the pages; the walk stops at every EVERY-th
STEPS = 24
EVERY = 6


def hidden_from(game: Game, engine, seat: str | None) -> tuple[set, set, list]:
    """(copy ids, card names) ``seat`` may not see, and the texts of the cards it may see."""
    view = engine.view(seat)
    visible = set(view["hand"] or [])
    for s in ("union", "confederate"):
        visible |= set(view["discards"][s])
    if view.get("card"):
        visible.add(view["card"])
    # the kind of the last card each side played (its first copy's id is the kind's name)
    visible |= {c for c in (view.get("last_card") or {}).values() if c}
    if (view.get("team") or {}).get("given"):
        visible.add(view["team"]["given"])
    for entry in game.actions.all():
        for e in entry.events:
            visible |= set(re.findall(r'"([a-z_]+(?:-(?:\d|x))?)"', json.dumps(view_event(e, seat))))
    cards = set(engine.decks["union"]) | set(engine.decks["confederate"])
    team = engine.team
    for hand in [*engine.cards.hands.values(), *team.hands.values()]:
        cards |= set(hand)
    cards -= set(view["hand"] or [])
    visible_cards = {card_of(c) for c in visible if _is_card(c)}
    names = {c.name for c in visible_cards}
    words = {card_of(c).name for c in cards if card_of(c).name not in names}
    allowed = sorted({t for c in visible_cards for t in (c.text, html.escape(c.text))},
                     key=len, reverse=True)
    return {c for c in cards if c not in visible}, words, allowed


def seated(django_user_model, mode: str, slug: str):
    scenario = make_scenario(slug=slug)
    plan = services.team_seat_plan(scenario, "advanced", {"team_mode": mode})
    members = {spec.name: django_user_model.objects.create_user(f"m{n}", password="x")
               for n, spec in enumerate(plan)}
    first = next(iter(members))
    match = services.open_table(members[first], scenario, ruleset="advanced",
                                options={"team_mode": mode}, seat=first)
    for seat, member in members.items():
        if seat != first:
            services.take_table_seat(match.pk, member, seat)
    return match, members


def seat_answers(client, api, game, match, moment: int) -> dict[str, str]:
    """Every page and fragment of ``game`` a viewer fetches at this moment (sampled as
    tests/web/test_play_leaks.py samples them), its table's page and, for a member, the
    game's API answers."""
    got = pages(client, game, every=8, offset=moment)
    got["table"] = client.get(f"/play/tables/{match.pk}/").content.decode()
    if api is not None:
        for path in ("", "seats/", "legal-actions/", "events/", "team-chat/"):
            got[f"api {path}"] = api.get(f"/api/v1/games/{game.pk}/{path}").content.decode()
    return got


def assert_hidden(got: dict[str, str], ids, words, allowed, numbers, where: tuple) -> None:
    """No answer in ``got`` holds a hidden card's id, the name of a card the viewer may not
    see (outside the texts of cards it may see), or one of the game's secret numbers."""
    for name, body in got.items():
        for cid in ids:
            assert not token(cid).search(body), (*where, name, cid)
        text = SITE_NAME.sub("", body)
        for t in allowed:
            text = text.replace(t, "")
        for w in words:
            assert w not in text, (*where, name, w)
        for n in numbers:
            assert not token(n).search(body), (*where, name)

@pytest.mark.parametrize(("mode", "slug"), [("epic", "shiloh"), ("doubles", "antietam")])
def test_no_page_or_api_answer_shows_a_seat_another_seat_s_cards(django_user_model, mode, slug):
    match, members = seated(django_user_model, mode, slug)
    game = match.games.get(number=1)
    clients = {}
    for seat, m in members.items():
        clients[seat] = Client()
        clients[seat].force_login(m)
    outsider = Client()
    outsider.force_login(django_user_model.objects.create_user("onlooker", password="x"))
    viewers = {**{seat: (clients[seat], token_client(m)) for seat, m in members.items()},
               "onlooker": (outsider, None), "visitor": (Client(), None)}
    by_member = {m.pk: seat for seat, m in members.items()}
    rng = random.Random(7)
    own_hand_seen, drew_seen = set(), set()
    for step in range(STEPS):
        game.refresh_from_db()
        if game.is_over:
            break
        engine = services.load_engine(game)
        if step % EVERY == 0:
            moment = step // EVERY
            numbers = [str(engine.seed), str(engine.rng), game.secret_seed]
            for who, (client, api) in viewers.items():
                seat = who if who in members else None
                ids, words, allowed = hidden_from(game, engine, seat)
                got = seat_answers(client, api, game, match, moment)
                assert_hidden(got, ids, words, allowed, numbers, (step, who))
                if seat is not None and seat.endswith("commander") and "You drew" in got["fragment"]:
                    drew_seen.add(seat)
                hand = engine.view(seat)["hand"] if seat else None
                if hand:
                    assert card_of(hand[0]).name in got["fragment"], (step, who)
                    own_hand_seen.add(seat)
        seat = by_member[game.deciding_player.pk]
        keep = [a for a in engine.legal_actions() if a["type"] not in ("transfer", "pass_initiative")]
        action = rng.choice(keep or engine.legal_actions())
        r = clients[seat].post(f"/play/games/{game.pk}/act/", {"action": canon(action),
                                                               "version": game.version}, **HX)
        assert r.status_code == 200 and 'role="alert"' not in r.content.decode()
    # the walk saw every seat holding a hand show it on its own page: it would see another's
    holders = {s for s in members if s.endswith("commander")} if mode == "epic" else set(members)
    assert own_hand_seen == holders
    if mode == "epic":          # the Commanding General's log tells him the cards he drew
        assert drew_seen

