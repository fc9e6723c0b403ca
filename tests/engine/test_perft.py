"""Legal-action counts for fixed positions (perft style): the move generator's totals."""
from games.engine import Game, load_scenario
from tests.engine.helpers import G, U, game, give, order
from games.engine.battlecry.sample import sample_scenario


def moves(g, kind="move"):
    return [a for a in g.legal_actions() if a["type"] == kind]


def lone(kind, **kw):
    g = game([U("union", kind, 12, 4, fresh=False, **kw), U("confederate", "infantry", 0, 0)])
    order(g, "attack_centre", "u1")
    return g


def test_infantry_in_the_open_has_18_moves():
    assert len(moves(lone("infantry"))) == 6 + 12


def test_cavalry_in_the_open_has_18_moves():
    assert len(moves(lone("cavalry"))) == 6 + 12      # a third hex only as a charge


def test_foot_artillery_has_6_and_horse_artillery_18():
    assert len(moves(lone("artillery"))) == 6
    assert len(moves(lone("artillery", horse=True))) == 18


def test_lone_general_has_36_moves():
    g = game([U("union", "infantry", 0, 8), U("confederate", "infantry", 24, 0)],
             [G("union", 12, 4)])
    order(g, "attack_centre")
    assert len(moves(g, "move_general")) == 6 + 12 + 18


def built_in():
    return load_scenario(sample_scenario())


def test_opening_position_counts():
    g = Game.new(built_in(), seed=7)
    per_card = {"forced_march": 4, "counter_attack": 1, "fight_back": 1}
    assert len(g.legal_actions()) == sum(per_card.get(c.split("-")[0], 2) for c in g.cards.hands["union"])
    assert len(g.legal_actions()) == 14
    give(g, "union", "attack_centre")
    g.apply({"type": "play_card", "card": "attack_centre", "mode": "section"})
    assert len(moves(g, "order")) == 6          # centre units of the bench field, bottom seat
    for uid in ("u2", "u3", "u4"):
        g.apply({"type": "order", "unit": uid})
    assert [a["type"] for a in g.legal_actions()].count("move") == 11 + 11 + 10
    assert [a["type"] for a in g.legal_actions()].count("move_general") == 19 + 19
