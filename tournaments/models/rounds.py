"""Rounds, their pairings (each a match: two games with sides swapped, or a bye) and the
history of every change to a pairing's result."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from tournaments.pairing.knockout import stage_name


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft (seen by the organisers only)"
        PUBLISHED = "published", "Published"

    competition = models.ForeignKey("tournaments.Competition", on_delete=models.CASCADE,
                                    related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    seed = models.BigIntegerField(default=0, help_text="Swiss: the seed the pairing was drawn with.")
    scenario = models.ForeignKey("games.Scenario", on_delete=models.PROTECT, null=True, blank=True,
                                 related_name="+", help_text="The round's scenario, unless players choose.")
    deadline = models.DateTimeField(null=True, blank=True)
    published = models.DateTimeField(null=True, blank=True)
    deadline_warned = models.BooleanField(default=False, help_text="The deadline e-mail went out.")
    bracket_size = models.PositiveSmallIntegerField(
        default=0, help_text="Knockout: the players this round of the bracket has room for "
                             "(8: the quarter-finals); 0 for a Swiss or league round.")

    class Meta:
        ordering = ["competition", "number"]
        constraints = [models.UniqueConstraint(fields=["competition", "number"],
                                               name="one_round_per_number")]

    def __str__(self) -> str:
        return f"{self.competition.name}, round {self.number}"

    @property
    def is_published(self) -> bool:
        return self.status == self.Status.PUBLISHED

    @property
    def is_knockout(self) -> bool:
        return self.bracket_size > 0

    @property
    def label(self) -> str:
        """"Round 3", or the knockout stage's name ("Semi-finals")."""
        if self.is_knockout:
            return stage_name(self.bracket_size)
        return f"Round {self.number}"

    @property
    def in_words(self) -> str:
        """The round inside a sentence: "round 3", or "the semi-finals"."""
        if self.is_knockout:
            return f"the {stage_name(self.bracket_size).lower()}"
        return f"round {self.number}"


