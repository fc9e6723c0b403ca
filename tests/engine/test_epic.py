"""Epic games (AR EPIC GAMES, seed 000 L476-501; docs/rulings.md E1-E12), rule by rule from
hand-built positions: the seats, the command proposed by sections and its transfers, the
card given to one Major-General, who acts when, Personal Authority's table, killed in
action, and what each seat sees."""
import json

import pytest

from games.engine import RULESETS, Game, IllegalAction
from games.engine.replay import replay
from tests.engine.helpers import G, H, U, game, unit_at

EPIC = {"team_mode": "epic"}

# Union (bottom, first to play): two Major-Generals, one on each flank.
UNITS = [U("union", "infantry", 4, 8), U("union", "cavalry", 6, 6),
         U("union", "infantry", 20, 8), U("union", "artillery", 18, 6),
         U("confederate", "infantry", 12, 0), U("confederate", "infantry", 14, 0)]
GENERALS = [G("union", 2, 8, "Left"), G("union", 22, 8, "Right"), G("confederate", 16, 0, "Reb")]


def epic(units=UNITS, generals=GENERALS, seed=1, **kw):
    return game(list(units), list(generals), options=dict(EPIC, **kw.pop("options", {})),
                seed=seed, **kw)


def uid(g, col, row):
    return unit_at(g, col, row).id


def confirm_both(g):
    g.apply({"type": "confirm_command"})
    g.apply({"type": "confirm_command"})


def give_and_skirmish(g, to, unit):
    """The Commanding General gives his first card to ``to``, who plays it as a skirmish
    action ordering ``unit``."""
    card = g.cards.hands[g.current.active][0]
    g.apply({"type": "give_card", "card": card, "to": to})
    g.apply({"type": "play_card", "card": card, "mode": "skirmish"})
    g.apply({"type": "order", "unit": unit})
    return card


# -- seats ---------------------------------------------------------------------------------
def test_one_major_general_per_general_figure_and_a_commanding_general_per_side():
    g = epic()
    assert [(s.name, s.side) for s in g.seats] == [
        ("union-commander", "union"), ("union-major-1", "union"), ("union-major-2", "union"),
        ("confederate-commander", "confederate"), ("confederate-major-1", "confederate")]
    assert g.seats[1].role == "Major-General (Left)"
    assert RULESETS["advanced"].seat_plan(g.scenario, EPIC) == g.seats


def test_a_side_without_a_general_is_played_by_its_commanding_general_alone():
    g = epic(generals=[G("union", 2, 8, "Left")])
    assert [s.name for s in g.seats if s.side == "confederate"] == ["confederate-commander"]
    confederate = {u for u in g.pieces.units if g.pieces.units[u].side == "confederate"}
    assert {g.team.command[u] for u in confederate} == {"confederate-commander"}


def test_a_lone_major_general_is_given_every_card_and_never_acts_on_initiative():
    g = epic()                                   # one Confederate figure: one Major-General
    confirm_both(g)
    give_and_skirmish(g, "union-major-1", uid(g, 4, 8))
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    g.apply({"type": "pass_initiative"})
    assert {a["to"] for a in g.legal_actions() if a["type"] == "give_card"} == {
        "confederate-major-1"}
    card = g.cards.hands["confederate"][0]
    g.apply({"type": "give_card", "card": card, "to": "confederate-major-1"})
    g.apply({"type": "play_card", "card": card, "mode": "skirmish"})
    g.apply({"type": "confirm_orders"})
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    assert (g.phase, g.active) == ("command", "union")            # no initiative step


def test_without_the_option_a_game_keeps_one_seat_a_side():
    g = game(list(UNITS), list(GENERALS))
    assert [s.name for s in g.seats] == ["union", "confederate"]
    assert g.team is None and "team" not in g.to_dict()


# -- command -------------------------------------------------------------------------------
def test_the_command_proposed_goes_by_sections_to_the_nearest_figure():
    g = epic()
    assert g.team.command[uid(g, 4, 8)] == "union-major-1"
    assert g.team.command[uid(g, 6, 6)] == "union-major-1"
    assert g.team.command[uid(g, 20, 8)] == "union-major-2"
    assert g.team.command[uid(g, 18, 6)] == "union-major-2"


