"""The only way a match or a game changes (docs/architecture.md: the layers, and the
follow-up tasks sent by name).

Views, the API, Celery tasks and tests call these functions; nothing else writes to
``Match``, ``Game`` or ``GameAction``.  A refusal a player should read is an
:class:`ActionRefused` (with a ``code`` the callers can test); anything else is a bug.

Every game change is one transaction: the game row is locked (``select_for_update``),
the version the player acted on is checked, the engine applies the action, the action
and its events are appended to the log, the new state is saved with ``version + 1``,
and follow-up tasks are queued by name through :func:`games.outbox.queue` (sent on commit, and
kept for a later sweep if the broker is down: a move never fails for want of Redis).
"""
from __future__ import annotations

import json
import logging
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, Q, Value
from django.db.models.functions import Concat
from django.utils import timezone

from battlecry_site.prepared import PreparedGet, PreparedInsert, PreparedUpdate
from games import events, game_log, invitations, outbox
from games.ai import LEVELS, Budget, choose
from games.engine import (DEFAULT_RULESET, SIDE_NAMES, SIDES, Game as EngineGame, GameState,
                          IllegalAction, OptionError, chance_of, get_ruleset, other, rulesets,
                          validate_options)
from games.kits import kit_for
from games.models import (ChatMessage, ChatShare, Game, GameAction, Match, Scenario, Seat, TableSeat,
                          TeamChatMessage)
from games.models.chat import MAX_LENGTH as CHAT_MAX_LENGTH, chat_is_public
from games.models.match import engine_seed, seed_hash
from games.presentation.options import option_label

MIN_DEADLINE_HOURS = 1
MAX_DEADLINE_HOURS = 24 * 14
CLAIM = "claim_timeout"
UNDO = "undo"
RESIGN = "resign"

#: The member row that stands for Archie, the computer opponent (it cannot log in).
ARCHIE_USERNAME = "archie"
#: A decision of Archie's unanswered this long means no worker is taking Archie's tasks.
ARCHIE_STUCK_AFTER = timedelta(minutes=1)

log = logging.getLogger(__name__)


# -- refusals ----------------------------------------------------------------------------------
class ActionRefused(Exception):
    """A request the rules or the site refuse; ``message`` is for the player."""

    code = "refused"

    def __init__(self, message: str, *, game: Game | None = None):
        super().__init__(message)
        self.message = message
        self.game = game


class NotAPlayer(ActionRefused):
    code = "not_a_player"


class NotYourTurn(ActionRefused):
    code = "not_your_turn"


class StaleVersion(ActionRefused):
    code = "stale_version"


class IllegalStep(ActionRefused):
    code = "illegal"


class GameOver(ActionRefused):
    code = "game_over"


@dataclass
class Acted:
    """What ``act`` did: the saved game row and the events (unredacted: pass them through
    ``view_event`` before showing them to anyone)."""

    game: Game
    events: list = field(default_factory=list)
    #: The engine game after the action (secrets included: only ``view(side)`` leaves it).
    engine: GameState | None = None
    #: A team's resignation still waiting for the consent of some of its members.
    pending: bool = False
    #: The seat whose decision the action was (recorded with it in the log).
    seat: str = ""


# -- the engine state of a row -----------------------------------------------------------------
_SCENARIO_CACHE: "OrderedDict[tuple, tuple[dict, Any]]" = OrderedDict()
_CACHE_SIZE = 256


def _engine_scenario(row: Game) -> Any:
    """The validated engine scenario a game was created with, read by its ruleset's loader
    (cached per game: it never changes, even if the club edits the scenario later); None
    when the game's state keeps no scenario of its own."""
    data = row.state.get("scenario")
    if data is None:
        return None
    key = (row.pk, row.seed)
    cached = _SCENARIO_CACHE.get(key)
    if cached is None or cached[0] != data:
        cached = (data, get_ruleset(row.ruleset).load_scenario(data))
        _SCENARIO_CACHE[key] = cached
        if len(_SCENARIO_CACHE) > _CACHE_SIZE:
            _SCENARIO_CACHE.popitem(last=False)
    else:
        _SCENARIO_CACHE.move_to_end(key)
    return cached[1]


def load_engine(row: Game) -> GameState:
    """The engine game of a row (a fresh object: changing it changes nothing stored)."""
    return EngineGame.from_dict(row.state, scenario=_engine_scenario(row))


# -- matches: challenges and seeks -------------------------------------------------------------
def check_rules(scenario: Scenario, ruleset: str = DEFAULT_RULESET, options: dict | None = None) -> None:
    """Refuse a scenario whose file is not valid, a ruleset that is not registered, a scenario
    the ruleset cannot play, or an option it does not declare (a match's terms, and each
    battle of a campaign before it is sent)."""
    try:
        engine_scenario = scenario.engine_scenario()
    except Exception:  # noqa: BLE001 - a broken file is refused, whatever is wrong with it
        raise ActionRefused(f"The scenario {scenario} cannot be played: its file is not valid.") from None
    rules = rulesets().get(ruleset)
    if rules is None:
        raise ActionRefused(f"Choose the rules: {', '.join(sorted(rulesets()))}.")
    if rules.scenario_format != scenario.format or not rules.supports(engine_scenario):
        raise ActionRefused(f"{scenario} cannot be played under the {ruleset} rules.")
    declared = {o.name for o in rules.options}
    for name in options or {}:
        if name not in declared:
            raise ActionRefused(f"The {ruleset} rules have no {option_label(name)} option.")
    try:
        validate_options(rules.options, options)
    except OptionError as e:
        raise ActionRefused(f"These options cannot be played together: {e}.") from None
    try:
        rules.check_scenario(engine_scenario, dict(options or {}))
    except OptionError as e:
        raise ActionRefused(f"{e}.") from None


def _check_terms(scenario: Scenario, deadline_hours: int, side: str,
                 ruleset: str = DEFAULT_RULESET, options: dict | None = None) -> None:
    if scenario is None:
        raise ActionRefused("Choose a scenario.")
    check_rules(scenario, ruleset, options)
    if not (MIN_DEADLINE_HOURS <= int(deadline_hours) <= MAX_DEADLINE_HOURS):
        raise ActionRefused(f"The time per move must be between {MIN_DEADLINE_HOURS} hour and "
                            f"{MAX_DEADLINE_HOURS // 24} days.")
    if side not in ("random", *SIDES):
        raise ActionRefused("Choose Union, Confederate or random.")


#: What a member reads when a step of a challenge is refused (games/invitations.py takes the steps).
CHALLENGE_WORDING = invitations.Wording(
    refused=ActionRefused, not_a_player=NotAPlayer,
    missing="There is no such match.",
    closed="This challenge is no longer open.",
    only_accept="Only the member challenged can accept this challenge.",
    only_decline="Only the member challenged can decline this challenge.",
    only_withdraw="Only the member who made it can withdraw it.",
    log_in="Log in to challenge a member.",
    choose_member="Choose a member to challenge.",
    not_yourself="You cannot challenge yourself.")


def create_challenge(challenger, opponent, scenario: Scenario, *, options: dict | None = None,
                     deadline_hours: int = 72, side: str = "random", message: str = "",
                     ruleset: str = DEFAULT_RULESET, friendly: bool = False) -> Match:
    """Challenge a member to a match (game 1 and the re-match with sides swapped);
    ``friendly``: its games are not rated."""
    invitations.check_invitee(challenger, opponent, CHALLENGE_WORDING)
    _check_terms(scenario, deadline_hours, side, ruleset, options)
    with transaction.atomic():
        match = Match.objects.create(
            scenario=scenario, challenger=challenger, opponent=opponent, challenger_side=side,
            options=dict(options or {}), ruleset=ruleset, deadline_hours=int(deadline_hours),
            status=Match.Status.CHALLENGE, message=message[:200], friendly=bool(friendly))
        outbox.queue("games.notify_challenge", match.pk)
    return match


