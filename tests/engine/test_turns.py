"""PLAYER TURNS and COMMAND CARDS (section cards and the skirmish action), decisions,
refusals and the draw."""
import pytest

from games.engine import Game, IllegalAction
from games.engine.battlecry.advanced.cards import EXTRA_CARDS, PLAYER_DECK, player_deck_ids
from tests.engine.helpers import G, game, give, inf, order


def line():
    """Union infantry on every section of its seat; one confederate far away."""
    return [inf("union", c, 6) for c in (2, 6, 8, 10, 12, 16, 18, 22)] + [inf("confederate", 12, 0)]


def test_opening_hands_are_the_scenario_cards_plus_one_per_general():
    g = game(line(), [G("union", 10, 8), G("union", 14, 8)], cards=4)
    assert len(g.cards.hands["union"]) == 6 and len(g.cards.hands["confederate"]) == 4


def test_decks_hold_the_player_deck_and_seven_extras_each():
    g = game(line())
    for side in ("union", "confederate"):
        cards = g.cards.hands[side] + g.cards.decks[side]
        assert len(cards) == 30
        extras = [c for c in cards if c.endswith("-x")]
        assert len(extras) == 7
        assert sorted(c for c in cards if not c.endswith("-x")) == sorted(player_deck_ids())
        assert len(player_deck_ids()) == len(PLAYER_DECK) == 23
    both = [c for s in ("union", "confederate") for c in g.cards.hands[s] + g.cards.decks[s] if c.endswith("-x")]
    assert sorted(c[:-2] for c in both) == sorted(EXTRA_CARDS)


def test_section_card_orders_only_units_in_its_section_from_the_players_seat():
    g = game(line())
    give(g, "union", "probe_left")
    g.apply({"type": "play_card", "card": "probe_left", "mode": "section"})
    orderable = {a["unit"] for a in g.legal_actions() if a["type"] == "order"}
    assert orderable == {"u1", "u2"}        # cols 2 and 6 on the bottom seat's left
    with pytest.raises(IllegalAction, match="not on your left"):
        g.apply({"type": "order", "unit": "u5"})


@pytest.mark.parametrize("card,orders", [("scout_centre", 1), ("probe_centre", 2),
                                         ("attack_centre", 3)])
def test_section_cards_give_their_number_of_orders(card, orders):
    g = game(line())
    give(g, "union", card)
    ev = g.apply({"type": "play_card", "card": card, "mode": "section"})
    assert ev[0]["orders"] == orders


def test_assault_orders_one_unit_per_card_held_counting_itself():
    g = game(line(), cards=5)
    give(g, "union", "assault_centre")
    ev = g.apply({"type": "play_card", "card": "assault_centre", "mode": "section"})
    assert ev[0]["orders"] == 5


def test_skirmish_orders_any_one_unit_anywhere():
    g = game(line())
    card = g.cards.hands["union"][0]
    g.apply({"type": "play_card", "card": card, "mode": "skirmish"})
    g.apply({"type": "order", "unit": "u8"})
    assert g.phase == "move" and g.current.ordered == ["u8"]


def test_a_card_that_orders_nothing_may_still_be_played():
    g = game([inf("union", 2, 6), inf("confederate", 12, 0)])
    give(g, "union", "attack_right")
    g.apply({"type": "play_card", "card": "attack_right", "mode": "section"})
    assert g.phase == "move"


def test_scout_draws_two_and_keeps_one():
    g = game(line())
    order(g, "scout_centre", "u4")
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"}, draws=["bombard", "leadership"])
    assert g.phase == "keep_card" and g.active_side == "union"
    g.apply({"type": "keep_card", "card": "leadership"})
    assert "leadership" in g.cards.hands["union"] and "bombard" in g.cards.discards["union"]
    assert len(g.cards.hands["union"]) == 4 and g.current.active == "confederate"


def test_end_of_turn_discards_the_card_and_draws_one():
    g = game(line())
    order(g, "attack_centre")
    g.apply({"type": "end_movement"})
    ev = g.apply({"type": "end_turn"}, draws=["bombard"])
    assert g.cards.discards["union"] == ["attack_centre"] and "bombard" in g.cards.hands["union"]
    assert len(g.cards.hands["union"]) == 4 and g.current.active == "confederate" and g.current.number == 2
    draw = next(e for e in ev if e["type"] == "draw")
    assert draw["private"]["cards"] == ["bombard"]


def test_empty_deck_reshuffles_the_discards():
    g = game(line())
    order(g, "attack_centre")
    g.apply({"type": "end_movement"})
    g.cards.discards["union"], g.cards.decks["union"] = list(g.cards.decks["union"]), []
    ev = g.apply({"type": "end_turn"})
    shuffle = next(e for e in ev if e["type"] == "reshuffle")
    assert shuffle["cards"] == 27 and len(g.cards.decks["union"]) == 26
    assert g.cards.discards["union"] == []


def test_refusals_explain_and_change_nothing():
    g = game(line())
    before = g.to_dict()
    with pytest.raises(IllegalAction, match="not in your hand"):
        g.apply({"type": "play_card", "card": "nonsense", "mode": "section"})
    with pytest.raises(IllegalAction, match="time to play a command card"):
        g.apply({"type": "end_turn"})
    with pytest.raises(IllegalAction, match="needs a type"):
        g.apply({"oops": 1})
    assert g.to_dict() == before


def test_state_round_trips_through_a_dict():
    g = game(line(), [G("union", 10, 8)])
    order(g, "attack_centre", "u4")
    d = g.to_dict()
    assert Game.from_dict(d).to_dict() == d


def test_view_hides_the_other_hand_and_every_deck():
    g = game(line())
    v = g.view("union")
    assert v["hand"] == g.cards.hands["union"] and v["hand_counts"]["confederate"] == 4
    text = repr(v)
    assert "decks" not in v and "rng" not in text and "seed" not in text
    assert g.view(None)["hand"] is None
