"""The toy ruleset's rules, through the engine core only: the proof that a ruleset with its
own board, seats, cards and scenario format plugs in without a change to the engine."""
import collections
import json
import random

import pytest

from games.engine import Game, view_event
from games.engine.core import GameState, Ruleset, get_ruleset
from games.engine.core.errors import IllegalAction, ScenarioError
from games.engine.core.options import OptionError
from games.engine.replay import chance_of, replay

from .rules import DECK, SCENARIO, SEATS, TOY, ToyGame, load_scenario, new_game, play_random


def seat_names():
    return [s.name for s in SEATS]


def perft(g: ToyGame, depth: int) -> int:
    if depth == 0 or g.outcome:
        return 1
    total = 0
    for action in g.legal_actions():
        child = g.copy()
        child.apply_unchecked(action)
        total += perft(child, depth - 1)
    return total


def midgame(seed: int, actions: int, options=None) -> ToyGame:
    g = new_game(seed, options)
    rng = random.Random(seed)
    for _ in range(actions):
        if g.outcome:
            break
        g.apply(g.sample_action(rng))
    return g


def test_the_toy_is_a_registered_ruleset_and_games_start_through_the_facade():
    assert get_ruleset("toy") is TOY
    g = Game.new(load_scenario(SCENARIO), ruleset="toy", options={"turns": 4}, seed=5)
    assert isinstance(g, ToyGame) and g.ruleset == "toy" and g.options == {"turns": 4}
    assert [s.name for s in TOY.seats(g)] == ["union-1", "confederate-1", "union-2", "confederate-2"]
    assert {s.side for s in g.seats} == {"union", "confederate"}
    assert all(s.role for s in g.seats)
    assert g.phase == "act" and g.deciding == "union-1" and g.active_side == "union" and g.turn == 1
    assert TOY.capabilities.board == "square" and TOY.archie_plays_from_deck is False
    assert TOY.scenario_format == "toy" and set(TOY.phases) == {"act", "over"}


def test_the_facade_refuses_an_option_the_toy_does_not_declare_or_a_value_outside_its_choices():
    sc = load_scenario(SCENARIO)
    with pytest.raises(OptionError):
        Game.new(sc, ruleset="toy", options={"nightfall": True}, seed=1)
    with pytest.raises(OptionError):
        Game.new(sc, ruleset="toy", options={"turns": 5}, seed=1)


def test_a_broken_scenario_is_refused_naming_what_is_wrong():
    bad = json.loads(json.dumps(SCENARIO))
    bad["pieces"][0]["col"] = 9
    bad["terrain"].append({"col": 0, "row": 0, "terrain": "lava"})
    with pytest.raises(ScenarioError) as err:
        load_scenario(bad)
    assert any("u1" in e for e in err.value.errors) and any("lava" in e for e in err.value.errors)
    with pytest.raises(ScenarioError):
        load_scenario({**SCENARIO, "format": "battlecry"})


def test_perft_from_the_start():
    """Leaf counts of the whole tree of actions from a pinned deal (cards and dice fixed by
    the seed)."""
    assert [perft(new_game(1), d) for d in range(4)] == [1, 4, 18, 105]


def test_the_decision_passes_through_the_four_seats_in_turn_and_a_round_is_a_turn():
    g = new_game(1)
    order = []
    for _ in range(8):
        order.append((g.turn, g.deciding))
        g.apply({"type": "pass"})
    assert order == [(1, "union-1"), (1, "confederate-1"), (1, "union-2"), (1, "confederate-2"),
                     (2, "union-1"), (2, "confederate-1"), (2, "union-2"), (2, "confederate-2")]


def test_a_seat_moves_only_its_own_pieces():
    g = new_game(1)
    pieces = {a["piece"] for a in g.legal_actions() if a["type"] == "move"}
    assert pieces == {"u1", "u2"}
    with pytest.raises(IllegalAction):
        g.apply({"type": "move", "piece": "u4", "to": {"col": 4, "row": 2}})
    g.apply({"type": "pass"})
    assert {a["piece"] for a in g.legal_actions() if a["type"] == "move"} == {"c1", "c2"}


def face_to_face(options=None, woods=False, hill=False) -> ToyGame:
    """u1 (union-1) next to c1 (confederate-1); optionally c1 in woods or u1 on a hill."""
    data = json.loads(json.dumps(SCENARIO))
    data["terrain"] = []
    if woods:
        data["terrain"].append({"col": 0, "row": 1, "terrain": "woods"})
    if hill:
        data["terrain"].append({"col": 0, "row": 2, "terrain": "hill"})
    for p in data["pieces"]:
        if p["id"] == "u1":
            p["row"] = 2
        if p["id"] == "c1":
            p["row"] = 1
    return TOY.new(load_scenario(data), options or {}, 1)