def post_seek(user, scenario: Scenario, *, options: dict | None = None, deadline_hours: int = 72,
              side: str = "random", message: str = "", ruleset: str = DEFAULT_RULESET,
              friendly: bool = False) -> Match:
    """Post an open seek any other member may join; ``friendly``: its games are not rated."""
    if not user.is_authenticated:
        raise ActionRefused("Log in to post a seek.")
    _check_terms(scenario, deadline_hours, side, ruleset, options)
    return Match.objects.create(
        scenario=scenario, challenger=user, opponent=None, challenger_side=side,
        options=dict(options or {}), ruleset=ruleset, deadline_hours=int(deadline_hours),
        status=Match.Status.SEEK, message=message[:200], friendly=bool(friendly))


def start_arranged_match(home, away, scenario: Scenario, *, options: dict | None = None,
                         deadline_hours: int = 72, message: str = "",
                         single_game: bool = False, setup: dict | None = None,
                         archie_level: str = "", ruleset: str = DEFAULT_RULESET) -> Match:
    """Start a match two members did not ask for themselves (e.g. a pairing of a league):
    no challenge to accept, game 1 starts at once with ``home`` playing Union.

    ``single_game``: the match is that one game, with no re-match (a campaign battle).
    ``setup``: set-up options of the ruleset added to the game's options (a campaign's
    pre-battle dice, e.g. ``{"prebattle_dice_union": 4}``); the engine checks them.
    ``archie_level``: one of the two is :func:`archie_user`, who plays at this level."""
    if home is None or away is None or home.pk == away.pk:
        raise ActionRefused("A match needs two different players.")
    options = {**(options or {}), **(setup or {})}
    _check_terms(scenario, deadline_hours, "union", ruleset, options)
    with transaction.atomic():
        match = Match.objects.create(
            scenario=scenario, challenger=home, opponent=away, challenger_side="union",
            options=options, ruleset=ruleset,
            deadline_hours=int(deadline_hours),
            status=Match.Status.CHALLENGE, message=message[:200], single_game=single_game,
            archie_level=archie_level)
        _start(match)
    return match


def start_arranged_team_match(members: dict, scenario: Scenario, *, options: dict | None = None,
                              deadline_hours: int = 72, message: str = "",
                              setup: dict | None = None, ruleset: str = DEFAULT_RULESET) -> Match:
    """Start a team game nobody sat down at a table for (an Epic campaign's battle): one game,
    no re-match, each seat of the ruleset's plan held by the member given for it.

    ``members``: seat name -> member, for every seat of the plan (a member may hold several
    seats of one side).  The first seat of each side names the match's challenger (the side
    listed first) and opponent.  ``setup`` as for :func:`start_arranged_match`."""
    options = {**(options or {}), **(setup or {})}
    _check_terms(scenario, deadline_hours, "union", ruleset, options)
    plan = team_seat_plan(scenario, ruleset, options)
    unseated = [spec.name for spec in plan if members.get(spec.name) is None]
    if unseated:
        raise ActionRefused(f"Nobody holds the seats {', '.join(unseated)}.")
    sides_of: dict = {}
    for spec in plan:
        sides_of.setdefault(members[spec.name].pk, set()).add(spec.side)
    if any(len(sides) > 1 for sides in sides_of.values()):
        raise ActionRefused("A member holds seats of one side only.")
    first: dict = {}
    for spec in plan:
        first.setdefault(spec.side, members[spec.name])
    home_side, away_side = list(first)[:2]
    with transaction.atomic():
        match = Match.objects.create(
            scenario=scenario, challenger=first[home_side], opponent=first[away_side],
            challenger_side=home_side, options=options, ruleset=ruleset,
            deadline_hours=int(deadline_hours), status=Match.Status.ACTIVE, team=True,
            started=timezone.now(), message=message[:200], single_game=True)
        holders: dict = {}
        for spec in plan:
            holders.setdefault(spec.side, []).append((Seat.Holder.MEMBER, members[spec.name], ""))
        _new_game(match, 1, holders)
    return match


def _locked_match(match_id) -> Match:
    return invitations.locked(Match, match_id, CHALLENGE_WORDING)


def accept(match_id, user) -> Match:
    """The challenged member accepts: game 1 starts."""
    return invitations.accept(Match, match_id, user, CHALLENGE_WORDING, _start)


def decline(match_id, user) -> Match:
    return invitations.decline(Match, match_id, user, CHALLENGE_WORDING)


def cancel(match_id, user) -> Match:
    """The challenger withdraws a challenge not yet answered, or an open seek."""
    return invitations.withdraw(Match, match_id, user, CHALLENGE_WORDING,
                                (Match.Status.CHALLENGE, Match.Status.SEEK))


def join_seek(match_id, user) -> Match:
    """Another member takes up an open seek: game 1 starts."""
    with transaction.atomic():
        match = _locked_match(match_id)
        if match.status != Match.Status.SEEK:
            raise ActionRefused("Someone has already taken up this seek, or it was withdrawn.")
        if not user.is_authenticated:
            raise NotAPlayer("Log in to join a seek.")
        if user.pk == match.challenger_id:
            raise ActionRefused("You cannot join your own seek.")
        match.opponent = user
        _start(match)
    return match


def _start(match: Match) -> Game:
    side = match.challenger_side
    if side == "random":
        side = secrets.choice(SIDES)
        match.challenger_side = side
    match.status = Match.Status.ACTIVE
    match.started = timezone.now()
    match.save()
    holders = {side: [_holder(match, match.challenger)],
               other(side): [_holder(match, match.opponent)]}
    return _new_game(match, 1, holders)


def new_seed() -> str:
    """A game's secret seed: 128 bits from the operating system's randomness, in hex.  Its
    sha256 is published when the game starts; the engine's seed is derived from it."""
    return secrets.token_hex(16)


def _holder(match: Match, user) -> tuple:
    """(kind, member row, Archie's level) of a seat ``user`` takes in ``match``: Archie's
    member row in a solo match holds an Archie seat."""
    if match.solo and user is not None and user.get_username() == ARCHIE_USERNAME:
        return Seat.Holder.ARCHIE, user, match.archie_level
    return Seat.Holder.MEMBER, user, ""


def _new_game(match: Match, number: int, holders: dict) -> Game:
    """Deal game ``number`` of ``match``; ``holders``: for each side, (kind, member, level)
    per seat of that side, in the order of the game's seats."""
    secret = new_seed()
    seed = engine_seed(secret)
    scenario = match.scenario.engine_scenario()
    plan = get_ruleset(match.ruleset).seat_plan(scenario, match.options)
    computer = [spec.name for spec in plan
                if _holder_at(holders, spec, plan)[0] == Seat.Holder.ARCHIE]
    engine = EngineGame.new(scenario, ruleset=match.ruleset,
                            options=dict(match.options), seed=seed, computer_seats=computer)
    now = timezone.now()
    row = Game.objects.create(
        match=match, number=number, secret_seed=secret, seed=seed,
        seed_hash=seed_hash(secret),
        ruleset=engine.ruleset, scenario_version=match.scenario.version, state=engine.to_dict(), setup_events=engine.setup_events, version=0,
        phase=engine.phase, deciding=engine.deciding or "", turn=engine.turn,
        deadline=now + timedelta(hours=match.deadline_hours) if engine.deciding else None,
        created=now, also_deciding=Game.also_deciding_for(engine.deciding_seats))
    seats = []
    for spec in engine.seats:
        kind, player, level = _holder_at(holders, spec, engine.seats)
        seats.append(Seat(game=row, name=spec.name, side=spec.side, role=spec.role[:80],
                          holder=kind if player is not None else Seat.Holder.VACANT,
                          player=player, archie_level=level))
    Seat.objects.bulk_create(seats)
    row._prefetched_objects_cache = {}          # read the seats just written when asked
    _queue_follow_ups(row, before=set(), queue_archie=True)
    return row


def _holder_at(holders: dict, spec, seats) -> tuple:
    """The holder of seat ``spec`` among ``seats``: the n-th entry of its side's holders for
    the n-th seat of that side (the last entry when the side has more seats than holders)."""
    of_side = [s.name for s in seats if s.side == spec.side]
    listed = holders.get(spec.side) or [(Seat.Holder.VACANT, None, "")]
    return listed[min(of_side.index(spec.name), len(listed) - 1)]


