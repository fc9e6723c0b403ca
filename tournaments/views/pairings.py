"""A pairing's page: the match, its result and its history; and the result forms."""
from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_POST

from tournaments import knockout, services
from tournaments.forms import DisputeForm, ForfeitForm, PoolChoiceForm, ResultForm
from tournaments.models import Competition, Pairing

from .common import name_of, refused, see_other


def _readable(request, pk) -> Pairing:
    p = (Pairing.objects.select_related("round__competition__club", "home__profile", "away__profile",
                                        "scenario", "match", "reported_by__profile").filter(pk=pk).first())
    if p is None:
        raise Http404("No such match.")
    comp = p.round.competition
    if not comp.club.can_read(request.user) or (not p.round.is_published
                                                and not comp.club.is_organiser(request.user)):
        raise Http404("No such match.")
    return p


def _initial(p: Pairing) -> dict:
    return {f: getattr(p, f) for f in ("game1_winner", "game1_flags_home", "game1_flags_away",
                                       "game2_winner", "game2_flags_home", "game2_flags_away",
                                       "figures_home", "figures_away")}


def pairing(request, pk, *, form=None, status=200):
    p = _readable(request, pk)
    comp = p.round.competition
    user = request.user
    side = p.side_of(user)
    organiser = comp.club.is_organiser(user)
    open_ = comp.status != Competition.Status.CLOSED and p.round.is_published and not p.is_bye
    can_report = (open_ and side and p.mode == Pairing.Mode.TABLE
                  and (p.result == Pairing.Result.NONE
                       or (p.result == Pairing.Result.REPORTED and p.reported_by_id == user.pk)))
    can_answer = open_ and side and p.result == Pairing.Result.REPORTED and p.reported_by_id != user.pk
    has_result = p.result != Pairing.Result.NONE
    ctx = {
        "p": p, "comp": comp, "side": side, "organiser": organiser and open_,
        "home": name_of(p.home), "away": name_of(p.away),
        "reporter": name_of(p.reported_by),
        "confirmer": name_of(p.away if p.reported_by_id == p.home_id else p.home) if p.reported_by_id else "",
        "can_report": can_report, "can_answer": can_answer,
        "report_form": form if form is not None and can_report else
        ResultForm(pairing=p, initial=_initial(p) if has_result else None) if can_report else None,
        "dispute_form": DisputeForm() if can_answer else None,
        "fix_form": (form if form is not None and not can_report else
                     ResultForm(pairing=p, initial=_initial(p) if has_result else None))
        if organiser and open_ else None,
        "forfeit_form": ForfeitForm() if organiser and open_ else None,
        "pool_form": PoolChoiceForm(competition=comp) if (
            open_ and side and comp.scenario_policy == Competition.ScenarioPolicy.POOL
            and p.scenario_id is None) else None,
        "can_play_on_site": (open_ and side and comp.mode == Competition.Mode.BOTH and not p.match_id
                             and p.result == Pairing.Result.NONE and p.scenario_id is not None),
        "changes": p.changes.select_related("actor__profile"),
        "through": name_of(knockout.winner(p)) if p.round.is_knockout else "",
        "games": list(p.match.games.order_by("number")) if p.match_id else [],
    }
    return render(request, "tournaments/pairing.html", ctx, status=status)


def _step(request, pk, step, done: str):
    p = _readable(request, pk)
    if not request.user.is_authenticated:
        return see_other(p.get_absolute_url())
    try:
        step(p)
    except services.Refused as e:
        return refused(request, e, p.get_absolute_url())
    messages.success(request, done)
    return see_other(p.get_absolute_url())


def _with_scores(request, pk, act, done: str):
    p = _readable(request, pk)
    form = ResultForm(request.POST, pairing=p)
    if not form.is_valid():
        return pairing(request, pk, form=form, status=400)
    try:
        act(p, form)
    except services.Refused as e:
        form.add_error(None, e.message)
        return pairing(request, pk, form=form, status=400)
    messages.success(request, done)
    return see_other(p.get_absolute_url())


@require_POST
def report(request, pk):
    return _with_scores(request, pk, lambda p, f: services.report_result(p, request.user, f.scores()),
                        "Result reported: your opponent is asked to confirm it.")


@require_POST
def fix(request, pk):
    return _with_scores(request, pk,
                        lambda p, f: services.set_result(p, request.user, f.scores(), f.cleaned_data["note"]),
                        "Result saved.")


@require_POST
def confirm(request, pk):
    return _step(request, pk, lambda p: services.confirm_result(p, request.user), "Result confirmed.")


@require_POST
def dispute(request, pk):
    return _step(request, pk, lambda p: services.dispute_result(p, request.user, request.POST.get("note", "")),
                 "Result disputed: the organisers are told.")


@require_POST
def forfeit(request, pk):
    return _step(request, pk, lambda p: services.declare_forfeit(
        p, request.user, request.POST.get("who", ""), request.POST.get("note", "")), "Forfeit recorded.")


@require_POST
def choose(request, pk):
    def act(p):
        form = PoolChoiceForm(request.POST, competition=p.round.competition)
        if not form.is_valid():
            raise services.Refused("Choose a scenario from the competition's pool.")
        services.choose_scenario(p, request.user, form.cleaned_data["scenario"])
    return _step(request, pk, act, "Scenario chosen.")


@require_POST
def play_on_site(request, pk):
    return _step(request, pk, lambda p: services.play_on_site(p, request.user),
                 "The match is started on the site.")
