"""The lobby: challenges, open seeks and "my matches"; and the page of one match."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Case, Count, IntegerField, Q, Value, When
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games import services
from games.chat_unread import unread_count, unread_expression
from games.context_processors import challenges_for, decision_of, seat_held_by
from games.invitation_privacy import may_see
from games.forms_play import (SEARCH_LIMIT, ChallengeForm, SeekForm, blank_lobby_forms, member_label,
                              scenario_rows, search_members)
from games.models import Game, Match, Scenario
from games.models.seat import seats_prefetch
from games.seat_status import side_players

from .campaign_place import campaign_place
from .play import see_other
from games.engine import DEFAULT_RULESET, OPTION_PLACES, SIDE_NAMES, other, rulesets
from games.option_fields import OptionFieldsForm
from games.presentation.kits import phase_words


def _name(user) -> str:
    if user is None:
        return ""
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()


def _game_row(game: Game, user) -> dict:
    side = game.side_of(user)
    late = ""
    if game.deadline_passed():
        if game.match.team and side == game.deciding_side:
            late = "time is up: you may take the late seat over or hand it to Archie"
        elif services.game_claimable(game):
            late = "time is up: you may claim the game"
    return {"game": game, "side": SIDE_NAMES.get(side, ""), "late": late,
            "opponent": side_players(game, other(side)) if side else "",
            "your_turn": game.is_turn_of(user),
            "waiting_for": ", ".join(_name(u) for u in game.deciding_players())
                           if game.deciding else "",
            "phase": phase_words(game.ruleset, game.phase)}


#: Seconds between two refreshes of the member's games on the lobby and home pages.
REFRESH_SECONDS = 20
#: Rows per page of the member's games being played, and of their finished matches.
GAMES_PER_PAGE = 25
FINISHED_PER_PAGE = 20
#: Challenges and seeks shown at most (the newest).
LIST_LIMIT = 50
#: What the lists never show: a game's engine state and deal, a scenario's map (the largest
#: values of these rows, left unread).
LIST_DEFERRED = ("state", "setup_events", "match__scenario__data")
MATCH_DEFERRED = ("scenario__data",)


def _page_number(value) -> int:
    try:
        return max(1, int(value))
    except (TypeError, ValueError):
        return 1


def my_games(user, page=1) -> dict:
    """The member's games being played, the ones waiting for their decision first (then by
    deadline), a page at a time: ``your_turn`` and ``waiting`` rows of that page (each with
    its match's unread chat messages, ``game.chat_unread``), the ``challenges_waiting`` for
    their answer, and ``your_turn_count``: the games waiting for their decision and those
    challenges, in all (for the lobby, the home page and their refreshed fragment).
    A constant number of queries whatever the member's history."""
    games = (Game.objects.filter(finished_at__isnull=True, match__status=Match.Status.ACTIVE)
             .filter(seat_held_by(user))
             .annotate(later=Case(When(decision_of(user), then=Value(0)), default=Value(1),
                                  output_field=IntegerField()),
                       chat_unread=unread_expression(user))
             .select_related("match__scenario").prefetch_related(seats_prefetch())
             .defer(*LIST_DEFERRED)
             .order_by("later", "deadline", "pk"))
    paged = Paginator(games, GAMES_PER_PAGE).get_page(page)
    rows = [_game_row(g, user) for g in paged.object_list]
    your_turn = [r for r in rows if r["your_turn"]]
    if not paged.has_other_pages() or (paged.number == 1 and len(your_turn) < len(rows)):
        your_turn_count = len(your_turn)          # every game waiting for them is on this page
    else:
        your_turn_count = Game.objects.filter(finished_at__isnull=True).filter(decision_of(user)).count()
    challenges = list(challenges_for(user).select_related("scenario", "challenger__profile")
                      .defer(*MATCH_DEFERRED).order_by("-created")[:LIST_LIMIT])
    challenge_count = len(challenges) if len(challenges) < LIST_LIMIT else challenges_for(user).count()
    return {"your_turn": your_turn, "waiting": [r for r in rows if not r["your_turn"]],
            "challenges_waiting": challenges,
            "your_turn_count": your_turn_count + challenge_count, "games_page": paged,
            "refresh_seconds": REFRESH_SECONDS}


def lobby(request):
    """My matches (whose turn it is), challenges, open seeks and the forms to make them.
    With HTMX and ``?fragment=games``: only the member's games (refreshed by the page).
    ``?games=n`` and ``?finished=n`` page through the member's games and finished matches."""
    user = request.user
    games_page = _page_number(request.GET.get("games"))
    if request.htmx and request.GET.get("fragment") == "games":
        if not user.is_authenticated:
            return HttpResponse(status=204)
        return render(request, "games/lobby.html#my-games", my_games(user, games_page))
    seeks, tables = seeks_and_tables(user)
    ctx = {"seeks": seeks, "tables": tables}
    if user.is_authenticated:
        ctx.update(my_games(user, games_page))
        finished = (Match.objects.filter(status=Match.Status.FINISHED)
                    .filter(Q(challenger=user) | Q(opponent=user) | Q(team=True, table_seats__player=user))
                    .distinct()
                    .select_related("scenario", "challenger__profile", "opponent__profile",
                                    "winner__profile").defer(*MATCH_DEFERRED).order_by("-finished", "-pk"))
        ctx.update({
            "received": Match.objects.filter(status=Match.Status.CHALLENGE, opponent=user)
            .select_related("scenario", "challenger__profile").defer(*MATCH_DEFERRED)
            .order_by("-created")[:LIST_LIMIT],
            "sent": Match.objects.filter(status=Match.Status.CHALLENGE, challenger=user)
            .select_related("scenario", "opponent__profile").defer(*MATCH_DEFERRED)
            .order_by("-created")[:LIST_LIMIT],
            "finished": Paginator(finished, FINISHED_PER_PAGE).get_page(
                _page_number(request.GET.get("finished"))),
        })
    forms = blank_lobby_forms(scenario_rows())          # the same HTML for every member
    ctx["solo_form"] = forms["solo_form"]
    if user.is_authenticated:
        ctx.update(challenge_form=forms["challenge_form"], seek_form=forms["seek_form"])
    return render(request, "games/lobby.html", ctx)


def seeks_and_tables(user) -> tuple[list, list[dict]]:
    """The open seeks and the open team tables, newest first, read in one query: for each
    table its seats, how many are free, and whether one is kept for or held by ``user``."""
    me = user.pk if getattr(user, "is_authenticated", False) else None
    rows = list(Match.objects.filter(status__in=(Match.Status.SEEK, Match.Status.TABLE))
                .defer(*MATCH_DEFERRED).select_related("scenario", "challenger__profile")
                .annotate(seat_count=Count("table_seats"),
                          free_count=Count("table_seats", filter=Q(table_seats__player__isnull=True)),
                          kept_for_you=Count("table_seats", filter=Q(table_seats__invited_id=me)),
                          held_by_you=Count("table_seats", filter=Q(table_seats__player_id=me)))
                .order_by("-created")[:2 * LIST_LIMIT])
    seeks = [m for m in rows if m.status == Match.Status.SEEK][:LIST_LIMIT]
    tables = [{"match": m, "seats": m.seat_count, "free": m.free_count,
               "kept_for_you": bool(me and m.kept_for_you), "yours": bool(me and m.held_by_you)}
              for m in rows if m.status == Match.Status.TABLE][:LIST_LIMIT]
    return seeks, tables


@login_required
def members(request):
    """Members to challenge, by a part of their username or name (``?q=``): with HTMX the
    ``<option>`` list the challenge form suggests as one types, else a page of results
    with a link to challenge each (the way without JavaScript)."""
    query = (request.GET.get("q") or request.GET.get("c-opponent") or "").strip()[:150]
    found = search_members(query, exclude=request.user, limit=SEARCH_LIMIT + 1)
    ctx = {"q": query, "more": len(found) > SEARCH_LIMIT,
           "members": [{"username": u.get_username(), "label": member_label(u)}
                       for u in found[:SEARCH_LIMIT]]}
    if request.htmx:
        return render(request, "games/members.html#options", ctx)
    return render(request, "games/members.html", ctx)


def _refused(request, refused, fallback: str):
    messages.error(request, refused.message)
    return see_other(fallback)


@login_required
def new_match(request):
    """Challenge a member or post a seek, for the scenario named by ``?scenario=slug``
    (the "Play this scenario" link of the scenario pages) and the member named by
    ``?opponent=username`` (the member search's "challenge" link)."""
    scenario = Scenario.objects.filter(slug=request.GET.get("scenario", "")).first()
    initial = {"scenario": scenario.pk} if scenario else {}
    opponent = (request.GET.get("opponent") or "").strip()[:150]
    return render(request, "games/lobby_new.html", {
        "scenario": scenario,
        "challenge_form": ChallengeForm(user=request.user, member=request.user, prefix="c",
                                        initial={**initial, "opponent": opponent}),
        "seek_form": SeekForm(prefix="s", initial=initial, member=request.user),
    })


@login_required
def challenge(request):
    form = ChallengeForm(request.POST or None, user=request.user, member=request.user, prefix="c")
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            match = services.create_challenge(
                request.user, d["opponent"], d["scenario"], options=form.chosen_options(),
                ruleset=d["ruleset"],
                deadline_hours=d["deadline_hours"], side=d["side"], message=d["message"],
                friendly=d["friendly"])
        except services.ActionRefused as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, f"Challenge sent to {_name(d['opponent'])}.")
            return see_other(match.get_absolute_url())
    return render(request, "games/lobby_form.html",
                  {"form": form, "title": "Challenge a member", "button": "Send the challenge",
                   "action": reverse("play:challenge")}, status=400 if form.errors else 200)