def _swapped_holders(row: Game) -> dict:
    """The holders of game 2: each holder of game 1 takes the corresponding seat of the
    other side (the same place among that side's seats)."""
    holders: dict = {}
    for seat in row.seat_rows():
        held = ((Seat.Holder.MEMBER, seat.away, "") if seat.away_id is not None
                else (seat.holder, seat.player, seat.archie_level))
        holders.setdefault(other(seat.side), []).append(held)
    return holders


# -- team tables: the seats of a team match before game 1 (docs/decisions.md, "Team tables") ------
#: The most seats a team table has (the largest club table the site sets up).
MAX_TABLE_SEATS = 8

TABLE_WORDING = invitations.Wording(
    refused=ActionRefused, not_a_player=NotAPlayer,
    missing="There is no such team table.",
    closed="This team table is no longer open: its game has started or it was withdrawn.",
    only_accept="Only the member invited can take this seat.",
    only_decline="Only the member invited can decline this seat.",
    only_withdraw="Only the member who opened the table can withdraw it.",
    log_in="Log in to sit at a team table.",
    choose_member="Choose a member to invite.",
    not_yourself="You are at this table already: take the seat yourself.")


def team_seat_plan(scenario: Scenario, ruleset: str, options: dict | None) -> tuple:
    """The seats a team table of these terms has (the ruleset's seat plan); refused when no
    side has several seats (a match between two members) or there are too many."""
    plan = tuple(get_ruleset(ruleset).seat_plan(scenario.engine_scenario(), dict(options or {})))
    sides = [spec.side for spec in plan]
    if len(set(sides)) == len(sides):
        raise ActionRefused("These rules and options seat one player a side: choose a team game "
                            "among the options if the rules offer one, or challenge a member or "
                            "post a seek instead of opening a team table.")
    if len(plan) > MAX_TABLE_SEATS:
        raise ActionRefused(f"A team table has at most {MAX_TABLE_SEATS} seats; these terms have {len(plan)}.")
    return plan


def open_table(host, scenario: Scenario, *, options: dict | None = None, deadline_hours: int = 72,
               message: str = "", ruleset: str = DEFAULT_RULESET, seat: str | None = None,
               friendly: bool = False) -> Match:
    """Open a team table in the lobby: one seat per seat of the ruleset's plan, free until
    members take them (``seat``: the one the host takes at once; ``friendly``: its games
    are not rated)."""
    if not getattr(host, "is_authenticated", False):
        raise ActionRefused(TABLE_WORDING.log_in)
    _check_terms(scenario, deadline_hours, "random", ruleset, options)
    plan = team_seat_plan(scenario, ruleset, options)
    if seat is not None and seat not in {spec.name for spec in plan}:
        raise ActionRefused(f"These rules have no seat {seat!r}.")
    with transaction.atomic():
        match = Match.objects.create(
            scenario=scenario, challenger=host, opponent=None, challenger_side=plan[0].side,
            options=dict(options or {}), ruleset=ruleset, deadline_hours=int(deadline_hours),
            status=Match.Status.TABLE, team=True, message=message[:200], friendly=bool(friendly))
        TableSeat.objects.bulk_create(
            TableSeat(match=match, position=i, name=spec.name, side=spec.side, role=spec.role[:80],
                      player=host if spec.name == seat else None)
            for i, spec in enumerate(plan))
    return match


def _locked_table(match_id) -> tuple[Match, list]:
    match = invitations.locked(Match, match_id, TABLE_WORDING)
    if not match.team:
        raise ActionRefused(TABLE_WORDING.missing)
    if match.status != Match.Status.TABLE:
        raise ActionRefused(TABLE_WORDING.closed)
    return match, list(match.table_seats.select_for_update().order_by("position"))


def _table_seat(seats: list, name) -> TableSeat:
    seat = next((s for s in seats if s.name == name), None)
    if seat is None:
        raise ActionRefused(f"This table has no seat {name!r}.")
    return seat


def take_table_seat(match_id, user, seat_name) -> Match:
    """A member sits down at a free seat (or the one they are invited to).  A member may hold
    several seats, all of one side.  Game 1 starts when every seat is held."""
    if not getattr(user, "is_authenticated", False):
        raise NotAPlayer(TABLE_WORDING.log_in)
    with transaction.atomic():
        match, seats = _locked_table(match_id)
        seat = _table_seat(seats, seat_name)
        if seat.player_id == user.pk:
            raise ActionRefused("You hold this seat already.")
        if not seat.is_free:
            raise ActionRefused("Someone has taken this seat: choose another.")
        if seat.invited_id not in (None, user.pk):
            raise ActionRefused("This seat is kept for the member invited to it.")
        if any(s.player_id == user.pk and s.side != seat.side for s in seats):
            raise ActionRefused("You hold a seat of the other side: leave it first.")
        seat.player, seat.invited = user, None
        seat.save(update_fields=["player", "invited"])
        _start_table_when_full(match, seats)
    return match


def leave_table_seat(match_id, user, seat_name) -> Match:
    """A member leaves a seat they took (or the host frees a seat given to Archie), before the
    game starts."""
    with transaction.atomic():
        match, seats = _locked_table(match_id)
        seat = _table_seat(seats, seat_name)
        host = match.challenger_id == getattr(user, "pk", None)
        if not (seat.player_id == getattr(user, "pk", None) or (host and seat.is_archie)):
            raise NotAPlayer("Only the member holding this seat can leave it.")
        seat.player, seat.archie_level = None, ""
        seat.save(update_fields=["player", "archie_level"])
    return match


def invite_to_table_seat(match_id, host, seat_name, member) -> Match:
    """The host keeps a free seat for a member, who takes it (or another) from the lobby."""
    invitations.check_invitee(host, member, TABLE_WORDING)
    with transaction.atomic():
        match, seats = _locked_table(match_id)
        if match.challenger_id != host.pk:
            raise NotAPlayer("Only the member who opened the table invites to its seats.")
        seat = _table_seat(seats, seat_name)
        if not seat.is_free:
            raise ActionRefused("This seat is taken already.")
        seat.invited = member
        seat.save(update_fields=["invited"])
        outbox.queue("games.notify_table_invitation", match.pk, member.pk)
    return match


def give_table_seat_to_archie(match_id, host, seat_name, level: str = "veteran") -> Match:
    """The host gives a free seat to Archie, at a level; the game starts if it was the last."""
    if level not in LEVELS:
        raise ActionRefused(f"Choose Archie's level: {', '.join(LEVELS)}.")
    with transaction.atomic():
        match, seats = _locked_table(match_id)
        if match.challenger_id != getattr(host, "pk", None):
            raise NotAPlayer("Only the member who opened the table gives its seats to Archie.")
        seat = _table_seat(seats, seat_name)
        if not seat.is_free:
            raise ActionRefused("This seat is taken already.")
        seat.player, seat.archie_level, seat.invited = archie_user(), level, None
        seat.save(update_fields=["player", "archie_level", "invited"])
        _start_table_when_full(match, seats)
    return match


def withdraw_table(match_id, host) -> Match:
    """The host withdraws a team table whose game has not started."""
    with transaction.atomic():
        match, _seats = _locked_table(match_id)
        if match.challenger_id != getattr(host, "pk", None):
            raise NotAPlayer(TABLE_WORDING.only_withdraw)
        match.status = Match.Status.CANCELLED
        match.save(update_fields=["status", "updated"])
    return match


def _start_table_when_full(match: Match, seats: list) -> None:
    """Deal game 1 once every seat of the table is held, each holder in their seat."""
    if any(s.is_free for s in seats):
        return
    if all(s.is_archie for s in seats):
        raise ActionRefused("At least one member must sit at the table.")
    holders: dict = {}
    for s in seats:
        held = ((Seat.Holder.ARCHIE, s.player, s.archie_level) if s.is_archie
                else (Seat.Holder.MEMBER, s.player, ""))
        holders.setdefault(s.side, []).append(held)
    match.status = Match.Status.ACTIVE
    match.started = timezone.now()
    match.save()
    _new_game(match, 1, holders)


# -- playing -----------------------------------------------------------------------------------
def _version_number(version) -> int:
    """The game version a page acted on, as a number (a page that sent none is stale)."""
    try:
        return int(version)
    except (TypeError, ValueError):
        raise StaleVersion("The page sent no game version; here is the game as it is now.") from None


