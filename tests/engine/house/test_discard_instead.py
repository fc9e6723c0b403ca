"""The house rule of discarding instead of playing (seed 002 L11; docs/rulings.md H28), against
the same position with the option off."""
import pytest

from games.engine import IllegalAction, OptionError, RULESETS
from games.engine.core import validate_options
from tests.engine.helpers import G, game, inf

REFIT = {"discard_instead_of_play": True}


def table(options, generals=(G("union", 2, 8),)):
    return game([inf("union", 12, 8), inf("confederate", 12, 0)], generals, options=options)


def test_a_player_may_give_up_the_turn_to_discard_and_refill():
    off = table(None)
    assert {"type": "refit"} not in off.legal_actions()
    with pytest.raises(IllegalAction):
        off.apply({"type": "refit"})

    on = table(REFIT)
    hand, deck = list(on.cards.hands["union"]), len(on.cards.decks["union"])
    assert {"type": "refit"} in on.legal_actions() and len(hand) == on.capacity("union") == 5
    on.apply({"type": "refit"})
    assert on.phase == "refit" and on.view("union")["decision"]["left"] == 2   # 1 + 1 general
    assert {"type": "end_refit"} not in on.legal_actions()
    with pytest.raises(IllegalAction, match="at least one"):
        on.apply({"type": "end_refit"})
    on.apply({"type": "refit_card", "card": hand[0]})
    ev = on.apply({"type": "refit_card", "card": hand[1]})    # the second and last: refilled
    drawn = next(e for e in ev if e["type"] == "draw")
    assert drawn["count"] == 2 and len(on.cards.hands["union"]) == 5
    assert on.cards.discards["union"][-2:] == hand[:2] and len(on.cards.decks["union"]) == deck - 2
    assert on.active == "confederate" and on.phase == "play_card" and on.turn == 2


def test_one_card_is_enough_and_the_turn_draws_no_other_card():
    on = table(REFIT, generals=())
    card = on.cards.hands["union"][0]
    on.apply({"type": "refit"})
    ev = on.apply({"type": "refit_card", "card": card})      # 1 + no general: that was all
    assert [e["count"] for e in ev if e["type"] == "draw"] == [1]
    assert len(on.cards.hands["union"]) == on.capacity("union") and on.active == "confederate"

    two = table(REFIT)
    two.apply({"type": "refit"})
    two.apply({"type": "refit_card", "card": two.cards.hands["union"][0]})
    ev = two.apply({"type": "end_refit"})
    assert [e["count"] for e in ev if e["type"] == "draw"] == [1]


def test_archie_holds_no_hand_and_team_games_refuse_the_rule():
    archie = game([inf("union", 12, 8), inf("confederate", 12, 0)], first="confederate",
                  options={**REFIT, "archie": "confederate"})
    assert {"type": "refit"} not in archie.legal_actions()
    with pytest.raises(OptionError, match="House rule: discard instead of playing cannot be "
                                          "played with .*: in team games"):
        validate_options(RULESETS["advanced"].options, {**REFIT, "team_mode": "epic"})
