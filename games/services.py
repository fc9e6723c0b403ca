"""The only way a match or a game changes (DESIGN.md sections 1, 5 and 6).

Views, the API, Celery tasks and tests call these functions; nothing else writes to
``Match``, ``Game`` or ``GameAction``.  A refusal a player should read is an
:class:`ActionRefused` (with a ``code`` the callers can test); anything else is a bug.

Every game change is one transaction: the game row is locked (``select_for_update``),
the version the player acted on is checked, the engine applies the action, the action
and its events are appended to the log, the new state is saved with ``version + 1``,
and follow-up tasks are queued with ``delay_on_commit``.
"""
from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games import events
from games.engine import DEFAULT_RULESET, Game as EngineGame, IllegalAction, chance_of, load_scenario
from games.models import Game, GameAction, Match, Scenario
from games.models.match import SIDE_NAMES, SIDES, seed_hash

MIN_DEADLINE_HOURS = 1
MAX_DEADLINE_HOURS = 24 * 14
KNOWN_OPTIONS = ("nightfall",)
#: Actions only the site itself takes (never a player through ``act``).
SYSTEM_ACTIONS = ("end_by_nightfall",)
CLAIM = "claim_timeout"


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


# -- the engine state of a row -----------------------------------------------------------------
_SCENARIO_CACHE: "OrderedDict[tuple, object]" = OrderedDict()
_CACHE_SIZE = 256


def _engine_scenario(row: Game):
    """The validated engine scenario a game was created with (cached per game: it never
    changes, even if the club edits the scenario later)."""
    key = (row.pk, row.seed)
    sc = _SCENARIO_CACHE.get(key)
    if sc is None or sc.data != row.state["scenario"]:
        sc = load_scenario(row.state["scenario"])
        _SCENARIO_CACHE[key] = sc
        if len(_SCENARIO_CACHE) > _CACHE_SIZE:
            _SCENARIO_CACHE.popitem(last=False)
    else:
        _SCENARIO_CACHE.move_to_end(key)
    return sc


def load_engine(row: Game) -> EngineGame:
    """The engine game of a row (a fresh object: changing it changes nothing stored)."""
    return EngineGame.from_dict(row.state, scenario=_engine_scenario(row))


# -- matches: challenges and seeks -------------------------------------------------------------
def _clean_options(nightfall: bool = False) -> dict:
    return {"nightfall": True} if nightfall else {}


def _check_terms(scenario: Scenario, deadline_hours: int, side: str) -> None:
    if scenario is None:
        raise ActionRefused("Choose a scenario.")
    try:
        scenario.engine_scenario()
    except Exception:  # noqa: BLE001 - a broken file is refused, whatever is wrong with it
        raise ActionRefused(f"The scenario {scenario} cannot be played: its file is not valid.") from None
    if not (MIN_DEADLINE_HOURS <= int(deadline_hours) <= MAX_DEADLINE_HOURS):
        raise ActionRefused(f"The time per move must be between {MIN_DEADLINE_HOURS} hour and "
                            f"{MAX_DEADLINE_HOURS // 24} days.")
    if side not in ("random", *SIDES):
        raise ActionRefused("Choose Union, Confederate or random.")


def create_challenge(challenger, opponent, scenario: Scenario, *, nightfall: bool = False,
                     deadline_hours: int = 72, side: str = "random", message: str = "") -> Match:
    """Challenge a member to a match (game 1 and the re-match with sides swapped)."""
    if not challenger.is_authenticated:
        raise ActionRefused("Log in to challenge a member.")
    if opponent is None or not opponent.is_active:
        raise ActionRefused("Choose a member to challenge.")
    if opponent.pk == challenger.pk:
        raise ActionRefused("You cannot challenge yourself.")
    _check_terms(scenario, deadline_hours, side)
    with transaction.atomic():
        match = Match.objects.create(
            scenario=scenario, challenger=challenger, opponent=opponent, challenger_side=side,
            options=_clean_options(nightfall), deadline_hours=int(deadline_hours),
            status=Match.Status.CHALLENGE, message=message[:200])
        from games import tasks
        tasks.notify_challenge.delay_on_commit(match.pk)
    return match


def post_seek(user, scenario: Scenario, *, nightfall: bool = False, deadline_hours: int = 72,
              side: str = "random", message: str = "") -> Match:
    """Post an open seek any other member may join."""
    if not user.is_authenticated:
        raise ActionRefused("Log in to post a seek.")
    _check_terms(scenario, deadline_hours, side)
    return Match.objects.create(
        scenario=scenario, challenger=user, opponent=None, challenger_side=side,
        options=_clean_options(nightfall), deadline_hours=int(deadline_hours),
        status=Match.Status.SEEK, message=message[:200])