@login_required
def seek(request):
    form = SeekForm(request.POST or None, prefix="s", member=request.user)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            match = services.post_seek(request.user, d["scenario"], options=form.chosen_options(),
                                       ruleset=d["ruleset"],
                                       deadline_hours=d["deadline_hours"], side=d["side"],
                                       message=d["message"], friendly=d["friendly"])
        except services.ActionRefused as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, "Your seek is posted: any member may take it up.")
            return see_other(match.get_absolute_url())
    return render(request, "games/lobby_form.html",
                  {"form": form, "title": "Post an open seek", "button": "Post the seek",
                   "action": reverse("play:seek")}, status=400 if form.errors else 200)


def _match_step(request, match_id, step, done: str):
    if not request.user.is_authenticated:
        return see_other(f"{reverse('login')}?next={reverse('play:match', args=[match_id])}")
    try:
        match = step(match_id, request.user)
    except services.ActionRefused as refused:
        return _refused(request, refused, reverse("play:match", args=[match_id]))
    messages.success(request, done)
    game = match.current_game()
    if game is not None:
        return see_other(game.get_absolute_url())
    return see_other(match.get_absolute_url())


@require_POST
def accept(request, match_id):
    return _match_step(request, match_id, services.accept, "Challenge accepted: the match is on.")


