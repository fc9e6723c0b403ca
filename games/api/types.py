"""Typed shapes of the engine's data for the OpenAPI document: a hex, every action type and
every event type (one component each, told apart by ``type``).

These serializers only describe and check shapes; the engine decides what is legal.
"""
from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers
from games.engine import SIDES

SIDE_CHOICES = SIDES
SECTION_CHOICES = ("left", "centre", "right")
UNIT_KIND_CHOICES = ("infantry", "cavalry", "artillery")
FACE_CHOICES = ("infantry", "cavalry", "artillery", "flag", "swords")


class HexSerializer(serializers.Serializer):
    """A hex in doubled columns: rows 0..8 (0..18 or 0..28 on two or three maps stood long
    side to long side); even rows hold even cols 0..24, odd rows odd cols 1..23 (0..50 and
    1..49 on a double board)."""

    col = serializers.IntegerField(min_value=0, max_value=50)
    row = serializers.IntegerField(min_value=0, max_value=28)

    class Meta:
        ref_name = "Hex"


class CellSerializer(serializers.Serializer):
    """A cell of a game's board: a hex in doubled columns (as ``Hex``), or a square of a square
    board, counted from the top left corner."""

    col = serializers.IntegerField(min_value=0, max_value=39)
    row = serializers.IntegerField(min_value=0, max_value=39)

    class Meta:
        ref_name = "Cell"


def _unit(**kw):
    return serializers.CharField(help_text="A unit id, e.g. u12.", **kw)


def _general(**kw):
    return serializers.CharField(help_text="A general id, e.g. g2.", **kw)


def _card():
    return serializers.CharField(help_text="A command card copy id, e.g. attack_centre.")


def _type_field(name: str) -> serializers.Field:
    """The ``type`` of one action or event: a string that is always ``name``."""

    @extend_schema_field({"type": "string", "enum": [name]})
    class TypeField(serializers.ChoiceField):
        pass

    return TypeField(choices=[name])


def _typed(name: str, doc: str, fields: dict, suffix: str) -> type[serializers.Serializer]:
    """A serializer class for one ``type``, named e.g. ``MoveAction``."""
    attrs = {"type": _type_field(name), **fields, "__doc__": doc,
             "Meta": type("Meta", (), {"ref_name": "".join(p.title() for p in name.split("_")) + suffix})}
    cls_name = "".join(p.title() for p in name.split("_")) + suffix + "Serializer"
    return type(cls_name, (serializers.Serializer,), attrs)


def _h(**kw):
    return HexSerializer(**kw)


