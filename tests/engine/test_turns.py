"""PLAYER TURNS and COMMAND CARDS (section cards and the skirmish action), decisions,
refusals and the draw."""
import pytest

from games.engine import Game, IllegalAction
from games.engine.battlecry.advanced.cards import EXTRA_CARDS, PLAYER_DECK, card_of, player_deck_ids
from games.engine.replay import replay
from tests.engine.helpers import G, game, give, inf, order, scenario


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


def test_scout_from_a_full_hand_keeps_the_hand_full():
    g = game(line())
    assert len(g.cards.hands["union"]) == g.capacity("union") == 4
    order(g, "scout_centre", "u4")
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"}, draws=["bombard", "leadership"])
    g.apply({"type": "keep_card", "card": "leadership"})
    # the limit is checked with the card kept, not with both drawn cards in hand
    assert g.phase == "play_card" and g.active_side == "confederate"
    assert len(g.cards.hands["union"]) == 4 and "leadership" in g.cards.hands["union"]
    assert g.cards.discards["union"] == ["scout_centre", "bombard"]


def test_recon_in_force_from_a_full_hand_keeps_the_hand_full():
    g = game(line())
    order(g, "recon_in_force", "u1", "u4", "u8", mode="tactic")
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"}, draws=["bombard", "leadership"])
    g.apply({"type": "keep_card", "card": "bombard"})
    assert g.phase == "play_card" and len(g.cards.hands["union"]) == 4


def test_a_keep_that_leaves_too_many_cards_still_asks_for_a_discard():
    g = game(line())
    order(g, "scout_centre", "u4")
    g.apply({"type": "end_movement"})
    g.cards.hands["union"].append(g.cards.decks["union"].pop(0))    # one card over already
    g.apply({"type": "end_turn"}, draws=["bombard", "leadership"])
    g.apply({"type": "keep_card", "card": "leadership"})
    assert g.phase == "discard" and g.active_side == "union"


def step(g, log, action, **chance):
    log.append({"action": action, "events": g.apply(action, **chance)})


def scout_from_a_full_hand(g, log):
    """Union plays its Scout card from a full hand and keeps the second card drawn."""
    cid = next(c for c in g.cards.hands["union"] if card_of(c).key.startswith("scout_"))
    step(g, log, {"type": "play_card", "card": cid, "mode": "section"})
    while g.phase == "order":
        orders = [a for a in g.legal_actions() if a["type"] == "order"]
        step(g, log, orders[0] if orders else {"type": "confirm_orders"})
    step(g, log, {"type": "end_movement"})
    deck = g.cards.decks["union"]
    step(g, log, {"type": "end_turn"}, draws=[deck[0], deck[1]])
    assert g.phase == "keep_card"
    step(g, log, {"type": "keep_card", "card": g.decisions.pending[0]["cards"][1]})


def scout_game():
    sc = scenario([inf("union", c, 6) for c in (2, 8, 12, 18, 22)] + [inf("confederate", 12, 0)])
    for seed in range(1, 500):
        g = Game.new(sc, seed=seed)
        if any(card_of(c).key.startswith("scout_") for c in g.cards.hands["union"]):
            return sc, seed, g
    raise AssertionError("no deal of a Scout card")


def test_a_new_game_keeps_a_full_hand_after_scout_and_replays():
    sc, seed, g = scout_game()
    log: list = []
    scout_from_a_full_hand(g, log)
    assert g.phase == "play_card" and len(g.cards.hands["union"]) == g.capacity("union")
    assert "hand_limit_before_keep" not in g.to_dict()
    assert replay(sc, seed, log).to_dict() == g.to_dict()


def test_a_game_saved_before_the_limit_waited_for_the_keep_replays_as_played():
    sc, seed, g = scout_game()
    g.hand_limit_before_keep = True          # as the games saved before the change are marked
    log: list = []
    scout_from_a_full_hand(g, log)
    assert g.phase == "discard" and g.active_side == "union"      # the old behaviour
    step(g, log, {"type": "discard", "card": g.cards.hands["union"][0]})
    saved = g.to_dict()
    assert saved["hand_limit_before_keep"] is True
    assert Game.from_dict(saved).to_dict() == saved
    assert replay(sc, seed, log, hand_limit_before_keep=True).to_dict() == saved
    with pytest.raises((ValueError, IllegalAction)):
        replay(sc, seed, log)                # unmarked, the old discard is no longer asked for
