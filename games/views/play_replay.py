"""The replay page of a finished game (templates/games/replay.html): one step at a time, as
the public sees it (``Game.view(None)``), for every viewer alike.

A step is rebuilt from the kept segment of states around it (games/replay_states.py), never
from the deal: one cache read and at most ``replay_states.SEGMENT`` actions.  The drawn
fragment itself is not kept: drawing it costs less than writing it to the file cache.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from games import game_log, replay_states, services
from games.engine import view_event
from games.boards import draw_board
from games.kits import kit_for
from games.models import Game
from games.models.seat import seats_prefetch
from games.engine import SIDE_NAMES, SIDES

from games.presentation.kits import presenter_for
from games.presentation.log import archie_in

from .play_dice import dice_tray
from .play_last_turn import summary
from .play_log import log_lines
from .team_chat import team_chat_for_page

TEMPLATE = "games/replay.html"


#: The game's fields a step needs (its state and names come with the kept segments).
FIELDS = ("id", "number", "version", "finished_at", "created", "ruleset", "seed", "secret_seed",
          "seed_hash")


def _row(game_id) -> Game:
    return get_object_or_404(Game.objects.only(*FIELDS), pk=game_id)


def seat_decided(row: Game, step: int, engine, entry) -> str:
    """In a game with several seats a side, who took step ``step``: the seat that acted (as
    logged; for older logs, the seat deciding before it) and the member (or Archie) who
    acted for it; "" otherwise."""
    seats = list(engine.seats)
    if step < 1 or entry is None or len(seats) <= len({s.side for s in seats}):
        return ""
    logged = game_log.entries(row, step - 1, step)
    seat = (None if entry.action.get("type") in (services.CLAIM, services.RESIGN)
            else (logged[0].seat if logged and logged[0].seat
                  else replay_states.state_at(row, step - 1).engine.deciding))
    actor_id = logged[0].actor_id if logged else None
    actor = get_user_model().objects.select_related("profile").filter(pk=actor_id).first()
    who = ""
    if actor is not None:
        profile = getattr(actor, "profile", None)
        who = profile.name if profile else actor.get_username()
    return f"{seat} ({who})" if seat and who else seat or who


def step_context(row: Game, step: int) -> dict:
    at = replay_states.state_at(row, step)
    engine, entry = at.engine, at.entry
    decided_by = seat_decided(row, step, engine, entry)
    view = engine.view(None)
    kit = presenter_for(row.ruleset)
    lines = log_lines(kit_for(row.ruleset).scenario_of(engine), at.entries, None, archie_in(view),
                      tracker=kit.tracker_at(at.since_view), kit=kit)
    last = row.version
    # The step's action drawn on the board as the game page draws the last turn: its moves,
    # retreats, attacks with their hits, units eliminated.
    done = (summary([view_event(e, None) for e in entry.events])
            if entry and step and kit.marks_last_turn else None)
    return {
        "game": row, "scenario_name": at.names["scenario"], "view": view, "step": step, "last": last,
        "board": draw_board(row.ruleset, kit.board(view), marks=done["marks"] if done else ()),
        "step_lines": [ln for ln in lines if ln["index"] == step] if step else [],
        "log_since": at.since, "log": list(reversed(lines)),
        "tray": dice_tray(lines, step) if kit.has_dice_tray else None, "kit": kit,
        "action": entry.action if entry else None,
        "actor": (SIDE_NAMES.get(entry.side, "The site") + (f", {decided_by}" if decided_by else "")
                  if entry else ""),
        "prev": step - 1 if step > 0 else None, "next": step + 1 if step < last else None,
        "stands": kit.stands(view, None, {s: at.names[s] for s in SIDES}),
    }


@require_GET
def game_replay(request, game_id):
    """Step through a finished game: the public view after each action, rebuilt by the engine
    from the log with the recorded dice (``?step=n``; it opens at 0, the deal).  Keyboard
    steps and autoplay come from static/js/replay.js."""
    row = _row(game_id)
    if not row.is_over:
        raise Http404("A game can be replayed once it is over.")
    try:
        step = max(0, min(row.version, int(request.GET.get("step", 0))))
    except ValueError:
        step = 0
    ctx = step_context(row, step)
    html = render_to_string(f"{TEMPLATE}#replay", ctx)
    if request.htmx:
        return HttpResponse(html)
    full = Game.objects.select_related("match").prefetch_related(seats_prefetch()).get(pk=row.pk)
    return render(request, TEMPLATE, {"game": row, "scenario_name": ctx["scenario_name"],
                                      "fragment": mark_safe(html), "full": full,
                                      **team_chat_for_page(full, request.user)})
