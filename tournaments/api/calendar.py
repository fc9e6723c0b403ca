"""The anniversary calendar: the 31 battles of the Annual Games on their dates this year (or
another), today's battles and the next anniversary (the calendar page's own words), and the
member's own Annual Games year so far, and the member's private iCalendar feed address, which
the member may reset as on the profile page."""
from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from accounts.models import Profile
from battlecry_site.api.errors import ApiError
from battlecry_site.api.permissions import MemberWithTokenScope, ReadOpenWriteMember
from games.views.scenarios import days_words
from tournaments import clock
from tournaments.annual.anniversaries import next_after, on, schedule
from tournaments.calendar_views import your_year
from games.engine import SIDES


class AnniversarySerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="Its place in the Annual Games list (1-31).")
    name = serializers.CharField()
    date = serializers.DateField(help_text="The anniversary in the year asked for.")
    battle_date = serializers.DateField(help_text="The battle's (first) day.")
    years = serializers.IntegerField(help_text="Years since the battle, on this anniversary.")
    state = serializers.CharField()
    state_name = serializers.CharField()
    first_player = serializers.ChoiceField(choices=list(SIDES))
    first_appearance = serializers.CharField()
    correction = serializers.CharField(allow_blank=True)
    when = serializers.CharField(help_text="'today', 'passed' or how far off, in the page's words.")
    scenario = serializers.CharField(help_text="The slug of the scenario that plays it.")
    scenario_url = serializers.URLField(help_text="The scenario in the API.")
    page_url = serializers.URLField(help_text="The scenario's page on the site.")
    play_url = serializers.URLField(help_text="The site's page to challenge someone to it.")

    class Meta:
        ref_name = "Anniversary"


class YourBattleSerializer(serializers.Serializer):
    battle = serializers.IntegerField(help_text="The anniversary's number (1-31).")
    opponent = serializers.CharField()
    played_on = serializers.DateField()
    games = serializers.IntegerField(help_text="Finished games of the match.")
    points = serializers.IntegerField(help_text="Games won (0-2).")
    flags = serializers.IntegerField()
    figures = serializers.IntegerField()

    class Meta:
        ref_name = "AnnualBattle"


class YourYearSerializer(serializers.Serializer):
    """The member's own Annual Games year so far, as the calendar page shows it."""

    points = serializers.IntegerField()
    flags = serializers.IntegerField()
    battles = serializers.IntegerField()
    window_days = serializers.IntegerField(help_text="Days after an anniversary a match still counts.")
    cells = YourBattleSerializer(many=True, help_text="The matches that count, by battle.")

    class Meta:
        ref_name = "AnnualYear"


class CalendarSerializer(serializers.Serializer):
    today = serializers.DateField(help_text="Today in your time zone (your profile's, else the site's).")
    today_battles = AnniversarySerializer(many=True)
    next_date = serializers.DateField(help_text="The next date after today with an anniversary.")
    next_in = serializers.CharField(help_text="How far off it is, in the page's words.")
    next_in_days = serializers.IntegerField()
    next_battles = AnniversarySerializer(many=True)
    year = serializers.IntegerField()
    anniversaries = AnniversarySerializer(many=True, help_text="The year's anniversaries in date order.")
    public_feed_url = serializers.URLField(help_text="The public iCalendar feed of the anniversaries.")
    yours = YourYearSerializer(allow_null=True, help_text="Your Annual Games year (this year's only); "
                                                          "null when not logged in or for another year.")


class FeedSerializer(serializers.Serializer):
    url = serializers.URLField(help_text="Your private iCalendar feed (anniversaries and the games "
                                         "waiting for you); the address is its only key: keep it private.")
    public_feed_url = serializers.URLField()


def _row(request, a, when, today) -> dict:
    return {
        "number": a.number, "name": a.name, "date": when, "battle_date": a.date,
        "years": a.years_since(when.year), "state": a.state, "state_name": a.state_name,
        "first_player": a.first_player, "first_appearance": a.first_appearance, "correction": a.correction,
        "when": ("today" if when == today else "passed" if when < today else days_words((when - today).days)),
        "scenario": a.slug,
        "scenario_url": request.build_absolute_uri(reverse("api-v1:scenario-detail", args=[a.slug])),
        "page_url": request.build_absolute_uri(reverse("scenario_detail", args=[a.slug])),
        "play_url": request.build_absolute_uri(reverse("match_new") + f"?scenario={a.slug}"),
    }


def _yours(user, year: int) -> dict:
    mine = your_year(user, year)
    return {**{k: mine[k] for k in ("points", "flags", "battles", "window_days")},
            "cells": [{"battle": n, "opponent": c["opponent"], "played_on": c["cell"].played_on,
                       "games": c["cell"].games, "points": c["cell"].points, "flags": c["cell"].flags,
                       "figures": c["cell"].figures} for n, c in sorted(mine["cells"].items())]}


class CalendarViewSet(viewsets.ViewSet):
    """The Annual Games calendar."""

    def get_permissions(self):
        if self.action == "retrieve":
            return [ReadOpenWriteMember()]
        return [MemberWithTokenScope()]

    @extend_schema(summary="The anniversaries of a year, today's and the next",
                   parameters=[OpenApiParameter("year", {"type": "integer", "minimum": 1862, "maximum": 9999},
                                                description="The year (default: this one), 1862 to 9999.")],
                   responses=CalendarSerializer)
    def retrieve(self, request):
        today = clock.local_today()
        text = request.query_params.get("year")
        year = today.year
        if text is not None:
            if not (text.isascii() and text.isdigit() and len(text) <= 4 and int(text) >= 1862):
                raise ApiError("invalid", "year: give a year from 1862 to 9999.",
                               errors=[{"field": "year", "message": "Give a year from 1862 to 9999."}])
            year = int(text)
        nxt = next_after(today)
        return Response(CalendarSerializer({
            "today": today, "today_battles": [_row(request, a, today, today) for a in on(today)],
            "next_date": nxt.date, "next_in": days_words((nxt.date - today).days),
            "next_in_days": (nxt.date - today).days,
            "next_battles": [_row(request, a, nxt.date, today) for a in nxt.anniversaries],
            "year": year,
            "anniversaries": [_row(request, a, day.date, today) for day in schedule(year) for a in day.anniversaries],
            "public_feed_url": request.build_absolute_uri(reverse("calendar_feed")),
            "yours": _yours(request.user, year) if request.user.is_authenticated and year == today.year else None,
        }).data)

    def _feed(self, request, token):
        return Response(FeedSerializer({
            "url": request.build_absolute_uri(reverse("calendar_member_feed", args=[token])),
            "public_feed_url": request.build_absolute_uri(reverse("calendar_feed"))}).data)

    @extend_schema(summary="My private calendar feed's address", responses=FeedSerializer)
    def feed(self, request):
        profile, _ = Profile.objects.get_or_create(user=request.user)
        return self._feed(request, profile.calendar_feed_token())

    @extend_schema(summary="A new address for my private feed: the old one stops working",
                   request=None, responses=FeedSerializer)
    @action(detail=False, methods=["post"])
    def reset(self, request):
        profile, _ = Profile.objects.get_or_create(user=request.user)
        return self._feed(request, profile.reset_feed_token())
