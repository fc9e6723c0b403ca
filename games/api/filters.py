"""Filters of the API's lists (django-filter)."""
from __future__ import annotations

import django_filters as filters
from django.db.models import Case, F, IntegerField, Q, Value, When
from django.utils import timezone

from battlecry_site.api.filtering import StrictBooleanFilter, whole_number_filter
from games.engine import get_ruleset
from games.context_processors import decision_of
from games.models import Game, Match, Scenario


class ScenarioFilter(filters.FilterSet):
    date_after = filters.DateFilter(field_name="date", lookup_expr="gte",
                                    help_text="Battles fought on or after this day (YYYY-MM-DD).")
    date_before = filters.DateFilter(field_name="date", lookup_expr="lte",
                                     help_text="Battles fought on or before this day.")
    year = whole_number_filter(1, 9999, field_name="date__year", help_text="Battles of this year.")
    theme = filters.CharFilter(field_name="first_appearance", lookup_expr="iexact",
                               help_text="Where the battle first appeared, e.g. 'Original', "
                                         "'150th Anniversary', 'Jackson Campaign'.")
    state = filters.CharFilter(field_name="state", lookup_expr="iexact", help_text="US state, e.g. VA.")
    club_made = StrictBooleanFilter(help_text="Only club-made (true) or shipped (false) scenarios.")
    search = filters.CharFilter(field_name="name", lookup_expr="icontains", help_text="Part of the name.")
    ruleset = filters.CharFilter(method="playable_under",
                                 help_text="Only scenarios these rules can play (a ruleset's name: "
                                           "the scenarios of the format it plays).")
    ordering = filters.ChoiceFilter(
        choices=[("date", "date of the battle"), ("-date", "newest battle first"), ("name", "name"),
                 ("anniversary", "next anniversary from today, nearest first"),
                 ("annual_number", "the anniversary competition's order")],
        method="order", empty_label=None, help_text="Sort order (default: date).")

    class Meta:
        model = Scenario
        fields = []

    def playable_under(self, queryset, name, value):
        try:
            scenario_format = get_ruleset(value).scenario_format
        except ValueError:
            return queryset.none()
        return queryset.filter(format=scenario_format)

    def order(self, queryset, name, value):
        if value == "anniversary":
            today = timezone.localdate()
            key = today.month * 100 + today.day
            queryset = queryset.annotate(_next=Case(
                When(anniversary__gte=key, then=F("anniversary")),
                default=F("anniversary") + Value(1300), output_field=IntegerField()))
            return queryset.order_by("_next", "name")
        if value == "annual_number":
            return queryset.order_by(F("annual_number").asc(nulls_last=True), "date")
        return queryset.order_by(value, "name", "pk")


class MatchFilter(filters.FilterSet):
    status = filters.MultipleChoiceFilter(choices=Match.Status.choices,
                                          help_text="seek (open seeks), challenge, active, finished, ...")
    mine = StrictBooleanFilter(method="filter_mine", help_text="Only matches I play in or made.")
    role = filters.ChoiceFilter(choices=[("challenger", "I made it"), ("opponent", "I was challenged or joined")],
                                method="filter_role", help_text="Only matches where I have this role.")
    scenario = filters.CharFilter(field_name="scenario__slug", help_text="A scenario's slug.")
    player = filters.CharFilter(method="filter_player", help_text="A member's username.")

    class Meta:
        model = Match
        fields = []

    def _me(self):
        user = self.request.user
        return user if user.is_authenticated else None

    def filter_mine(self, queryset, name, value):
        me = self._me()
        if not value:
            return queryset
        if me is None:
            return queryset.none()
        return queryset.filter(Q(challenger=me) | Q(opponent=me))

    def filter_role(self, queryset, name, value):
        me = self._me()
        if me is None:
            return queryset.none()
        return queryset.filter(**{value: me})

    def filter_player(self, queryset, name, value):
        return queryset.filter(Q(challenger__username=value) | Q(opponent__username=value))


class GameFilter(filters.FilterSet):
    """The requester's own games."""

    whose_turn = filters.ChoiceFilter(
        choices=[("me", "my decision now"), ("opponent", "waiting for the opponent")],
        method="filter_turn", help_text="me: games waiting for my decision; opponent: the others.")
    status = filters.ChoiceFilter(choices=[("active", "being played"), ("finished", "over")],
                                  method="filter_status")
    scenario = filters.CharFilter(field_name="match__scenario__slug")
    match = whole_number_filter(1, 2**63 - 1, field_name="match_id", help_text="A match's id.")

    class Meta:
        model = Game
        fields = []

    def filter_turn(self, queryset, name, value):
        me = self.request.user
        mine = decision_of(me)
        queryset = queryset.filter(finished_at__isnull=True)
        return queryset.filter(mine) if value == "me" else queryset.exclude(mine)

    def filter_status(self, queryset, name, value):
        return queryset.filter(finished_at__isnull=(value == "active"))
