"""The game page: one view and one template (templates/games/game.html), whose named
partials HTMX swaps; every step of a turn is a click, and a plain form without JavaScript.

What a page shows comes only from ``Game.view(side)`` and ``view_event``; the players'
choices come from ``legal_actions``, ``reachable`` and ``attack_preview``.  No rule is
decided here: every action goes to ``games.services.act``, which checks it.
"""
from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache

from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from accounts.middleware import activate_member_time_zone, time_zone_on_demand
from battlecry_site import untrusted_json
from battlecry_site.prepared import PreparedGet
from games import services
from games.chat_unread import mark_read, unread_count
from games.boards import draw_board
from games.engine import SIDE_NAMES, SIDES, other as other_side
from games.kits import kit_for
from games.models import Game
from games.models.seat import seats_prefetch
from games.presentation.kit import Choices, sel_query
from games.presentation.hints import hint_for
from games.templatetags.time_left import time_left_words

from .campaign_place import campaign_place
from .resign_words import resign_words
from .chat import chat_for_page
from .team_chat import team_chat_for_page
from .team_seats import team_panel
from games.seat_status import side_players
from .turn_count import HEADER as TURN_COUNT_HEADER, with_turn_count
from .play_dice import dice_tray
from .play_history import history, know_newest, undo_candidate
from games.presentation.kits import presenter_for

TEMPLATE = "games/game.html"
POLL_SECONDS = 3
#: The poll while Archie decides: its steps follow each other within a second or so, and
#: the page shows each one as it is applied.
ARCHIE_POLL_SECONDS = 0.5

_REFUSAL_STATUS = {"not_a_player": 403, "stale_version": 409, "not_your_turn": 409,
                   "game_over": 409, "illegal": 400}


# -- small helpers --------------------------------------------------------------------------------
def _parse_hex(text) -> tuple[int, int] | None:
    try:
        col, row = (int(x) for x in str(text).split(","))
    except (TypeError, ValueError):
        return None
    return col, row


class BadVersion(Exception):
    """The form's ``version`` is not a game version (a number)."""


def _version(request):
    """The game version a form was drawn at: None if it sent none, else a number (raises
    BadVersion for anything else, e.g. ``abc`` or thousands of digits)."""
    text = request.POST.get("version")
    if text is None or text == "":
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise BadVersion
    return int(text)


BAD_VERSION = "The page sent a game version that is not a number; here is the game as it is now."


def _refused(request, game_id, message: str, status: int):
    """The game with the refusal's message: the #game fragment for htmx, else the page."""
    if request.htmx:
        return _render(request, _game(game_id), error=message, partial="game")
    return _render(request, _game(game_id), error=message, status=status)


def _game(game_id) -> Game:
    return get_object_or_404(
        Game.objects.select_related("match__scenario").prefetch_related(seats_prefetch()),
        pk=game_id)


def see_other(url: str) -> HttpResponse:
    """Redirect after a POST with 303, so a reload does not post again."""
    response = redirect(url)
    response.status_code = 303
    return response


def _name(user) -> str:
    if user is None:
        return "nobody"             # a vacant seat: its member left the club
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()


# -- the context of the page ------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def game_urls(game_id: int, match_id: int, ruleset: str) -> dict:
    """The addresses the game's page links and posts to, reversed once per game."""
    urls = {name: reverse(f"play:{name}", args=[game_id])
            for name in ("game", "act", "version", "claim", "undo", "resign", "replay")}
    urls["match"] = reverse("play:match", args=[match_id])
    urls["ruleset"] = reverse("ruleset", args=[ruleset])
    return urls


