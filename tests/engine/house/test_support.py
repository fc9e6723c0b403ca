"""The house rule of support (seed 002 L49; docs/rulings.md H80-H83): a supported unit
ignores the first flag of each attack, against the same position with the option off."""
import random

from games.ai import Budget, search_policy
from games.engine import Game
from tests.engine.helpers import G, T, attack, game, inf, to_battle
from tests.engine.scenarios import shipped

SUPPORT = {"mutual_support": True, "auto_retreat": True}
BEHIND = inf("confederate", 13, 3)          # next to the defender, touches no union piece
IN_CONTACT = inf("confederate", 10, 4)      # next to the defender and to the union attacker


def melee(options, others=(), terrain=(), generals=(), figures=4):
    """Union infantry at (11,5) attacks the confederate unit at (12,4) (u2)."""
    g = game([inf("union", 11, 5), inf("confederate", 12, 4, figures=figures), *others],
             generals, terrain=terrain, options=options)
    to_battle(g, "attack_centre")
    return g


def union_attack(events):
    return next(e for e in events if e["type"] == "attack" and e["side"] == "union")


def retreated(events):
    return any(e["type"] == "retreated" for e in events)


def test_a_supported_unit_ignores_the_first_flag_of_an_attack():
    off = melee({"auto_retreat": True}, [BEHIND])
    assert retreated(attack(off, "u1", 12, 4, ["flag", "cavalry", "cavalry"]))

    on = melee(SUPPORT, [BEHIND])
    ev = attack(on, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    assert union_attack(ev)["flags_ignored"] == ["supported"] and not retreated(ev)
    # the first flag only: a second one still pushes it back
    on = melee(SUPPORT, [BEHIND])
    ev = attack(on, "u1", 12, 4, ["flag", "flag", "cavalry"])
    assert union_attack(ev)["flags_ignored"] == ["supported"] and retreated(ev)


def test_a_friend_in_contact_with_the_enemy_gives_no_support():
    on = melee(SUPPORT, [IN_CONTACT])
    ev = attack(on, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    assert union_attack(ev)["flags_ignored"] == [] and retreated(ev)


def test_with_holding_your_ground_support_is_the_same_flag_not_a_second():
    hill = [T("hill", 12, 4)]
    both = melee({**SUPPORT, "holding_ground": True}, [BEHIND], terrain=hill)
    ev = attack(both, "u1", 12, 4, ["flag", "flag", "cavalry"])
    assert union_attack(ev)["flags_ignored"] == ["on a hill"] and retreated(ev)
    alone = melee({**SUPPORT, "holding_ground": True}, [BEHIND])
    ev = attack(alone, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    assert union_attack(ev)["flags_ignored"] == ["supported"] and not retreated(ev)
    # a general still ignores one more: two at most
    led = melee({**SUPPORT, "holding_ground": True}, [BEHIND], terrain=hill,
                generals=[G("confederate", 12, 4)])
    ev = attack(led, "u1", 12, 4, ["flag", "flag", "flag"])
    assert union_attack(ev)["flags_ignored"] == ["general in command", "on a hill"]


def test_without_holding_your_ground_support_adds_to_a_hill_as_works_do():
    hill = [T("hill", 12, 4)]
    off = melee({"auto_retreat": True}, [BEHIND], terrain=hill)
    assert retreated(attack(off, "u1", 12, 4, ["flag", "flag", "cavalry"]))
    on = melee(SUPPORT, [BEHIND], terrain=hill)
    ev = attack(on, "u1", 12, 4, ["flag", "flag", "cavalry"])
    assert union_attack(ev)["flags_ignored"] == ["on a hill", "supported"] and not retreated(ev)


def test_archie_plays_legal_actions_under_support():
    g = Game.new(shipped("shiloh"), seed=3, options={"mutual_support": True, "archie": "union"})
    rng, phases = random.Random(3), set()
    for n in range(120):
        if g.outcome is not None:
            break
        legal = g.legal_actions()
        if g.active_side == "union":
            phases.add(g.phase)
            action = search_policy(g, "union", Budget(iterations=4), seed=n)
            assert action in legal, (g.phase, action)
        else:
            action = rng.choice(legal)
        g.apply(action)
    assert "battle" in phases