# -- actions -------------------------------------------------------------------------------
ACTIONS = {
    "play_card": ("Play a command card from the hand: for its own effect ('section' or 'tactic') or "
                  "as a skirmish (order 1 unit anywhere). Forced March also names a section.",
                  lambda: {"card": _card(),
                           "mode": serializers.ChoiceField(choices=["section", "tactic", "skirmish"]),
                           "section": serializers.ChoiceField(choices=SECTION_CHOICES, required=False)}),
    "order": ("Order one unit (while orders are left).", lambda: {"unit": _unit()}),
    "confirm_orders": ("Done ordering: go on to movement.", dict),
    "move": ("Move an ordered unit (its general with it) to a hex.", lambda: {"unit": _unit(), "to": _h()}),
    "change_places": ("House rule of support: an ordered unit changes places with the friend "
                      "``with`` next to it, as one order.",
                      lambda: {"unit": _unit(), "with": _unit()}),
    "move_general": ("Move a general to a hex.", lambda: {"general": _general(), "to": _h()}),
    "end_movement": ("Done moving: go on to battle.", dict),
    "attack": ("Battle: a unit attacks the hex ``target``; ``general`` true fires a Sharpshooter at "
               "the general there.",
               lambda: {"unit": _unit(), "target": _h(), "general": serializers.BooleanField(required=False)}),
    "end_turn": ("End the turn (draw a card).", dict),
    "refit": ("House rule: discard instead of playing a card this turn.", dict),
    "refit_card": ("House rule: discard this card (discarding instead of playing).",
                   lambda: {"card": _card()}),
    "end_refit": ("House rule: done discarding; the hand is refilled and the turn ends.", dict),
    "press_on": ("House rule: cavalry that broke through goes one hex more, to ``to``.",
                 lambda: {"unit": _unit(), "to": _h()}),
    "rally_unit": ("House rule: an ordered unit rolls to regain a figure instead of battling.",
                   lambda: {"unit": _unit()}),
    "rally": ("Return a figure to a unit (Rally).", lambda: {"unit": _unit()}),
    "end_rally": ("Done rallying.", dict),
    "reinforce": ("Place a reinforcement of ``kind`` on a baseline hex.",
                  lambda: {"kind": serializers.ChoiceField(choices=UNIT_KIND_CHOICES), "to": _h()}),
    "supply_move": ("Short Supply: send the unit back to a hex.", lambda: {"unit": _unit(), "to": _h()}),
    "fight_back": ("Play Fight Back.", lambda: {"card": _card()}),
    "decline": ("Do not play Fight Back.", dict),
    "retreat": ("Choose the hex a retreating unit ends on.", lambda: {"unit": _unit(), "to": _h()}),
    "general_retreat": ("Choose the hex a lone general retreats to.",
                        lambda: {"general": _general(), "to": _h()}),
    "withdraw": ("Withdraw 1 hex before an infantry melee.", lambda: {"unit": _unit(), "to": _h()}),
    "stand": ("Stand and fight instead of withdrawing.", lambda: {"unit": _unit()}),
    "take_ground": ("Take ground after winning a melee; ``general`` true (house rules of "
                    "support and breakthrough): a supporter passing through the attacker takes "
                    "its general along.",
                    lambda: {"unit": _unit(), "general": serializers.BooleanField(required=False)}),
    "hold_ground": ("Stay after winning a melee.", lambda: {"unit": _unit()}),
    "discard": ("Discard a card down to the hand limit.", lambda: {"card": _card()}),
    "keep_card": ("Keep one of the two cards drawn.", lambda: {"card": _card()}),
    # the standard ruleset's own actions
    "discard_card": ("Standard rules: no card can be played, so discard one (the turn ends).",
                     lambda: {"card": _card()}),
    "order_general": ("Standard rules: order a general.", lambda: {"general": _general()}),
    "shoot_general": ("Standard rules, Sharp Shooter: fire at an enemy general.",
                      lambda: {"unit": _unit(), "general": _general()}),
    "evade": ("Standard rules: fall back 1-2 hexes before a melee.", lambda: {"to": _h()}),
    "battle_back": ("Standard rules: battle back after a melee (after a morale check).", dict),
    "breakthrough": ("Standard rules: advance into the cleared hex and melee again.", dict),
}
#: Steps the site takes itself; they appear in logs, never in a request.
SYSTEM_ACTIONS = {
    "end_by_nightfall": ("Night has fallen: the site ends the game.", dict),
    "claim_timeout": ("The waiting player claimed the game when the other's time ran out.", dict),
}

ACTION_SERIALIZERS = {name: _typed(name, doc, make(), "Action") for name, (doc, make) in ACTIONS.items()}



@extend_schema_field(PolymorphicProxySerializer(
    component_name="Action", resource_type_field_name="type", serializers=ACTION_SERIALIZERS, many=False))
class ActionField(serializers.JSONField):
    """One action (the engine's JSON), documented as the ``Action`` component."""


def action_list():
    return serializers.ListField(child=ActionField())


# -- events --------------------------------------------------------------------------------
def _side(**kw):
    return serializers.ChoiceField(choices=SIDE_CHOICES, **kw)


def _faces():
    return serializers.ListField(child=serializers.ChoiceField(choices=FACE_CHOICES))


def _int(**kw):
    return serializers.IntegerField(**kw)


class ModifierSerializer(serializers.Serializer):
    why = serializers.CharField()
    dice = serializers.IntegerField()

    class Meta:
        ref_name = "DiceModifier"