def game_context(request, row: Game, *, selected=None, want_general: bool = False,
                 error: str | None = None, engine=None) -> dict:
    """``engine``: the row's engine game when the caller has it at the row's version
    (the action just applied), so it is not loaded twice."""
    if engine is None:
        engine = services.load_engine(row)
    seat = row.viewing_seat(request.user)
    side = seat.side if seat is not None else None
    view = engine.view(seat.name if seat is not None else None)
    # the viewing seat's own choices, also while other seats act at the same time (G11)
    mine = seat is not None and seat.name in row.deciding_seats and not row.is_over
    legal = engine.legal_actions(seat.name) if mine else []
    kit = presenter_for(row.ruleset)
    choices = kit.choices(engine, view, legal, selected, want_general) if mine else Choices()
    urls = game_urls(row.pk, row.match_id, row.ruleset)
    act_url, page_url = urls["act"], urls["game"]

    def hex_attrs(col, row_):
        click = choices.clicks.get((col, row_))
        if click is None:
            if selected == (col, row_) and mine:
                return {"hx-get": page_url, "role": "button", "tabindex": "0",
                        "aria-label": f"Deselect ({col},{row_})"}
            return None
        # Enter and Space click it too (static/js/keys.js): no htmx filter, which would need eval.
        attrs = {"role": "button", "tabindex": "0"}
        if "action" in click:
            attrs["hx-post"] = act_url
            attrs["hx-vals"] = json.dumps({"action": json.dumps(click["action"], separators=(",", ":")),
                                           "version": row.version}, separators=(",", ":"))
        else:
            attrs["hx-get"] = f"{page_url}?{sel_query(click['select'], click.get('general', False))}"
            attrs["aria-label"] = f"Select the {'general' if click.get('general') else 'piece'} here"
        return attrs

    # the log is told to the viewing seat (a team's seat sees the private parts of its own,
    # such as the cards drawn into the hand it holds; a side's seat is named after the side)
    hist = history(row, kit_for(row.ruleset).scenario_of(engine), seat.name if seat is not None else None)
    last = hist.last_turn if kit.marks_last_turn else None
    board = draw_board(row.ruleset, kit.board(view), viewer=side, highlights=choices.highlights,
                       cell_attrs=hex_attrs, selected=selected if mine else None,
                       marks=last["marks"] if last else ())
    lines = hist.lines
    undo_entry = undo_candidate(row, side, seat.name) if mine and seat is not None else None
    other = None
    if side:
        other = other_side(side)
    hand = kit.hand(view, choices)
    deciding_user = row.deciding_player
    stands = kit.stands(view, side, {s: side_players(row, s) for s in SIDES})
    card_in_play = kit.card_in_play(view)
    outcome = row.outcome
    guide = guide_of(row, side, mine)
    can_claim = may_claim(row, side)
    seats_panel = team_panel(row, request.user, kit.phase_words(row.phase))
    if seats_panel:
        # how many units each seat commands, when the rules share them among seats (Epic, Doubles)
        command = Counter((view.get("team") or {}).get("command", {}).values())
        for r in seats_panel["rows"]:
            r["units"] = command.get(r["name"], 0)
    return {
        "game": row, "match": row.match, "view": view, "side": side, "other_side": other,
        "campaign": campaign_place(row.match),
        "act_url": act_url, "page_url": page_url, "urls": urls,
        "side_name": SIDE_NAMES.get(side, ""), "mine": mine, "choices": choices,
        "board": board, "hand": hand, "stands": stands, "card_in_play": card_in_play,
        "mode": view.get("mode"),
        "log": list(reversed(lines)), "log_total": hist.total,
        "log_html": mark_safe("".join(reversed(hist.html))),     # lines escaped once, when new
        "tray": dice_tray(hist.rolls, row.version) if kit.has_dice_tray else None, "error": error,
        "victory": kit.victory(engine, view), "kit": kit,
        # The other side's last turn is shown until the viewer's own turn is under way
        # (whoever decides in it then: the viewer, or the other side answering an attack).
        "last_turn": last,
        "show_last": not (side and view.get("active") == side and row.phase != "play_card"),
        "deciding_name": _name(deciding_user) if deciding_user else "",
        "deciding_side_name": SIDE_NAMES.get(row.deciding_side, ""),
        "phase_label": kit.phase_words(row.phase),
        "outcome": outcome, "winner_name": (side_players(row, outcome["winner"])
                                            if outcome and outcome.get("winner") else ""),
        "outcome_reason": kit.reason_words(outcome),
        "archie": services.archie_side(row),
        "archie_thinking": services.archie_to_decide(row) and not mine,
        "seat_name": seat.name if seat is not None else "",
        "others_acting": others_acting(row, seat.name if seat is not None else None),
        "archie_stuck": services.archie_stuck(row),
        "can_claim": can_claim, "poll": not row.is_over, "poll_ms": poll_ms(row),
        "selected": sel_query(selected, want_general) if selected and mine else "",
        "undo": undo_words(undo_entry, lines, kit) if undo_entry else "",
        "can_resign": bool(side) and not row.is_over,
        "resign_words": (resign_words(row, view, side, "the other team" if row.match.team
                                      else _name(row.player_of(other)), kit.has_flags)
                         if side and not row.is_over else ""),
        "now": timezone.now(), "guide": guide, "seats_panel": seats_panel,
        "team_resign": seats_panel["team"] if seats_panel else None,
        "next_game": (row.match.games.filter(number=2).first()
                      if row.is_over and row.number == 1 else None),
    }