def _locked_for_player(game_id, user, version: int, *, may: str, not_done: str,
                       parallel: bool = False):
    """The game row, locked, and the user's side, for a player acting on ``version``.
    Refuses a non-player (no seat: "only the players of this game can <may>"), a finished
    game and a stale version ("... so <not_done>"; with ``parallel`` the caller checks the
    version itself, seats acting at once not making each other's pages stale)."""
    row = _locked_game(game_id)
    side = row.side_of(user)
    if side is None:
        raise NotAPlayer(f"Only the two players of this game can {may}.", game=row)
    if row.is_over:
        raise GameOver("The game is over.", game=row)
    if version != row.version and not (parallel and row.step_from <= version < row.version):
        raise StaleVersion(f"The game has moved on since your page was drawn, so {not_done}. "
                           "Here is the game as it is now.", game=row)
    return row, side


#: The game row, locked, with what the game page shows of the match and the players, so the
#: page drawn after an action needs no second read of the game (the scenario's map is not
#: read: the engine's copy is in the state).  Compiled once per process (battlecry_site/prepared.py).
_LOCKED_GAME = PreparedGet(lambda: Game.objects.select_for_update(of=("self",)).select_related(
    "match__scenario").defer("match__scenario__data"))


#: A game's seats with their members and profiles, read with the locked game (compiled once
#: per process like it).
_GAME_SEATS = PreparedGet(lambda: Seat.objects.select_related("player__profile"), field="game_id")


def _locked_game(game_id) -> Game:
    try:
        row = _LOCKED_GAME.get(game_id)
    except (ValueError, TypeError):
        row = None
    if row is None:
        raise ActionRefused("There is no such game.")
    row.keep_seats(_GAME_SEATS.all(row.pk))
    return row


def act(game_id, user, action, version) -> Acted:
    """Apply one action of ``user`` to game ``game_id``, made on ``version``.

    Refuses (``ActionRefused``, nothing changed) when the user does not play this game,
    the game is over, the version is stale (the game moved on since the page was drawn),
    it is not the user's decision, or the rules forbid the action.
    """
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalStep("That is not an action of the game.")
    version = _version_number(version)
    with transaction.atomic():
        row, side = _locked_for_player(game_id, user, version, may="act in it",
                                       not_done="that was not applied", parallel=True)
        held = row.deciding_seats_of(user)
        if not held:
            if not row.deciding:
                raise NotYourTurn("Nobody can act now: night has fallen and the site ends the game.",
                                  game=row)
            if row.match.team:
                raise NotYourTurn(f"It is not your decision: the seat {row.deciding} is to act.", game=row)
            raise NotYourTurn(f"It is not your decision: the {SIDE_NAMES[row.deciding_side]} "
                              "player is to act.", game=row)
        if action["type"] in system_actions() or action["type"] in (CLAIM, UNDO, RESIGN):
            raise IllegalStep("The site takes that step itself.", game=row)
        engine = load_engine(row)
        seat = _acting_seat(row, engine, held, action)
        if version != row.version and not _still_current(row, version, seat):
            raise StaleVersion("The game has moved on since your page was drawn, so that was "
                               "not applied. Here is the game as it is now.", game=row)
        try:
            events = engine.apply(action)
        except IllegalAction as e:
            raise IllegalStep(str(e), game=row) from None
        side = row.seat_named(seat).side
        _record(row, engine, side, user, action, events, seat=seat)
    return Acted(row, events, engine, seat=seat)


def _matches(legal: dict, action: dict) -> bool:
    """Whether ``action`` is the legal action ``legal`` (keys beyond its own ignored, as the
    engine reads them)."""
    return all(k in action and action[k] == v for k, v in legal.items())


def _acting_seat(row: Game, engine: GameState, held: list[str], action: dict) -> str:
    """The seat, among the deciding seats ``user`` holds (``held``), whose action this is.
    One seat deciding: that one. Several acting at once (ruling G11): the one whose own
    actions include it; a seat the member does not hold is refused by name; an action
    nobody may take goes to the engine as the first held seat's, for its refusal's words."""
    if len(row.deciding_seats) < 2:
        return held[0]

    def offers(seat: str | None) -> bool:
        return any(_matches(a, action) for a in engine.legal_actions(seat))

    mine = next((s for s in held if offers(s)), None)
    if mine is not None:
        return mine
    theirs = next((s for s in row.deciding_seats if s not in held and offers(s)), None)
    if theirs is None and row.deciding not in held and offers(None):
        theirs = row.deciding      # the first seat's action in the engine's own form
    if theirs is not None:
        raise NotYourTurn(f"That is not yours to decide: it is the seat {theirs}'s.", game=row)
    return row.deciding if row.deciding in held else held[0]


def _still_current(row: Game, version: int, seat: str) -> bool:
    """Whether a page of ``seat`` drawn at ``version`` (older than the game's) may still act:
    the seats deciding now were deciding already then (``step_from``) and every action since
    was another seat's, taken at the same time (ruling G13); the engine then checks that the
    action is still legal."""
    if version > row.version or version < row.step_from or seat not in row.deciding_seats:
        return False
    return not row.actions.filter(index__gt=version, seat=seat).exists()


def site_step(row: Game) -> str | None:
    """The type of the action the site itself must take in this game now (its ruleset's
    ``site_steps`` for the phase it is in), or None."""
    rules = rulesets().get(row.ruleset)
    return rules.site_steps.get(row.phase) if rules is not None else None


def site_step_phases() -> tuple[str, ...]:
    """Every phase in which some registered ruleset has the site take the step."""
    return tuple(sorted({phase for rules in rulesets().values() for phase in rules.site_steps}))


def system_actions() -> tuple[str, ...]:
    """Actions only the site itself takes (never a player through ``act``): the steps every
    registered ruleset declares as the site's (``Ruleset.site_steps``)."""
    return tuple(sorted({kind for rules in rulesets().values() for kind in rules.site_steps.values()}))


def take_site_step(game_id, version) -> Acted | None:
    """Take the step a game waits for the site to take (e.g. ending a game when night has
    fallen under Nightfall): exactly once, and only at ``version``.

    Returns None (and does nothing) if the game moved on or waits for no step of the site.
    """
    with transaction.atomic():
        try:
            row = _locked_game(game_id)
        except ActionRefused:
            return None
        kind = site_step(row)
        if row.is_over or row.version != int(version) or kind is None:
            return None
        engine = load_engine(row)
        action = {"type": kind}
        events = engine.apply(action)
        _record(row, engine, "", None, action, events)
    return Acted(row, events)


#: The name the scheduled check has always called (its task is ``games.nightfall_check``).
end_by_nightfall = take_site_step


def claim_timeout(game_id, user, version=None) -> Acted:
    """The player waiting on an opponent whose time ran out claims the game.

    The game counts as won by the claimant with the flags needed to win; the opponent
    keeps the flags they had.  (docs/decisions.md, "Play by web")
    """
    with transaction.atomic():
        row = _locked_game(game_id)
        side = row.side_of(user)
        if side is None:
            raise NotAPlayer("Only the two players of this game can claim it.", game=row)
        if row.is_over:
            raise GameOver("The game is over.", game=row)
        if version is not None and int(version) != row.version:
            raise StaleVersion("Your opponent has moved since your page was drawn: "
                               "the game goes on.", game=row)
        if not row.deciding or row.deciding_side == side:
            raise ActionRefused("You can only claim a game when your opponent's time has run out.",
                                game=row)
        if not row.deadline_passed():
            raise ActionRefused("Your opponent still has time for this move.", game=row)
        if not game_claimable(row):
            raise ActionRefused("The late seat's team-mates may still take it over or hand it to "
                                "Archie: the game can be claimed once that time has run out too.",
                                game=row)
        events = _award(row, side, "timeout", user, CLAIM)
    return Acted(row, events)


