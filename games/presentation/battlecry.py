"""The Battle Cry kit: the presenter of both Battle Cry rulesets (the Advanced Rulebook's
and the standard rules), registered for each with its own phase words.

The tables here are data: what each phase asks of a player.  The
sentences of the log, the choices and the hand are the Battle Cry modules of this package
(``log``, ``choices``, ``words``), which this presenter puts behind the kit's methods.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.board_svg import piece_swatches, terrain_swatch
from games.engine import ADVANCED, SIDE_NAMES, SIDES, STANDARD, TERRAIN

from . import log
from .choices import choices as battlecry_choices
from .kit import Choices, Presenter, register_presenter
from .tracker import Tracker, tracker_for, tracker_from_view
from .victory import victory
from .words import REASONS, card_info

#: What is being decided, in plain words, in the phases both rulesets have.
COMMON_PHASES = {
    "play_card": "play a command card",
    "order": "order units",
    "move": "move the ordered units",
    "battle": "battle",
    "retreat": "choose where a unit retreats",
    "prebattle_roll": "roll the campaign's pre-battle dice",
    "prebattle_loss": "choose a unit to lose a figure (pre-battle dice)",
    "prebattle_retreat": "choose a unit to fall back (pre-battle dice)",
    "over": "the game is over",
}
#: The Advanced Rulebook's phases: "Waiting for bob to ...".
ADVANCED_PHASES = {
    **COMMON_PHASES,
    "move_again": "move again after Hit and Run",
    "general_retreat": "choose where a general retreats",
    "withdraw": "withdraw or stand against a melee",
    "take_ground": "take ground or hold",
    "press_on": "press on one hex more after a breakthrough, or hold",
    "refit": "discard instead of playing a card",
    "discard": "discard down to the hand limit",
    "keep_card": "keep one of the two cards drawn",
    "rally": "rally units",
    "reinforce": "place reinforcements",
    "supply_move": "send a unit back (Short Supply)",
    "fight_back": "play Fight Back or decline",
    "nightfall": "night has fallen: the game ends",
    # Epic games (docs/rulings.md E1-E12)
    "assign_command": "share the units among the Major-Generals",
    "command": "give a command card to a Major-General",
    "initiative": "act on his own initiative or wait",
}
#: The standard rules' phases.
STANDARD_PHASES = {
    **COMMON_PHASES,
    "evade": "evade the melee or stand",
    "battle_back": "battle back or decline",
    "breakthrough": "advance and melee again, or hold the ground",
    # Grand Battle Cry (docs/rulings.md G1-G10)
    "command": "give command cards to the Field Generals",
    "initiative": "act on his own initiative or wait",
}


class BattleCryPresenter(Presenter):
    """Battle Cry's words and page parts, for one of its rulesets."""

    has_cards = True
    has_flags = True
    has_dice_tray = True
    marks_last_turn = True
    reasons = REASONS

    def __init__(self, ruleset: Any, phases: Mapping[str, str]):
        self.phases = phases

    # -- words -------------------------------------------------------------------------------------
    def describe(self, event: Mapping, viewer: str | None, tracker: Any = None,
                 archie: Any = None) -> str | None:
        return log.describe(dict(event), viewer, tracker, archie)

    def step_words(self, action: Mapping) -> str:
        return {"confirm_orders": "Done ordering", "end_movement": "End of movement"}.get(
            str(action.get("type")), "your last step")

    def tracker(self, scenario: Any) -> Tracker:
        return tracker_for(scenario)

    def tracker_at(self, view: Mapping) -> Tracker:
        return tracker_from_view(dict(view))

    def event_lines(self, events: list, viewer: str | None, tracker: Any = None,
                    archie: Any = None) -> Iterator[tuple[dict, str]]:
        return log.event_lines(events, viewer, tracker, archie)

    # -- the page ----------------------------------------------------------------------------------
    def choices(self, engine: Any, view: Mapping, legal: list, selected=None,
                want_general: bool = False) -> Choices:
        return battlecry_choices(engine, view, legal, selected, want_general)

    def board(self, view: Mapping) -> Mapping:
        return view             # the hex renderer draws a Battle Cry view as it is

    def stands(self, view: Mapping, viewer: str | None, players: Mapping[str, str]) -> list[dict]:
        stands = []
        for s in SIDES:
            stands.append({
                "side": s, "name": SIDE_NAMES[s], "player": players.get(s, ""),
                "flags": view["flags"][s], "needed": view["flags_needed"][s],
                "captured": view["captured"][s], "hand": view["hand_counts"][s],
                "deck": view["deck_counts"][s], "discards": len(view["discards"][s]),
                "last_discard": card_info(view["discards"][s][-1])["name"] if view["discards"][s] else "",
                "casualties": view["casualties"][s], "you": s == viewer,
            })
        return stands

    def hand(self, view: Mapping, choices: Choices) -> list[dict] | None:
        if view["hand"] is None:        # a spectator, or a team's seat that holds no hand
            return None
        return [dict(card_info(c), buttons=choices.hand_buttons.get(c, [])) for c in view["hand"]]

    def card_in_play(self, view: Mapping) -> dict | None:
        return card_info(view["card"]) if view.get("card") else None

    def legend(self, view: Mapping) -> dict | None:
        """This map's terrain, and the pieces."""
        kinds = sorted({t["kind"] for t in view["terrain"]}
                       | {k for o in view["obstacles"] for k in o["sides"].values()})
        return {"terrain": [{"swatch": terrain_swatch(k), "label": TERRAIN[k].label}
                            for k in ["open", *kinds] if k in TERRAIN],
                "pieces": [{"swatch": p, "label": w} for p, w in piece_swatches()]}

    def victory(self, engine: Any, view: Mapping) -> dict:
        return victory(engine, dict(view))


register_presenter(ADVANCED, BattleCryPresenter(ADVANCED, ADVANCED_PHASES))
register_presenter(STANDARD, BattleCryPresenter(STANDARD, STANDARD_PHASES))