@require_POST
def decline(request, match_id):
    return _match_step(request, match_id, services.decline, "Challenge declined.")


@require_POST
def cancel(request, match_id):
    return _match_step(request, match_id, services.cancel, "Withdrawn.")


@require_POST
def join(request, match_id):
    return _match_step(request, match_id, services.join_seek, "You joined the seek: the match is on.")


def match_page(request, match_id):
    match = get_object_or_404(Match.objects.select_related(
        "scenario", "challenger__profile", "opponent__profile", "winner__profile"), pk=match_id)
    if not may_see(match, request.user):
        raise Http404("No such match.")
    games = [_game_row(g, request.user) for g in match.games.prefetch_related(
        seats_prefetch()).order_by("number")]
    for row in games:
        g = row["game"]
        row["union"] = side_players(g, "union")
        row["confederate"] = side_players(g, "confederate")
        row["winner"] = side_players(g, g.winner_side) if g.winner_side else ""
        row["flags"] = (g.outcome or {}).get("flags")
    user = request.user
    ctx = {
        "match": match, "games": games,
        "challenger": _name(match.challenger), "opponent": _name(match.opponent),
        "is_challenger": user.is_authenticated and user.pk == match.challenger_id,
        "is_opponent": user.is_authenticated and user.pk == match.opponent_id,
        "winner": _name(match.winner),
        "campaign": campaign_place(match),
        "challenger_side": SIDE_NAMES.get(match.challenger_side, ""),
        "chat_unread": unread_count(match, user),
        "chat_game": match.current_game() if match.is_player(user) else None,
    }
    if match.team:
        ctx.update(team_result(match, user))
    return render(request, "games/match.html", ctx)


def team_result(match: Match, user) -> dict:
    """A team match's page: its two teams (named by their side in game 1), their members, and
    once it is over the winning team (each of its members wins)."""
    first = match.challenger_side
    archie_sides = {s.side for s in match.table_seats.all() if s.is_archie}
    teams = [{"side": side, "side_name": SIDE_NAMES.get(side, side),
              "members": [_name(u) for u in match.team_members(side)]
              + (["Archie"] if side in archie_sides else [])}
             for side in (first, other(first))]
    winners = {u.pk for u in match.winners()}
    return {"teams": teams, "team_won": match.winning_team,
            "team_won_name": SIDE_NAMES.get(match.winning_team, ""),
            "you_won": getattr(user, "pk", None) in winners,
            "team_flags": {first: match.challenger_flags, other(first): match.opponent_flags}}


def option_fields(request):
    """The options fieldset of a form for the ruleset chosen (``?place=&prefix=`` and the
    form's ruleset field): what the form's options are replaced with when its ruleset select
    changes. Without JavaScript the form is posted as it is and refuses an option the rules
    chosen do not have."""
    place = request.GET.get("place", "")
    if place not in OPTION_PLACES:
        return HttpResponse("Unknown place.", status=400, content_type="text/plain")
    prefix = (request.GET.get("prefix") or "")[:20]
    ruleset = request.GET.get(f"{prefix}-ruleset" if prefix else "ruleset") or DEFAULT_RULESET
    if ruleset not in rulesets():
        ruleset = DEFAULT_RULESET
    form = OptionFieldsForm(ruleset, place, prefix=prefix, member=request.user)
    return HttpResponse(form.option_fieldset())
