"""No page or fragment shows a player the other's hand, or anyone the order of a deck.

The position is staged so that the opponent holds four cards whose names appear nowhere a
player may legitimately look (each is a single copy in the extra pile), then played on
through the pages to a moment when the opponent decides which of two freshly drawn cards
to keep.  At each moment every page and fragment is fetched for the viewer (each player,
a member who does not play, and a logged-out visitor) and searched for:

* the copy id of every card in the hidden hands and in both decks, unless the viewer may
  see that id elsewhere (their own hand, the discards, the card in play, the events as
  ``view_event`` gives them to the viewer: copy ids repeat across the two decks);
* the name and the text of every hidden card, unless the viewer may see that name;
* the seed and the random state.

The fragments include the last turn drawn on the board, the dice, the take-back button,
the resign form and the chat.
"""
from __future__ import annotations

import html as html_lib
import json
import re

import pytest

from games import services
from games.engine import view_event
from games.engine.battlecry.advanced.cards import card_of
from games.models import Game, GameReview
from tests.play_helpers import make_scenario, set_state, start_match

pytestmark = pytest.mark.django_db

SECRET_HAND = ["sharpshooter-x", "short_supply-x", "construct_fieldworks-x",
               "call_for_reinforcements-x", "scout_centre", "scout_left"]
UNION_HAND = ["attack_centre", "probe_left", "probe_right", "assault_left", "leadership",
              "attack_left"]


def stage(engine):
    """Union (first to play) holds UNION_HAND; the Confederates hold SECRET_HAND."""
    pools = {s: engine.hands[s] + engine.decks[s] for s in ("union", "confederate")}
    for cid in SECRET_HAND:
        if cid not in pools["confederate"]:                  # an extra card dealt to the Union
            swap = next(c for c in pools["confederate"] if c.endswith("-x") and c not in SECRET_HAND)
            pools["union"].remove(cid)
            pools["confederate"].remove(swap)
            pools["union"].append(swap)
            pools["confederate"].append(cid)
    for s, hand in (("union", UNION_HAND), ("confederate", SECRET_HAND)):
        assert len(hand) == len(engine.hands[s])
        engine.hands[s] = list(hand)
        engine.decks[s] = [c for c in pools[s] if c not in hand]
    return engine


SITE_NAME = re.compile(r"Battle Cry (club|is a game)")


def token(cid: str) -> re.Pattern:
    return re.compile(r"(?<![A-Za-z0-9_-])" + re.escape(cid) + r"(?![A-Za-z0-9_-])")


def secrets_for(game: Game, viewer: str | None) -> tuple[set, set, list, list]:
    """(forbidden copy ids, forbidden card names and texts, other secrets, texts the viewer
    may see) for ``viewer``."""
    game.refresh_from_db()
    engine = services.load_engine(game)
    view = engine.view(viewer)
    visible_ids = set(view["hand"] or [])
    for s in ("union", "confederate"):
        visible_ids |= set(view["discards"][s])
    if view.get("card"):
        visible_ids.add(view["card"])
    for entry in game.actions.all():
        for e in entry.events:
            seen = json.dumps(view_event(e, viewer))
            visible_ids |= {m for m in re.findall(r'"([a-z_]+(?:-(?:\d|x))?)"', seen)}
    visible_cards = {card_of(c) for c in visible_ids if _is_card(c)}
    visible_names = {card.name for card in visible_cards}
    # a visible card's text may name a hidden card (Fight Back names Bombard): such text is
    # cut from the page before hidden names are looked for
    allowed = sorted({t for card in visible_cards for t in (card.text, html_lib.escape(card.text))},
                     key=len, reverse=True)
    hidden = set(engine.decks["union"]) | set(engine.decks["confederate"])
    for s in ("union", "confederate"):
        if s != viewer:
            hidden |= set(engine.hands[s])
    ids = {c for c in hidden if c not in visible_ids}
    words = set()
    for c in hidden:
        card = card_of(c)
        if card.name not in visible_names:
            words |= {card.name, card.text, html_lib.escape(card.text)}
    others = [str(game.seed), game.secret_seed, str(engine.rng)]
    return ids, words, others, allowed


def _is_card(c: str) -> bool:
    try:
        card_of(c)
        return True
    except KeyError:
        return False


