"""The shape of ``Game.view(seat)``: what one seat (or a spectator) may see.

A view is the ruleset's own: the API passes it through as the engine made it. The schema
documents two variants (``GameViewAny``): a Battle Cry view (``GameView``, typed field by
field) and the view of a game on a board of its own (``RulesetView``: the fields every
ruleset's view has, and its ``board`` in the shape its board kind documents).
"""
from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from games.engine import BOARD_SIZES

from .types import SIDE_CHOICES, HexSerializer


def _per_side(child, **kwargs):
    return serializers.DictField(child=child, help_text="Keyed by side: union, confederate.", **kwargs)


class ViewUnitSerializer(serializers.Serializer):
    id = serializers.CharField()
    side = serializers.ChoiceField(choices=SIDE_CHOICES)
    kind = serializers.CharField()
    figures = serializers.IntegerField()
    hex = HexSerializer()
    green = serializers.BooleanField()
    fresh = serializers.BooleanField()
    horse = serializers.BooleanField()
    special = serializers.CharField(allow_null=True, allow_blank=True)
    ordered = serializers.BooleanField()
    moved = serializers.BooleanField()
    attacked = serializers.BooleanField()
    status = serializers.ChoiceField(choices=["spent", "routed", "shaken"], allow_null=True,
                                     required=False,
                                     help_text="The unit's marker: the standard rules' morale "
                                               "(spent, routed), or the house rule Shaken.")

    class Meta:
        ref_name = "ViewUnit"


class ViewGeneralSerializer(serializers.Serializer):
    id = serializers.CharField()
    side = serializers.ChoiceField(choices=SIDE_CHOICES)
    name = serializers.CharField(allow_null=True, allow_blank=True)
    hex = HexSerializer()

    class Meta:
        ref_name = "ViewGeneral"


class TerrainSerializer(serializers.Serializer):
    hex = HexSerializer()
    kind = serializers.CharField()
    buildings = serializers.ChoiceField(
        choices=["house", "town"], required=False,
        help_text="A farm the scenario names a town, or a town it names a house (the house "
                  "rule of buildings); absent otherwise.")

    class Meta:
        ref_name = "Terrain"


class ObstacleSerializer(serializers.Serializer):
    hex = HexSerializer()
    sides = serializers.DictField(child=serializers.CharField(),
                                  help_text="Hexside (NE, E, SE, SW, W, NW) -> terrain kind.")

    class Meta:
        ref_name = "Obstacle"


class ObjectiveSerializer(serializers.Serializer):
    hex = HexSerializer()
    side = serializers.ChoiceField(choices=SIDE_CHOICES)
    flags = serializers.IntegerField()
    name = serializers.CharField(allow_null=True, allow_blank=True)
    held = serializers.BooleanField()

    class Meta:
        ref_name = "Objective"


class DecisionSerializer(serializers.Serializer):
    """A decision being waited for; its details only for the side that makes it."""

    kind = serializers.CharField()
    side = serializers.ChoiceField(choices=SIDE_CHOICES)
    unit = serializers.CharField(required=False)
    general = serializers.CharField(required=False)
    steps = serializers.IntegerField(required=False)
    made = serializers.IntegerField(required=False)
    fallback = serializers.BooleanField(required=False, help_text="House rule: the cavalry may fall back (not only withdraw).")
    breakthrough = serializers.BooleanField(required=False, help_text="House rule: the ground is taken by a breakthrough.")
    attacker = serializers.CharField(required=False, help_text="Standard rules: the attacking unit.")
    options = HexSerializer(many=True, required=False)
    cards = serializers.ListField(child=serializers.CharField(), required=False)

    class Meta:
        ref_name = "Decision"


class OutcomeSerializer(serializers.Serializer):
    winner = serializers.ChoiceField(choices=SIDE_CHOICES, allow_null=True)
    reason = serializers.CharField()
    turn = serializers.IntegerField(required=False)
    flags = _per_side(serializers.IntegerField())
    casualties = _per_side(serializers.IntegerField(), required=False)

    class Meta:
        ref_name = "Outcome"


class ScenarioRefSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    board = serializers.ChoiceField(choices=BOARD_SIZES, help_text=(
        "The board the battle is played on: single (13 hexes wide), double (two boards "
        "joined end to end, 26 hexes wide), mapsets-2 or mapsets-3 (two or three maps stood "
        "long side to long side, a filler row bridging each seam: 19 or 29 rows deep)."))

    class Meta:
        ref_name = "ScenarioRef"


class GameViewSerializer(serializers.Serializer):
    """The game as the requester may see it (``Game.view(side)``): never the other side's
    hand, any deck order or the seed."""

    scenario = ScenarioRefSerializer()
    ruleset = serializers.CharField()
    options = serializers.DictField()
    turn = serializers.IntegerField()
    active = serializers.ChoiceField(choices=SIDE_CHOICES, help_text="Whose turn it is.")
    phase = serializers.CharField()
    deciding = serializers.ChoiceField(choices=SIDE_CHOICES, allow_null=True,
                                       help_text="Whose decision it is now.")
    decision = DecisionSerializer(allow_null=True)
    viewer = serializers.ChoiceField(choices=SIDE_CHOICES, allow_null=True)
    positions = _per_side(serializers.ChoiceField(choices=["top", "bottom"]))
    terrain = TerrainSerializer(many=True)
    obstacles = ObstacleSerializer(many=True)
    units = ViewUnitSerializer(many=True)
    generals = ViewGeneralSerializer(many=True)
    objectives = ObjectiveSerializer(many=True)
    card = serializers.CharField(allow_null=True, help_text="The card in play this turn.")
    mode = serializers.CharField(allow_null=True)
    effect = serializers.CharField(allow_null=True)
    orders_left = serializers.IntegerField(allow_null=True)
    archie = serializers.CharField(allow_null=True)
    casualties = _per_side(serializers.IntegerField())
    hand = serializers.ListField(child=serializers.CharField(), allow_null=True,
                                 help_text="The requester's own hand; null for a spectator.")
    hand_counts = _per_side(serializers.IntegerField())
    deck_counts = _per_side(serializers.IntegerField())
    discards = _per_side(serializers.ListField(child=serializers.CharField()))
    captured = _per_side(serializers.ListField())
    flags = _per_side(serializers.IntegerField())
    flags_needed = _per_side(serializers.IntegerField())
    capacity = _per_side(serializers.IntegerField())
    last_card = _per_side(serializers.CharField(allow_null=True))
    outcome = serializers.DictField(allow_null=True)
    terrain_flags = serializers.ListField(
        child=serializers.DictField(), required=False,
        help_text="Under the house rule of terrain victory points: the flag tokens on the "
                  "board, each {hex, side} (a flag for that side).")

    class Meta:
        ref_name = "GameView"


class RulesetViewSerializer(serializers.Serializer):
    """The view of a game on a board of its own: the fields every view has, and ``board``
    (the input of its board kind's renderer). Other fields are the ruleset's own; like any
    view it never holds another seat's cards, a deck order or the seed."""

    ruleset = serializers.CharField()
    options = serializers.DictField()
    turn = serializers.IntegerField()
    phase = serializers.CharField()
    deciding = serializers.CharField(allow_null=True, help_text="The seat whose decision it is now.")
    viewer = serializers.CharField(allow_null=True, help_text="The seat seen from; null for a spectator.")
    board = serializers.DictField(help_text="The board in the shape its kind documents (``kind``: "
                                            "e.g. square: width, height, cells, pieces).")
    hand = serializers.ListField(child=serializers.CharField(), allow_null=True, required=False,
                                 help_text="The viewing seat's own cards; null for a spectator.")
    outcome = serializers.DictField(allow_null=True)

    class Meta:
        ref_name = "RulesetView"


def any_view(**kwargs) -> PolymorphicProxySerializer:
    """The schema of a view: one of the two variants above."""
    return PolymorphicProxySerializer(component_name="GameViewAny",
                                      serializers=[GameViewSerializer, RulesetViewSerializer],
                                      resource_type_field_name=None, **kwargs)


@extend_schema_field(any_view())
class ViewField(serializers.Field):
    """A view as the engine made it (read-only)."""

    def __init__(self, **kwargs):
        kwargs["read_only"] = True
        super().__init__(**kwargs)

    def to_representation(self, value):
        return value
