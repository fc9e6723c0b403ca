"""determinize(side, seed): a state a search may play on without cheating."""
import collections
import json
import random

import pytest

from games.engine import Game
from games.engine.battlecry.advanced.cards import is_extra
from games.engine.battlecry.units import SIDES, other
from tests.engine.scenarios import shipped


def midgame(slug="fredericksburg", seed=1, actions=150, options=None):
    rng = random.Random(seed)
    game = Game.new(shipped(slug), seed=seed, options=options)
    for _ in range(actions):
        if game.outcome:
            break
        game.apply(game.sample_action(rng))
    return game


def unseen(game, side):
    """The cards ``side`` cannot see, as one multiset."""
    return collections.Counter(game.cards.decks[side] + game.cards.hands[other(side)] + game.cards.decks[other(side)])


POSITIONS = [(slug, seed, n) for slug in ("fredericksburg", "shiloh", "antietam")
             for seed in (1, 2) for n in (0, 9, 120, 700)]


@pytest.mark.parametrize("slug, seed, actions", POSITIONS)
def test_the_side_sees_the_same_game_and_the_hidden_cards_are_re_dealt(slug, seed, actions):
    game = midgame(slug, seed, actions)
    before = game.to_dict()
    for side in SIDES:
        d = game.determinize(side, seed=99)
        assert d.view(side) == game.view(side)
        assert d.legal_actions() == game.legal_actions() or game.active_side != side
        assert unseen(d, side) == unseen(game, side)
        # base cards stay with their owner; only the hand size and deck sizes are public
        assert len(d.cards.hands[other(side)]) == len(game.cards.hands[other(side)])
        for s in SIDES:
            assert len(d.cards.decks[s]) == len(game.cards.decks[s])
        foe = other(side)
        base = lambda cards: collections.Counter(c for c in cards if not is_extra(c))  # noqa: E731
        assert base(d.cards.decks[side]) == base(game.cards.decks[side])
        assert base(d.cards.hands[foe] + d.cards.decks[foe]) == base(game.cards.hands[foe] + game.cards.decks[foe])
        assert d.cards.hands[side] == game.cards.hands[side]
        assert d.seed != game.seed and d.rng != game.rng
    assert game.to_dict() == before, "determinize changed the game it was asked about"


def hidden(game, side):
    foe = other(side)
    return (game.cards.decks[side], game.cards.hands[foe], game.cards.decks[foe])


def test_two_seeds_give_different_hidden_cards_and_the_same_seed_the_same():
    game = midgame(actions=40)
    deals = [hidden(game.determinize("union", seed), "union") for seed in range(8)]
    assert len({repr(d) for d in deals}) == 8
    assert hidden(game.determinize("union", 3), "union") == deals[3]


def test_extra_cards_are_shared_out_again_among_the_sides():
    game = midgame(actions=0)
    own = [c for c in game.cards.decks["union"] if is_extra(c)]
    placements = collections.defaultdict(set)
    for seed in range(200):
        d = game.determinize("union", seed)
        extras = [c for c in d.cards.decks["union"] if is_extra(c)]
        assert len(extras) == len(own)        # the count follows from public deck sizes
        for c in unseen(game, "union"):
            if is_extra(c):
                placements[c].add(c in d.cards.decks["union"])
    # which extras went to the union deck is unknown to the union player: any may be either
    assert placements and all(where == {True, False} for where in placements.values())


def test_the_dice_after_determinizing_are_not_the_games_next_dice():
    game = midgame(actions=30)
    real = game.copy()._roll(6)
    same = sum(game.determinize("confederate", seed)._roll(6) == real for seed in range(300))
    # two independent throws of 6 dice agree with chance about 0.22**6: never, in practice
    assert same <= 1
    again = game.determinize("confederate", 5)
    assert again._roll(6) == game.determinize("confederate", 5)._roll(6)


def test_it_round_trips_through_to_dict():
    d = midgame(actions=200).determinize("union", 4)
    data = json.loads(json.dumps(d.to_dict()))
    again = Game.from_dict(data)
    assert again.to_dict() == d.to_dict()
    assert again.legal_actions() == d.legal_actions()


def test_a_determinized_game_plays_on_to_the_end():
    game = midgame(actions=40)
    assert game.outcome is None
    d = game.determinize(game.current.active, 8)
    rng = random.Random(0)
    while d.outcome is None:
        d.apply(d.sample_action(rng))
    assert d.outcome["winner"] in (*SIDES, None)


def test_extras_known_to_be_a_sides_stay_with_it():
    """After a reshuffle the extras that were on a side's discard pile (public) are known
    to be in that side's deck; a re-deal keeps them there."""
    rng = random.Random(0)
    for seed in range(100):
        game = Game.new(shipped("fredericksburg"), seed=seed)
        while game.outcome is None and not all(game.cards.returned_extras.values()):
            game.apply(game.sample_action(rng))
        if all(game.cards.returned_extras.values()):
            break
    assert game.outcome is None and all(game.cards.returned_extras.values())
    for side in SIDES:
        foe = other(side)
        for seed in range(20):
            d = game.determinize(side, seed)
            for c in game.cards.returned_extras[side]:
                assert (c in d.cards.decks[side]) == (c in game.cards.decks[side])
            for c in game.cards.returned_extras[foe]:
                assert (c in d.cards.hands[foe] + d.cards.decks[foe]) == (c in game.cards.hands[foe] + game.cards.decks[foe])


def test_a_card_choice_of_the_other_side_is_dealt_from_its_new_hand():
    rng = random.Random(1)
    for seed in range(40):
        game = Game.new(shipped("fredericksburg"), seed=seed)
        while game.outcome is None and game.phase != "keep_card":
            game.apply(game.sample_action(rng))
        if game.phase == "keep_card":
            break
    else:
        pytest.skip("no Scout card was played in 40 games")
    side = other(game.active_side)
    d = game.determinize(side, 1)
    choice = d.decisions.pending[0]["cards"]
    assert len(choice) == 2 and set(choice) <= set(d.cards.hands[game.active_side])
    assert all(a in d.legal_actions() for a in [{"type": "keep_card", "card": c} for c in choice])


def test_only_a_side_can_be_determinized_for():
    with pytest.raises(ValueError):
        midgame(actions=0).determinize(None, 1)


def test_archie_keeps_no_hand_after_determinizing():
    game = midgame(actions=80, options={"archie": "confederate"})
    d = game.determinize("union", 3)
    assert len(d.cards.hands["confederate"]) == len(game.cards.hands["confederate"]) <= 1
    assert d.view("union") == game.view("union")