@pytest.mark.parametrize("woods, hill, roll, hit", [
    (False, False, 4, True), (False, False, 3, False),
    (True, False, 4, False), (True, False, 5, True),
    (False, True, 3, True), (False, True, 2, False),
])
def test_an_attack_hits_by_the_die_and_the_ground(woods, hill, roll, hit):
    g = face_to_face(woods=woods, hill=hill)
    events = g.apply({"type": "attack", "piece": "u1", "target": "c1"}, rolls=[roll])
    assert events[0]["type"] == "attack" and events[0]["rolls"] == [roll]
    assert g.pieces["c1"]["strength"] == (2 if hit else 3)


def test_a_piece_without_strength_is_removed_and_its_enemy_gains_a_flag():
    g = face_to_face()
    g.pieces["c1"]["strength"] = 1
    events = g.apply({"type": "attack", "piece": "u1", "target": "c1"}, rolls=[6])
    assert "c1" not in g.pieces and g.flags == {"union": 1, "confederate": 0}
    assert [e["type"] for e in events] == ["attack", "removed"]


def test_option_ambush_answers_a_missed_attack():
    plain, ambush = face_to_face(), face_to_face({"ambush": True})
    plain.apply({"type": "attack", "piece": "u1", "target": "c1"}, rolls=[1, 6])
    ambush.apply({"type": "attack", "piece": "u1", "target": "c1"}, rolls=[1, 6])
    assert plain.pieces["u1"]["strength"] == 3
    assert ambush.pieces["u1"]["strength"] == 2


@pytest.mark.parametrize("turns", [4, 8, 12])
def test_option_turns_sets_when_the_game_ends_on_flags(turns):
    g = new_game(1, {"turns": turns})
    while not g.outcome:
        g.apply({"type": "pass"})
    assert g.outcome == {"winner": None, "reason": "turns", "turn": turns,
                         "flags": {"union": 0, "confederate": 0}}
    assert g.phase == "over" and g.deciding is None and g.legal_actions() == []


def test_a_side_with_no_piece_left_loses_and_a_seat_without_pieces_is_skipped():
    g = face_to_face()
    for pid in ("c2", "c3", "c4"):
        del g.pieces[pid]
    g.pieces["c1"]["strength"] = 1
    g.apply({"type": "pass"})                     # union-1
    g.apply({"type": "pass"})                     # confederate-1
    assert g.deciding == "union-2"
    g.apply({"type": "pass"})
    assert g.deciding == "union-1" and g.turn == 2          # confederate-2 has no piece
    g.apply({"type": "attack", "piece": "u1", "target": "c1"}, rolls=[6])
    assert g.outcome["winner"] == "union" and g.outcome["reason"] == "eliminated"
    assert g.outcome["flags"] == {"union": 1, "confederate": 0}


def test_a_card_is_played_and_replaced_from_the_deck():
    g = new_game(1)
    seat = g.deciding
    card = g.hands[seat][0]
    plays = [a for a in g.legal_actions() if a["type"] == "play_card"]
    if not plays:                                 # a volley with nobody in reach: use a rally
        g.hands[seat] = [card] = ["rally-9"]
        plays = [a for a in g.legal_actions() if a["type"] == "play_card"]
    top = g.deck[0]
    events = g.apply(plays[0])
    assert g.hands[seat] == [top] and card in g.discards
    draw = [e for e in events if e["type"] == "draw"][0]
    assert view_event(draw, seat)["cards"] == [top]
    assert "cards" not in view_event(draw, "union-2") and "cards" not in view_event(draw, None)


def test_award_ends_the_game_with_the_result_given():
    g = new_game(1)
    events = g.award("confederate", "resigned")
    assert g.outcome["winner"] == "confederate" and g.outcome["reason"] == "resigned"
    assert events[-1]["type"] == "game_over" and g.phase == "over"
    with pytest.raises(IllegalAction):
        g.award("union", "timeout")


@pytest.mark.parametrize("seed, actions", [(1, 0), (2, 7), (3, 20)])
def test_a_seat_sees_its_own_card_and_never_another_seats_card_or_the_deck(seed, actions):
    g = midgame(seed, actions)
    text = {seat: json.dumps(g.view(seat)) for seat in [*seat_names(), None]}
    for seat in [*seat_names(), None]:
        view = g.view(seat)
        assert view["hand"] == (g.hands[seat] if seat else None)
        assert "deck" not in view and "seed" not in view and "rng" not in view
        others = {c for s in seat_names() if s != seat for c in g.hands[s]} - set(g.hands.get(seat, []))
        assert all(f'"{c}"' not in text[seat] for c in others | set(g.deck))
        assert g.view(seat)["board"]["kind"] == "square"