def start_arranged_match(home, away, scenario: Scenario, *, nightfall: bool = False,
                         deadline_hours: int = 72, message: str = "",
                         single_game: bool = False, setup: dict | None = None) -> Match:
    """Start a match two members did not ask for themselves (e.g. a pairing of a league):
    no challenge to accept, game 1 starts at once with ``home`` playing Union.

    ``single_game``: the match is that one game, with no re-match (a campaign battle).
    ``setup``: set-up options of the ruleset added to the game's options (a campaign's
    pre-battle dice, e.g. ``{"prebattle_dice_union": 4}``); the engine checks them."""
    if home is None or away is None or home.pk == away.pk:
        raise ActionRefused("A match needs two different players.")
    _check_terms(scenario, deadline_hours, "union")
    with transaction.atomic():
        match = Match.objects.create(
            scenario=scenario, challenger=home, opponent=away, challenger_side="union",
            options={**_clean_options(nightfall), **(setup or {})},
            deadline_hours=int(deadline_hours),
            status=Match.Status.CHALLENGE, message=message[:200], single_game=single_game)
        _start(match)
    return match


def _locked_match(match_id) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except (Match.DoesNotExist, ValueError, TypeError):
        raise ActionRefused("There is no such match.") from None


def accept(match_id, user) -> Match:
    """The challenged member accepts: game 1 starts."""
    with transaction.atomic():
        match = _locked_match(match_id)
        if match.status != Match.Status.CHALLENGE:
            raise ActionRefused("This challenge is no longer open.")
        if not user.is_authenticated or user.pk != match.opponent_id:
            raise NotAPlayer("Only the member challenged can accept this challenge.")
        _start(match)
    return match


def decline(match_id, user) -> Match:
    with transaction.atomic():
        match = _locked_match(match_id)
        if match.status != Match.Status.CHALLENGE:
            raise ActionRefused("This challenge is no longer open.")
        if not user.is_authenticated or user.pk != match.opponent_id:
            raise NotAPlayer("Only the member challenged can decline this challenge.")
        match.status = Match.Status.DECLINED
        match.finished = timezone.now()
        match.save()
    return match


def cancel(match_id, user) -> Match:
    """The challenger withdraws a challenge not yet answered, or an open seek."""
    with transaction.atomic():
        match = _locked_match(match_id)
        if not user.is_authenticated or user.pk != match.challenger_id:
            raise NotAPlayer("Only the member who made it can withdraw it.")
        if match.status not in (Match.Status.CHALLENGE, Match.Status.SEEK):
            raise ActionRefused("It can no longer be withdrawn.")
        match.status = Match.Status.CANCELLED
        match.finished = timezone.now()
        match.save()
    return match


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
    if side == "union":
        return _new_game(match, 1, match.challenger, match.opponent)
    return _new_game(match, 1, match.opponent, match.challenger)


def new_seed() -> int:
    """A game's secret seed (63 bits, from the operating system's randomness)."""
    return secrets.randbits(63)


def _new_game(match: Match, number: int, union_player, confederate_player) -> Game:
    seed = new_seed()
    engine = EngineGame.new(match.scenario.engine_scenario(), ruleset=DEFAULT_RULESET,
                            options=dict(match.options), seed=seed)
    now = timezone.now()
    row = Game.objects.create(
        match=match, number=number, union_player=union_player,
        confederate_player=confederate_player, seed=seed, seed_hash=seed_hash(seed),
        ruleset=engine.ruleset, state=engine.to_dict(), setup_events=engine.setup_events, version=0,
        phase=engine.phase, deciding=engine.active_side or "", turn=engine.turn,
        deadline=now + timedelta(hours=match.deadline_hours) if engine.active_side else None,
        created=now)
    _queue_follow_ups(row, previous_deciding=None, events=[])
    return row


# -- playing -----------------------------------------------------------------------------------
def _locked_game(game_id) -> Game:
    try:
        return (Game.objects.select_for_update(of=("self",)).select_related("match")
                .get(pk=game_id))
    except (Game.DoesNotExist, ValueError, TypeError):
        raise ActionRefused("There is no such game.") from None


def act(game_id, user, action, version) -> Acted:
    """Apply one action of ``user`` to game ``game_id``, made on ``version``.

    Refuses (``ActionRefused``, nothing changed) when the user does not play this game,
    the game is over, the version is stale (the game moved on since the page was drawn),
    it is not the user's decision, or the rules forbid the action.
    """
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalStep("That is not an action of the game.")
    try:
        version = int(version)
    except (TypeError, ValueError):
        raise StaleVersion("The page sent no game version; here is the game as it is now.") from None
    with transaction.atomic():
        row = _locked_game(game_id)
        side = row.side_of(user)
        if side is None:
            raise NotAPlayer("Only the two players of this game can act in it.", game=row)
        if row.is_over:
            raise GameOver("The game is over.", game=row)
        if version != row.version:
            raise StaleVersion(
                "The game has moved on since your page was drawn, so that was not applied. "
                "Here is the game as it is now.", game=row)
        if row.deciding != side:
            if not row.deciding:
                raise NotYourTurn("Nobody can act now: night has fallen and the site ends the game.",
                                  game=row)
            raise NotYourTurn(f"It is not your decision: the {SIDE_NAMES[row.deciding]} player "
                              "is to act.", game=row)
        if action["type"] in SYSTEM_ACTIONS or action["type"] == CLAIM:
            raise IllegalStep("The site takes that step itself.", game=row)
        engine = load_engine(row)
        try:
            events = engine.apply(action)
        except IllegalAction as e:
            raise IllegalStep(str(e), game=row) from None
        _record(row, engine, side, user, action, events)
    return Acted(row, events)


