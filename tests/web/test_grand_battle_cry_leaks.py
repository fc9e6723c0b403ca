"""No page, fragment or API answer of a Grand Battle Cry game shows a seat a card it may not
see (docs/rulings.md G9): only a side's Commander-in-Chief sees its hand; his Field Generals
see the cards given this turn; the enemy sees neither; nobody sees the deck or the seed.

Eight members, one seat each, play the opening of a game on the double board
(``gettysburg-double``, the standard rules) through the pages: the Commanders-in-Chief giving
cards, Field Generals playing them, moving and battling, or acting on initiative. The
Confederate hand is dealt canary cards first (single copies whose names appear nowhere else
in the deck), so a leak of that hand shows by name. At every EVERY-th step each member, a
member who does not play and a visitor fetch every page and fragment of the game
(tests/web/test_play_leaks.py's walk, the board selections sampled as there), the table page
and the game's API answers, searched for every card the viewer may not see.
"""
from __future__ import annotations

import html
import json
import random
import re

import pytest
from django.test import Client

from games import services
from games.engine import card_of, view_event
from games.models import Game
from tests.api.helpers import token_client
from tests.play_helpers import make_scenario
from tests.web.test_play_every_choice import HX, canon
from tests.web.test_standard_ruleset_leaks import SECRET_HAND
from tests.web.test_team_game_leaks import assert_hidden, seat_answers

pytestmark = pytest.mark.django_db

STEPS = 12
EVERY = 10
SLUG = "gettysburg-double"


def deal_canaries(game: Game) -> None:
    """The Confederate Commander-in-Chief's hand holds the canary cards (the rest of his hand
    and the others' cards dealt from what is left), before any step is taken."""
    engine = services.load_engine(game)
    pool = engine.deck + engine.hands["union"] + engine.hands["confederate"]
    held = len(engine.hands["confederate"])
    secret = SECRET_HAND[:held] + [c for c in pool if c not in SECRET_HAND][:max(0, held - len(SECRET_HAND))]
    rest = [c for c in pool if c not in secret]
    engine.hands["confederate"] = secret
    engine.hands["union"] = rest[:len(engine.hands["union"])]
    engine.deck = rest[len(engine.hands["union"]):]
    game.state = engine.to_dict()
    game.save(update_fields=["state"])


def may_see(engine, seat: str | None) -> tuple[set, set]:
    """(the hand, the cards given this turn) ``seat`` may see by ruling G9, read from the
    game's state, not from its view: a Commander-in-Chief his side's hand, each seat of the
    side whose turn it is the cards given to its Field Generals."""
    side = seat.split("-")[0] if seat else None
    hand = set(engine.hands[side]) if seat and seat == f"{side}-commander" else set()
    given = set(engine.team.assigned.values()) if side and side == engine.current.active else set()
    return hand, given


def hidden_from(game: Game, engine, seat: str | None) -> tuple[set, set, list]:
    """(copy ids, card names) ``seat`` may not see, and the texts of the cards it may see."""
    view = engine.view(seat)
    hand, given = may_see(engine, seat)
    visible = hand | given | set(engine.discards)
    if view.get("card"):
        visible.add(view["card"])
    visible |= {c for c in (view.get("last_card") or {}).values() if c}
    for entry in game.actions.all():
        for e in entry.events:
            visible |= set(re.findall(r'"(std_[a-z_]+(?:-[a-z]+)?(?:-\d)?)"', json.dumps(view_event(e, seat))))
    cards = set(engine.deck) | set(engine.hands["union"]) | set(engine.hands["confederate"])
    visible_cards = {card_of(c) for c in visible if c.startswith("std_")}
    names = {c.name for c in visible_cards}
    words = {n for c in cards if (n := card_of(c).name) not in names}
    words |= {html.escape(w) for w in words}
    allowed = sorted({t for c in visible_cards for t in (c.text, html.escape(c.text))}, key=len, reverse=True)
    return {c for c in cards if c not in visible}, words, allowed


def seated(django_user_model):
    scenario = make_scenario(slug=SLUG)
    options = {"team_mode": "grand"}
    plan = services.team_seat_plan(scenario, "standard", options)
    members = {spec.name: django_user_model.objects.create_user(f"m{n}", password="x")
               for n, spec in enumerate(plan)}
    first = next(iter(members))
    match = services.open_table(members[first], scenario, ruleset="standard", options=options, seat=first)
    for seat, member in members.items():
        if seat != first:
            services.take_table_seat(match.pk, member, seat)
    return match, members


def test_no_page_or_api_answer_shows_a_grand_battle_cry_seat_another_seat_s_cards(django_user_model):
    match, members = seated(django_user_model)
    assert len(members) == 8
    game = match.games.get(number=1)
    deal_canaries(game)
    clients = {}
    for seat, m in members.items():
        clients[seat] = Client()
        clients[seat].force_login(m)
    outsider = Client()
    outsider.force_login(django_user_model.objects.create_user("onlooker", password="x"))
    viewers = {**{seat: (clients[seat], token_client(m)) for seat, m in members.items()},
               "onlooker": (outsider, None), "visitor": (Client(), None)}
    by_member = {m.pk: seat for seat, m in members.items()}
    rng = random.Random(11)
    hand_seen, assigned_seen, canary_hidden = set(), set(), set()
    kinds = set()
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
                if seat != "confederate-commander":
                    canary_hidden |= {c for c in ids if c in SECRET_HAND}
                got = seat_answers(client, api, game, match, moment)
                assert_hidden(got, ids, words, allowed, numbers, (step, who))
                hand, _ = may_see(engine, seat)
                if hand:
                    assert card_of(sorted(hand)[0]).name in got["fragment"], (step, who)
                    hand_seen.add(seat)
                given = engine.team.assigned.get(seat) if seat else None
                if given:
                    assert card_of(given).name in got["fragment"], (step, who)
                    assigned_seen.add(seat)
        seat = by_member[game.deciding_player.pk]
        legal = engine.legal_actions()
        keep = [a for a in legal if a["type"] not in ("pass_initiative", "discard_card")]
        action = rng.choice(keep or legal)
        kinds.add(action["type"])
        r = clients[seat].post(f"/play/games/{game.pk}/act/", {"action": canon(action),
                                                               "version": game.version}, **HX)
        assert r.status_code == 200 and 'role="alert"' not in r.content.decode()
    # both Commanders-in-Chief saw their hands on their own pages, a Field General the card
    # given him; the canaries were hidden from every other seat at some moment of the walk
    assert hand_seen == {"union-commander", "confederate-commander"}
    assert assigned_seen
    assert canary_hidden
    assert "assign_card" in kinds and kinds & {"play_card", "order", "roll_initiative"}