def test_the_view_draws_the_board_as_a_square_grid():
    board = new_game(1).view("union-1")["board"]
    assert (board["kind"], board["width"], board["height"]) == ("square", 5, 4)
    assert len(board["cells"]) == 20 and {"col", "row", "terrain"} == set(board["cells"][0])
    assert {c["terrain"] for c in board["cells"]} == {"", "woods", "hill"}
    assert {"id": "u1", "col": 0, "row": 3, "side": "union", "label": "3"} in board["pieces"]


@pytest.mark.parametrize("seed, actions", [(1, 0), (2, 9), (4, 17), (5, 26)])
def test_determinize_keeps_what_the_seat_saw_and_re_deals_the_rest(seed, actions):
    g = midgame(seed, actions)
    before = g.to_dict()
    for seat in seat_names():
        deals = [g.determinize(seat, s) for s in range(12)]
        for d in deals:
            assert d.view(seat) == g.view(seat)
            assert d.hands[seat] == g.hands[seat]
            unseen = collections.Counter(g.deck + [c for s in seat_names() if s != seat for c in g.hands[s]])
            again = collections.Counter(d.deck + [c for s in seat_names() if s != seat for c in d.hands[s]])
            assert again == unseen
        if len(g.deck) > 1:
            assert len({tuple(d.deck) for d in deals}) > 1        # the order is re-dealt
    assert g.to_dict() == before


def test_determinize_draws_fresh_dice():
    g = face_to_face()
    rolls = set()
    for s in range(20):
        d = g.determinize("union-1", s)
        rolls.add(d.apply({"type": "attack", "piece": "u1", "target": "c1"})[0]["rolls"][0])
    assert len(rolls) > 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_to_dict_round_trips_and_the_game_plays_on_the_same(seed):
    g = midgame(seed, 11, {"ambush": True})
    data = json.loads(json.dumps(g.to_dict()))
    back = TOY.from_dict(data)
    assert back.to_dict() == g.to_dict()
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    while not g.outcome:
        a, b = g.sample_action(rng_a), back.sample_action(rng_b)
        assert g.apply(a) == back.apply(b)
    assert back.outcome == g.outcome


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_log_replays_the_game_exactly_with_its_recorded_dice_and_draws(seed):
    options = {"ambush": True, "turns": 12}
    g = new_game(seed, options)
    log = play_random(g, seed)
    again = replay(load_scenario(SCENARIO), seed, log, ruleset="toy", options=options)
    assert again.to_dict() == g.to_dict()
    rolls, draws = chance_of([e for entry in log for e in entry["events"]])
    assert rolls and all(1 <= r <= 6 for r in rolls) and set(draws) <= set(DECK)


def test_recorded_dice_and_draws_override_the_random_stream():
    g = face_to_face()
    assert g.apply({"type": "attack", "piece": "u1", "target": "c1"}, rolls=[6])[0]["rolls"] == [6]
    g = new_game(1)
    g.hands["union-1"] = ["rally-9"]
    wanted = g.deck[-1]
    g.apply({"type": "play_card", "card": "rally-9", "target": "u2"}, draws=[wanted])
    assert g.hands["union-1"] == [wanted]


def test_random_games_end_and_every_action_and_event_is_json_safe():
    reasons = collections.Counter()
    for seed in range(40):
        g = new_game(seed, {"turns": 12, "ambush": seed % 2 == 0})
        log = play_random(g, seed)
        assert g.outcome is not None
        assert set(g.outcome) == {"winner", "reason", "turn", "flags"}
        json.dumps(log)
        assert all(isinstance(e["type"], str) for entry in log for e in entry["events"])
        reasons[g.outcome["reason"]] += 1
    assert set(reasons) <= {"turns", "eliminated"}


def protocol_members(protocol) -> set[str]:
    return {name for name in (*vars(protocol), *protocol.__annotations__)
            if not name.startswith("_")}


def test_the_state_and_the_ruleset_offer_every_member_of_their_protocols():
    """(mypy agrees: ``r: Ruleset = TOY`` and ``s: GameState = new_game(1)`` type-check.)"""
    state = new_game(1)
    assert {m for m in protocol_members(GameState) if not hasattr(state, m)} == set()
    assert {m for m in protocol_members(Ruleset) if not hasattr(TOY, m)} == set()
