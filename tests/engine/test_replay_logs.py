"""A game rebuilds exactly from its log: the dice every rule rolls (in an attack, again
after it, or outside any attack) go back in the order they were rolled."""
import pytest

from games.engine import Game
from games.engine.battlecry.advanced.cards import card_of
from games.engine.battlecry.scenario import SPECIAL_RULES
from games.engine.replay import chance_of, replay
from tests.engine.helpers import H, inf, scenario

BUCKTAILS = [{"rule": "sabers_hit_and_reroll", "special": "bucktails"}]
#: The scenario special rules that roll dice of their own.
ROLLING_RULES = {"sabers_hit_and_reroll"}


def step(g, log, action, **chance):
    log.append({"action": action, "events": g.apply(action, **chance)})


def seed_dealing(sc, key):
    """The first seed whose deal gives the Union a ``key`` card; (seed, card id)."""
    for seed in range(1, 500):
        hand = Game.new(sc, seed=seed).cards.hands["union"]
        found = [c for c in hand if card_of(c).key == key]
        if found:
            return seed, found[0]
    raise AssertionError(f"no deal of {key}")


def test_every_scenario_rule_that_rolls_dice_is_replayed_below():
    rolling = {name for name in SPECIAL_RULES if name in ROLLING_RULES}
    assert rolling == ROLLING_RULES        # a new rule that rolls needs its replay test here


@pytest.mark.parametrize("faces", [
    ["swords", "cavalry", "infantry"],              # 2 dice, the sabre re-rolled hits
    ["swords", "swords", "flag", "artillery"],      # both sabres re-rolled, one brings a flag
])
def test_a_bucktails_reroll_replays_in_the_order_it_was_rolled(faces):
    sc = scenario([inf("union", 10, 6, special="bucktails"), inf("confederate", 12, 4, figures=4)],
                  rules=BUCKTAILS)
    g = Game.new(sc, seed=3)
    log: list = []
    step(g, log, {"type": "play_card", "card": g.cards.hands["union"][0], "mode": "skirmish"})
    step(g, log, {"type": "order", "unit": "u1"})
    if g.phase == "order":
        step(g, log, {"type": "confirm_orders"})
    step(g, log, {"type": "end_movement"})
    step(g, log, {"type": "attack", "unit": "u1", "target": H(12, 4)}, rolls=list(faces))
    events = log[-1]["events"]
    assert [e["type"] for e in events][:2] == ["reroll", "attack"]     # as saved games hold them
    rolls, _ = chance_of(events)
    assert rolls == faces
    assert replay(sc, 3, log).to_dict() == g.to_dict()


@pytest.mark.parametrize("key", ["battle_cry", "rally"])
def test_a_card_that_rolls_for_its_orders_replays(key):
    sc = scenario([inf("union", 10, 6, figures=2), inf("union", 14, 6), inf("confederate", 12, 0)])
    seed, cid = seed_dealing(sc, key)
    g = Game.new(sc, seed=seed)
    log: list = []
    held = len(g.cards.hands["union"])
    pinned = ["infantry", "flag", "swords", "infantry", "cavalry", "artillery"][:held]
    step(g, log, {"type": "play_card", "card": cid, "mode": "tactic"}, rolls=list(pinned))
    roll = next(e for e in log[-1]["events"] if e["type"] == "order_roll")
    assert roll["rolls"] == pinned
    assert chance_of(log[-1]["events"])[0] == pinned
    assert replay(sc, seed, log).to_dict() == g.to_dict()
