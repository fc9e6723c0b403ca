"""Every legal action can be taken from the page, and the page offers nothing illegal.

For the player whose decision it is, the actions the page posts (buttons, and the hexes'
``hx-vals``), together with those offered after selecting each selectable piece or hex
(``?sel=``), must be exactly ``legal_actions()``.  Checked for each kind of decision in
positions built with the engine's test helpers; random games through the pages (every
scenario under the default ruleset, a sample under each other) are in
test_random_games_through_the_pages.py.
"""
from __future__ import annotations

import html as html_lib
import json
import re

import pytest
from django.test import Client

from games import services
from games.models import Game
from tests.engine.helpers import G, H, U, attack, game as engine_game, give, inf, order
from tests.play_helpers import set_state, start_match

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def canon(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def posted(body: str) -> set[str]:
    out = set()
    for m in re.finditer(r'name="action" value="([^"]*)"', body):
        out.add(canon(json.loads(html_lib.unescape(m.group(1)))))
    for m in re.finditer(r'hx-vals="([^"]*)"', body):
        out.add(canon(json.loads(json.loads(html_lib.unescape(m.group(1)))["action"])))
    return out


def offered(client: Client, game: Game) -> set[str]:
    base = f"/play/games/{game.pk}/"
    body = client.get(base, **HX).content.decode()
    assert 'role="alert"' not in body
    found = posted(body)
    for sel in set(re.findall(r"\?sel=(\d+,\d+)", body)):
        found |= posted(client.get(base + f"?sel={sel}", **HX).content.decode())
    return found


def check_offered(client, game, seat=None):
    """The page of ``seat`` (the deciding one when not given) offers exactly its legal
    actions."""
    game.refresh_from_db()
    legal = {canon(a) for a in services.load_engine(game).legal_actions(seat or game.deciding)}
    assert legal, "nothing to decide"
    assert offered(client, game) == legal


@pytest.fixture
def players(django_user_model):
    return {"union": django_user_model.objects.create_user("lee", password="x"),
            "confederate": django_user_model.objects.create_user("grant", password="x")}


def put(players, engine):
    """A game row holding an engine position (the log does not lead there: set-up only)."""
    _, row = start_match(players["union"], players["confederate"], side="union")
    set_state(row, engine)
    row.refresh_from_db()
    return row


def to_battle(g, card="attack_centre", *units):
    order(g, card, *units)
    g.apply({"type": "end_movement"})
    return g


def hit_and_run():
    g = engine_game([U("union", "cavalry", 10, 8), U("union", "cavalry", 2, 8), inf("confederate", 12, 4)])
    give(g, "union", "hit_and_run")
    g.apply({"type": "play_card", "card": "hit_and_run", "mode": "tactic"})
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    attack(g, "u1", 12, 4, ["cavalry", "cavalry", "cavalry"])
    return g


def position_reinforce():
    g = engine_game([inf("union", 10, 6), inf("confederate", 0, 0)])
    give(g, "union", "call_for_reinforcements")
    g.apply({"type": "play_card", "card": "call_for_reinforcements", "mode": "tactic"})
    return g, "reinforce"


def position_rally():
    g = engine_game([inf("union", 10, 6, figures=2), U("union", "cavalry", 2, 6, figures=1),
                     inf("confederate", 12, 2)], cards=3)
    give(g, "union", "rally")
    g.apply({"type": "play_card", "card": "rally", "mode": "tactic"},
            rolls=["infantry", "cavalry", "artillery"])
    return g, "rally"


def position_fight_back():
    g = hit_and_run()
    give(g, "confederate", "fight_back")
    return g, "fight_back"


def position_move_again():
    g = hit_and_run()
    g.apply({"type": "decline"})
    g.apply({"type": "end_turn"})
    return g, "move_again"


def position_keep_card():
    g = engine_game([inf("union", 10, 6), inf("confederate", 0, 0)])
    to_battle(g, "scout_centre", "u1")
    g.apply({"type": "end_turn"})
    return g, "keep_card"


def position_supply_move():
    g = engine_game([inf("union", 10, 6), inf("confederate", 12, 4), inf("confederate", 10, 0),
                     inf("confederate", 14, 0)])
    give(g, "union", "short_supply")
    g.apply({"type": "play_card", "card": "short_supply", "mode": "tactic"})
    g.apply({"type": "order", "unit": "u2"})
    return g, "supply_move"


def position_withdraw():
    g = engine_game([inf("union", 12, 6), U("confederate", "cavalry", 12, 4)])
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    attack(g, "u1", 12, 4, [])
    return g, "withdraw"


def position_take_ground():
    g = engine_game([inf("union", 10, 6), inf("confederate", 11, 5, figures=1), inf("confederate", 0, 0)],
                    [G("union", 10, 6)])
    order(g, "attack_right")
    g.apply({"type": "end_movement"})
    attack(g, "u1", 11, 5, ["infantry", "cavalry", "cavalry"])
    return g, "take_ground"


def position_general_retreat():
    g = engine_game([inf("union", 10, 6), inf("confederate", 0, 0)],
                    [G("confederate", 11, 5), G("confederate", 2, 0)])
    to_battle(g, "attack_centre")            # in melee with him: it battles without an order
    attack(g, "u1", 11, 5, ["infantry", "infantry", "flag"])
    return g, "general_retreat"


def position_discard():
    g = engine_game([U("union", "artillery", 10, 6), inf("confederate", 12, 4, figures=1),
                     inf("confederate", 2, 0)],
                    [G("confederate", 12, 4), G("confederate", 2, 0)], cards=4)
    to_battle(g, "attack_centre", "u1")
    g.apply({"type": "attack", "unit": "u1", "target": H(12, 4)},
            rolls=["infantry", "artillery", "artillery", "swords"])
    return g, "discard"


def position_retreat():
    g = engine_game([inf("union", 12, 6), inf("confederate", 12, 4), inf("confederate", 0, 0)])
    to_battle(g, "attack_centre", "u1")
    attack(g, "u1", 12, 4, ["flag", "flag"])
    return g, "retreat"


def position_forced_march_in_hand():
    g = engine_game([inf("union", 10, 6), inf("confederate", 0, 0)])
    give(g, "union", "forced_march")
    return g, "play_card"


def position_sharpshooter():
    g = engine_game([inf("union", 10, 6), inf("confederate", 12, 4), inf("confederate", 0, 0)],
                    [G("confederate", 12, 4), G("confederate", 2, 0)])
    give(g, "union", "sharpshooter-x")
    g.apply({"type": "play_card", "card": "sharpshooter-x", "mode": "tactic"})
    g.apply({"type": "order", "unit": "u1"})
    g.apply({"type": "end_movement"})
    return g, "battle"


def position_order_and_move():
    g = engine_game([inf("union", 10, 6), inf("union", 12, 6), inf("union", 14, 6),
                     inf("confederate", 12, 0)], [G("union", 12, 8)])
    give(g, "union", "attack_centre")
    g.apply({"type": "play_card", "card": "attack_centre", "mode": "section"})
    return g, "order"


POSITIONS = [position_reinforce, position_rally, position_fight_back, position_move_again,
             position_keep_card, position_supply_move, position_withdraw, position_take_ground,
             position_general_retreat, position_discard, position_retreat,
             position_forced_march_in_hand, position_sharpshooter, position_order_and_move]


@pytest.mark.parametrize("make", POSITIONS, ids=lambda f: f.__name__.removeprefix("position_"))
def test_each_decision_offers_exactly_the_legal_actions(client, players, make):
    engine, phase = make()
    assert engine.phase == phase
    row = put(players, engine)
    client.force_login(players[engine.active_side])
    check_offered(client, row)
    # and the other player is offered nothing
    other = "confederate" if engine.active_side == "union" else "union"
    client.force_login(players[other])
    assert offered(client, row) == set()


def test_move_step_after_ordering(client, players):
    engine, _ = position_order_and_move()
    engine.apply({"type": "order", "unit": "u1"})
    engine.apply({"type": "order", "unit": "u2"})
    engine.apply({"type": "confirm_orders"})
    assert engine.phase == "move"
    row = put(players, engine)
    client.force_login(players["union"])
    check_offered(client, row)