def others_acting(row: Game, seat: str | None) -> str:
    """The other seats acting at the same time as the viewing seat, in words ("" when none):
    each seat's page says that its team-mates move meanwhile (ruling G11)."""
    others = [row.seat_named(name) for name in row.deciding_seats if name != seat]
    return ", ".join(f"{s.role or s.name} ({_holder_name(s)})" for s in others if s is not None)


def _holder_name(seat) -> str:
    if seat.is_archie:
        return "Archie"
    return _name(seat.player) if seat.player is not None else "nobody"


def poll_ms(row: Game) -> int:
    """How often the page asks for a new version, in milliseconds: often while Archie is
    deciding, at the usual pace otherwise (and once no worker seems to be answering)."""
    fast = services.archie_to_decide(row) and not services.archie_stuck(row)
    return int(1000 * (ARCHIE_POLL_SECONDS if fast else POLL_SECONDS))


def guide_of(row: Game, side, mine: bool) -> dict | None:
    """The hint line of a guided game for its player (None for anyone else, and in other
    games): the hint of the current step, or only the switch when the hints are off."""
    if not side or not row.match.guided:
        return None
    on = row.match.shows_hints
    return {"on": on, "text": hint_for(row.phase, mine=mine, over=row.is_over) if on else "",
            "url": reverse("play:hints", args=[row.match_id])}


def may_claim(row: Game, side) -> bool:
    """Whether ``side`` may claim the game now (the opponent's time for a move ran out)."""
    return (bool(side) and not row.is_over and bool(row.deciding) and row.deciding_side != side
            and services.game_claimable(row))


#: Seconds a drawn #game fragment is kept for the other viewers with the same viewpoint.
FRAGMENT_SECONDS = 120
#: Stands for the viewer's CSRF token in a kept fragment (each viewer gets their own).
CSRF_MARK = "\x00csrf-token\x00"


def fragment_key(row: Game, viewpoint) -> str:
    """What the #game fragment without a selection depends on: the game, its version, the
    viewpoint (the seat it is drawn from, or the public one of spectators), whether a claim
    is open, whether a guided game's hints are on, the time zone its dates are written in
    and the time left before its deadline, in words."""
    side = row.seat_named(viewpoint).side if viewpoint else None
    return (f"gamefrag:{row.cache_id}:{row.poll_token}:{viewpoint or 'public'}:{int(may_claim(row, side))}:"
            f"{int(row.match.shows_hints)}:{timezone.get_current_timezone_name()}:"
            f"{time_left_words(row.deadline).replace(' ', '-')}")


def shared_fragment(request, row: Game, engine=None, *, new: bool = False) -> HttpResponse:
    """The #game fragment of ``row`` as the viewer's seat sees it, drawn once per (game,
    version, viewpoint) and handed to every viewer with that viewpoint (the two players'
    fragments and the spectators' one are kept apart by the key).  ``new``: the version was
    made by this request, so nothing can be kept for it yet (not looked up)."""
    # the viewpoint is the seat the page is drawn from (two members of one side, each holding
    # their own seats, see different hands)
    seat = row.viewing_seat(request.user)
    key = fragment_key(row, seat.name if seat is not None else None)
    html = None if new else cache.get(key)
    if html is None:
        ctx = game_context(request, row, engine=engine)
        ctx["csrf_token"] = CSRF_MARK
        html = render_to_string(f"{TEMPLATE}#game", ctx, request=request)
        cache.set(key, html, FRAGMENT_SECONDS)
    return HttpResponse(html.replace(CSRF_MARK, get_token(request)))


