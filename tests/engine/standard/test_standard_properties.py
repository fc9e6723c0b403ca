"""Properties of the standard ruleset over random legal play (hypothesis picks the seeds):
the board stays sound, views hold nothing hidden, to_dict/from_dict round-trips, a replay
of the actions gives the same events, the search path agrees with the checked path, and
determinize re-deals exactly the unseen cards."""
import json
import pathlib
import random

import pytest
from hypothesis import given, settings, strategies as st

from games.engine import Game, IllegalAction, load_scenario, view_event
from games.engine.battlecry.sample import sample_scenario
from games.engine.battlecry.units import FULL_FIGURES, SIDES, other

SCENARIOS = pathlib.Path(__file__).resolve().parents[3] / "games" / "scenarios"
SAMPLE = load_scenario(sample_scenario())
FREDERICKSBURG = load_scenario(json.loads((SCENARIOS / "fredericksburg.json").read_text()))


def random_game(scenario, seed, max_actions=300):
    rng = random.Random(seed)
    game = Game.new(scenario, ruleset="standard", seed=seed)
    log = []
    for _ in range(max_actions):
        if game.outcome:
            break
        action = rng.choice(game.legal_actions())
        log.append({"action": action, "events": game.apply(action)})
        yield game, log


def check_board(game):
    for u in game.units.values():
        assert 1 <= u.figures <= FULL_FIGURES[u.kind]
        assert game.pieces.unit_at[u.hex] == u.id
    assert sum(x is not None for x in game.pieces.unit_at) == len(game.units)
    for g in game.generals.values():
        assert game.pieces.general_at[g.hex] == g.id
        uid = game.pieces.unit_at[g.hex]
        assert uid is None or game.units[uid].side == g.side
    assert sum(x is not None for x in game.pieces.general_at) == len(game.generals)
    for side in SIDES:
        ids = [c["id"] for c in game.captured[side]]
        assert len(ids) == len(set(ids))
        assert not set(ids) & set(game.units) and not set(ids) & set(game.generals)
    cards = game.deck + game.discards + game.hands["union"] + game.hands["confederate"]
    in_play = [game.current.card] if game.current.card and game.current.card not in cards else []
    assert len(set(cards + in_play)) == len(cards + in_play) == 49
    for side in SIDES:
        assert len(game.hands[side]) <= game.capacity(side)


def hidden_from(game, side):
    """Card copies ``side`` may not see: the other hand and the deck."""
    return set(game.deck) | set(game.hands[other(side)])


def assert_nothing_hidden(data, hidden, game):
    text = json.dumps(data)
    for c in hidden:
        assert f'"{c}"' not in text, c
    assert str(game.rng) not in text and f'"seed": {game.seed}' not in text


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from([SAMPLE, FREDERICKSBURG]))
def test_random_play_keeps_the_board_sound_and_every_view_clean(seed, scenario):
    for game, log in random_game(scenario, seed):
        check_board(game)
        for side in (*SIDES, None):
            view = game.view(side)
            view.pop("last_card")          # keys of cards played: public
            view.pop("effect")
            hidden = hidden_from(game, side) if side else (
                set(game.deck) | set(game.hands["union"]) | set(game.hands["confederate"]))
            assert_nothing_hidden(view, hidden, game)
            assert_nothing_hidden([view_event(e, side) for e in log[-1]["events"]
                                   if e["type"] != "card_played"], hidden, game)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**31))
