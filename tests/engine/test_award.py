"""award(): results the site decides outside the rules (deadline claim, adjudication,
resignation) end the game through the engine, never by editing its saved state."""
import pytest

from games.engine import Game, IllegalAction
from tests.engine.helpers import game, inf


def two_units():
    return game([inf("union", 10, 6), inf("confederate", 12, 0)])


def test_a_claim_ends_the_game_with_the_flags_given_and_one_event():
    g = two_units()
    events = g.award("union", "timeout", flags={"union": g.flags_needed("union")})
    assert events == [{"type": "game_over", "winner": "union", "reason": "timeout", "turn": 1,
                       "flags": {"union": 6, "confederate": 0}}]
    assert g.outcome == {k: v for k, v in events[0].items() if k != "type"}
    assert g.phase == "over" and g.active_side is None and g.legal_actions() == []
    again = Game.from_dict(g.to_dict())
    assert again.outcome == g.outcome and again.phase == "over"
    with pytest.raises(IllegalAction, match="over"):
        g.apply({"type": "end_turn"})


def test_a_draw_by_adjudication_counts_the_flags_on_the_board():
    g = two_units()
    g.score.captured["confederate"].append({"kind": "infantry", "id": "x"})
    [event] = g.award(None, "adjudicated")
    assert event["winner"] is None and event["flags"] == {"union": 0, "confederate": 1}


def test_pending_decisions_are_dropped():
    g = two_units()
    g.decisions.pending.append({"do": "discard", "side": "union", "ready": True})
    g.award("confederate", "resigned")
    assert g.decisions.pending == [] and g.view("union")["decision"] is None


@pytest.mark.parametrize("winner, reason, flags", [
    ("rebels", "timeout", None), ("union", "", None), ("union", "timeout", {"north": 3}),
    ("union", "timeout", {"union": "6"}),
])
def test_a_malformed_award_is_refused(winner, reason, flags):
    g = two_units()
    with pytest.raises(ValueError):
        g.award(winner, reason, flags)
    assert g.outcome is None


def test_a_finished_game_cannot_be_awarded_again():
    g = two_units()
    g.award("union", "resigned")
    with pytest.raises(IllegalAction):
        g.award("confederate", "timeout")
    assert g.outcome["winner"] == "union"
