"""Campaign pre-battle dice on a real scenario (Kernstown; rulings C2-C5).

Kernstown: the Confederates move first; the Union holds 9 infantry, 2 artillery (u4, u11 with
a general,
3 figures) and 2 cavalry units and a hand of 7 (5 cards + 2 generals); u12 (infantry) and
u11 stand where they cannot retreat; the Confederates have one cavalry unit of 3 figures.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.engine import Game, IllegalAction, OptionError, load_scenario, view_event
from games.engine.battlecry.advanced import hand
from games.engine.replay import chance_of, replay

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def kernstown():
    return load_scenario(json.loads((ROOT / "games/scenarios/kernstown.json").read_text()))


def new(sc, union=0, confederate=0, seed=3):
    return Game.new(sc, options={"prebattle_dice_union": union,
                                 "prebattle_dice_confederate": confederate}, seed=seed)


def figures(g, uid):
    return g.pieces.units[uid].figures if uid in g.pieces.units else 0


def test_first_side_rolls_first_and_nobody_holds_cards_before_the_dice(kernstown):
    g = new(kernstown, union=2, confederate=1)
    assert (g.phase, g.active_side) == ("prebattle_roll", "confederate")
    assert g.legal_actions() == [{"type": "roll_prebattle"}]
    assert g.cards.hands == {"union": [], "confederate": []}
    with pytest.raises(IllegalAction):
        g.apply({"type": "play_card", "card": "x"})
    events = g.apply({"type": "roll_prebattle"}, rolls=["swords"])
    assert events[0] == {"type": "prebattle_roll", "side": "confederate", "dice": 1, "rolls": ["swords"]}
    assert (g.phase, g.active_side) == ("prebattle_roll", "union")


def test_an_infantry_die_lets_the_opponent_choose_which_infantry_loses_a_figure(kernstown):
    g = new(kernstown, confederate=1)
    g.apply({"type": "roll_prebattle"}, rolls=["infantry"])
    assert (g.phase, g.active_side) == ("prebattle_loss", "union")
    choices = g.legal_actions()
    assert {a["unit"] for a in choices} == {u.id for u in g.pieces.units.values()
                                            if u.side == "union" and u.kind == "infantry"}
    for wrong in ("u4", "u17", "nobody"):           # artillery, an enemy unit, no unit
        with pytest.raises(IllegalAction):
            g.apply({"type": "prebattle_loss", "unit": wrong})
    g.apply({"type": "prebattle_loss", "unit": "u5"})
    assert figures(g, "u5") == 3 and g.score.casualties["confederate"] == 1
    assert g.phase == "play_card" and g.active_side == "confederate"
    assert len(g.cards.hands["union"]) == 7 and len(g.cards.hands["confederate"]) == 8


def test_a_figure_loss_that_destroys_a_unit_gives_the_roller_a_flag(kernstown):
    g = new(kernstown, confederate=3)
    g.apply({"type": "roll_prebattle"}, rolls=["artillery"] * 3)
    for _ in range(3):
        assert g.phase == "prebattle_loss"
        g.apply({"type": "prebattle_loss", "unit": "u4"})
    assert "u4" not in g.pieces.units
    assert g.flags("confederate") == 1 and g.flags("union") == 0
    assert g.phase == "play_card"
    assert len(g.cards.hands["union"]) == 7, "the hand is dealt after the dice"


def test_a_symbol_with_no_target_left_has_no_effect(kernstown):
    g = new(kernstown, union=4)
    cav = next(u.id for u in g.pieces.units.values() if u.side == "confederate" and u.kind == "cavalry")
    events = g.apply({"type": "roll_prebattle"}, rolls=["cavalry"] * 4)
    for _ in range(3):
        assert g.legal_actions() == [{"type": "prebattle_loss", "unit": cav}]
        events = g.apply({"type": "prebattle_loss", "unit": cav})
    assert cav not in g.pieces.units and g.flags("union") == 1
    # Ashby rode with the cavalry: no dice were rolled at him, he retreats alone
    assert g.phase == "general_retreat" and g.active_side == "confederate"
    events = g.apply(g.legal_actions()[0])
    assert {"type": "prebattle_no_effect", "side": "confederate", "by": "union",
            "face": "cavalry"} in events
    assert g.phase == "play_card"


def test_a_flag_retreats_a_unit_once_and_a_blocked_retreat_costs_a_figure(kernstown):
    g = new(kernstown, confederate=2)
    g.apply({"type": "roll_prebattle"}, rolls=["flag", "flag"])
    assert (g.phase, g.active_side) == ("prebattle_retreat", "union")
    moves = g.legal_actions()
    u12_hex = g.view("union")["units"]
    here = next(u["hex"] for u in u12_hex if u["id"] == "u12")
    assert {"type": "prebattle_retreat", "unit": "u12", "to": here} in moves
    g.apply({"type": "prebattle_retreat", "unit": "u12", "to": here})
    assert figures(g, "u12") == 3, "a retreat that cannot be made costs a figure"
    second = g.legal_actions()
    assert second and all(a["unit"] != "u12" for a in second), "a unit retreats once"
    free = next(a for a in second if a["unit"] == "u4")
    g.apply(free)
    moved = next(u for u in g.view(None)["units"] if u["id"] == "u4")
    assert moved["hex"] == free["to"] and moved["figures"] == 3


def test_swords_add_up_to_a_hand_of_one_and_the_short_side_draws_two_until_full(kernstown):
    g = new(kernstown, confederate=10, union=1)
    g.apply({"type": "roll_prebattle"}, rolls=["swords"] * 10)
    g.apply({"type": "roll_prebattle"}, rolls=["swords"])
    assert len(g.cards.hands["union"]) == 1, "never fewer than 1 card"
    assert len(g.cards.hands["confederate"]) == 7
    rng = random.Random(7)
    ends = []                                       # (hand, hand size) after each Union turn
    draws = []
    while not g.outcome and len(ends) < 8:
        before_turn = g.current.number
        events = g.apply(rng.choice(g.legal_actions()))
        draws += [e["count"] for e in events if e["type"] == "draw" and e["side"] == "union"]
        if g.current.number != before_turn and g.current.active == "confederate":   # a Union turn just ended
            ends.append((len(g.cards.hands["union"]), hand.capacity(g, "union")))
    assert len(ends) >= 6
    assert [hand for hand, _ in ends[:5]] == [2, 3, 4, 5, 6], "1 card played, 2 drawn, each turn"
    assert draws[:5] == [2, 2, 2, 2, 2]
    full = next(i for i, (hand, size) in enumerate(ends) if hand == size)
    assert all(hand == size for hand, size in ends[full:]), "full again: the normal draw"
    assert all(n == 1 for n in draws[full + 1:])
    assert g.decisions.prebattle["catch_up"]["union"] is False


def test_the_pre_battle_steps_replay_from_the_log_and_hide_the_hands(kernstown):
    g = new(kernstown, union=3, confederate=3, seed=11)
    rng = random.Random(11)
    log = []
    while g.phase.startswith("prebattle"):
        action = rng.choice(g.legal_actions())
        log.append({"action": action, "events": g.apply(action)})
    for _ in range(20):
        action = rng.choice(g.legal_actions())
        log.append({"action": action, "events": g.apply(action)})
    again = replay(kernstown, 11, log, options={"prebattle_dice_union": 3,
                                                "prebattle_dice_confederate": 3})
    assert again.to_dict() == g.to_dict()
    rolls = [e for entry in log for e in entry["events"] if e["type"] == "prebattle_roll"]
    assert len(rolls) == 2 and all(len(e["rolls"]) == 3 for e in rolls)
    assert chance_of([rolls[0]])[0] == rolls[0]["rolls"]
    deal = next(entry["events"] for entry in log if any(e["type"] == "prebattle_hand" for e in entry["events"]))
    union_draw = next(e for e in deal if e["type"] == "draw" and e["side"] == "union")
    assert "private" not in view_event(union_draw, "confederate")
    assert view_event(rolls[0], "confederate") == rolls[0]


@pytest.mark.parametrize("value", [-1, "3", True, 99])
def test_the_dice_option_is_checked(kernstown, value):
    with pytest.raises(OptionError):
        Game.new(kernstown, options={"prebattle_dice_union": value}, seed=1)


def test_without_dice_the_game_starts_as_before(kernstown):
    a = Game.new(kernstown, seed=9)
    b = new(kernstown, seed=9)
    assert a.to_dict() == b.to_dict() | {"options": {}}
