"""Matches between two members: game 1 and the re-match with sides swapped.

Rows here are changed only through :mod:`games.services`.  A :class:`Game` keeps the
engine's whole state (secrets included) in ``state``; what a player may see of it is
``Game.view(side)`` of the engine, never this JSON.
"""
from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone

from games.engine import DEFAULT_RULESET, SIDE_NAMES
from games.presentation.options import options_in_force

#: Prefix of the engine seed's derivation (see :func:`engine_seed`); never change it.
ENGINE_SEED_PREFIX = "battlecry-engine-seed:"


def seed_hash(seed: int | str) -> str:
    """The published fingerprint of a game's seed: sha256 of its text (the 32 hex digits of
    the secret seed; for games made before it, the decimal digits of the engine seed)."""
    text = seed if isinstance(seed, str) else str(int(seed))
    return hashlib.sha256(text.encode()).hexdigest()


def engine_seed(secret_seed: str) -> int:
    """The engine's 63-bit seed of a game, derived from its 128-bit secret seed: the first
    8 bytes of sha256(ENGINE_SEED_PREFIX + secret), big-endian, shifted right by one bit.
    Anyone holding the revealed secret can recompute it and replay every roll."""
    digest = hashlib.sha256((ENGINE_SEED_PREFIX + secret_seed).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class Match(models.Model):
    """A challenge, an open seek, or a match being played or finished."""

    class Status(models.TextChoices):
        CHALLENGE = "challenge", "Challenge waiting for an answer"
        DECLINED = "declined", "Challenge declined"
        SEEK = "seek", "Open seek"
        TABLE = "table", "Open team table"
        CANCELLED = "cancelled", "Withdrawn"
        ACTIVE = "active", "Being played"
        FINISHED = "finished", "Finished"

    class Decided(models.TextChoices):
        FLAGS = "flags", "Most flags over both games"
        FIGURES = "figures", "Tie on flags: most figures eliminated"
        DIE = "die", "Tie on flags and figures: a die roll"

    SIDE_CHOICES = [("random", "Random"), *SIDE_NAMES.items()]

    scenario = models.ForeignKey("games.Scenario", on_delete=models.PROTECT, related_name="matches")
    # A deleted member's matches stay (their seats become vacant): SET_NULL.
    challenger = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                   related_name="matches_challenged",
                                   help_text="The member who made the challenge or posted the seek.")
    opponent = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                 related_name="matches_accepted", null=True, blank=True,
                                 help_text="The member challenged, or who joined the seek.")
    challenger_side = models.CharField(
        max_length=12, choices=SIDE_CHOICES, default="random",
        help_text="The side the challenger plays in game 1 (the re-match swaps sides).")
    options = models.JSONField(default=dict, blank=True, help_text="Game options by name, as the match's ruleset declares them.")
    ruleset = models.CharField(max_length=20, default=DEFAULT_RULESET,
                               help_text="The rules both games are played under (a registered ruleset).")
    archie_level = models.CharField(
        max_length=12, blank=True, choices=[("recruit", "Recruit"), ("veteran", "Veteran"),
                                            ("general", "General")],
        help_text="A solo match against Archie at this level (the opponent is Archie); blank otherwise.")
    single_game = models.BooleanField(
        default=False, help_text="One game and no re-match (a campaign battle: the players keep their sides).")
    guided = models.BooleanField(
        default=False, help_text="A newcomer's first game against Archie: the game page shows a hint for each step.")
    team = models.BooleanField(
        default=False, help_text="A team match: several members a side, seated at a team table.")
    hints_off = models.BooleanField(
        default=False, help_text="The player of a guided game has switched its hints off.")
    friendly = models.BooleanField(
        default=False, help_text="A friendly: the players chose that its games are not rated.")
    deadline_hours = models.PositiveSmallIntegerField(
        default=72, help_text="Hours a player has for each of their moves.")
    status = models.CharField(max_length=12, choices=Status.choices, db_index=True)
    message = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(auto_now=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    # The result, filled in when game 2 ends.
    winner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                               blank=True, related_name="matches_won")
    challenger_flags = models.PositiveIntegerField(null=True, blank=True)
    opponent_flags = models.PositiveIntegerField(null=True, blank=True)
    challenger_figures = models.PositiveIntegerField(
        null=True, blank=True, help_text="Figures (and generals) the challenger eliminated in both games.")
    opponent_figures = models.PositiveIntegerField(null=True, blank=True)
    decided_by = models.CharField(max_length=8, choices=Decided.choices, blank=True)
    winning_team = models.CharField(
        max_length=12, blank=True,
        help_text="A team match: the side the winning team played in game 1 (every member of it wins).")
    tie_rolls = models.JSONField(
        default=list, blank=True,
        help_text="The tie-break die rolls, [challenger, opponent] per roll, rolled again on a tie.")

    class Meta:
        ordering = ["-updated"]
        verbose_name_plural = "matches"
        indexes = [
            # a member's finished matches, newest first (the lobby's list)
            models.Index(fields=["challenger", "-finished"], name="match_finished_challenger",
                         condition=models.Q(status="finished")),
            models.Index(fields=["opponent", "-finished"], name="match_finished_opponent",
                         condition=models.Q(status="finished")),
        ]

    def names(self, user) -> bool:
        """Whether the invitation names ``user`` besides its two members (none does for a
        match: a team table's seats are offered on the table's own page)."""
        return False

    @classmethod
    def naming(cls, user) -> models.Q:
        """The rows whose invitation names ``user`` besides their two members: none."""
        return models.Q(pk__in=[])

    def __str__(self) -> str:
        who = self.opponent.get_username() if self.opponent_id else "anyone"
        by = self.challenger.get_username() if self.challenger_id else "nobody"
        return f"{self.scenario}: {by} v {who}"

    def get_absolute_url(self) -> str:
        return reverse("play:match", args=[self.pk])

    def players(self) -> list:
        if self.team:
            seen: dict = {}
            for s in self.table_seats.select_related("player"):
                if s.player_id and not s.is_archie:
                    seen.setdefault(s.player_id, s.player)
            return list(seen.values())
        return [u for u in (self.challenger, self.opponent) if u is not None]

    def is_player(self, user) -> bool:
        if not (user and user.is_authenticated):
            return False
        if self.team:
            return any(s.player_id == user.pk for s in self.table_seats.all())
        return user.pk in (self.challenger_id, self.opponent_id)

    def team_members(self, side: str) -> list:
        """A team match: the members seated for ``side`` in game 1 (Archie aside), in seat order."""
        seen: dict = {}
        for s in self.table_seats.select_related("player__profile"):
            if s.side == side and s.player_id and not s.is_archie:
                seen.setdefault(s.player_id, s.player)
        return list(seen.values())

    def winners(self) -> list:
        """The members who won the match: its winner, or every member of the winning team."""
        if self.team:
            return self.team_members(self.winning_team) if self.winning_team else []
        return [self.winner] if self.winner_id else []

    @property
    def options_in_force(self) -> list[dict]:
        """The options chosen for the match, in its ruleset's words (label and value)."""
        return options_in_force(self.ruleset, self.options)

    @property
    def solo(self) -> bool:
        """A match against Archie, the computer opponent."""
        return bool(self.archie_level)

    @property
    def shows_hints(self) -> bool:
        """A guided game whose player has not switched the hints off."""
        return self.guided and not self.hints_off

    def current_game(self):
        return self.games.order_by("-number").first()


