"""The line-of-sight and reach overlay from a hex of a draft, computed by the engine on the
battle as it would be dealt (so it needs a draft the loader accepts)."""
from __future__ import annotations

from games.engine import (
    DEFAULT_RULESET,
    Game,
    ScenarioError,
    load_scenario,
    sight_and_reach,
)


class OverlayUnavailable(ValueError):
    """The draft cannot be dealt yet; ``str()`` says why."""


def overlay(data, col: int, row: int, ruleset: str = DEFAULT_RULESET) -> dict:
    """``{"seen": [(col, row)...], "reach": {(col, row): dice}, "unit": kind or None}``."""
    try:
        game = Game.new(load_scenario(data), ruleset=ruleset, seed=0)
    except ScenarioError:
        raise OverlayUnavailable("The sight overlay needs a battle the loader accepts: "
                                 "fix the problems listed first.") from None
    found = sight_and_reach(game, {"col": col, "row": row})
    return {"seen": [(h["col"], h["row"]) for h in found["seen"]],
            "reach": {(r["hex"]["col"], r["hex"]["row"]): r["dice"] for r in found["reach"]},
            "unit": found["unit"]}
