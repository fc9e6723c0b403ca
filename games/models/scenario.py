"""A battle a club can play: the scenario file, validated by the engine, and the facts
the pages sort and show it by."""
from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models

from games.engine import Scenario as EngineScenario, load_scenario


class Scenario(models.Model):
    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=120)
    data = models.JSONField(help_text="The scenario file (docs/scenarios.md), validated on save.")
    date = models.DateField(help_text="The first day of the battle.")
    anniversary = models.PositiveSmallIntegerField(
        help_text="Day of the year (month*100 + day) the battle's anniversary falls on.")
    state = models.CharField(max_length=4, blank=True)
    first_appearance = models.CharField(max_length=60, blank=True)
    annual_number = models.PositiveSmallIntegerField(null=True, blank=True, unique=True)
    layout_source = models.CharField(max_length=20, blank=True)
    club_made = models.BooleanField(default=False)
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="scenarios")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["date", "name"]

    def __str__(self) -> str:
        return self.name

    def engine_scenario(self) -> EngineScenario:
        """The validated engine scenario (raises ScenarioError for a broken file)."""
        return load_scenario(self.data)

    def fill_from_data(self) -> None:
        """Copy the sortable facts out of ``data`` (call after load_scenario accepted it)."""
        d = self.data
        self.slug = d["slug"]
        self.name = d["name"]
        self.date = dt.date.fromisoformat(d["dates"][0])
        self.anniversary = self.date.month * 100 + self.date.day
        self.state = d.get("state", "")
        self.first_appearance = d.get("first_appearance", "")
        self.annual_number = d.get("annual_number")
        self.layout_source = d.get("layout_source", "")

    def next_anniversary(self, today: dt.date) -> dt.date:
        """The next date (today included) on which the battle's anniversary falls."""
        for year in (today.year, today.year + 1, today.year + 2):
            try:
                day = self.date.replace(year=year)
            except ValueError:          # 29 February
                day = dt.date(year, 3, 1)
            if day >= today:
                return day
        raise AssertionError("unreachable")