def resign(game_id, user, version=None) -> Acted:
    """A player gives up this game: the opponent wins it with the flags needed, the
    resigning player keeps the flags they had, and the match goes on (after game 1 the
    re-match starts, as after any other end).  (docs/decisions.md, "Play by web")
    """
    with transaction.atomic():
        row = _locked_game(game_id)
        side = row.side_of(user)
        if side is None:
            raise NotAPlayer("Only the two players of this game can resign it.", game=row)
        if row.is_over:
            raise GameOver("The game is over.", game=row)
        if version is not None and str(version) != str(row.version):
            raise StaleVersion("The game has moved on since your page was drawn, so you have not "
                               "resigned. Here is the game as it is now.", game=row)
        if row.match.team and not _team_agrees_to_resign(row, user, side):
            return Acted(row, [], pending=True)
        winner = other(side)
        events = _award(row, winner, "resigned", user, RESIGN, actor_side=side)
    return Acted(row, events)


def _award(row: Game, winner: str, reason: str, user, action_type: str, actor_side=None) -> list:
    """End ``row`` as won by ``winner`` for a reason outside the rules (a claim, a resignation):
    the winner counts the flags needed to win, the loser keeps theirs."""
    engine = load_engine(row)
    events = engine.award(winner, reason, flags=kit_for(row.ruleset).award_flags(engine, winner))
    _record(row, engine, actor_side or winner, user, {"type": action_type}, events)
    return events


# -- a team game: seats taken over, the team's resignation (docs/decisions.md, "Team games") ----
def _team_seats(row: Game, side: str) -> list:
    return [s for s in row.seat_rows() if s.side == side]


def team_mates_can_step_in(row: Game, seat) -> bool:
    """Whether a member other than the seat's own holds another seat of its side."""
    return any(s.name != seat.name and s.holder == Seat.Holder.MEMBER and s.player_id is not None
               and s.player_id != seat.player_id for s in _team_seats(row, seat.side))


def game_claimable(row: Game, now=None) -> bool:
    """Whether the opponents of the late deciding seat may claim the game now: once its
    deadline passed, or, when team-mates could take the seat over, once a second time per
    move passed after it (their time to step in); nothing waits forever."""
    if not row.deadline_passed(now):
        return False
    late = [row.seat_named(name) for name in row.deciding_seats]
    if not row.match.team or not any(seat is not None and team_mates_can_step_in(row, seat)
                                     for seat in late):
        return True
    grace = timedelta(hours=row.match.deadline_hours)
    return (now or timezone.now()) >= row.deadline + grace


def seat_overdue(row: Game, seat) -> bool:
    """The seat's time ran out: it is deciding (alone or with others acting at the same time,
    ruling G13) and its deadline passed, or it is vacant."""
    if row.is_over:
        return False
    return seat.is_vacant or (seat.name in row.deciding_seats and row.deadline_passed())


def _take_over(game_id, user, seat_name, version, holder: tuple) -> Game:
    """``holder`` (kind, member, level) takes over the overdue ``seat_name``, at the request of
    ``user``, a team-mate; the seat's member may take it back."""
    with transaction.atomic():
        row = _locked_game(game_id)
        if row.is_over:
            raise GameOver("The game is over.", game=row)
        if version is not None and str(version) != str(row.version):
            raise StaleVersion("The game has moved on since your page was drawn: nothing was "
                               "changed. Here is the game as it is now.", game=row)
        seat = row.seat_named(seat_name)
        if seat is None:
            raise ActionRefused(f"This game has no seat {seat_name!r}.", game=row)
        mine = [s for s in row.seat_of(user) if s.holder == Seat.Holder.MEMBER]
        if not row.match.team or not any(s.side == seat.side and s.name != seat.name for s in mine):
            raise NotAPlayer("Only the team-mates of a seat can take it over.", game=row)
        if not seat_overdue(row, seat):
            raise ActionRefused("This seat's holder still has time: it can be taken over once "
                                "their deadline has passed.", game=row)
        away = seat.away if seat.away_id is not None else (
            seat.player if seat.holder == Seat.Holder.MEMBER else None)
        kind, player, level = holder
        Seat.objects.filter(pk=seat.pk).update(holder=kind, player=player, archie_level=level,
                                               away=away, resigns=False)
        _seating_changed(row, renew_deadline=seat.name in row.deciding_seats)
    return row


def claim_seat(game_id, user, seat_name, version=None) -> Game:
    """A team-mate takes over a seat whose time ran out: they decide for it from now on."""
    return _take_over(game_id, user, seat_name, version, (Seat.Holder.MEMBER, user, ""))


def seat_to_archie(game_id, user, seat_name, level: str = "veteran", version=None) -> Game:
    """A team-mate hands a seat whose time ran out to Archie, who plays it with that seat's
    own view from now on."""
    if level not in LEVELS:
        raise ActionRefused(f"Choose Archie's level: {', '.join(LEVELS)}.")
    return _take_over(game_id, user, seat_name, version, (Seat.Holder.ARCHIE, archie_user(), level))


def take_seat_back(game_id, user, seat_name) -> Game:
    """The member whose seat was taken over takes it back."""
    with transaction.atomic():
        row = _locked_game(game_id)
        if row.is_over:
            raise GameOver("The game is over.", game=row)
        seat = row.seat_named(seat_name)
        if seat is None or seat.away_id is None or seat.away_id != getattr(user, "pk", None):
            raise NotAPlayer("Only the member whose seat was taken over can take it back.", game=row)
        Seat.objects.filter(pk=seat.pk).update(holder=Seat.Holder.MEMBER, player=user,
                                               archie_level="", away=None, resigns=False)
        _seating_changed(row, renew_deadline=seat.name in row.deciding_seats)
    return row


def _seating_changed(row: Game, *, renew_deadline: bool) -> None:
    """After a change of holders: pages redraw (``seating``), the deciding seat's new holder
    gets a whole time per move, and Archie or the turn e-mail is asked for."""
    row.seating += 1
    fields = ["seating", "updated"]
    if renew_deadline and row.deciding:
        row.deadline = timezone.now() + timedelta(hours=row.match.deadline_hours)
        fields.append("deadline")
    row.save(update_fields=fields)
    row.keep_seats(_GAME_SEATS.all(row.pk))
    if archie_to_decide(row):
        outbox.queue("games.archie_move", row.pk, row.version)
    elif renew_deadline and row.deciding:
        outbox.queue("games.notify_turn", row.pk, row.version)


def _team_agrees_to_resign(row: Game, user, side: str) -> bool:
    """Record ``user``'s consent that their team resigns; whether every member holding a
    seat of the team has now agreed (Archie's seats do not vote)."""
    Seat.objects.filter(game=row, player=user, side=side, holder=Seat.Holder.MEMBER).update(resigns=True)
    row.keep_seats(_GAME_SEATS.all(row.pk))
    voters = [s for s in _team_seats(row, side) if s.holder == Seat.Holder.MEMBER]
    if all(s.resigns for s in voters):
        return True
    row.seating += 1
    row.save(update_fields=["seating", "updated"])
    return False


def withdraw_resignation(game_id, user) -> Game:
    """A member takes back their consent that their team resigns."""
    with transaction.atomic():
        row = _locked_game(game_id)
        if row.is_over:
            raise GameOver("The game is over.", game=row)
        if not Seat.objects.filter(game=row, player=user, resigns=True).update(resigns=False):
            raise ActionRefused("You have not agreed to resign this game.", game=row)
        row.seating += 1
        row.save(update_fields=["seating", "updated"])
        row.keep_seats(_GAME_SEATS.all(row.pk))
    return row


# -- the team chat of a game (docs/decisions.md, "Team chat") ----------------------------------
def team_of(row: Game, user) -> str | None:
    """The side whose team chat ``user`` reads in ``row``: the side of the seats they hold,
    or of the seat a team-mate or Archie took over from them."""
    if not getattr(user, "is_authenticated", False) or not row.match.team:
        return None
    for seat in row.seat_rows():
        if (seat.player_id == user.pk and seat.holder == Seat.Holder.MEMBER) or seat.away_id == user.pk:
            return seat.side
    return None


def team_chat_readable(row: Game, user) -> list[str]:
    """The sides whose team chat ``user`` may read: their own team's while the game is
    played, both teams' (with the replay) once it is over."""
    if not row.match.team:
        return []
    if row.is_over:
        return sorted({s.side for s in row.seat_rows()})
    side = team_of(row, user)
    return [side] if side else []