def pages(client, game: Game, every: int = 1, offset: int = 0) -> dict[str, str]:
    """Every page and fragment of the game a visitor can ask for, with its body; the board
    with a unit selected for every ``every``-th unit only, starting at ``offset`` (a walk
    through ``every`` moments, each with the next offset, selects every unit once)."""
    game.refresh_from_db()
    base = f"/play/games/{game.pk}/"
    hx = {"HTTP_HX_REQUEST": "true"}
    out = {
        "page": client.get(base),
        "fragment": client.get(base, **hx),
        "board": client.get(base + "?fragment=board"),
        "version (changed)": client.get(base + f"version/?v={game.version - 1}", **hx),
        "match": client.get(f"/play/matches/{game.match_id}/"),
        "lobby": client.get("/play/"),
        "lobby games (refresh)": client.get("/play/?fragment=games", **hx),
        "replay": client.get(base + "replay/"),
        "illegal action": client.post(base + "act/", {"action": json.dumps({"type": "nonsense"}),
                                                       "version": game.version}),
        "illegal action (htmx)": client.post(base + "act/", {"action": json.dumps({"type": "x"}),
                                                              "version": game.version}, **hx),
        "stale version": client.post(base + "act/", {"action": json.dumps({"type": "end_turn"}),
                                                      "version": game.version + 7}, **hx),
        "claim": client.post(base + "claim/", {"version": game.version}),
        # taking back, resigning and the chat, without changing the game (a stale version,
        # no confirmation, an empty message)
        "undo (stale)": client.post(base + "undo/", {"version": game.version + 7}, **hx),
        "resign (unconfirmed)": client.post(base + "resign/", {"version": game.version}, **hx),
        "chat": client.get(f"/play/matches/{game.match_id}/chat/", **hx),
        "chat (empty message)": client.post(f"/play/matches/{game.match_id}/chat/", {"text": " "}, **hx),
        "board with a general selected": client.get(base + "?sel=4,8&piece=general", **hx),
        # Archie's review: none while the game is played, and none may be asked for
        "review": client.get(base + "review/"),
        "review (htmx)": client.get(base + "review/", **hx),
        "review asked for": client.post(base + "review/", **hx),
    }
    assert {out[k].status_code for k in ("review", "review (htmx)", "review asked for")} == {404}
    engine = services.load_engine(game)
    for u in engine.view(None)["units"][offset % every::every]:
        key = f"{u['hex']['col']},{u['hex']['row']}"
        out[f"select {key}"] = client.get(base + f"?sel={key}", **hx)
    return {name: r.content.decode() for name, r in out.items()}


def fresh(game):
    game.refresh_from_db()
    return services.load_engine(game)


#: The walk stops at four moments; at each, the board with a unit selected is fetched for
#: every fourth unit (the next quarter at the next moment), so each viewer sees every unit
#: selected once while every other page and fragment is fetched at every moment
#: (docs/testing.md, "Leak walks").
MOMENTS = 4


def check(client, game, viewer, moment=0):
    ids, words, others, allowed = secrets_for(game, viewer)
    assert ids and words, "the staging should leave something to hide"
    for name, body in pages(client, game, every=MOMENTS, offset=moment).items():
        for cid in ids:
            assert not token(cid).search(body), f"{cid} (hidden) appears in {name}"
        text = SITE_NAME.sub("", body)      # the card "Battle Cry" is also the game's name
        for t in allowed:
            text = text.replace(t, "")
        for w in words:
            assert w not in text, f"hidden card {w!r} appears in {name}"
        for s in others:
            assert not token(s).search(body), f"a secret number appears in {name}"


@pytest.fixture
def players(django_user_model):
    make = django_user_model.objects.create_user
    return {"union": make("lee", password="x"), "confederate": make("grant", password="x"),
            "other": make("meade", password="x")}


@pytest.fixture
def game(players):
    _, game = start_match(players["union"], players["confederate"], make_scenario(), side="union")
    set_state(game, stage(services.load_engine(game)))
    return game


VIEWERS = ["union", "confederate", "other", None]


def login(client, players, viewer):
    if viewer is None:
        client.logout()
    else:
        client.force_login(players[viewer])
    return viewer if viewer in ("union", "confederate") else None


@pytest.mark.parametrize("viewer", VIEWERS)
def test_no_page_shows_hidden_cards_through_a_turn(client, players, game, viewer):
    side = login(client, players, viewer)
    check(client, game, side, 0)

    # The Union plays a turn through the pages (the viewer's client looks on between steps).
    union = players["union"]
    from django.test import Client
    lee = Client()
    lee.force_login(union)

    def do(action):
        game.refresh_from_db()
        r = lee.post(f"/play/games/{game.pk}/act/", {"action": json.dumps(action), "version": game.version})
        assert r.status_code == 303, r.content.decode()[:500]

    do({"type": "play_card", "card": "attack_centre", "mode": "section"})
    for a in [a for a in fresh(game).legal_actions() if a["type"] == "order"][:3]:
        if fresh(game).phase == "order":
            do(a)
    if fresh(game).phase == "order":
        do({"type": "confirm_orders"})
    check(client, game, side, 1)                                   # mid-turn, units ordered
    do(next(a for a in fresh(game).legal_actions() if a["type"] == "move"))
    do({"type": "end_movement"})
    do({"type": "end_turn"})                                    # the Union draws a card
    check(client, game, side, 2)

    # The Confederates play Scout Centre: at the end of their turn they draw two and keep one.
    grant = Client()
    grant.force_login(players["confederate"])

    def grant_does(action):
        game.refresh_from_db()
        r = grant.post(f"/play/games/{game.pk}/act/", {"action": json.dumps(action), "version": game.version})
        assert r.status_code == 303, r.content.decode()[:500]

    grant_does({"type": "play_card", "card": "scout_centre", "mode": "section"})
    while fresh(game).phase == "order":
        grant_does(next(a for a in fresh(game).legal_actions() if a["type"] in ("order", "confirm_orders")))
    grant_does({"type": "end_movement"})
    grant_does({"type": "end_turn"})
    game.refresh_from_db()
    assert game.phase == "keep_card" and game.deciding == "confederate"
    check(client, game, side, 3)
    assert not GameReview.objects.filter(game=game).exists()