class Pairing(models.Model):
    """One match of a round (``away`` empty: ``home`` has the bye) and its result.

    Home plays Union in game 1 and Confederate in game 2.  Each game's winner and flags
    are kept as they were reported or played; the totals are worked out from them.
    """

    class Mode(models.TextChoices):
        WEB = "web", "On the site"
        TABLE = "table", "At the table"

    class Result(models.TextChoices):
        NONE = "none", "Waiting for a result"
        REPORTED = "reported", "Reported, waiting for the opponent to confirm"
        DISPUTED = "disputed", "Disputed, waiting for an organiser"
        CONFIRMED = "confirmed", "Confirmed by both players"
        RESOLVED = "resolved", "Decided by an organiser"
        PLAYED = "played", "Played on the site"
        FORFEIT = "forfeit", "Forfeit"

    #: Results that count in the standings.
    FINAL = (Result.CONFIRMED, Result.RESOLVED, Result.PLAYED, Result.FORFEIT)

    class Winner(models.TextChoices):
        HOME = "home", "Home"
        AWAY = "away", "Away"
        NOBODY = "", "Nobody (draw)"

    class Forfeit(models.TextChoices):
        NONE = "", "No forfeit"
        HOME = "home", "Home forfeits"
        AWAY = "away", "Away forfeits"
        BOTH = "both", "Both forfeit"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    table = models.PositiveSmallIntegerField(default=1, help_text="Order on the round's list.")
    home = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    away = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                             null=True, blank=True)
    mode = models.CharField(max_length=6, choices=Mode.choices, default=Mode.WEB)
    scenario = models.ForeignKey("games.Scenario", on_delete=models.PROTECT, null=True, blank=True,
                                 related_name="+")
    match = models.OneToOneField("games.Match", on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="pairing")
    result = models.CharField(max_length=10, choices=Result.choices, default=Result.NONE)
    reported_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                    blank=True, related_name="+")
    game1_winner = models.CharField(max_length=4, choices=Winner.choices, blank=True)
    game1_flags_home = models.PositiveIntegerField(default=0)
    game1_flags_away = models.PositiveIntegerField(default=0)
    game2_winner = models.CharField(max_length=4, choices=Winner.choices, blank=True)
    game2_flags_home = models.PositiveIntegerField(default=0)
    game2_flags_away = models.PositiveIntegerField(default=0)
    figures_home = models.PositiveIntegerField(default=0, help_text="Enemy figures home eliminated.")
    figures_away = models.PositiveIntegerField(default=0)
    forfeit = models.CharField(max_length=4, choices=Forfeit.choices, blank=True)
    dispute_note = models.CharField(max_length=300, blank=True)
    home_seed = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Knockout: home's place in the Swiss standings.")
    away_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "table"]

    def __str__(self) -> str:
        if self.is_bye:
            return f"{self.round}: bye for {self.home}"
        return f"{self.round}: {self.home} v {self.away}"

    def get_absolute_url(self) -> str:
        return reverse("leagues:pairing", args=[self.pk])

    @property
    def is_bye(self) -> bool:
        return self.away_id is None

    @property
    def counts(self) -> bool:
        return self.result in self.FINAL

    def is_player(self, user) -> bool:
        return bool(user and user.is_authenticated and user.pk in (self.home_id, self.away_id))

    def side_of(self, user) -> str | None:
        if not (user and user.is_authenticated):
            return None
        return "home" if user.pk == self.home_id else "away" if user.pk == self.away_id else None

    # -- totals ---------------------------------------------------------------------------------
    @property
    def games_home(self) -> int:
        return result_totals(self.__dict__)[0]

    @property
    def games_away(self) -> int:
        return result_totals(self.__dict__)[1]

    @property
    def flags_home(self) -> int:
        return result_totals(self.__dict__)[2]

    @property
    def flags_away(self) -> int:
        return result_totals(self.__dict__)[3]

    #: The fields a result is made of (what the history records).
    RESULT_FIELDS = ("result", "game1_winner", "game1_flags_home", "game1_flags_away",
                     "game2_winner", "game2_flags_home", "game2_flags_away",
                     "figures_home", "figures_away", "forfeit")

    def result_snapshot(self) -> dict:
        return {f: getattr(self, f) for f in self.RESULT_FIELDS}

    def score_line(self) -> str:
        """E.g. "2–0 (flags 11–6)", or what is missing."""
        if self.is_bye:
            return "bye"
        if self.result == self.Result.NONE:
            return "to be played"
        if self.forfeit:
            return {"home": "0–2 (forfeit)", "away": "2–0 (forfeit)", "both": "0–0 (both forfeit)"}[self.forfeit]
        return f"{self.games_home}–{self.games_away} (flags {self.flags_home}–{self.flags_away})"


def result_totals(f) -> tuple[int, int, int, int]:
    """(games home, games away, flags home, flags away) of a pairing's result fields, given
    as a mapping (a row's ``__dict__`` or a ``values()`` dict).  A forfeit gives the other
    player both games and nobody any flag."""
    forfeit = f["forfeit"]
    if forfeit:
        return (2 if forfeit == "away" else 0), (2 if forfeit == "home" else 0), 0, 0
    return ((f["game1_winner"] == "home") + (f["game2_winner"] == "home"),
            (f["game1_winner"] == "away") + (f["game2_winner"] == "away"),
            f["game1_flags_home"] + f["game2_flags_home"],
            f["game1_flags_away"] + f["game2_flags_away"])


class ResultChange(models.Model):
    """Who changed a pairing's result, when, how, and what it was before and after."""

    class Action(models.TextChoices):
        REPORTED = "reported", "Reported"
        CONFIRMED = "confirmed", "Confirmed"
        DISPUTED = "disputed", "Disputed"
        RESOLVED = "resolved", "Decided by an organiser"
        CORRECTED = "corrected", "Corrected by an organiser"
        PLAYED = "played", "Played on the site"
        FORFEIT = "forfeit", "Forfeit declared"

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="changes")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                              blank=True, related_name="+", help_text="Empty: the site itself.")
    action = models.CharField(max_length=10, choices=Action.choices)
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)
    note = models.CharField(max_length=300, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pairing", "created", "pk"]

    def __str__(self) -> str:
        who = self.actor or "the site"
        return f"{self.pairing}: {self.get_action_display().lower()} by {who}"
