"""Web input is untrusted: any malformed action is refused with IllegalAction, never a crash,
and leaves the state as it was."""
import json

from hypothesis import given, settings, strategies as st

from games.engine import Game, IllegalAction, load_scenario
from games.engine.battlecry.sample import sample_scenario

SCENARIO = load_scenario(sample_scenario())
TYPES = ["play_card", "order", "confirm_orders", "move", "move_general", "end_movement", "attack",
         "end_turn", "retreat", "general_retreat", "withdraw", "stand", "take_ground",
         "hold_ground", "discard", "keep_card", "rally", "end_rally", "reinforce", "supply_move",
         "fight_back", "decline", "end_by_nightfall", "nonsense"]
junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=12)
    | st.sampled_from(["u1", "u13", "g1", "probe_left", "attack_centre", "left", "infantry"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["col", "row", "x"]), inner, max_size=3),
    max_leaves=6,
)
actions = st.fixed_dictionaries(
    {"type": st.sampled_from(TYPES)},
    optional={k: junk for k in ("unit", "general", "to", "target", "card", "mode", "section",
                                "kind", "general")},
)


def positions():
    """A few real positions: the opening, the order step, the move step, the battle step."""
    g = Game.new(SCENARIO, seed=3)
    out = [g.copy()]
    card = next(c for c in g.cards.hands["union"] if c.split("-")[0].startswith(("probe", "attack")))
    g.apply({"type": "play_card", "card": card, "mode": "section"})
    out.append(g.copy())
    g.apply({"type": "confirm_orders"} if g.phase == "order" else {"type": "end_movement"})
    out.append(g.copy())
    if g.phase == "move":
        g.apply({"type": "end_movement"})
    out.append(g.copy())
    return out


POSITIONS = positions()


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(range(len(POSITIONS))), actions)
def test_malformed_actions_are_refused_cleanly(which, action):
    g = POSITIONS[which].copy()
    before = json.dumps(g.to_dict(), sort_keys=True)
    try:
        g.apply(action)
    except IllegalAction as err:
        assert str(err)
        assert json.dumps(g.to_dict(), sort_keys=True) == before


def test_hexes_must_be_whole_numbers():
    g = POSITIONS[0].copy()
    for bad in ({"col": 2.7, "row": 4}, {"col": True, "row": 4}, {"col": "10", "row": "6"}):
        try:
            g.reachable(bad)
        except IllegalAction as err:
            assert "not a hex on the board" in str(err)
        else:
            raise AssertionError(f"{bad} was taken for a hex")
