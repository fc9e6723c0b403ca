"""Random sets of the house rules (seed 002) over random scenarios and seeds: every set the
ruleset accepts plays to the end, the search path leaves the same state as the checked path,
the saved form and the log rebuild the game exactly, and no view shows the other hand."""
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from games.engine import Game, OptionError, RULESETS, replay
from games.engine.core import validate_options
from tests.engine.scenarios import shipped

SCHEMA = RULESETS["advanced"].options
HOUSE = sorted(o.name for o in SCHEMA if o.label.startswith("House rule"))
SLUGS = ["fredericksburg", "shiloh", "gettysburg-devils-den", "antietam"]


REQUIRES = {o.name: o.requires for o in SCHEMA}


def with_requirements(names):
    """The set with every option a member requires, so that sub-options (a Shaken roll
    needs its terrain rule and Shaken) are drawn as often as the others."""
    out, todo = set(), list(names)
    while todo:
        name = todo.pop()
        if name not in out:
            out.add(name)
            todo.extend(REQUIRES.get(name, ()))
    return out


def accepted(names):
    try:
        return validate_options(SCHEMA, dict.fromkeys(with_requirements(names), True))
    except OptionError:
        return None


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names=st.sets(st.sampled_from(HOUSE)), slug=st.sampled_from(SLUGS),
       seed=st.integers(0, 10_000))
def test_any_accepted_set_of_house_rules_plays_to_the_end_and_replays(names, slug, seed):
    options = accepted(names)
    if options is None:                 # refused with a reason (tests of each option say which)
        return
    options["auto_retreat"] = seed % 2 == 0
    rng = random.Random(seed)
    scenario = shipped(slug)
    checked = Game.new(scenario, seed=seed, options=options)
    searched = checked.copy()
    log = []
    for n in range(3000):
        if checked.outcome:
            break
        action = searched.sample_action(rng)
        log.append({"action": action, "events": checked.apply(action)})
        searched.apply_unchecked(action)
        if n % 97 == 0:
            for viewer, foe in (("union", "confederate"), ("confederate", "union")):
                view = checked.view(viewer)
                assert view["hand"] == checked.cards.hands[viewer]
                assert "hands" not in view and "seed" not in view and "rng" not in view
                assert view["hand_counts"][foe] == len(checked.cards.hands[foe])
    assert checked.outcome is not None
    assert searched.to_dict() == checked.to_dict()
    assert Game.from_dict(checked.to_dict()).to_dict() == checked.to_dict()
    assert replay(scenario, seed, log, options=options).to_dict() == checked.to_dict()