def test_each_commanding_general_confirms_the_command_at_the_deal_first_side_first():
    g = epic()
    assert (g.phase, g.deciding) == ("assign_command", "union-commander")
    cav = uid(g, 6, 6)
    g.apply({"type": "transfer", "unit": cav, "to": "union-major-2"})
    assert g.team.command[cav] == "union-major-2"
    # each unit changes commander once a step: no endless shuffling
    assert {"type": "transfer", "unit": cav, "to": "union-major-1"} not in g.legal_actions()
    g.apply({"type": "confirm_command"})
    assert (g.phase, g.deciding) == ("assign_command", "confederate-commander")
    g.apply({"type": "confirm_command"})
    assert (g.phase, g.deciding) == ("command", "union-commander")


def test_the_commanding_general_transfers_only_at_the_start_of_his_sides_turn():
    g = epic()
    confirm_both(g)
    inf = uid(g, 4, 8)
    g.apply({"type": "transfer", "unit": inf, "to": "union-major-2"})
    give_and_skirmish(g, "union-major-2", inf)
    with pytest.raises(IllegalAction):
        g.apply({"type": "transfer", "unit": uid(g, 6, 6), "to": "union-major-2"})


def test_a_commanding_general_cannot_give_the_other_sides_units():
    g = epic()
    with pytest.raises(IllegalAction):
        g.apply({"type": "transfer", "unit": uid(g, 12, 0), "to": "union-major-1"})


# -- the card and who acts ------------------------------------------------------------------
def test_the_card_given_is_played_by_its_major_general_with_his_own_units_only():
    g = epic()
    confirm_both(g)
    hand = list(g.cards.hands["union"])
    g.apply({"type": "give_card", "card": hand[0], "to": "union-major-1"})
    assert (g.phase, g.deciding) == ("play_card", "union-major-1")
    assert {a["card"] for a in g.legal_actions()} == {hand[0]}
    with pytest.raises(IllegalAction):
        g.apply({"type": "play_card", "card": hand[1], "mode": "skirmish"})
    g.apply({"type": "play_card", "card": hand[0], "mode": "skirmish"})
    ordered = {a["unit"] for a in g.legal_actions() if a["type"] == "order"}
    assert ordered == {uid(g, 4, 8), uid(g, 6, 6)}
    with pytest.raises(IllegalAction):
        g.apply({"type": "order", "unit": uid(g, 20, 8)})
    g.apply({"type": "order", "unit": uid(g, 6, 6)})
    assert g.deciding == "union-major-1"
    # his own figure may move; the other Major-General's may not
    figures = {a["general"] for a in g.legal_actions() if a["type"] == "move_general"}
    assert figures == {"g1"}


def test_a_decision_about_a_unit_goes_to_the_major_general_commanding_it():
    units = [U("union", "infantry", 4, 8), U("union", "infantry", 20, 8),
             U("confederate", "infantry", 21, 7)]
    g = epic(units=units)
    confirm_both(g)
    # the right-hand unit is in melee: its Major-General battles it, not the card's carrier
    give_and_skirmish(g, "union-major-1", uid(g, 4, 8))
    g.apply({"type": "end_movement"})
    assert (g.phase, g.deciding) == ("battle", "union-major-2")
    assert {a["unit"] for a in g.legal_actions() if a["type"] == "attack"} == {uid(g, 20, 8)}
    g.apply({"type": "attack", "unit": uid(g, 20, 8), "target": H(21, 7)},
            rolls=["flag", "cavalry", "cavalry"])
    # the confederate unit retreats: its own Major-General chooses where (if there is a choice)
    if g.phase == "retreat":
        assert g.deciding == "confederate-major-1"
    while g.phase != "battle":
        g.apply(g.legal_actions()[0])
    assert g.deciding == "union-major-1"


# -- Personal Authority ---------------------------------------------------------------------
def end_union_turn_with_major_1(g):
    confirm_both(g)
    give_and_skirmish(g, "union-major-1", uid(g, 4, 8))
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})


def test_a_major_general_given_no_card_may_act_on_his_own_initiative_before_the_enemy():
    g = epic()
    end_union_turn_with_major_1(g)
    assert (g.phase, g.deciding, g.active) == ("initiative", "union-major-2", "union")
    assert g.legal_actions() == [{"type": "roll_initiative"}, {"type": "pass_initiative"}]
    g.apply({"type": "pass_initiative"})
    assert (g.phase, g.active) == ("command", "confederate")


