"""Battles proposed to a club from the scenario editor: the form a member proposes a draft
with, and the club's page of proposals, where an organiser accepts or declines them."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.models import ScenarioDraft
from tournaments import scenario_proposals
from tournaments.models import Club, Membership, ScenarioProposal
from tournaments.refusals import Refused

from .common import club_or_404, refused, see_other


def _my_draft(request, draft_id: int) -> ScenarioDraft:
    draft = get_object_or_404(ScenarioDraft, pk=draft_id)
    if draft.author_id != request.user.pk:
        raise Http404("No such draft.")
    return draft


@login_required
def propose(request, draft_id: int):
    """Propose one of your drafts to one of your clubs."""
    draft = _my_draft(request, draft_id)
    clubs = Club.objects.filter(memberships__user=request.user,
                                memberships__status=Membership.Status.ACTIVE).order_by("name")
    if request.method == "POST":
        club = clubs.filter(slug=request.POST.get("club", "")).first()
        if club is None:
            messages.error(request, "Choose one of your clubs.")
        else:
            try:
                scenario_proposals.propose(draft, request.user, club, request.POST.get("note", ""))
            except Refused as e:
                return refused(request, e, request.path)
            messages.success(request, f"{draft} is proposed to {club}: an organiser will answer.")
            return see_other(club_proposals_url(club))
    return render(request, "tournaments/propose_scenario.html", {"draft": draft, "clubs": clubs})


def club_proposals_url(club: Club) -> str:
    return reverse("leagues:scenario_proposals", args=[club.slug])


def club_proposals(request, slug: str):
    """The battles proposed to the club, and the editions it plays."""
    club = club_or_404(slug)
    if not club.can_read(request.user):
        raise Http404("No such club.")
    proposals = club.scenario_proposals.select_related("proposer", "base", "version__scenario")
    return render(request, "tournaments/scenario_proposals.html", {
        "club": club, "proposals": proposals, "organiser": club.is_organiser(request.user)})


@require_POST
def answer(request, slug: str, pk: int):
    club = club_or_404(slug)
    proposal = get_object_or_404(ScenarioProposal, pk=pk, club=club)
    if not request.user.is_authenticated:
        raise Http404("No such proposal.")
    step = scenario_proposals.accept if request.POST.get("answer") == "accept" else scenario_proposals.decline
    try:
        done = step(proposal, request.user)
    except Refused as e:
        return refused(request, e, club_proposals_url(club))
    if done.status == ScenarioProposal.Status.ACCEPTED:
        messages.success(request, f"{done.version.scenario} version {done.version.number} is published: "
                                  f"the club plays it from now on.")
    else:
        messages.success(request, "The proposal is declined.")
    return see_other(club_proposals_url(club))
