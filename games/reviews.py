"""Archie's reviews of finished games, on the site: asked for once per game, made by the task
``games.review_game`` (games/ai/review.py does the reviewing), read by the replay page and the
API. A game still being played has no review and gets none: its turns' values would tell a
player what Archie makes of the position. docs/review.md."""
from __future__ import annotations

import random
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import outbox, services
from games.ai import Budget
from games.ai.review import TurnRecord, review
from games.engine import IllegalAction, chance_of, view_event
from games.engine.core import side_of_seat
from games.models import Game, GameReview
from games.presentation.kits import presenter_for

#: Archie's budget for each turn reviewed: the veteran's second a decision.
DEFAULT_SECONDS_PER_TURN = 1.0


class ReviewRefused(Exception):
    """Why a review cannot be asked for (a user's error, shown as it is)."""


def budget() -> Budget:
    """The budget of each turn: ``REVIEW_SECONDS_PER_TURN`` seconds, or
    ``REVIEW_ITERATIONS_PER_TURN`` search iterations when set (repeatable, for tests)."""
    iterations = getattr(settings, "REVIEW_ITERATIONS_PER_TURN", None)
    if iterations:
        return Budget(iterations=int(iterations))
    return Budget(seconds=seconds_per_turn())


def seconds_per_turn() -> float:
    return float(getattr(settings, "REVIEW_SECONDS_PER_TURN", None) or DEFAULT_SECONDS_PER_TURN)


def review_of(game: Game) -> GameReview | None:
    """The game's review, or None: never one for a game in progress."""
    if not game.is_over:
        return None
    return GameReview.objects.filter(game=game).first()


def request_review(game: Game, user) -> tuple[GameReview, bool]:
    """The finished game's review, asked for by ``user``: the stored one if there is one
    (``False``), else a new one queued (``True``). ReviewRefused for a game in progress."""
    if not game.is_over:
        raise ReviewRefused("Archie reviews a game once it is over.")
    existing = GameReview.objects.filter(game=game).first()
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            row = GameReview.objects.create(game=game, requested_by=user,
                                            seconds_per_turn=seconds_per_turn())
            outbox.queue("games.review_game", row.pk)
    except IntegrityError:                     # asked for twice at once: one review
        return GameReview.objects.get(game=game), False
    return row, True


def turn_records(row: Game) -> tuple[Any, list[TurnRecord]]:
    """The finished game's state at the deal and one record per turn, by replaying its log."""
    start = None
    side = ""
    not_choices = {services.UNDO, services.CLAIM, services.RESIGN, *services.system_actions()}
    turns: list[TurnRecord] = []
    current: TurnRecord | None = None
    for index, entry, engine, _events in services.rebuild_steps(row):
        if index == 0:
            start = engine.copy()
        elif current is not None and entry is not None and entry.side == side:
            if entry.action.get("type") not in not_choices:
                current.choices.append(entry.action)
        if current is not None and (engine.turn != current.number or engine.outcome):
            current.end = engine.copy()
            turns.append(current)
            current = None
        if current is None and not engine.outcome and engine.deciding:
            current = TurnRecord(engine.turn, engine.deciding, engine.copy(), [], None, index)
            side = side_of_seat(engine.seats, engine.deciding)
    return start, turns


def plan_words(ruleset: str, record: TurnRecord, plan: list[dict]) -> list[str]:
    """Archie's plan for a turn in the log's words, as the acting seat would have read them:
    played on a copy re-dealt for that seat. The first step that rolls dice is named by its
    button's words instead (the copy's dice are not the game's)."""
    kit = presenter_for(ruleset)
    seat = record.seat
    g = record.start.determinize(seat, 0)
    tracker = kit.tracker_at(g.view(None))
    words: list[str] = []
    for action in plan:
        label = _button_label(kit, g, seat, action)
        try:
            events = g.apply(action)
        except IllegalAction:
            break
        rolls, _draws = chance_of(events)
        if rolls:
            words.append(label)
            break
        said = [text for _e, text in kit.event_lines([view_event(e, seat) for e in events], seat,
                                                     tracker)]
        words.append(" ".join(said) or label)
    return words


def _button_label(kit, engine, seat: str, action: dict) -> str:
    """The words of the page's button for ``action`` (the kit's plain label if none)."""
    choices = kit.choices(engine, engine.view(seat), engine.legal_actions())
    buttons = [b for g in choices.groups for b in g["buttons"]]
    buttons += [b for bs in choices.hand_buttons.values() for b in bs]
    return next((b["label"] for b in buttons if b.get("data") == action), kit.action_label(action))


def run(review_id: int) -> GameReview | None:
    """Make a review that is queued, or was being made by a worker that was lost (the task
    comes back to the queue then: it starts again from the first turn). A finished or failed
    review is left alone, so a task run again after the end does nothing."""
    claimed = GameReview.objects.filter(
        pk=review_id, status__in=[GameReview.Status.QUEUED, GameReview.Status.RUNNING]).update(
        status=GameReview.Status.RUNNING, done=0)
    if not claimed:
        return None
    row = GameReview.objects.select_related("game").get(pk=review_id)
    game = row.game
    try:
        start, turns = turn_records(game)
        GameReview.objects.filter(pk=row.pk).update(total=len(turns))

        def progress(done: int, total: int) -> None:
            GameReview.objects.filter(pk=row.pk).update(done=done)

        players = {seat.name for seat in game.seat_rows() if seat.holder != seat.Holder.ARCHIE}
        result = review(start, turns, len(turns), budget(), random.Random(game.seed).getrandbits(63),
                        progress, judged=players)
        by_number = {t.number: t for t in turns}
        for turn in result["turns"]:
            if turn["turn"] in result["marked"]:
                turn["plan_words"] = plan_words(game.ruleset, by_number[turn["turn"]], turn["plan"])
    except Exception:
        # a log that does not replay, or a bug: the page says so instead of waiting forever
        GameReview.objects.filter(pk=row.pk).update(status=GameReview.Status.FAILED,
                                                    finished=timezone.now())
        raise
    GameReview.objects.filter(pk=row.pk).update(status=GameReview.Status.DONE, result=result,
                                                done=len(turns), total=len(turns),
                                                finished=timezone.now())
    row.refresh_from_db()
    return row
