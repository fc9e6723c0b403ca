"""Campaign pre-battle dice under the standard rules (ruling C9): the Advanced Rulebook's
steps, on Kernstown (the Confederates move first; a hand is the scenario's 5 cards under
these rules, with no card per general)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.engine import Game, IllegalAction, load_scenario, rulesets

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def kernstown():
    return load_scenario(json.loads((ROOT / "games/scenarios/kernstown.json").read_text()))


def new(sc, union=0, confederate=0, seed=3):
    return Game.new(sc, ruleset="standard", seed=seed,
                    options={"prebattle_dice_union": union, "prebattle_dice_confederate": confederate})


def test_the_standard_rules_declare_the_pre_battle_dice_options():
    names = {o.name for o in rulesets()["standard"].options}
    assert {"prebattle_dice_union", "prebattle_dice_confederate"} <= names


def test_without_dice_the_hands_are_dealt_at_once(kernstown):
    g = new(kernstown)
    assert g.phase == "play_card"
    assert {s: len(g.hands[s]) for s in ("union", "confederate")} == {"union": 5, "confederate": 5}


def test_first_side_rolls_first_and_the_other_side_chooses_before_any_card(kernstown):
    g = new(kernstown, union=2, confederate=1)
    assert (g.phase, g.active_side) == ("prebattle_roll", "confederate")
    assert g.hands == {"union": [], "confederate": []}
    with pytest.raises(IllegalAction):
        g.apply({"type": "play_card", "card": "std_attack_left"})
    g.apply({"type": "roll_prebattle"}, rolls=["cavalry"])
    assert (g.phase, g.active_side) == ("prebattle_loss", "union")
    assert g.legal_actions() == [{"type": "prebattle_loss", "unit": "u7"},
                                 {"type": "prebattle_loss", "unit": "u13"}]
    events = g.apply({"type": "prebattle_loss", "unit": "u13"})
    assert g.units["u13"].figures == 2 and g.casualties["confederate"] == 1
    assert [e["type"] for e in events] == ["prebattle_loss"]
    assert (g.phase, g.active_side) == ("prebattle_roll", "union")
    g.apply({"type": "roll_prebattle"}, rolls=["flag", "infantry"])
    assert (g.phase, g.active_side) == ("prebattle_retreat", "confederate")
    retreat = g.legal_actions()[0]
    before = g.units[retreat["unit"]].hex
    g.apply(retreat)
    assert g.units[retreat["unit"]].hex != before
    g.apply({"type": "prebattle_loss", "unit": "u14"})
    assert g.phase == "play_card" and g.active == "confederate"
    assert {s: len(g.hands[s]) for s in ("union", "confederate")} == {"union": 5, "confederate": 5}


def test_a_unit_the_dice_destroy_is_a_flag_for_the_roller(kernstown):
    g = new(kernstown, union=3)
    g.apply({"type": "roll_prebattle"}, rolls=["cavalry", "cavalry", "cavalry"])
    for _ in range(3):
        g.apply({"type": "prebattle_loss", "unit": "u22"})
    assert "u22" not in g.units
    assert g.flags("union") == 1 and g.captured["union"][0]["id"] == "u22"


def test_swords_shorten_the_first_hand_and_the_short_side_draws_two_until_full(kernstown):
    g = new(kernstown, confederate=10)
    g.apply({"type": "roll_prebattle"}, rolls=["swords"] * 10)
    assert len(g.hands["union"]) == 1, "never fewer than 1 card"
    assert len(g.hands["confederate"]) == 5
    rng = random.Random(7)
    ends, draws = [], []                # Union hand after each Union turn; Union draws
    while not g.outcome and len(ends) < 6:
        before_turn = g.turn
        events = g.apply(rng.choice(g.legal_actions()))
        draws += [e["count"] for e in events if e["type"] == "draw" and e["side"] == "union"]
        if g.turn != before_turn and g.active == "confederate":
            ends.append(len(g.hands["union"]))
    assert ends[:4] == [2, 3, 4, 5], "1 card played, 2 drawn, each turn until 5"
    assert draws[:4] == [2, 2, 2, 2] and set(draws[4:]) <= {1}
    assert all(hand == 5 for hand in ends[4:]), "never above the scenario's hand"
    assert g.prebattle["catch_up"]["union"] is False


def test_the_pre_battle_steps_survive_saving_and_copying(kernstown):
    g = new(kernstown, union=2, confederate=2, seed=5)
    g.apply({"type": "roll_prebattle"}, rolls=["swords", "flag"])
    saved = g.to_dict()
    assert saved["prebattle"]["swords"] == {"union": 1, "confederate": 0}
    again = Game.from_dict(saved)
    assert again.ruleset == "standard" and again.to_dict() == saved
    assert again.legal_actions() == g.legal_actions()
    copy = g.copy()
    assert copy.legal_actions() == g.legal_actions() and copy.prebattle == g.prebattle
    view = g.view("union")
    assert view["hand"] == [] and view["phase"] == "prebattle_retreat"


def test_archie_holds_a_hand_under_these_rules_so_swords_shorten_it(kernstown):
    g = Game.new(kernstown, ruleset="standard", seed=3,
                 options={"archie": "union", "prebattle_dice_confederate": 2})
    g.apply({"type": "roll_prebattle"}, rolls=["swords", "swords"])
    assert len(g.hands["union"]) == 3 and len(g.hands["confederate"]) == 5
    assert g.prebattle["catch_up"] == {"union": True, "confederate": False}
