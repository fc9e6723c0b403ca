"""A team table: its terms form, its page (the seats, who holds each and its role), and the
steps members take at it before the game starts (take a seat, leave it, keep one for a
member, give one to Archie, withdraw the table).  Every step is a service of
``games.services``; the page is one template (templates/games/table.html) whose ``seats``
partial HTMX refreshes while the table fills."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games import services
from games.ai import LEVELS
from games.forms_play import TableForm, share_scenario_choices
from games.models import Match

from .play import see_other

TEMPLATE = "games/table.html"
REFRESH_SECONDS = 10


def _name(user) -> str:
    if user is None:
        return ""
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()


@login_required
def table_new(request):
    """Open a team table: the terms, then the table's page where the seats are taken."""
    form = TableForm(request.POST or None, member=request.user)
    if request.method != "POST":
        share_scenario_choices(form)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            match = services.open_table(request.user, d["scenario"], options=form.chosen_options(),
                                        ruleset=d["ruleset"], deadline_hours=d["deadline_hours"],
                                        message=d["message"], friendly=d["friendly"])
        except services.ActionRefused as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, "Your team table is open: take a seat, invite members to the others.")
            return see_other(reverse("play:table", args=[match.pk]))
    return render(request, "games/lobby_form.html",
                  {"form": form, "title": "Open a team table", "button": "Open the table",
                   "action": reverse("play:table_new")}, status=400 if form.errors else 200)


def table_context(match: Match, user) -> dict:
    seats = list(match.table_seats.select_related("player__profile", "invited__profile"))
    me = getattr(user, "pk", None)
    host = me is not None and me == match.challenger_id
    my_side = next((s.side for s in seats if s.player_id == me and me is not None), None)
    rows = []
    for s in seats:
        rows.append({
            "seat": s, "holder": "Archie" if s.is_archie else _name(s.player),
            "yours": s.player_id == me and me is not None and not s.is_archie,
            "invited": _name(s.invited), "invited_you": s.invited_id == me and me is not None,
            "may_take": (s.is_free and user.is_authenticated and s.invited_id in (None, me)
                         and my_side in (None, s.side)),
            "may_leave": s.player_id == me and me is not None or (host and s.is_archie),
            "host_may_fill": host and s.is_free,
        })
    game = match.current_game()
    return {"match": match, "rows": rows, "host": host, "levels": LEVELS,
            "open": match.status == Match.Status.TABLE, "game": game,
            "free": sum(1 for s in seats if s.is_free), "refresh_seconds": REFRESH_SECONDS,
            "host_name": _name(match.challenger)}


def table_page(request, match_id):
    """The table: its seats (the ``seats`` fragment with HTMX)."""
    match = get_object_or_404(Match.objects.select_related("scenario", "challenger__profile")
                              .defer("scenario__data"), pk=match_id, team=True)
    ctx = table_context(match, request.user)
    if request.htmx:
        return render(request, f"{TEMPLATE}#seats", ctx)
    return render(request, TEMPLATE, ctx)


def _table_step(request, match_id, step, done: str):
    if not request.user.is_authenticated:
        return see_other(f"{reverse('login')}?next={reverse('play:table', args=[match_id])}")
    try:
        match = step()
    except services.ActionRefused as refused:
        messages.error(request, refused.message)
        return see_other(reverse("play:table", args=[match_id]))
    game = match.current_game()
    if game is not None:
        messages.success(request, "Every seat is held: the game has started.")
        return see_other(game.get_absolute_url())
    messages.success(request, done)
    return see_other(reverse("play:table", args=[match_id]))


@require_POST
def table_take(request, match_id):
    seat = request.POST.get("seat", "")
    return _table_step(request, match_id, lambda: services.take_table_seat(match_id, request.user, seat),
                       f"You hold the seat {seat}.")


@require_POST
def table_leave(request, match_id):
    seat = request.POST.get("seat", "")
    return _table_step(request, match_id, lambda: services.leave_table_seat(match_id, request.user, seat),
                       f"The seat {seat} is free again.")


@require_POST
def table_invite(request, match_id):
    seat = request.POST.get("seat", "")
    name = (request.POST.get("member") or "").strip()[:150]
    member = get_user_model().objects.filter(is_active=True, username__iexact=name).first()

    def step():
        if member is None:
            raise services.ActionRefused(f"No member is called “{name}”.")
        return services.invite_to_table_seat(match_id, request.user, seat, member)

    return _table_step(request, match_id, step, f"The seat {seat} is kept for {name}.")


@require_POST
def table_archie(request, match_id):
    seat = request.POST.get("seat", "")
    level = request.POST.get("level", "veteran")
    return _table_step(request, match_id,
                       lambda: services.give_table_seat_to_archie(match_id, request.user, seat, level),
                       f"Archie holds the seat {seat}.")


@require_POST
def table_withdraw(request, match_id):
    if not request.user.is_authenticated:
        raise Http404
    try:
        services.withdraw_table(match_id, request.user)
    except services.ActionRefused as refused:
        messages.error(request, refused.message)
        return see_other(reverse("play:table", args=[match_id]))
    messages.success(request, "The team table is withdrawn.")
    return see_other(reverse("play:lobby"))