def undo_words(entry, lines, kit=None) -> str:
    """What "take back" would take back, in the log's words (else the kit's words for the
    step)."""
    said = [ln["text"] for ln in lines if ln["index"] == entry.index]
    if said:
        return said[-1].rstrip(".")
    return (kit or presenter_for("")).step_words(entry.action)


def _render(request, row, *, selected=None, want_general=False, error=None, status=200,
            partial=None):
    ctx = game_context(request, row, selected=selected, want_general=want_general, error=error)
    name = TEMPLATE
    if not partial and not request.htmx:
        ctx["legend"] = ctx["kit"].legend(ctx["view"])
        ctx.update(chat_for_page(row.match, request.user))
        ctx.update(team_chat_for_page(row, request.user))
        if "chat_last" in ctx:          # the chat is shown: what was new is read from now on
            ctx["chat_unread"] = unread_count(row.match, request.user)
            mark_read(row.match, request.user, ctx["chat_last"])
    if partial:
        name = f"{TEMPLATE}#{partial}"
    elif request.htmx:
        name = f"{TEMPLATE}#game"
    return render(request, name, ctx, status=status)


# -- views -----------------------------------------------------------------------------------------
@require_GET
def game_page(request, game_id):
    """The game: the whole page, or with HTMX the #game fragment (``?fragment=board``: the
    board alone).  ``?sel=col,row`` selects one of the player's pieces."""
    row = _game(game_id)
    selected = _parse_hex(request.GET.get("sel"))
    partial = "board" if request.GET.get("fragment") == "board" else None
    return _render(request, row, selected=selected,
                   want_general=request.GET.get("piece") == "general", partial=partial)


def version_etag(game_id, version) -> str:
    """The poll's entity tag: the game and its version (a fragment's content follows from
    them and the viewer's side, and the response varies by cookie)."""
    return f'"g{game_id}v{version}"'


#: The poll's read: the game's version alone (compiled once per process).
_VERSION = PreparedGet(lambda: Game.objects.only("version", "seating"))
#: Every answer of the poll: never kept by a shared cache, and kept apart per member.
POLL_HEADERS = {"Cache-Control": "private, no-cache",
                "Vary": f"Cookie, HX-Request, {TURN_COUNT_HEADER}"}


@time_zone_on_demand
@require_GET
def game_version(request, game_id):
    """Polled every few seconds: 204 while the game is still at version ``v`` (or at the
    version of the ``If-None-Match`` tag: 304), else the fresh #game fragment (so the
    opponent's move appears without a reload).  "Nothing new" is answered from the version
    column alone: no session, no member, no engine, no template."""
    row = _VERSION.get(game_id)
    if row is None:
        raise Http404
    etag = version_etag(game_id, row.poll_token)
    if request.headers.get("If-None-Match") == etag:
        return HttpResponse(status=304, headers={"ETag": etag, **POLL_HEADERS})
    if request.GET.get("v") == row.poll_token:
        return HttpResponse(status=204, headers={"ETag": etag, **POLL_HEADERS})
    activate_member_time_zone(request)
    game = _game(game_id)
    response = with_turn_count(request, shared_fragment(request, game))
    for name, value in {"ETag": version_etag(game_id, game.poll_token), **POLL_HEADERS}.items():
        response.headers[name] = value
    return response


