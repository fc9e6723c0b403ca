"""The boundary between the facade and a game's rules: the :class:`Ruleset` protocol and
the registry of rulesets by name."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from .options import Option
from .seats import SeatSpec
from .state import GameState


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What kind of game a ruleset plays: its board, and whether it hides information or
    rolls dice (a search must determinize the one and sample the other)."""

    board: str                  # "hex" or "square"
    hidden_information: bool
    chance: bool


class Ruleset(Protocol):
    """A set of rules the facade can play.

    ``State`` is the ruleset's own state object; the facade holds one and never looks
    inside.  Every method is given the state it acts on.
    """

    name: str
    #: The scenario format the ruleset plays (e.g. ``"battlecry"``): the site offers it only
    #: scenarios of that format, loaded by :meth:`load_scenario`.
    scenario_format: str
    options: tuple[Option, ...]
    capabilities: Capabilities
    description: str
    #: Archie holds no hand under these rules: it plays the top card of its deck each turn
    #: (the log tells its draws and cards so).
    archie_plays_from_deck: bool
    #: Every phase a game under these rules can be in (``Game.phase``), ``"over"`` included:
    #: the pages have words for each (its kit: games/presentation/kit.py).
    phases: tuple[str, ...]
    #: How a game is won beyond its flags (a game's own terms object, e.g. Battle Cry's
    #: ``VictoryTerms``): the game page words it, Archie's evaluation weighs it.
    victory: Any
    #: Phases in which the site itself takes the game's next step, each with the type of the
    #: action it applies (a scheduled check queued by the services takes it; no player may).
    site_steps: Mapping[str, str]
    #: The kinds of action a player may take back within their turn (none: no take-back),
    #: as long as the step caused only events of the kinds in ``quiet_events``.
    undoable_actions: tuple[str, ...]
    quiet_events: tuple[str, ...]

    @property
    def summary(self) -> tuple[str, ...]:
        """The rules in a few paragraphs, for a player."""

    @property
    def terrain_effects(self) -> tuple[Any, ...]:
        """What each kind of ground does under these rules, one row a kind (for the pages;
        empty for a game without terrain)."""

    @property
    def cards(self) -> Mapping[str, Any]:
        """Its command cards by key (their names and texts, for the pages)."""

    def load_scenario(self, data: dict) -> Any:
        """Check a scenario file of :attr:`scenario_format` and return the engine's scenario
        (``ScenarioError`` naming what is wrong)."""

    def victory_for(self, options: Mapping[str, Any]) -> Any:
        """The victory terms of a game under these options (``victory`` changed by the
        options in force, with notes a page shows about them)."""

    def from_dict(self, data: dict, scenario: Any = None) -> Any:
        """A state rebuilt from its ``to_dict`` output."""

    def supports(self, scenario: Any) -> bool:
        """Whether a scenario can be played under these rules."""

    def check_scenario(self, scenario: Any, options: Mapping[str, Any]) -> None:
        """Refuse a match's options that cannot be played on this scenario (``OptionError``
        saying why; the options are already validated). The site asks it of every match's
        terms; ``new`` does not, so a preview is dealt on any scenario the rules support."""

    def scenario_options(self, scenario: Any) -> dict[str, Any]:
        """The options a match on this scenario is played under whoever sets it up (those
        ``check_scenario`` refuses a match without), for the site's callers that ask no
        member to tick options, such as a practice game of a draft."""

    def new(self, scenario: Any, options: Mapping[str, Any], seed: int) -> Any:
        """A fresh state: pieces placed, cards dealt (options already validated)."""

    def legal_actions(self, state: Any, seat: str | None = None) -> list[dict]:
        """Every action ``seat`` (None: the deciding seat) may take now."""

    def apply(self, state: Any, action: dict, rolls: list | None = None,
              draws: list | None = None) -> list[dict]:
        """Check and carry out an action; return its events (IllegalAction if refused)."""

    def apply_unchecked(self, state: Any, action: dict) -> None:
        """Carry out a legal action without checking it and without building events."""

    def sample_action(self, state: Any, rng: Any) -> dict:
        """One legal action at random, uniformly, without listing them all."""

    def seats(self, state: Any) -> tuple[SeatSpec, ...]:
        """The seats of a game, each with its side (one per side in a two-player game)."""

    def seat_plan(self, scenario: Any, options: Mapping[str, Any]) -> tuple[SeatSpec, ...]:
        """The seats a game of ``scenario`` under ``options`` will have, known before the
        deal (the site seats its members, Archie or nobody in them); ``seats(state)`` of the
        dealt game gives the same."""

    def computer_options(self, seats: tuple[str, ...]) -> dict:
        """The options that seat the computer in ``seats`` (names of the game's seats);
        OptionError when these rules cannot seat it so."""

    def view(self, state: Any, seat: str | None) -> dict:
        """What ``seat`` may see (``None``: a spectator)."""

    def outcome(self, state: Any) -> dict | None:
        """None while the game goes on, else the winner, the reason and the flags."""

    def award(self, state: Any, winner: str | None, reason: str,
              flags: Mapping[str, int] | None = None) -> list[dict]:
        """End the game with a result decided outside the rules; return its events."""

    def determinize(self, state: Any, side: str, seed: int) -> Any:
        """A state consistent with what ``side`` has seen, the rest re-dealt."""


