"""Filters of the campaign lists (django-filter)."""
from __future__ import annotations

import django_filters as filters
from django.db.models import Q

from battlecry_site.api.filtering import StrictBooleanFilter
from campaigns.models import Campaign


class CampaignFilter(filters.FilterSet):
    status = filters.MultipleChoiceFilter(
        choices=Campaign.Status.choices,
        help_text="challenge (invitations waiting), active, finished, declined, cancelled.")
    mine = StrictBooleanFilter(method="filter_mine", help_text="Only campaigns I play in or was invited to.")
    role = filters.ChoiceFilter(choices=[("challenger", "I started it"), ("opponent", "I was invited")],
                                method="filter_role", help_text="Only campaigns where I have this role.")
    plan = filters.CharFilter(field_name="plan__slug", help_text="A shipped campaign's slug.")
    player = filters.CharFilter(method="filter_player", help_text="A member's username.")
    versus_archie = StrictBooleanFilter(method="filter_archie", help_text="Only (or no) campaigns against Archie.")

    class Meta:
        model = Campaign
        fields = []

    def _me(self):
        user = self.request.user
        return user if user.is_authenticated else None

    def filter_mine(self, queryset, name, value):
        if not value:
            return queryset
        me = self._me()
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

    def filter_archie(self, queryset, name, value):
        return queryset.exclude(archie_level="") if value else queryset.filter(archie_level="")