EVENTS = {
    "deck_built": ("A side's deck was built and shuffled (its order is never shown).",
                   lambda: {"side": _side(), "cards": _int()}),
    "draw": ("A side drew cards: ``cards`` names them only to that side.",
             lambda: {"side": _side(), "count": _int(),
                      "cards": serializers.ListField(child=_card(), required=False)}),
    "reshuffle": ("Discards shuffled into a new deck (order never shown).",
                  lambda: {"side": _side(), "cards": _int()}),
    "card_played": ("A command card was played.",
                    lambda: {"side": _side(), "card": _card(), "name": serializers.CharField(),
                             "mode": serializers.CharField(), "copies": serializers.CharField(required=False),
                             "orders": _int(required=False)}),
    "ordered": ("A unit was ordered.", lambda: {"side": _side(), "unit": _unit()}),
    "fallback": ("No unit of the card's kind: 1 unit of choice instead.",
                 lambda: {"side": _side(), "card": serializers.CharField(), "text": serializers.CharField()}),
    "order_roll": ("Dice rolled to order units (e.g. All Out Offensive style cards).",
                   lambda: {"side": _side(), "card": serializers.CharField(), "rolls": _faces()}),
    "moved": ("A unit moved (with its general when ``general`` is set).",
              lambda: {"side": _side(), "unit": _unit(), "kind": serializers.CharField(),
                       "from": _h(), "to": _h(), "steps": _int(required=False),
                       "general": serializers.CharField(allow_null=True, required=False)}),
    "general_moved": ("A general moved (``joined``: the unit it took command of).",
                      lambda: {"side": _side(), "general": _general(), "from": _h(), "to": _h(),
                               "joined": serializers.CharField(allow_null=True, required=False)}),
    "battle_phase": ("Movement ended; battle begins.", lambda: {"side": _side()}),
    "attack": ("An attack and its dice.",
               lambda: {"side": _side(), "unit": _unit(), "kind": serializers.CharField(), "from": _h(),
                        "target": serializers.CharField(), "target_kind": serializers.CharField(),
                        "to": _h(), "dice": _int(), "rolls": _faces(), "melee": serializers.BooleanField(),
                        "fresh": serializers.BooleanField(required=False),
                        "modifiers": ModifierSerializer(many=True, required=False), "hits": _int(),
                        "flags": _int(required=False), "flags_ignored": serializers.ListField(required=False)}),
    "reroll": ("A special unit rerolled its sabres.", lambda: {"unit": _unit(), "rolls": _faces()}),
    "eliminated": ("A unit was eliminated.",
                   lambda: {"side": _side(), "unit": _unit(), "kind": serializers.CharField(),
                            "by": serializers.CharField(allow_null=True, required=False), "hex": _h()}),
    "retreated": ("A unit retreated (``from`` = ``to`` when it could not).",
                  lambda: {"side": _side(), "unit": _unit(), "from": _h(), "to": _h(),
                           "hexes": _int(required=False), "figures_lost": _int(required=False)}),
    "withdrew": ("A unit withdrew before a melee (``fallback``: cavalry fell back, house rule).",
                 lambda: {"side": _side(), "unit": _unit(), "attacker": serializers.CharField(required=False),
                          "from": _h(), "to": _h(),
                          "fallback": serializers.BooleanField(required=False)}),
    "crowding_roll": ("House rule of retreats: a retreating unit, or a friend it passed or "
                      "displaced, rolled a die (its symbol: a figure lost; a flag: a retreat).",
                      lambda: {"side": _side(), "unit": _unit(), "rolls": _faces(),
                               "figures_lost": _int(), "flag": serializers.BooleanField()}),
    "changed_places": ("House rule of support: an ordered unit and the friend ``with`` changed "
                       "places (``from``, ``to``: the ordered unit's hexes).",
                       lambda: {"side": _side(), "unit": _unit(), "with": _unit(), "from": _h(),
                                "to": _h()}),
    "took_ground": ("A unit took ground after a melee (``general``: the attacker's general a "
                    "supporter took along, house rule).",
                    lambda: {"side": _side(), "unit": _unit(), "from": _h(), "to": _h(),
                             "general": _general(required=False)}),
    "sent_back": ("Short Supply: a unit was sent back.",
                  lambda: {"side": _side(), "unit": _unit(), "from": _h(), "to": _h()}),
    "general_attacked": ("Dice rolled against a general left alone in a hex.",
                         lambda: {"side": _side(), "general": _general(), "dice": _int(), "rolls": _faces(),
                                  "killed": serializers.BooleanField()}),
    "general_eliminated": ("A general was lost.",
                           lambda: {"side": _side(), "general": _general(),
                                    "name": serializers.CharField(allow_null=True, allow_blank=True, required=False),
                                    "by": serializers.CharField(allow_null=True, required=False), "hex": _h()}),
    "general_retreated": ("A general retreated.",
                          lambda: {"side": _side(), "general": _general(), "from": _h(), "to": _h(),
                                   "joined": serializers.CharField(allow_null=True, required=False)}),
    "general_trapped": ("A general had nowhere to retreat.", lambda: {"side": _side(), "general": _general()}),
    "sharpshooter": ("A Sharpshooter fired at a general.",
                     lambda: {"side": _side(), "unit": _unit(), "general": _general(), "to": _h(),
                              "dice": _int(), "rolls": _faces(), "killed": serializers.BooleanField()}),
    "rallied": ("A unit got a figure back.", lambda: {"side": _side(), "unit": _unit(), "figures": _int()}),
    "reinforced": ("A reinforcement was placed.",
                   lambda: {"side": _side(), "unit": _unit(), "kind": serializers.CharField(), "hex": _h()}),
    "fieldwork_built": ("Fieldworks were built.",
                        lambda: {"side": _side(), "unit": _unit(), "hex": _h(),
                                 "sides": serializers.ListField(child=serializers.CharField())}),
    "short_supply": ("Short Supply was played on a unit.",
                     lambda: {"side": _side(), "unit": _unit(), "owner": _side()}),
    "move_again": ("Hit and Run: cavalry may move again.", lambda: {"side": _side()}),
    "kept_card": ("A side kept one of two cards drawn and discarded the other.",
                  lambda: {"side": _side(), "discarded": _card()}),
    "discarded": ("A card was discarded.", lambda: {"side": _side(), "card": _card()}),
    "turn": ("A new turn began.", lambda: {"turn": _int(), "side": _side()}),
    "temporary_flags": ("Temporary flags held now.", lambda: {"side": _side(), "flags": _int()}),
    # the standard ruleset's own events
    "ordered_general": ("Standard rules: a general was ordered.",
                        lambda: {"side": _side(), "general": _general()}),
    "morale_check": ("Standard rules: a unit checked morale (passes on its own symbol or sabres).",
                     lambda: {"side": _side(), "unit": _unit(), "reason": serializers.CharField(),
                              "morale": _int(), "dice": _int(), "rolls": _faces(),
                              "passed": serializers.BooleanField(),
                              "modifiers": serializers.ListField(child=serializers.DictField())}),
    "status": ("A unit's marker changed: the standard rules' morale (spent, routed), or the "
               "house rule Shaken (shaken, and steady when it clears).",
               lambda: {"side": _side(), "unit": _unit(),
                        "status": serializers.ChoiceField(
                            choices=["spent", "routed", "shaken", "steady"])}),
    "pressed_on": ("House rule: cavalry that broke through went one hex more.",
                   lambda: {"side": _side(), "unit": _unit(), "from": _h(), "to": _h()}),
    "wound_roll": ("House rule: a general struck down rolled for his life (swords or a flag "
                   "kill him, else he is wounded).",
                   lambda: {"general": _general(), "side": _side(), "rolls": _faces(),
                            "wounded": serializers.BooleanField()}),
    "general_return_roll": ("House rule: a wounded general rolled to return at the start of his "
                            "side's turn (``hex``: where he joined his side).",
                            lambda: {"general": serializers.CharField(), "side": _side(),
                                     "rolls": _faces(), "returned": serializers.BooleanField(),
                                     "hex": _h(required=False)}),
    "command_roll": ("House rule: a side rolled for its orders (command by dice); ``orders`` "
                     "counts the units of each kind, and of any kind, it may order.",
                     lambda: {"side": _side(), "dice": _int(), "rolls": _faces(),
                              "rerolled": _int(),
                              "orders": serializers.DictField(child=serializers.IntegerField())}),
    "refit": ("House rule: a side gave up its turn to discard and refill its hand.",
              lambda: {"side": _side(), "cards": _int()}),
    "rally_roll": ("House rule: an ordered unit rallied instead of battling.",
                   lambda: {"side": _side(), "unit": _unit(), "dice": _int(), "rolls": _faces(),
                            "modifiers": ModifierSerializer(many=True, required=False),
                            "regained": serializers.BooleanField(), "figures": _int()}),
    "entry_roll": ("House rule: a unit rolled to enter a defensive fire zone with one hex of "
                   "move left (it stops short if it fails).",
                   lambda: {"side": _side(), "unit": _unit(), "to": _h(), "rolls": _faces(),
                            "entered": serializers.BooleanField()}),
    "ground_entry_roll": ("House rule: a unit that had moved rolled to enter ground that takes "
                          "a whole move (it stops next to it if it fails).",
                          lambda: {"side": _side(), "unit": _unit(), "hex": _h(),
                                   "rolls": _faces(), "entered": serializers.BooleanField()}),
    "terrain_flag": ("House rule: a unit took a hill, very rough ground or breastworks in "
                     "combat and its side holds the ground's flag token.",
                     lambda: {"side": _side(), "unit": _unit(), "hex": _h(),
                              "turned": serializers.BooleanField()}),
    "shaken_roll": ("House rule: a unit rolled on moving into woods or a river, and may be "
                    "Shaken by it.",
                    lambda: {"side": _side(), "unit": _unit(), "hex": _h(), "rolls": _faces(),
                             "shaken": serializers.BooleanField()}),
    "zone_passage": ("House rule: a retreating unit had to pass next to the enemy and lost a "
                     "figure (on its last figure, it rolled a die for it).",
                     lambda: {"side": _side(), "unit": _unit(),
                              "rolls": serializers.ListField(
                                  child=serializers.ChoiceField(choices=FACE_CHOICES),
                                  required=False),
                              "figures_lost": _int()}),
    "recovery_roll": ("House rule: a Shaken unit rolled to clear its marker at the end of its "
                      "side's turn.",
                      lambda: {"side": _side(), "unit": _unit(), "rolls": _faces(),
                               "recovered": serializers.BooleanField()}),
    "evaded": ("Standard rules: a unit or lone general fell back before a melee.",
               lambda: {"side": _side(), "unit": _unit(required=False),
                        "general": _general(required=False), "from": _h(), "to": _h()}),
    "breakthrough": ("Standard rules: a unit advanced into the hex it cleared.",
                     lambda: {"side": _side(), "unit": _unit(), "from": _h(), "to": _h()}),
    "short_of_supplies": ("Standard rules: Short of Supplies was played on a unit.",
                          lambda: {"side": _side(), "unit": _unit()}),
    "game_over": ("The game ended.",
                  lambda: {"winner": serializers.ChoiceField(choices=SIDE_CHOICES, allow_null=True),
                           "reason": serializers.CharField(), "turn": _int(required=False),
                           "flags": serializers.DictField(child=serializers.IntegerField(), required=False)}),
}

EVENT_SERIALIZERS = {name: _typed(name, doc, make(), "Event") for name, (doc, make) in EVENTS.items()}




@extend_schema_field(PolymorphicProxySerializer(
    component_name="Event", resource_type_field_name="type", serializers=EVENT_SERIALIZERS, many=False))
class EventField(serializers.JSONField):
    """One event as the requester may see it, documented as the ``Event`` component."""


def event_list():
    return serializers.ListField(child=EventField())