def post_team_chat(game_id, user, text) -> TeamChatMessage:
    """A member of a team says something that only their team reads until the game ends."""
    text = "\n".join(line.rstrip() for line in str(text or "").strip().splitlines())
    with transaction.atomic():
        row = _locked_game(game_id)
        side = team_of(row, user)
        if side is None:
            raise NotAPlayer("Only the members of a team write in its chat.", game=row)
        if row.is_over:
            raise GameOver("The game is over: its team chats are read with the replay.", game=row)
        if not text.strip():
            raise ActionRefused("Write something first.", game=row)
        if len(text) > CHAT_MAX_LENGTH:
            raise ActionRefused(f"A message can hold at most {CHAT_MAX_LENGTH} characters "
                                f"(this one has {len(text)}).", game=row)
        since = timezone.now() - timedelta(seconds=CHAT_WINDOW)
        if row.team_chat.filter(author=user, created__gte=since).count() >= CHAT_BURST:
            raise ActionRefused("You are writing faster than the chat allows: wait a few seconds.",
                                game=row)
        return TeamChatMessage.objects.create(game=row, side=side, author=user, text=text.strip())


# -- taking a step back ------------------------------------------------------------------------
def undone_indices(entries) -> set:
    """The log indices taken back by undo entries (``entries``: rows or tuples with
    ``action`` and ``events``)."""
    return {e["index"] for entry in entries if entry.action.get("type") == UNDO
            for e in entry.events if e.get("type") == "undone"}


def undoable_entry(entries, side: str | None, deciding: str, ruleset: str = DEFAULT_RULESET,
                   seat: str | None = None):
    """The step ``side`` may take back now, or None.

    ``entries`` is the game's log in order (objects with ``index``, ``side``, ``seat``,
    ``action`` and ``events``).  The last step still standing may be taken back when it is the
    deciding player's own, of a kind the ruleset says reveals nothing (``undoable_actions``)
    and caused only events it calls quiet (``quiet_events``): no die rolled, no card drawn or
    shown, nobody else asked to decide.  Given the deciding ``seat`` (a team game's), a step
    recorded as another seat's is not: it passed the decision on (rulings E13, D10).
    """
    rules = get_ruleset(ruleset)
    if not side or side != deciding:
        return None
    entries = list(entries)
    undone = undone_indices(entries)
    for entry in reversed(entries):
        kind = entry.action.get("type")
        if kind == UNDO or entry.index in undone:
            continue
        if (entry.side == side and kind in rules.undoable_actions
                and all(e.get("type") in rules.quiet_events for e in entry.events)
                and not (seat and entry.seat and entry.seat != seat)):
            return entry
        return None
    return None


def _passed_on(row: Game, now: str, taken_by: str | None = None) -> str:
    """Why a step that handed the decision to another seat of the same side (a team game:
    an Epic card's carrier ending his movement while a team-mate's unit must melee) cannot
    be taken back: only the seat that took a step, while it still decides, takes it back
    (rulings E13, D10)."""
    def role(name: str | None) -> str:
        seat = row.seat_named(name)
        return (seat.role or seat.name) if seat is not None else "another seat"
    if taken_by is None:
        return (f"The decision is the {role(now)}'s now: only the seat deciding can take back a "
                "step, and only its own, so a step that passed the decision to another seat is "
                "final.")
    return (f"The last step was the {role(taken_by)}'s and passed the decision to you: you can "
            "take back only your own steps, and the seat that took it no longer decides.")