def end_by_nightfall(game_id, version) -> Acted | None:
    """End a game that night has fallen on: exactly once, and only at ``version``.

    Returns None (and does nothing) if the game moved on or is not waiting for Nightfall.
    """
    with transaction.atomic():
        try:
            row = _locked_game(game_id)
        except ActionRefused:
            return None
        if row.is_over or row.version != int(version) or row.phase != "nightfall":
            return None
        engine = load_engine(row)
        action = {"type": "end_by_nightfall"}
        events = engine.apply(action)
        _record(row, engine, "", None, action, events)
    return Acted(row, events)


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
        if not row.deciding or row.deciding == side:
            raise ActionRefused("You can only claim a game when your opponent's time has run out.",
                                game=row)
        if not row.deadline_passed():
            raise ActionRefused("Your opponent still has time for this move.", game=row)
        engine = load_engine(row)
        needed = max(engine.flags(side), engine.flags_needed(side))
        events = engine.award(side, "timeout", flags={side: needed})
        _record(row, engine, side, user, {"type": CLAIM}, events)
    return Acted(row, events)


def _record(row: Game, engine: EngineGame, side: str, user, action: dict, events: list) -> None:
    """Append the action, save the new state and version, and queue what follows."""
    now = timezone.now()
    previous_deciding = row.deciding
    row.version += 1
    GameAction.objects.create(game=row, index=row.version, side=side,
                              actor=user if user is not None else None,
                              action=action, events=events, created=now)
    row.state = engine.to_dict()
    row.phase = engine.phase
    row.deciding = engine.active_side or ""
    row.turn = engine.turn
    if engine.outcome:
        outcome = dict(engine.outcome)
        outcome["casualties"] = dict(engine.casualties)
        row.outcome = outcome
        row.winner_side = outcome.get("winner") or ""
        row.finished_at = now
        row.deadline = None
        row.deciding = ""
    elif not row.deciding:
        row.deadline = None
    elif row.deciding != previous_deciding or row.deadline is None:
        row.deadline = now + timedelta(hours=row.match.deadline_hours)
    row.save()
    if row.is_over:
        _game_finished(row)
    _queue_follow_ups(row, previous_deciding, events)


def _queue_follow_ups(row: Game, previous_deciding, events: list) -> None:
    from games import tasks
    if row.is_over:
        return
    if row.deciding and row.deciding != previous_deciding:
        tasks.notify_turn.delay_on_commit(row.pk, row.version)
    if row.match.nightfall and (row.phase == "nightfall"
                                or any(e.get("type") == "turn" for e in events)):
        tasks.nightfall_check.delay_on_commit(row.pk, row.version)


# -- the end of a game and of the match --------------------------------------------------------
def _game_finished(row: Game) -> None:
    match = Match.objects.select_for_update().get(pk=row.match_id)
    if row.number == 1 and not match.single_game:
        if not match.games.filter(number=2).exists():
            _new_game(match, 2, row.confederate_player, row.union_player)
        return
    _finish_match(match)


def match_totals(match: Match) -> dict:
    """Flags and figures eliminated per player over the match's finished games."""
    flags = {match.challenger_id: 0, match.opponent_id: 0}
    figures = {match.challenger_id: 0, match.opponent_id: 0}
    for g in match.games.all():
        if not g.outcome:
            continue
        for s in SIDES:
            pid = g.player_id_of(s)
            flags[pid] += int(g.outcome.get("flags", {}).get(s, 0))
            figures[pid] += int(g.outcome.get("casualties", {}).get(s, 0))
    return {"flags": flags, "figures": figures}


def _finish_match(match: Match) -> None:
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
    match.winner_id = winner
    match.status = Match.Status.FINISHED
    match.finished = timezone.now()
    match.save()
    from games import tasks
    tasks.notify_match_result.delay_on_commit(match.pk)
    events.match_finished.send(sender=Match, match=match)


# -- rebuilding a game from its log ------------------------------------------------------------
def rebuild_steps(row: Game):
    """Yield ``(index, action_row or None, engine_game, events)`` for every state of a game,
    from the deal (index 0) to the last action, replaying the log with its recorded dice
    and draws.  The engine game yielded is the same object, changed step by step."""
    engine = EngineGame.new(_engine_scenario(row), ruleset=row.ruleset,
                            options=dict(row.state.get("options") or {}), seed=row.seed)
    yield 0, None, engine, []
    for entry in row.actions.order_by("index"):
        if entry.action.get("type") == CLAIM:
            result = entry.events[0]
            events = engine.award(result["winner"], result["reason"], flags=result["flags"])
            yield entry.index, entry, engine, events
            continue
        rolls, draws = chance_of(entry.events)
        events = engine.apply(entry.action, rolls=rolls, draws=draws)
        if events != entry.events:
            raise ValueError(f"the log of game {row.pk} does not replay at action {entry.index}")
        yield entry.index, entry, engine, events