def test_initiative_infantry_moves_and_battles_one_infantry_unit_of_his_own():
    g = epic()
    end_union_turn_with_major_1(g)
    events = g.apply({"type": "roll_initiative"}, rolls=["infantry"])
    assert [e["rolls"] for e in events if e["type"] == "initiative_roll"] == [["infantry"]]
    assert (g.phase, g.deciding) == ("order", "union-major-2")
    assert {a["unit"] for a in g.legal_actions() if a["type"] == "order"} == {uid(g, 20, 8)}
    g.apply({"type": "order", "unit": uid(g, 20, 8)})
    g.apply({"type": "move", "unit": uid(g, 20, 8), "to": H(19, 7)})
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    assert (g.phase, g.active) == ("command", "confederate")
    assert len(g.cards.hands["union"]) == g.capacity("union")     # no second card drawn


def test_initiative_for_a_kind_he_does_not_command_has_no_effect_and_is_not_rerolled():
    units = [u for u in UNITS if u["kind"] != "artillery"]
    g = epic(units=units)
    end_union_turn_with_major_1(g)
    events = g.apply({"type": "roll_initiative"}, rolls=["cavalry"])
    assert "initiative_no_effect" in [e["type"] for e in events]
    assert (g.phase, g.active) == ("command", "confederate")


def test_initiative_flag_retreats_one_of_his_units_not_in_melee():
    g = epic()
    end_union_turn_with_major_1(g)
    g.apply({"type": "roll_initiative"}, rolls=["flag"])
    choices = g.legal_actions()
    assert choices and {a["type"] for a in choices} == {"initiative_retreat"}
    assert {a["unit"] for a in choices} <= {uid(g, 20, 8), uid(g, 18, 6)}
    with pytest.raises(IllegalAction):
        g.apply({"type": "pass_initiative"})
    art = uid(g, 18, 6)
    a = next(a for a in choices if a["unit"] == art)
    g.apply(a)
    assert g.pieces.units[art].hex == g._hex(a["to"])
    assert (g.phase, g.active) == ("command", "confederate")


def test_initiative_swords_stop_his_units_moving_in_the_next_friendly_turn():
    g = epic()
    end_union_turn_with_major_1(g)
    g.apply({"type": "roll_initiative"}, rolls=["swords"])
    assert g.team.pinned == {"union-major-2": 3}
    # the confederate turn
    card = g.cards.hands["confederate"][0]
    g.apply({"type": "give_card", "card": card, "to": "confederate-major-1"})
    g.apply({"type": "play_card", "card": card, "mode": "skirmish"})
    g.apply({"type": "order", "unit": uid(g, 12, 0)})
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    # the union's next turn: given the card, major-2 orders but may not move
    give_and_skirmish(g, "union-major-2", uid(g, 20, 8))
    assert [a for a in g.legal_actions() if a["type"] == "move"] == []
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    assert g.team.pinned == {}


# -- killed in action -----------------------------------------------------------------------
def kill_left_general(g):
    """The confederates' infantry comes next to the lone Left general and rolls swords."""
    confirm_both(g)
    g.apply({"type": "give_card", "card": g.cards.hands["union"][0], "to": "union-major-2"})
    g.apply({"type": "play_card", "card": g.team.given, "mode": "skirmish"})
    g.apply({"type": "confirm_orders"})
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    g.apply({"type": "pass_initiative"})
    reb = uid(g, 4, 6)
    card = g.cards.hands["confederate"][0]
    g.apply({"type": "give_card", "card": card, "to": "confederate-major-1"})
    g.apply({"type": "play_card", "card": card, "mode": "skirmish"})
    g.apply({"type": "order", "unit": reb})
    g.apply({"type": "move", "unit": reb, "to": H(3, 7)})
    g.apply({"type": "end_movement"})
    return g.apply({"type": "attack", "unit": reb, "target": H(2, 8)},
                   rolls=["swords", "swords", "swords"])