@require_POST
def game_act(request, game_id):
    """One action: ``action`` (JSON) and ``version`` (the version the page showed)."""
    if not request.user.is_authenticated:
        login = f"{reverse('login')}?next={reverse('play:game', args=[game_id])}"
        if request.htmx:
            return HttpResponse(status=204, headers={"HX-Redirect": login})
        return redirect(login)
    try:
        action = untrusted_json.loads(request.POST.get("action", ""))
    except untrusted_json.UnsafeJSON:
        action = None              # refused by services.act as not an action of the game
    try:
        acted = services.act(game_id, request.user, action, _version(request))
    except BadVersion:
        return _refused(request, game_id, BAD_VERSION, 400)
    except services.ActionRefused as refused:
        row = _game(game_id)
        status = _REFUSAL_STATUS.get(refused.code, 400)
        if request.htmx:
            return _render(request, row, error=refused.message, partial="game")
        return _render(request, row, error=refused.message, status=status)
    if request.htmx:
        # the row as the action left it (read with the match and the players, and locked)
        # and its newest log entry, this action: the opponent's next move, if any, reaches
        # this page by its poll
        know_newest(acted.game, acted.game.side_of(request.user), action, acted.events, acted.seat)
        return with_turn_count(request, shared_fragment(request, acted.game, engine=acted.engine,
                                                        new=True))
    return see_other(reverse("play:game", args=[game_id]))


def _game_step(request, game_id, service, done_message: str = ""):
    """POST views that call one service on the game (claim, take back, resign, the steps on a
    team's seats)."""
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={reverse('play:game', args=[game_id])}")
    try:
        done = service(game_id, request.user, _version(request))
        if getattr(done, "pending", False):
            done_message = PENDING_RESIGNATION
    except BadVersion:
        return _refused(request, game_id, BAD_VERSION, 400)
    except services.ActionRefused as refused:
        row = _game(game_id)
        if request.htmx:
            return _render(request, row, error=refused.message, partial="game")
        return _render(request, row, error=refused.message,
                       status=_REFUSAL_STATUS.get(refused.code, 400))
    if request.htmx:
        return with_turn_count(request, _render(request, _game(game_id), partial="game"))
    if done_message:
        messages.success(request, done_message)
    return see_other(reverse("play:game", args=[game_id]))


@require_POST
def game_claim(request, game_id):
    return _game_step(request, game_id, services.claim_timeout, "You have claimed the game.")


@require_POST
def game_undo(request, game_id):
    """Take back the player's last step of the turn, when it revealed nothing."""
    return _game_step(request, game_id, services.undo)


@require_POST
def game_resign(request, game_id):
    """Resign this game (the page asks to confirm first: ``confirm`` must be "yes")."""
    if request.POST.get("confirm") != "yes":
        row = _game(game_id)
        error = "Tick the box to confirm that you resign this game."
        if request.htmx:
            return _render(request, row, error=error, partial="game")
        return _render(request, row, error=error, status=400)
    return _game_step(request, game_id, services.resign, "You have resigned the game.")


PENDING_RESIGNATION = ("You agree that your team resigns: it does once every member of the team "
                       "agrees.")


@require_POST
def game_resign_withdraw(request, game_id):
    """Take back one's consent that one's team resigns."""
    return _game_step(request, game_id, lambda g, u, _v: services.withdraw_resignation(g, u),
                      "You no longer agree to resign.")


@require_POST
def seat_claim(request, game_id, seat):
    """Take over a late team-mate's seat."""
    return _game_step(request, game_id, lambda g, u, v: services.claim_seat(g, u, seat, v),
                      f"You hold the seat {seat} now.")


@require_POST
def seat_archie(request, game_id, seat):
    """Hand a late team-mate's seat to Archie (``level``)."""
    level = request.POST.get("level", "veteran")
    return _game_step(request, game_id, lambda g, u, v: services.seat_to_archie(g, u, seat, level, v),
                      f"Archie holds the seat {seat} now.")


@require_POST
def seat_back(request, game_id, seat):
    """Take back one's own seat from a team-mate or Archie."""
    return _game_step(request, game_id, lambda g, u, _v: services.take_seat_back(g, u, seat),
                      f"You hold your seat {seat} again.")


@require_POST
def match_hints(request, match_id):
    """Switch the hints of a guided game on (``hints=on``) or off; back to its game page."""
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={reverse('play:match', args=[match_id])}")
    try:
        match = services.set_hints(match_id, request.user, request.POST.get("hints") == "on")
    except services.NotAPlayer:
        raise PermissionDenied from None
    except services.ActionRefused as refused:
        raise Http404(refused.message) from None
    row = match.current_game()
    if request.htmx:
        return _render(request, _game(row.pk), partial="game")
    return see_other(reverse("play:game", args=[row.pk]))
