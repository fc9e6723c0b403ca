"""The ruleset-neutral game facade: ``Game.new`` and ``Game.from_dict`` dispatch through
the registry of rulesets and return a :class:`~games.engine.core.state.GameState`.

Nothing here knows any particular game; each ruleset brings its own state class.
"""
from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from .core import GameState, Ruleset, get_ruleset, rulesets, validate_options


class Game:
    """Where a game under any registered ruleset is dealt or rebuilt (never instantiated)."""

    def __init__(self) -> None:
        raise TypeError("Game.new(...) or Game.from_dict(...) make a game")

    @staticmethod
    def new(scenario: Any, ruleset: str | None = None, options: Mapping[str, Any] | None = None,
            seed: int | None = None, computer_seats: Iterable[str] = ()) -> GameState:
        """A new game of ``scenario`` under ``ruleset`` (the default ruleset when None).

        ``seed`` fixes every chance outcome; a secret one is drawn when omitted.
        ``computer_seats``: the seats the computer (Archie) holds, among the ruleset's
        ``seat_plan``; the ruleset turns them into its own options. An unknown ruleset
        raises ValueError; an unknown or ill-typed option raises
        :class:`~games.engine.core.OptionError` naming it.
        """
        rules = get_ruleset(ruleset or default_ruleset())
        seats = tuple(computer_seats)
        if seats:
            options = {**(options or {}), **rules.computer_options(seats)}
        checked = validate_options(rules.options, options)
        state: GameState = rules.new(scenario, checked, secrets.randbits(63) if seed is None else int(seed))
        return state

    @staticmethod
    def from_dict(d: dict, scenario: Any = None) -> GameState:
        """Rebuild a game from its ``to_dict`` output under the ruleset it names (pass
        ``scenario`` to skip re-reading the scenario stored in it)."""
        state: GameState = get_ruleset(d["ruleset"]).from_dict(d, scenario)
        return state


#: The ruleset a new game is played under unless another is chosen; set by the package
#: that registers the site's rulesets (``games.engine``).
_DEFAULT: list[str] = []


def set_default_ruleset(name: str) -> None:
    """Name the ruleset ``Game.new`` deals when none is chosen."""
    _DEFAULT[:] = [name]


def default_ruleset() -> str:
    """The ruleset ``Game.new`` deals when none is chosen."""
    if _DEFAULT:
        return _DEFAULT[0]
    return next(iter(rulesets()))


def scenario_formats() -> list[str]:
    """The scenario formats the registered rulesets play, sorted."""
    return sorted({r.scenario_format for r in rulesets().values()})


def load_scenario_as(scenario_format: str, data: dict) -> Any:
    """Check a scenario file of ``scenario_format`` with the loader of a ruleset that plays
    it (``ScenarioError`` naming what is wrong; ValueError if no ruleset plays the format)."""
    for _, rules in sorted(rulesets().items()):
        if rules.scenario_format == scenario_format:
            return rules.load_scenario(data)
    raise ValueError(f"no ruleset plays scenarios of format {scenario_format!r}")


def scenario_rulesets(scenario: Any, scenario_format: str) -> list[Ruleset]:
    """The registered rulesets that play ``scenario`` (of ``scenario_format``), by name."""
    return [r for _, r in sorted(rulesets().items())
            if r.scenario_format == scenario_format and r.supports(scenario)]