def test_a_major_general_killed_in_action_leaves_and_his_units_pass_to_the_others():
    units = [U("union", "infantry", 8, 8), U("union", "infantry", 20, 8),
             U("confederate", "infantry", 4, 6), U("confederate", "infantry", 14, 0)]
    g = epic(units=units)
    events = kill_left_general(g)
    kia = [e for e in events if e["type"] == "killed_in_action"]
    assert [e["seat"] for e in kia] == ["union-major-1"]
    assert g.team.fallen == ["union-major-1"]
    assert set(g.team.command[u] for u in g.pieces.units
               if g.pieces.units[u].side == "union") == {"union-major-2"}
    assert not g.outcome                       # the Right general still stands
    # one general fewer: the hand holds one card too many, and its holder discards (E8)
    assert (g.phase, g.deciding) == ("discard", "union-commander")
    while g.phase != "command":
        g.apply(g.legal_actions()[-1])
    # the fallen seat is never given a card again, nor a unit
    assert {a["to"] for a in g.legal_actions() if a["type"] in ("give_card", "transfer")} \
        == {"union-major-2"}
    assert "union-major-1" not in {a.get("to") for a in g.legal_actions()}


# -- views ---------------------------------------------------------------------------------
def test_only_the_commanding_general_sees_the_hand_and_the_given_card_is_shown_to_two():
    g = epic()
    confirm_both(g)
    hand = list(g.cards.hands["union"])
    assert g.view("union-commander")["hand"] == hand
    for seat in ("union-major-1", "union-major-2", "confederate-commander", None):
        assert g.view(seat)["hand"] is None or seat == "confederate-commander"
    g.apply({"type": "give_card", "card": hand[0], "to": "union-major-1"})
    given = {s.name: g.view(s.name)["team"]["given"] for s in g.seats}
    assert given == {"union-commander": hand[0], "union-major-1": hand[0],
                     "union-major-2": None, "confederate-commander": None,
                     "confederate-major-1": None}
    assert g.view("union-major-1")["deciding"] == "union-major-1"


def test_determinize_for_a_major_general_redeals_the_hand_he_cannot_see():
    g = epic()
    confirm_both(g)
    hand = list(g.cards.hands["union"])
    g.apply({"type": "give_card", "card": hand[0], "to": "union-major-1"})
    d = g.determinize("union-major-1", 7)
    assert d.view("union-major-1") == g.view("union-major-1")
    assert hand[0] in d.cards.hands["union"]
    assert d.legal_actions() == g.legal_actions()
    c = g.determinize("union-commander", 7)
    assert c.cards.hands["union"] == hand          # he sees his hand: it stays


def test_a_saved_epic_game_loads_and_replays_exactly():
    g = epic()
    log = []
    for a in ({"type": "confirm_command"}, {"type": "confirm_command"}):
        log.append({"action": a, "events": g.apply(a)})
    card = g.cards.hands["union"][0]
    for a in ({"type": "give_card", "card": card, "to": "union-major-2"},
              {"type": "play_card", "card": card, "mode": "skirmish"},
              {"type": "order", "unit": uid(g, 20, 8)}, {"type": "end_movement"},
              {"type": "end_turn"}, {"type": "roll_initiative"}):
        log.append({"action": a, "events": g.apply(a)})
    loaded = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert loaded.to_dict() == g.to_dict()
    assert [loaded.view(s.name) for s in g.seats] == [g.view(s.name) for s in g.seats]
    again = replay(g.scenario, 1, log, options=EPIC)
    assert again.to_dict() == g.to_dict()


def test_the_campaigns_pre_battle_dice_are_rolled_by_the_commanding_generals():
    import random
    from tests.engine.scenarios import shipped
    g = epic(options={"prebattle_dice_union": 1})
    assert g.phase == "prebattle_roll"
    assert g.deciding == "union-commander"
    # a whole campaign battle: every pre-battle decision is a Commanding General's
    g = Game.new(shipped("antietam"), seed=4, options=dict(
        EPIC, prebattle_dice_union=3, prebattle_dice_confederate=2))
    rng, deciders = random.Random(4), set()
    while g.phase.startswith("prebattle") or g.phase == "assign_command":
        if g.phase.startswith("prebattle"):
            deciders.add(g.deciding)
        g.apply(g.sample_action(rng))
    assert deciders == {"union-commander", "confederate-commander"}