class PlainRuleset:
    """The answers a ruleset gives when it has none of the optional parts (no cards, no
    terrain table, no step of the site's own, no take-back, the same rules whoever holds a
    seat, victory terms the options never change), and the protocol's calls handed to the
    game state. A ruleset subclasses it and declares what it has."""

    cards: Mapping[str, Any] = {}
    terrain_effects: tuple[Any, ...] = ()
    site_steps: Mapping[str, str] = {}
    undoable_actions: tuple[str, ...] = ()
    quiet_events: tuple[str, ...] = ()
    archie_plays_from_deck = False
    victory: Any = None

    def victory_for(self, options: Mapping[str, Any]) -> Any:
        return self.victory

    def computer_options(self, seats: tuple[str, ...]) -> dict:
        return {}

    def supports(self, scenario: Any) -> bool:
        return True

    def check_scenario(self, scenario: Any, options: Mapping[str, Any]) -> None:
        return None

    def scenario_options(self, scenario: Any) -> dict[str, Any]:
        return {}

    def legal_actions(self, state: GameState, seat: str | None = None) -> list[dict]:
        return state.legal_actions(seat)

    def apply(self, state: GameState, action: dict, rolls: list | None = None,
              draws: list | None = None) -> list[dict]:
        return state.apply(action, rolls=rolls, draws=draws)

    def apply_unchecked(self, state: GameState, action: dict) -> None:
        state.apply_unchecked(action)

    def sample_action(self, state: GameState, rng: Any) -> dict:
        return state.sample_action(rng)

    def seats(self, state: GameState) -> tuple[SeatSpec, ...]:
        return state.seats

    def view(self, state: GameState, seat: str | None) -> dict:
        return state.view(seat)

    def outcome(self, state: GameState) -> dict | None:
        return state.outcome

    def award(self, state: GameState, winner: str | None, reason: str,
              flags: Mapping[str, int] | None = None) -> list[dict]:
        return state.award(winner, reason, flags)

    def determinize(self, state: GameState, seat: str, seed: int) -> GameState:
        return state.determinize(seat, seed)


_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Make a ruleset playable under its name (once per name)."""
    if ruleset.name in _REGISTRY and _REGISTRY[ruleset.name] is not ruleset:
        raise ValueError(f"a ruleset named {ruleset.name!r} is already registered")
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def unregister(name: str) -> None:
    """Withdraw the ruleset registered as ``name`` (nothing if none is): for a ruleset
    registered for a while only, by a test for instance."""
    _REGISTRY.pop(name, None)


def rulesets() -> dict[str, Ruleset]:
    """The registered rulesets by name (a copy)."""
    return dict(_REGISTRY)


class LiveRulesets(Mapping[str, Ruleset]):
    """The registry read anew at every look-up (a ruleset registered later appears)."""

    def __getitem__(self, name: str) -> Ruleset:
        return _REGISTRY[name]

    def __iter__(self) -> Iterator[str]:
        return iter(dict(_REGISTRY))

    def __len__(self) -> int:
        return len(_REGISTRY)


def get_ruleset(name: str) -> Ruleset:
    """The ruleset registered as ``name``; ValueError naming the known ones otherwise."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise ValueError(f"unknown ruleset {name!r} (known rulesets: {known})") from None
