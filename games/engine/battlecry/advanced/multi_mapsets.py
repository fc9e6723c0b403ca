"""House rule 36, multi mapsets (seed 002 L97; docs/rulings.md H98-H99): two or three maps
stood long side to long side, a row of blank filler hexes bridging each seam. The boards
themselves are in :mod:`..hexgrid` (``mapsets-2``, ``mapsets-3``); this option is what a
match on one of them is played under. It goes with the battle's board both ways (H99): the
terms of a match (``Ruleset.check_scenario``, asked by the site before any match, solo game,
campaign battle or table is made) refuse a battle laid out on several maps without it, and
the option with a battle laid out on one board, each time saying why. A game dealt without
terms (a scenario page's preview, a balance run) is dealt on its board as it is.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import Option, OptionError
from ..scenario import Scenario

OPTIONS: tuple[Option, ...] = (
    Option("multi_mapsets", bool, False,
           "For a battle laid out on two or three maps stood long side to long side, a row of "
           "blank filler hexes bridging each seam; it is ticked with such a battle only.",
           label="House rule: multi mapsets", rated=False),
)
_OPTION = OPTIONS[0]


def on_several_maps(scenario: Scenario) -> bool:
    """Whether the battle is laid out on maps stood long side to long side."""
    return bool(scenario.board.seams)


def needed(scenario: Scenario) -> dict[str, Any]:
    """The rule in force when the battle is laid out on several maps (H99), else nothing."""
    return {_OPTION.name: True} if on_several_maps(scenario) else {}


def check(scenario: Scenario, options: Mapping[str, Any]) -> None:
    """Refuse the option with a battle on one board, and a battle on several maps without it
    (H99), saying why."""
    chosen = bool(options.get(_OPTION.name))
    if chosen and not on_several_maps(scenario):
        raise OptionError(_OPTION.name, (
            f"{_OPTION.label} is played on a battle laid out on two or three maps stood long "
            f"side to long side; {scenario.name} is laid out on {scenario.board.words}"))
    if on_several_maps(scenario) and not chosen:
        raise OptionError(_OPTION.name, (
            f"{scenario.name} is laid out on {scenario.board.words}: it is played under "
            f"{_OPTION.label}, so tick it"))
