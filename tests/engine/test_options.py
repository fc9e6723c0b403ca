"""Options the match is created with: Nightfall and Archie's handicap."""
import pytest

from games.engine import IllegalAction
from tests.engine.helpers import H, U, attack, game, give, inf, order, pass_turn


def test_nightfall_uses_each_card_once_and_ends_when_a_hand_runs_out():
    g = game([inf("union", 10, 6), inf("confederate", 12, 0)], options={"nightfall": True})
    turns = 0
    while g.phase != "nightfall":
        pass_turn(g)
        turns += 1
    # 30 cards a deck, 4 in each opening hand: every card is played once, none reshuffled
    assert turns == 60 and g.current.active == "union" and g.cards.hands["union"] == []
    assert len(g.cards.discards["union"]) == 30 and g.cards.decks["union"] == []
    assert g.active_side is None and g.legal_actions() == [{"type": "end_by_nightfall"}]
    g.apply({"type": "end_by_nightfall"})
    assert g.outcome["reason"] == "nightfall_draw" and g.outcome["winner"] is None
    with pytest.raises(IllegalAction, match="over"):
        g.apply({"type": "end_by_nightfall"})


def nightfall_at_end(flags, casualties):
    g = game([inf("union", 10, 6), inf("confederate", 12, 0)], options={"nightfall": True},
             flags=9)
    g.score.captured["union"] = [{"kind": "infantry", "id": f"x{i}"} for i in range(flags[0])]
    g.score.captured["confederate"] = [{"kind": "infantry", "id": f"y{i}"} for i in range(flags[1])]
    g.score.casualties = dict(zip(("union", "confederate"), casualties))
    g.cards.hands["union"] = []
    g.cards.discards["confederate"] = []
    g.decisions.pending = [{"do": "nightfall", "side": None}]
    g.apply({"type": "end_by_nightfall"})
    return g.outcome


def test_nightfall_winner_has_most_flags():
    assert nightfall_at_end((3, 2), (5, 9))["winner"] == "union"


def test_nightfall_tie_goes_to_most_casualties():
    out = nightfall_at_end((2, 2), (5, 9))
    assert out["winner"] == "confederate" and out["reason"] == "nightfall_casualties"


def test_casualties_count_figures_not_flag_tokens():
    g = game([inf("union", 10, 6), inf("confederate", 12, 4)],
             objectives=[{"kind": "objective", "hex": H(12, 4), "side": "confederate", "flags": 1}])
    order(g, "attack_centre", "u1")
    g.apply({"type": "end_movement"})
    attack(g, "u1", 12, 4, ["infantry", "infantry"])
    assert g.score.casualties == {"union": 2, "confederate": 0}
    assert g.flags("confederate") == 1       # the token is a flag, not a casualty


def test_archie_holds_no_hand_and_plays_the_top_card_of_its_deck():
    g = game([inf("union", 10, 6), inf("confederate", 12, 2)], options={"archie": "confederate"})
    assert g.cards.hands["confederate"] == [] and len(g.cards.hands["union"]) == 4
    pass_turn(g)
    assert g.current.active == "confederate" and len(g.cards.hands["confederate"]) == 1
    card = g.cards.hands["confederate"][0]
    assert {a["card"] for a in g.legal_actions()} == {card}
    pass_turn(g)
    assert g.cards.hands["confederate"] == [] and g.cards.discards["confederate"] == [card]


def test_archie_rolls_one_extra_die_without_extra_range():
    g = game([inf("union", 11, 5), inf("confederate", 12, 2), inf("confederate", 14, 0)],
             options={"archie": "confederate"})
    pass_turn(g)
    order(g, g.cards.hands["confederate"][0], "u2", mode="skirmish")
    g.apply({"type": "end_movement"})
    prev = g.attack_preview(H(12, 2), H(11, 5))
    assert prev["dice"] == 1 + 1 and ["Archie's extra die"] == [m["why"] for m in prev["modifiers"]]
    far = g.attack_preview(H(14, 0), H(11, 5))
    assert far["distance"] == 5 and "Out of range" in far["reason"]    # no extra range


def test_archie_never_fights_back():
    g = game([U("union", "artillery", 10, 6), inf("confederate", 12, 4)],
             options={"archie": "confederate"})
    give(g, "union", "bombard")
    g.apply({"type": "play_card", "card": "bombard", "mode": "tactic"})
    g.apply({"type": "end_movement"})
    attack(g, "u1", 12, 4, ["cavalry", "cavalry", "cavalry"])
    assert g.phase == "battle"
