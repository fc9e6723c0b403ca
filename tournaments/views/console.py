"""The organiser console: create a competition, add players, pair and publish rounds,
results needing attention, withdrawals, closing the season."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from tournaments import knockout, services
from tournaments.forms import AddPlayerForm, CompetitionForm, KnockoutForm, RoundForm
from tournaments.models import Club, Competition, Pairing, Round

from .common import refused, see_other


def _organised(request, pk) -> Competition:
    comp = Competition.objects.select_related("club").filter(pk=pk).first()
    if comp is None or not comp.club.is_organiser(request.user):
        raise Http404("No such competition among those you organise.")
    return comp


@login_required
def new_competition(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not club.is_organiser(request.user):
        raise Http404("No such club among those you organise.")
    form = CompetitionForm(request.POST or None, member=request.user)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        terms = services.Terms(
            name=d["name"], kind=d["kind"], double_round_robin=d["double_round_robin"],
            swiss_rounds=d["swiss_rounds"], scenario_policy=d["scenario_policy"],
            scenarios=tuple(d["scenarios"]), options=form.chosen_options(), ruleset=d["ruleset"],
            deadline_hours=d["deadline_hours"],
            round_days=d["round_days"], mode=d["mode"], order=d["order"],
            knockout_size=d.get("knockout_size") or 0, rated_anyway=d.get("rated_anyway", False))
        try:
            comp = services.create_competition(club, request.user, terms)
        except services.Refused as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, f"{comp.name} is created: add its players.")
            return see_other(reverse("leagues:console", args=[comp.pk]))
    return render(request, "tournaments/competition_new.html", {"club": club, "form": form},
                  status=400 if form.errors else 200)


@login_required
def console(request, pk):
    comp = _organised(request, pk)
    if comp.kind == Competition.Kind.ANNUAL:   # its organiser's tools are on its own page
        return see_other(comp.get_absolute_url())
    draft = comp.rounds.filter(status=Round.Status.DRAFT).first()
    attention = (Pairing.objects.filter(round__competition=comp, round__status=Round.Status.PUBLISHED,
                                        away__isnull=False)
                 .exclude(result__in=Pairing.FINAL)
                 .select_related("round", "home__profile", "away__profile").order_by("round__number", "table"))
    return render(request, "tournaments/console.html", {
        "comp": comp, "draft": draft,
        "draft_pairings": draft.pairings.select_related("home__profile", "away__profile") if draft else [],
        "entries": comp.entries.select_related("player__profile"),
        "add_form": AddPlayerForm(competition=comp),
        "round_form": RoundForm(),
        "knockout_form": KnockoutForm(initial={"knockout_size": comp.knockout_size}) if comp.is_swiss else None,
        "knockout_due": knockout.is_due(comp),
        "attention": attention, "now": timezone.now(),
        "closed": comp.status == Competition.Status.CLOSED,
    })


def _step(request, pk, step, done: str):
    comp = _organised(request, pk)
    try:
        step(comp)
    except services.Refused as e:
        return refused(request, e, reverse("leagues:console", args=[comp.pk]))
    messages.success(request, done)
    return see_other(reverse("leagues:console", args=[comp.pk]))


def _player(request):
    return get_object_or_404(get_user_model(), username=request.POST.get("player", ""))


@require_POST
def add_player(request, pk):
    return _step(request, pk, lambda c: services.add_player(c, request.user, _player(request)), "Player added.")


@require_POST
def withdraw(request, pk):
    return _step(request, pk, lambda c: services.withdraw(c, request.user, _player(request)), "Player withdrawn.")


@require_POST
def pair(request, pk):
    def act(c):
        form = RoundForm(request.POST)
        form.is_valid()
        services.draft_round(c, request.user, scenario=form.cleaned_data.get("scenario"))
    return _step(request, pk, act, "Here is the draft: check it, then publish it (or draw again).")


@require_POST
def publish(request, pk):
    def act(c):
        draft = c.rounds.filter(status=Round.Status.DRAFT).first()
        if draft is None:
            raise services.Refused("There is no draft round to publish.")
        services.publish_round(draft, request.user)
    return _step(request, pk, act, "Round published: the players are told.")


@require_POST
def set_knockout(request, pk):
    def act(c):
        form = KnockoutForm(request.POST)
        if not form.is_valid():
            raise services.Refused("Choose the knockout's places.")
        knockout.set_places(c, request.user, form.cleaned_data["knockout_size"])
    return _step(request, pk, act, "Knockout saved.")


@require_POST
def discard(request, pk):
    return _step(request, pk, lambda c: services.discard_draft(c, request.user), "Draft discarded.")


@require_POST
def close(request, pk):
    return _step(request, pk, lambda c: services.close_competition(c, request.user),
                 "The season is closed: the standings are final.")
