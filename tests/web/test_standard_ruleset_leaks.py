"""No page or fragment of a standard-rules game shows a player the other's hand, or anyone
the order of the shared deck, the seed or the random state (the standard ruleset's
counterpart of test_play_leaks.py, on the same pages)."""
from __future__ import annotations

import html as html_lib
import json
import re

import pytest
from django.test import Client

from games import services
from games.engine import card_of, view_event
from games.models import Game
from tests.play_helpers import make_scenario, set_state, start_match
from tests.web.test_play_leaks import SITE_NAME, login, pages, token

pytestmark = pytest.mark.django_db

#: Single copies whose names appear nowhere else: the Confederates hold them.
SECRET_HAND = ["std_all_out_offensive", "std_call_for_reinforcements", "std_short_of_supplies",
               "std_skirmish_right-2"]


def stage(engine):
    pool = engine.deck + engine.hands["union"] + engine.hands["confederate"]
    held = len(engine.hands["confederate"])
    secret = SECRET_HAND[:held] + [c for c in pool if c not in SECRET_HAND][:max(0, held - 4)]
    rest = [c for c in pool if c not in secret]
    engine.hands["confederate"] = secret
    engine.hands["union"] = rest[:len(engine.hands["union"])]
    engine.deck = rest[len(engine.hands["union"]):]
    return engine


def secrets_for(game: Game, viewer: str | None):
    game.refresh_from_db()
    engine = services.load_engine(game)
    view = engine.view(viewer)
    visible = set(view["hand"] or []) | set(engine.discards)
    if view.get("card"):
        visible.add(view["card"])
    for entry in game.actions.all():
        for e in entry.events:
            visible |= set(re.findall(r'"([a-z_]+(?:-\d)?)"', json.dumps(view_event(e, viewer))))
    visible |= {c for c in view["last_card"].values() if c}
    visible_names = {card_of(c).name for c in visible if c.startswith("std_")}
    hidden = set(engine.deck)
    for s in ("union", "confederate"):
        if s != viewer:
            hidden |= set(engine.hands[s])
    ids = {c for c in hidden if c not in visible}
    words = set()
    for c in hidden:
        card = card_of(c)
        if card.name not in visible_names:
            words |= {card.name, html_lib.escape(card.name)}
    return ids, words, [str(game.seed), game.secret_seed, str(engine.rng)]


def check(client, game, viewer, moment):
    """The pages at one of the walk's two moments: each selects every other unit, so each
    viewer sees every unit selected once (docs/testing.md, "Leak walks")."""
    ids, words, others = secrets_for(game, viewer)
    assert ids, "the staging should leave something to hide"
    for name, body in pages(client, game, every=2, offset=moment).items():
        for cid in ids:
            assert not token(cid).search(body), f"{cid} (hidden) appears in {name}"
        text = SITE_NAME.sub("", body)
        for w in words:
            assert w not in text, f"hidden card {w!r} appears in {name}"
        for s in others:
            assert not token(s).search(body), f"a secret number appears in {name}"


@pytest.fixture
def players(django_user_model):
    make = django_user_model.objects.create_user
    return {"union": make("lee", password="x"), "confederate": make("grant", password="x"),
            "other": make("meade", password="x")}


@pytest.mark.parametrize("viewer", ["union", "confederate", "other", None])
def test_no_page_of_a_standard_game_shows_hidden_cards_through_a_turn(client, players, viewer):
    _, game = start_match(players["union"], players["confederate"], make_scenario(),
                          side="union", ruleset="standard")
    set_state(game, stage(services.load_engine(game)))
    side = login(client, players, viewer)
    check(client, game, side, 0)
    lee = Client()
    lee.force_login(players["union"])
    for _ in range(6):                       # the Union's turn, played through the pages
        game.refresh_from_db()
        if game.deciding != "union":
            break
        legal = services.load_engine(game).legal_actions()
        action = next((a for a in legal if a["type"] in ("end_turn", "end_movement",
                                                         "confirm_orders")), legal[0])
        lee.post(f"/play/games/{game.pk}/act/", {"action": json.dumps(action),
                                                 "version": game.version})
    game.refresh_from_db()
    assert game.turn == 2                    # the Confederates drew and decide now
    check(client, game, side, 1)