def test_to_dict_from_dict_round_trips_and_the_log_replays(seed):
    log = []
    for game, log in random_game(FREDERICKSBURG, seed, 250):
        again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
        assert again.to_dict() == game.to_dict()
        assert again.legal_actions() == game.legal_actions()
        assert again.view("union") == game.view("union")
    replayed = Game.new(FREDERICKSBURG, ruleset="standard", seed=seed)
    for entry in log:
        assert replayed.apply(entry["action"]) == entry["events"]


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**31))
def test_the_search_path_agrees_with_the_checked_path(seed):
    rng = random.Random(seed)
    for game, _ in random_game(FREDERICKSBURG, seed, 250):
        if game.outcome:
            break
        action = game.sample_action(rng)
        assert action in game.legal_actions()
        checked, fast = game.copy(), game.copy()
        checked.apply(action)
        fast.apply_unchecked(action)
        assert fast.to_dict() == checked.to_dict()


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, 2**31))
def test_determinize_keeps_the_view_and_redeals_exactly_the_unseen_cards(seed, other_seed):
    for game, _ in random_game(FREDERICKSBURG, seed, 120):
        pass
    if game.outcome:
        return
    for side in SIDES:
        d = game.determinize(side, other_seed)
        assert d.view(side) == game.view(side)
        foe = other(side)
        assert sorted(d.deck + d.hands[foe]) == sorted(game.deck + game.hands[foe])
        assert d.hands[side] == game.hands[side] and d.rng != game.rng
        assert Game.from_dict(d.to_dict()).to_dict() == d.to_dict()
        e = game.determinize(side, other_seed + 1)
        assert (e.deck, e.hands[foe]) != (d.deck, d.hands[foe])


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**31))
def test_a_copy_and_its_original_never_change_each_other(seed):
    """Copies share pieces until one of them changes a piece: playing either one on,
    at any point of a game, leaves the other exactly as it was."""
    rng = random.Random(seed)
    game = Game.new(FREDERICKSBURG, ruleset="standard", seed=seed)
    for _ in range(12):
        copy = game.copy()
        for played, other_one in ((copy, game), (game, copy)):
            before = other_one.to_dict()
            for _ in range(rng.randrange(1, 40)):
                if played.outcome:
                    break
                played.apply(played.sample_action(rng))
            assert other_one.to_dict() == before
        if game.outcome:
            break


def test_malformed_actions_are_refused_and_change_nothing():
    game = Game.new(FREDERICKSBURG, ruleset="standard", seed=5)
    before = game.to_dict()
    for bad in ({}, {"type": 3}, {"type": "play_card"}, {"type": "play_card", "card": ["x"]},
                {"type": "move", "unit": "u1", "to": {"col": 1}}, {"type": "nonsense"},
                {"type": "discard_card", "card": game.hands[game.active][0]}):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    assert game.to_dict() == before


def test_a_log_replays_with_its_recorded_dice():
    """``replay`` feeds each action the dice its events record (morale checks included),
    as the site does when it rebuilds a game from its log."""
    from games.engine import replay
    rng = random.Random(4)
    game = Game.new(FREDERICKSBURG, ruleset="standard", seed=4)
    log = []
    while not game.outcome and len(log) < 600:
        action = rng.choice(game.legal_actions())
        log.append({"action": action, "events": game.apply(action)})
    assert any(e["type"] == "morale_check" for entry in log for e in entry["events"])
    again = replay(FREDERICKSBURG, 4, log, ruleset="standard")
    assert again.to_dict() == game.to_dict()


_JUNK = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["play_card", "discard_card", "order", "order_general", "confirm_orders",
                        "move", "move_general", "end_movement", "attack", "shoot_general",
                        "end_turn", "retreat", "evade", "stand", "battle_back", "decline",
                        "breakthrough", "hold_ground"]),
       st.dictionaries(st.sampled_from(["card", "unit", "general", "to", "target", "section",
                                        "kind"]), _JUNK, max_size=3))
def test_untrusted_actions_are_refused_or_legal_never_a_crash(kind, fields):
    game = Game.new(FREDERICKSBURG, ruleset="standard", seed=2)
    action = {"type": kind, **fields}
    before = game.to_dict()
    try:
        game.apply(action)
    except IllegalAction:
        assert game.to_dict() == before


def test_the_move_sampler_draws_every_legal_move_and_nothing_else():
    game = Game.new(FREDERICKSBURG, ruleset="standard", seed=3)
    rng = random.Random(3)
    while game.phase != "move" or len(game.legal_actions()) < 10:
        game.apply(game.sample_action(rng))
    legal = {json.dumps(a, sort_keys=True) for a in game.legal_actions()}
    drawn = {json.dumps(game.sample_action(rng), sort_keys=True) for _ in range(40 * len(legal))}
    assert drawn == legal
