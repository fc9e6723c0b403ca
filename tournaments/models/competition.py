"""A league or a tournament of a club, its scenarios and its players."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from battlecry_site.names import validate_name
from games.engine import DEFAULT_RULESET, RULESETS, counts_for_ratings
from games.presentation.options import options_in_force
from tournaments.pairing import DEFAULT_ORDER


def default_order() -> list[str]:
    return list(DEFAULT_ORDER)


class Competition(models.Model):
    class Kind(models.TextChoices):
        LEAGUE = "league", "League (a season, round robin)"
        TOURNAMENT = "tournament", "Tournament (Swiss)"
        ANNUAL = "annual", "Annual Games (a battle on each anniversary)"

    class ScenarioPolicy(models.TextChoices):
        FIXED = "fixed", "A fixed list, one scenario per round in turn"
        ORGANISER = "organiser", "The organiser picks each round's scenario"
        POOL = "pool", "The players of each match choose from a pool"

    class Mode(models.TextChoices):
        WEB = "web", "On the site"
        TABLE = "table", "At the table (results reported)"
        BOTH = "both", "Either: at the table unless the players start it on the site"

    class Status(models.TextChoices):
        OPEN = "open", "Taking players"
        RUNNING = "running", "Being played"
        CLOSED = "closed", "Closed"

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="competitions")
    name = models.CharField(max_length=100, validators=[validate_name])
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.LEAGUE)
    double_round_robin = models.BooleanField(
        default=False, help_text="League only: everyone meets everyone twice.")
    swiss_rounds = models.PositiveSmallIntegerField(
        default=4, help_text="Tournament only: the number of Swiss rounds.")
    knockout_size = models.PositiveSmallIntegerField(
        default=0, help_text="Tournament only: the places of the knockout after the Swiss rounds "
                             "(2, 4, 8 ... the top of the standings); 0 for no knockout.")
    scenario_policy = models.CharField(max_length=10, choices=ScenarioPolicy.choices,
                                       default=ScenarioPolicy.FIXED)
    scenarios = models.ManyToManyField("games.Scenario", through="tournaments.CompetitionScenario",
                                       related_name="competitions", blank=True)
    options = models.JSONField(default=dict, blank=True,
                               help_text="Options of every match by name, as the ruleset declares them.")
    rated_anyway = models.BooleanField(
        default=False, verbose_name="rated under any options",
        help_text="Its results count for the ratings even when an option in force is declared "
                  "unrated (the house rules); otherwise they are left out of the ratings.")
    ruleset = models.CharField(
        max_length=20, default=DEFAULT_RULESET,
        help_text="The rules every match of the competition is played under (a registered ruleset).")
    deadline_hours = models.PositiveSmallIntegerField(
        default=72, help_text="Web games: hours a player has for each move.")
    round_days = models.PositiveSmallIntegerField(
        default=14, help_text="Days from a round's publication to its deadline.")
    mode = models.CharField(max_length=6, choices=Mode.choices, default=Mode.WEB)
    order = models.JSONField(default=default_order,
                             help_text="Standings metrics, most important first (see tournaments.pairing.METRICS).")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                   blank=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    closed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.name} ({self.club})"

    def get_absolute_url(self) -> str:
        return reverse("leagues:competition", args=[self.pk])

    @property
    def options_in_force(self) -> list[dict]:
        """The options of its matches, in its ruleset's words (label and value)."""
        return options_in_force(self.ruleset, self.options)

    @property
    def rated(self) -> bool:
        """Whether its results count for the ratings: no option in force is declared
        unrated, or its organiser made it rated under any options."""
        rules = RULESETS.get(self.ruleset)
        return self.rated_anyway or (rules is not None and counts_for_ratings(rules.options, self.options))

    @property
    def is_swiss(self) -> bool:
        return self.kind == self.Kind.TOURNAMENT

    @property
    def has_knockout(self) -> bool:
        return self.is_swiss and self.knockout_size >= 2

    def planned_rounds(self, players: int) -> int:
        """How many rounds the competition has with ``players`` players."""
        if self.is_swiss:
            return self.swiss_rounds
        cycle = players - 1 if players % 2 == 0 else players
        return max(cycle, 0) * (2 if self.double_round_robin else 1)

    def scenario_list(self) -> list:
        return [cs.scenario for cs in self.scenario_links.select_related("scenario").order_by("position")]


class CompetitionScenario(models.Model):
    """A scenario of the competition's list (fixed rounds) or pool, in order."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="scenario_links")
    scenario = models.ForeignKey("games.Scenario", on_delete=models.PROTECT, related_name="+")
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["competition", "position"]
        constraints = [models.UniqueConstraint(fields=["competition", "scenario"],
                                               name="scenario_once_per_competition")]

    def __str__(self) -> str:
        return f"{self.competition.name}: {self.scenario} (#{self.position + 1})"


class Entry(models.Model):
    """A player of a competition: seeding order, late joining and withdrawal."""

    class Status(models.TextChoices):
        ACTIVE = "active", "Playing"
        WITHDRAWN = "withdrawn", "Withdrawn"

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="competition_entries")
    seed = models.PositiveIntegerField(default=0, help_text="Seeding order (1 first).")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    joined_round = models.PositiveSmallIntegerField(
        default=1, help_text="The first round the player can be paired in.")
    withdrawn_after = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The last round the player was paired in before withdrawing.")

    class Meta:
        ordering = ["competition", "seed", "pk"]
        verbose_name_plural = "entries"
        constraints = [models.UniqueConstraint(fields=["competition", "player"],
                                               name="one_entry_per_player")]

    def __str__(self) -> str:
        return f"{self.player} in {self.competition.name}"