class Game(models.Model):
    """One game of a match: the engine state, its version and whose decision it is."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField(help_text="1, or 2 for the re-match with sides swapped.")
    secret_seed = models.CharField(
        max_length=64, blank=True,
        help_text="128 random bits in hex, secret until the game ends; blank for older games.")
    seed = models.BigIntegerField(help_text="The engine's seed, derived from secret_seed; secret until the game ends.")
    seed_hash = models.CharField(max_length=64, help_text="sha256 of the secret seed, shown from the first turn.")
    ruleset = models.CharField(max_length=20, default=DEFAULT_RULESET)
    scenario_version = models.PositiveIntegerField(
        default=1, help_text="The scenario's version the game began with (its state keeps that data).")
    state = models.JSONField(help_text="The engine's whole state (secrets included).")
    setup_events = models.JSONField(default=list, help_text="Events of the deal (secret and private parts).")
    version = models.PositiveIntegerField(default=0, help_text="Number of actions applied.")
    phase = models.CharField(max_length=20, default="play_card")
    deciding = models.CharField(max_length=40, blank=True,
                                help_text="The seat whose decision it is; blank when nobody's (over, or Nightfall).")
    also_deciding = models.CharField(
        max_length=200, blank=True, default="",
        help_text="The other seats that may act now, at the same time as the deciding one, in "
                  "order, each between spaces (\" union-left union-right \"; a step the rules let "
                  "several seats take at once); blank otherwise.")
    step_from = models.PositiveIntegerField(
        default=0, help_text="The version at which the seats deciding now began to decide: a "
                             "page drawn since then is not stale for another seat's actions.")
    turn = models.PositiveSmallIntegerField(default=1)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True,
                                    help_text="When the deciding seats' time for this move runs out "
                                              "(one time for the seats acting at once).")
    outcome = models.JSONField(null=True, blank=True)
    winner_side = models.CharField(max_length=12, blank=True)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Which version the Celery tasks already dealt with (they run at least once).
    notified_version = models.IntegerField(default=-1)
    reminded_version = models.IntegerField(default=-1)
    overdue_version = models.IntegerField(default=-1)
    # A team game: the version at which the opponents were told they may claim the game (once
    # the late seat's team had its time to step in; ``overdue_version`` told the team).
    claimable_version = models.IntegerField(default=-1)
    # Counts the changes of holders during the game (a seat claimed, handed to Archie or
    # taken back): the pages drawn before such a change are redrawn (``poll_token``).
    seating = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_game_per_number"),
        ]
        indexes = [
            # live games by deadline, and the live games waiting on a seat (with the seats'
            # index on their member: a member's games, and the decisions that are theirs)
            models.Index(fields=["deadline"], name="game_live_deadline",
                         condition=models.Q(finished_at__isnull=True)),
            models.Index(fields=["deciding"], name="game_live_deciding",
                         condition=models.Q(finished_at__isnull=True)),
        ]

    def __str__(self) -> str:
        return f"{self.match.scenario} game {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("play:game", args=[self.pk])

    @property
    def is_over(self) -> bool:
        return self.finished_at is not None

    # -- seats: who plays (games/models/seat.py) ------------------------------------------
    def keep_seats(self, seats: list) -> None:
        """Take ``seats`` (this game's, read in their order, members and profiles joined) as
        its prefetched seats, as ``prefetch_related`` would."""
        rows = self.seats.all()
        rows._result_cache = list(seats)
        rows._prefetch_done = True
        self.__dict__.setdefault("_prefetched_objects_cache", {})["seats"] = rows

    def seat_rows(self) -> list:
        """The game's seats in order, read once per row (or taken from a prefetch)."""
        cache = self.__dict__.setdefault("_prefetched_objects_cache", {})
        if "seats" not in cache:
            rows = self.seats.select_related("player__profile")
            list(rows)              # evaluated once; ``seats.all()`` then reads this cache
            cache["seats"] = rows
        return list(cache["seats"])

    def seat_named(self, name: str | None):
        """The seat of that name, or None."""
        return next((s for s in self.seat_rows() if s.name == name), None) if name else None

    def seat_of(self, user) -> list:
        """The seats ``user`` holds in this game (several are possible; none for a spectator,
        a logged-out visitor, or the holder of a vacant seat)."""
        if user is None or not getattr(user, "is_authenticated", False):
            return []
        return [s for s in self.seat_rows() if s.player_id == user.pk and not s.is_vacant]

    def holds(self, user, seat_name: str | None) -> bool:
        """Whether ``user`` holds the seat of that name."""
        return bool(seat_name) and any(s.name == seat_name for s in self.seat_of(user))

    @property
    def deciding_seats(self) -> list[str]:
        """Every seat that may act now, the deciding one first (several in a step the rules
        let seats take at the same time); empty when nobody's."""
        return [self.deciding, *self.also_deciding.split()] if self.deciding else []

    def set_deciding(self, seats) -> None:
        """Store the engine's ``deciding_seats``: the first in ``deciding``, the others in
        ``also_deciding``."""
        seats = list(seats)
        self.deciding = seats[0] if seats else ""
        self.also_deciding = self.also_deciding_for(seats)

    @staticmethod
    def also_deciding_for(seats) -> str:
        """``also_deciding`` for the seats deciding, first first: the others, each between
        spaces (so a query finds a seat's name whole), or blank."""
        seats = list(seats)
        return f" {' '.join(seats[1:])} " if len(seats) > 1 else ""

    def deciding_seats_of(self, user) -> list[str]:
        """The seats among those deciding now that ``user`` holds, in order."""
        held = {s.name for s in self.seat_of(user)}
        return [name for name in self.deciding_seats if name in held]

    def is_turn_of(self, user) -> bool:
        """Whether ``user`` holds a seat that may act now in this game, still being played."""
        return not self.is_over and bool(self.deciding_seats_of(user))

    def viewing_seat(self, user):
        """The seat ``user`` sees the game from: the first deciding seat of theirs, else their
        first seat; None for a spectator."""
        seats = self.seat_of(user)
        by_name = {s.name: s for s in seats}
        return next((by_name[name] for name in self.deciding_seats if name in by_name),
                    seats[0] if seats else None)

    def player_of(self, side: str):
        """The member holding the (first) seat of ``side`` (Archie's row for Archie), or None."""
        seat = next((s for s in self.seat_rows() if s.side == side), None)
        return seat.player if seat is not None else None

    def player_id_of(self, side: str):
        seat = next((s for s in self.seat_rows() if s.side == side), None)
        return seat.player_id if seat is not None else None

    @property
    def poll_token(self) -> str:
        """What the page's poll compares: the version, and the seating once it changed."""
        return f"{self.version}.{self.seating}" if self.seating else str(self.version)

    @property
    def cache_id(self) -> str:
        """The game's name in cache keys: its id and the start of its public seed hash, so a
        cache that outlives the database (a restore, a reset test database) never hands one
        game's pages to another game that got the same id."""
        return f"{self.pk}.{self.seed_hash[:12]}"

    def side_of(self, user) -> str | None:
        """The side ``user`` plays in this game, or None (not a player, or logged out)."""
        seats = self.seat_of(user)
        return seats[0].side if seats else None

    @property
    def deciding_seat(self):
        """The seat whose decision it is, or None."""
        return self.seat_named(self.deciding)

    @property
    def deciding_side(self) -> str:
        """The side of the deciding seat ("" when nobody's)."""
        seat = self.deciding_seat
        return seat.side if seat is not None else ""

    @property
    def deciding_player(self):
        """The member holding the deciding seat (None when nobody's, or the seat is vacant)."""
        seat = self.deciding_seat
        return seat.player if seat is not None else None

    def deciding_players(self) -> list:
        """The members holding the seats deciding now, each once, in the seats' order (Archie's
        seats, vacant ones and those of the same member counted once or not at all)."""
        out: dict = {}
        for name in self.deciding_seats:
            seat = self.seat_named(name)
            if seat is not None and seat.is_member_held and seat.player is not None:
                out.setdefault(seat.player_id, seat.player)
        return list(out.values())

    @property
    def deciding_player_id(self):
        seat = self.deciding_seat
        return seat.player_id if seat is not None else None

    def deadline_passed(self, now=None) -> bool:
        return bool(self.deadline and not self.is_over and (now or timezone.now()) >= self.deadline)


class GameAction(models.Model):
    """One applied action and the events it caused (secret and private parts included), while
    its game is played; read through :func:`games.game_log.entries`."""

    # No index of their own: (game, index) is unique, and that index finds a game's rows;
    # the rows of a finished game are packed away (games/game_log.py), so the table stays small.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions", db_index=False)
    index = models.PositiveIntegerField(help_text="The game version this action produced (1, 2, ...).")
    side = models.CharField(max_length=12, blank=True, help_text="Blank for the system (Nightfall, a claim).")
    seat = models.CharField(max_length=40, blank=True,
                            help_text="The seat whose decision the step was (a team game has several "
                                      "a side); blank in the logs kept before seats were recorded.")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                              blank=True, related_name="+", db_index=False)
    action = models.JSONField()
    events = models.JSONField(default=list)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="one_action_per_version"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.index}: {self.action.get('type', '').replace('_', ' ')}"