def _same_json(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def undo(game_id, user, version) -> Acted:
    """Take back the player's last step of this turn, if it revealed nothing.

    The game is rebuilt from its log without that step (the log keeps it, with an ``undo``
    entry after it saying it was taken back, and the version goes on counting up, so a page
    drawn before the undo is refused as stale).  Refused once a die was rolled, a card drawn
    or shown, or the decision passed to the opponent or to another seat since (a team game:
    only the seat that took the step, while it still decides, takes it back).
    """
    version = _version_number(version)
    with transaction.atomic():
        row, side = _locked_for_player(game_id, user, version, may="take back a step",
                                       not_done="nothing was taken back")
        entries = game_log.entries(row)
        mine = row.deciding_seats_of(user)
        holds_decision = bool(mine)
        entry = undoable_entry(entries, side if holds_decision else None, row.deciding_side,
                               row.ruleset)
        if entry is None:
            if not holds_decision and side == row.deciding_side \
                    and undoable_entry(entries, side, side, row.ruleset) is not None:
                raise IllegalStep(_passed_on(row, row.deciding), game=row)
            raise IllegalStep("Nothing can be taken back now: only your own moves, orders and steps "
                              "of this turn since the last dice were rolled or card was shown or drawn.",
                              game=row)
        if entry.seat and entry.seat not in mine:   # another seat's step (a team game)
            raise IllegalStep(_passed_on(row, row.deciding, taken_by=entry.seat), game=row)
        took = entry.seat or row.deciding
        events = [{"type": "undone", "side": side, "index": entry.index,
                   "action": entry.action.get("type")}]
        try:
            engine: GameState | None = None
            for _i, _e, state, _ev in rebuild_steps(row, entries=entries, skip={entry.index}):
                engine = state
            if engine is None:
                raise ValueError("the log holds no step to rebuild from")
            # the game rebuilt without the step, with the step again, must be the stored game
            again = EngineGame.from_dict(engine.to_dict(), scenario=_engine_scenario(row))
            consistent = (again.apply(entry.action) == entry.events
                          and _same_json(again.to_dict(), row.state))
        except (ValueError, IllegalAction):
            consistent = False
        if not consistent or engine is None:
            raise IllegalStep("This game's log no longer replays, so nothing can be taken back.",
                              game=row)
        if took not in engine.deciding_seats:     # the step was another seat's (a team game)
            raise IllegalStep(_passed_on(row, row.deciding, taken_by=engine.deciding), game=row)
        _record(row, engine, side, user, {"type": UNDO, "index": entry.index}, events, seat=took)
    return Acted(row, events)


#: The fields of a game row an action changes (the others, e.g. the deal, are not written again).
RECORDED_FIELDS = ("version", "state", "phase", "deciding", "also_deciding", "step_from", "turn",
                   "outcome", "winner_side", "finished_at", "deadline", "updated")


#: The two writes of every action, their SQL written once (battlecry_site/prepared.py).
_INSERT_ACTION = PreparedInsert(GameAction, ("game", "index", "side", "seat", "actor", "action", "events",
                                             "created"))
_UPDATE_GAME = PreparedUpdate(Game, RECORDED_FIELDS)


def _record(row: Game, engine: GameState, side: str, user, action: dict, events: list, *,
            queue_archie: bool = True, seat: str | None = None) -> None:
    """Append the action (taken by ``seat``, the deciding seat when not given), save the new
    state and version, and queue what follows (Archie's next decision only with
    ``queue_archie``: a task of Archie's goes on with it itself)."""
    now = timezone.now()
    previous_deciding = row.deciding
    before = set(row.deciding_seats)
    row.version += 1
    _INSERT_ACTION.run(GameAction(game=row, index=row.version, side=side,
                                  seat=seat or previous_deciding,
                                  actor=user if user is not None else None,
                                  action=action, events=events, created=now))
    row.state = engine.to_dict()
    phase_before, row.phase = row.phase, engine.phase
    row.set_deciding(engine.deciding_seats)
    # a seat came to decide (or the step changed): the seats deciding now begin here (G13)
    joined = not set(row.deciding_seats) <= before or row.phase != phase_before
    if joined:
        row.step_from = row.version
    row.turn = engine.turn
    if engine.outcome:
        outcome = dict(engine.outcome)
        outcome.update(kit_for(row.ruleset).outcome_extras(engine))
        row.outcome = outcome
        row.winner_side = outcome.get("winner") or ""
        row.finished_at = now
        row.deadline = None
        row.set_deciding(())
    elif not row.deciding:
        row.deadline = None
    elif not set(row.deciding_seats) <= before or row.deadline is None:
        # the seats acting at once share the time that opened with them (G13)
        row.deadline = now + timedelta(hours=row.match.deadline_hours)
    _UPDATE_GAME.run(row)
    if row.is_over:
        _game_finished(row)
        outbox.queue("games.pack_log", row.pk)      # its log becomes one compressed value
    _queue_follow_ups(row, before, queue_archie)


def _queue_follow_ups(row: Game, before, queue_archie: bool) -> None:
    """Archie's decision when a seat of his is to decide, the turn e-mail when a member's
    seat came to decide (``before``: the seats deciding before the change), the site's step."""
    if row.is_over:
        return
    if archie_to_decide(row) and queue_archie:
        outbox.queue("games.archie_move", row.pk, row.version)
    if any(seat not in before and not _is_archie(row, seat) for seat in row.deciding_seats):
        outbox.queue("games.notify_turn", row.pk, row.version)
    if site_step(row) is not None:
        outbox.queue("games.nightfall_check", row.pk, row.version)


# -- Archie, the computer opponent (docs/archie.md) -----------------------------------------------
def archie_user():
    """The member row that plays Archie's seat: inactive, so it can neither log in nor be
    challenged."""
    user, made = get_user_model().objects.get_or_create(
        username=ARCHIE_USERNAME, defaults={"is_active": False})
    if made:
        user.set_unusable_password()
        user.save(update_fields=["password"])
        profile = getattr(user, "profile", None)
        if profile is not None:
            profile.display_name = "Archie"
            profile.email_notifications = "none"
            profile.save()
    return user


def archie_side(row: Game) -> str | None:
    """The side Archie plays in this game (it holds that side's seats), or None for a game
    between members."""
    if not row.match.solo:
        return None             # no seat to read: only a solo match seats Archie
    return next((seat.side for seat in row.seat_rows() if seat.is_archie), None)


def _is_archie(row: Game, name: str) -> bool:
    seat = row.seat_named(name)
    return seat is not None and seat.is_archie


def archie_seat(row: Game) -> str | None:
    """The first seat of Archie's among those deciding now, or None."""
    if not row.deciding or row.is_over or not (row.match.solo or row.match.team):
        return None
    return next((name for name in row.deciding_seats if _is_archie(row, name)), None)


def archie_to_decide(row: Game) -> bool:
    """Whether a deciding seat is Archie's (the deciding one, or one of the seats acting at
    the same time)."""
    return archie_seat(row) is not None


def archie_stuck(row: Game, now=None) -> bool:
    """Archie's decision has waited over a minute: no worker seems to be answering."""
    return archie_to_decide(row) and (now or timezone.now()) - row.updated > ARCHIE_STUCK_AFTER


def start_solo(user, scenario: Scenario, level: str, *, options: dict | None = None,
               ruleset: str = DEFAULT_RULESET, guided: bool = False) -> Match:
    """A solo match against Archie, starting at once.

    The person is the scenario's first player in game 1 and the second player in the
    re-match (AR ARCHIE), so their side follows from the scenario's first side.
    """
    if not user.is_authenticated:
        raise ActionRefused("Log in to play against Archie.")
    if level not in LEVELS:
        raise ActionRefused(f"Choose Archie's level: {', '.join(LEVELS)}.")
    _check_terms(scenario, 72, "random", ruleset, options)
    first = kit_for(ruleset).first_side(ruleset, scenario.engine_scenario(), dict(options or {}))
    with transaction.atomic():
        match = Match.objects.create(
            scenario=scenario, challenger=user, opponent=archie_user(), challenger_side=first,
            options=dict(options or {}), ruleset=ruleset, archie_level=level,
            guided=guided, status=Match.Status.ACTIVE)
        _start(match)
    return match


#: Archie's level for a guided first game: the easiest.
GUIDED_LEVEL = "recruit"


def first_game_scenario() -> Scenario | None:
    """The battle of a guided first game: a shipped scenario without special rules, the one
    with the fewest units (then the earliest by slug); any scenario if none qualifies."""
    rows = list(Scenario.objects.only("slug", "data", "club_made"))
    if not rows:
        return None

    def size(sc: Scenario) -> tuple:
        plain = not sc.club_made and not (sc.data or {}).get("special_rules")
        return (not plain, len((sc.data or {}).get("units", [])), sc.slug)

    return min(rows, key=size)


def start_guided(user) -> Match:
    """A newcomer's first game: solo against Archie at its easiest level, on a small battle,
    under the default rules, with a hint on the game page for each step."""
    scenario = first_game_scenario()
    if scenario is None:
        raise ActionRefused("No battle is loaded on the site yet: ask the club's administrator.")
    return start_solo(user, scenario, GUIDED_LEVEL, guided=True)


def set_hints(match_id, user, on: bool) -> Match:
    """The player of a guided game switches its hints on or off."""
    with transaction.atomic():
        match = _locked_match(match_id)
        if match.challenger_id != getattr(user, "pk", None):
            raise NotAPlayer("Only the player of this game can switch its hints.")
        if not match.guided:
            raise ActionRefused("This game has no hints.")
        match.hints_off = not on
        match.save(update_fields=["hints_off", "updated"])
    return match


def archie_budget():
    """The level's own budget, or ``ARCHIE_ITERATIONS`` search iterations when set."""
    iterations = getattr(settings, "ARCHIE_ITERATIONS", None)
    return Budget(iterations=iterations) if iterations else None


#: Archie's decisions one task takes at most; a turn longer than this (none is) goes on in a
#: new task, queued with the last of them.
ARCHIE_TASK_DECISIONS = 200


def play_archie(game_id, version, *, most: int = ARCHIE_TASK_DECISIONS) -> list[Acted]:
    """Archie takes the decisions game ``game_id`` waits for from ``version`` on, one after
    another while the deciding seat is held by Archie (whichever seat, of whichever side) and
    the game goes on: its whole turn in one task.

    Each decision is searched on the row read without a lock, then applied in a transaction
    of its own under the row lock, only if the game is still at the version the search read
    with Archie to decide. The task may run again (a duplicate, a worker killed mid-turn and
    the message delivered again, the sweep): it then picks up at the game's current version
    when every step since ``version`` was Archie's, so a killed worker's turn goes on from its
    last applied decision, and a run that finds its decision taken by another stops. Returns
    what was applied (empty when there was nothing to do)."""
    row = Game.objects.select_related("match").filter(pk=game_id).first()
    if row is None or not archie_may_go_on(row, int(version)):
        return []
    played: list[Acted] = []
    at = row.version
    while len(played) < most:
        acted = _archie_decision(game_id, at, queue_next=len(played) + 1 == most)
        if acted is None:
            break
        played.append(acted)
        at = acted.game.version
    return played


def archie_may_go_on(row: Game, version: int) -> bool:
    """Whether a task of Archie's queued at ``version`` plays on from the game's current
    version: Archie is to decide, and every step since ``version`` is one of Archie's (the
    steps a run of that task, or an earlier one, applied)."""
    if version > row.version or not archie_to_decide(row):
        return False
    if version == row.version:
        return True
    return not row.actions.filter(index__gt=version).exclude(actor_id=archie_user().pk).exists()


def _archie_decision(game_id, version: int, *, queue_next: bool) -> Acted | None:
    """One decision of Archie's at ``version``, applied exactly once; None when the game is
    no longer there (another run took it, the person resigned, the turn passed)."""
    row = Game.objects.select_related("match").filter(pk=game_id).first()
    seat_name = archie_seat(row) if row is not None and row.version == version else None
    if row is None or seat_name is None:
        return None
    seat = row.seat_named(seat_name)
    side = seat.side
    level = seat.archie_level or row.match.archie_level or "veteran"
    engine = load_engine(row)
    began = time.perf_counter()
    action = choose(engine, seat_name, level, secrets.randbits(63), archie_budget())   # its seat
    # the think time of each decision, for the operator (and bench/archie_turn.py)
    log.info("Archie decided game %s at version %s in %.3f s (%s)", game_id, version,
             time.perf_counter() - began, level)
    with transaction.atomic():
        row = _locked_game(game_id)
        if row.is_over or seat_name not in row.deciding_seats or not _is_archie(row, seat_name):
            return None
        moved_on = row.version != version
        if moved_on and not _still_current(row, version, seat_name):
            return None
        engine = load_engine(row)
        if moved_on and not any(_matches(a, action) for a in engine.legal_actions(seat_name)):
            return None            # another seat acting at the same time took its place first
        try:
            events = engine.apply(action)
        except IllegalAction:
            log.exception("Archie chose an illegal action in game %s: %r", game_id, action)
            raise
        _record(row, engine, side, row.seat_named(seat_name).player, action, events,
                queue_archie=queue_next, seat=seat_name)
    return Acted(row, events)


def games_waiting_on_archie(older_than: timedelta = ARCHIE_STUCK_AFTER):
    """(id, version) of unfinished games whose Archie decision waited longer than that."""
    cutoff = timezone.now() - older_than
    rows = (Game.objects.filter(finished_at__isnull=True, updated__lt=cutoff)
            .filter(Q(match__archie_level__gt="") | Q(match__team=True))
            .filter(Q(seats__name=F("deciding"))
                    | Q(also_deciding__contains=Concat(Value(" "), F("seats__name"), Value(" "))),
                    seats__holder=Seat.Holder.ARCHIE).distinct())
    return list(rows.values_list("pk", "version"))


# -- the end of a game and of the match --------------------------------------------------------
def _game_finished(row: Game) -> None:
    match = Match.objects.select_for_update().get(pk=row.match_id)
    if row.number == 1 and not match.single_game:
        if not match.games.filter(number=2).exists():
            _new_game(match, 2, _swapped_holders(row))
        return
    _finish_match(match)


def team_totals(match: Match) -> dict:
    """A team match: flags and figures eliminated per team (named by the side it played in
    game 1) over the match's finished games; the teams swap sides in the re-match."""
    first = {spec: 0 for spec in SIDES}
    flags, figures = dict(first), dict(first)
    for g in match.games.all():
        if not g.outcome:
            continue
        for s in SIDES:
            team = s if g.number == 1 else other(s)
            flags[team] += int(g.outcome.get("flags", {}).get(s, 0))
            figures[team] += int(g.outcome.get("casualties", {}).get(s, 0))
    return {"flags": flags, "figures": figures}


def match_totals(match: Match) -> dict:
    """Flags and figures eliminated per player over the match's finished games."""
    flags = {match.challenger_id: 0, match.opponent_id: 0}
    figures = {match.challenger_id: 0, match.opponent_id: 0}
    for g in match.games.prefetch_related("seats"):
        if not g.outcome:
            continue
        for s in SIDES:
            pid = g.player_id_of(s)
            if pid not in flags:
                continue        # a vacant seat: its member left the club
            flags[pid] += int(g.outcome.get("flags", {}).get(s, 0))
            figures[pid] += int(g.outcome.get("casualties", {}).get(s, 0))
    return {"flags": flags, "figures": figures}


def _finish_match(match: Match) -> None:
    if match.team:
        totals = team_totals(match)
        a, b = match.challenger_side, other(match.challenger_side)
    else:
        totals = match_totals(match)
        a, b = match.challenger_id, match.opponent_id
    fa, fb = totals["flags"][a], totals["flags"][b]
    ka, kb = totals["figures"][a], totals["figures"][b]
    rolls = []
    if fa != fb:
        winner, decided = (a if fa > fb else b), Match.Decided.FLAGS
    elif ka != kb:
        winner, decided = (a if ka > kb else b), Match.Decided.FIGURES
    else:
        while True:
            ra, rb = secrets.randbelow(6) + 1, secrets.randbelow(6) + 1
            rolls.append([ra, rb])
            if ra != rb:
                break
        winner, decided = (a if ra > rb else b), Match.Decided.DIE
    match.challenger_flags, match.opponent_flags = fa, fb
    match.challenger_figures, match.opponent_figures = ka, kb
    match.tie_rolls = rolls
    match.decided_by = decided
    if match.team:
        match.winning_team = winner
    else:
        match.winner_id = winner
    match.status = Match.Status.FINISHED
    match.finished = timezone.now()
    match.save()
    outbox.queue("games.notify_match_result", match.pk)
    events.match_finished.send(sender=Match, match=match)


# -- the chat of a match --------------------------------------------------------------------------
def holds_a_seat(match: Match, user) -> bool:
    """Whether ``user`` holds a seat in a game of ``match`` (Archie and vacant seats aside)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return Seat.objects.filter(game__match=match, player=user, holder=Seat.Holder.MEMBER).exists()


CHAT_BURST = 5            # messages a player may send ...
CHAT_WINDOW = 30          # ... within this many seconds


def post_chat(match_id, user, text) -> ChatMessage:
    """A player of the match says something to the other (plain text, at most
    ``MAX_LENGTH`` characters, at most ``CHAT_BURST`` messages in ``CHAT_WINDOW`` seconds)."""
    text = "\n".join(line.rstrip() for line in str(text or "").strip().splitlines())
    with transaction.atomic():
        match = _locked_match(match_id)
        if not holds_a_seat(match, user):
            raise NotAPlayer("Only the players of this match can write in its chat.")
        if not text.strip():
            raise ActionRefused("Write something first.")
        if len(text) > CHAT_MAX_LENGTH:
            raise ActionRefused(f"A message can hold at most {CHAT_MAX_LENGTH} characters "
                                f"(this one has {len(text)}).")
        since = timezone.now() - timedelta(seconds=CHAT_WINDOW)
        if match.chat.filter(author=user, created__gte=since).count() >= CHAT_BURST:
            raise ActionRefused("You are writing faster than the chat allows: wait a few seconds.")
        return ChatMessage.objects.create(match=match, author=user, text=text.strip())


def share_chat(match_id, user, allow: bool) -> bool:
    """A player of the match gives (``allow``) or takes back their consent that spectators
    read the match's chat; returns whether spectators may read it now (both agreed)."""
    with transaction.atomic():
        match = _locked_match(match_id)
        if not match.is_player(user):
            raise NotAPlayer("Only the two players of this match decide who reads its chat.")
        if allow:
            ChatShare.objects.get_or_create(match=match, player=user)
        else:
            ChatShare.objects.filter(match=match, player=user).delete()
        return chat_is_public(match)


# -- rebuilding a game from its log ------------------------------------------------------------
def rebuild_steps(row: Game, *, entries=None, skip=(), start=None, until=None, undone=None,
                  scenario=None):
    """Yield ``(index, action_row or None, engine_game, events)`` for every state of a game,
    from the deal (index 0) to the last action, replaying the log with its recorded dice
    and draws.  The engine game yielded is the same object, changed step by step.

    Steps taken back (and those in ``skip``) are passed over: an ``undo`` entry yields the
    game as it was before the step it took back.  ``start=(index, state dict)`` starts from a
    state saved after step ``index`` instead of the deal; ``until`` stops after that step;
    ``undone`` gives the steps taken back when ``entries`` is not the whole log; ``scenario``
    the game's engine scenario when the caller has it (else it is read from the row)."""
    if entries is None:
        entries = game_log.entries(row)
    scenario = scenario or _engine_scenario(row)
    if start is None:
        first = 0
        engine = EngineGame.new(scenario, ruleset=row.ruleset,
                                options=dict(row.state.get("options") or {}), seed=row.seed)
        kit_for(row.ruleset).replay_from_deal(engine, row.state)
    else:
        first, state = start
        engine = EngineGame.from_dict(state, scenario=scenario)
    yield first, next((e for e in entries if e.index == first), None), engine, []
    skipped = (undone_indices(entries) if undone is None else set(undone)) | set(skip)
    for entry in entries:
        if until is not None and entry.index > until:
            return
        if entry.index <= first or entry.index in skipped:
            continue
        if entry.action.get("type") == UNDO:
            yield entry.index, entry, engine, entry.events
            continue
        if entry.action.get("type") in (CLAIM, RESIGN):
            result = entry.events[0]
            events = engine.award(result["winner"], result["reason"], flags=result["flags"])
            yield entry.index, entry, engine, events
            continue
        rolls, draws = chance_of(entry.events)
        events = engine.apply(entry.action, rolls=rolls, draws=draws)
        if events != entry.events:
            raise ValueError(f"the log of game {row.pk} does not replay at action {entry.index}")
        yield entry.index, entry, engine, events
