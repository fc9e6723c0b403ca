"""Shapes of the balance and review answers of the API (games/api/balance.py,
games/api/review.py), documented in the OpenAPI schema."""
from __future__ import annotations

from rest_framework import serializers


class IntervalSerializer(serializers.Serializer):
    value = serializers.FloatField(allow_null=True, help_text="The estimate (null with no games).")
    low = serializers.FloatField(allow_null=True, help_text="Its 95% interval's lower end.")
    high = serializers.FloatField(allow_null=True, help_text="Its 95% interval's upper end.")


class SideBalanceSerializer(serializers.Serializer):
    side = serializers.CharField()
    wins = serializers.IntegerField()
    win_rate = IntervalSerializer(help_text="The side's share of the games won (a draw counts half).")
    margin = IntervalSerializer(help_text="The side's flags minus the other side's, per game.")


class SelfPlayResultSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    draws = serializers.IntegerField()
    sides = SideBalanceSerializer(many=True)


class BalanceRunSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    scenario = serializers.CharField(source="scenario.slug")
    ruleset = serializers.CharField()
    level = serializers.CharField(help_text="Archie's level on every seat.")
    games = serializers.IntegerField(help_text="Games asked for.")
    done = serializers.IntegerField(help_text="Games played so far.")
    status = serializers.CharField(help_text="queued, running, done or failed.")
    data_hash = serializers.CharField(help_text="sha256 of the scenario data the run played.")
    current = serializers.SerializerMethodField(
        help_text="Whether the run played the scenario's data as it is now.")
    result = SelfPlayResultSerializer(allow_null=True, help_text="Null until the run is done.")
    created = serializers.DateTimeField()
    finished = serializers.DateTimeField(allow_null=True)

    def get_current(self, run) -> bool:
        return run.is_current()


class StartRunSerializer(serializers.Serializer):
    games = serializers.IntegerField(min_value=1, max_value=200, default=20)
    level = serializers.CharField(default="recruit")
    ruleset = serializers.CharField(required=False, help_text="By default the scenario's preview rules.")


class ScenarioBalanceSerializer(serializers.Serializer):
    scenario = serializers.CharField(source="scenario.slug")
    name = serializers.CharField(source="scenario.__str__")
    games = serializers.IntegerField(help_text="The club's finished games between members counted.")
    draws = serializers.IntegerField()
    sides = SideBalanceSerializer(many=True)


class ScenarioBalanceDetailSerializer(serializers.Serializer):
    club = ScenarioBalanceSerializer()
    runs = BalanceRunSerializer(many=True, help_text="Archie's self-play runs, newest first.")


class ReviewTurnSerializer(serializers.Serializer):
    turn = serializers.IntegerField()
    step = serializers.IntegerField(help_text="The replay's step the turn began after.")
    seat = serializers.CharField()
    side = serializers.CharField()
    chances = serializers.DictField(child=serializers.FloatField(),
                                    help_text="After the turn, each side's chance from its own information.")
    best = serializers.FloatField(allow_null=True, help_text="Archie's best plan, expected.")
    chosen = serializers.FloatField(allow_null=True, help_text="The turn as played, expected.")
    loss = serializers.FloatField()
    plan = serializers.ListField(child=serializers.DictField(), help_text="Archie's plan's actions.")
    plan_words = serializers.ListField(child=serializers.CharField(), required=False,
                                       help_text="The plan in words (marked turns).")


class ReviewResultSerializer(serializers.Serializer):
    sides = serializers.ListField(child=serializers.CharField())
    opening = serializers.DictField(child=serializers.FloatField(), help_text="Each side's chance at the deal.")
    marked = serializers.ListField(child=serializers.IntegerField(), help_text="The turns marked.")
    turns = ReviewTurnSerializer(many=True)


class GameReviewSerializer(serializers.Serializer):
    game = serializers.IntegerField(source="game_id")
    status = serializers.CharField(help_text="queued, running, done or failed.")
    done = serializers.IntegerField(help_text="Turns reviewed so far.")
    total = serializers.IntegerField(help_text="Turns to review (0 until the review starts).")
    seconds_per_turn = serializers.FloatField()
    result = ReviewResultSerializer(allow_null=True, help_text="Null until the review is done.")
    created = serializers.DateTimeField()
    finished = serializers.DateTimeField(allow_null=True)
