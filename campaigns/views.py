"""Campaign pages: the list, starting one, and the page of one campaign."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from campaigns import services
from campaigns.chart import flags_chart
from campaigns.forms import COMPOSED_SLOTS, CampaignForm
from campaigns.models import Campaign, CampaignMember, CampaignPlan
from games import services as game_services
from games.invitation_privacy import may_see
from games.views.play import see_other
from games.engine import SIDE_NAMES, SIDES


def _name(user) -> str:
    if user is None:
        return ""
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()


_RELATED = ("plan", "challenger__profile", "opponent__profile", "winner__profile")
_TEAMS = Prefetch("members", CampaignMember.objects.select_related("player__profile"))


def index(request):
    """Mine (being played and invitations), every campaign being played, the finished ones,
    and the shipped campaigns one may start."""
    user = request.user
    active = Campaign.objects.filter(status=Campaign.Status.ACTIVE).select_related(*_RELATED)
    ctx = {
        "plans": CampaignPlan.objects.all(),
        "finished": Campaign.objects.filter(status=Campaign.Status.FINISHED)
        .select_related(*_RELATED).order_by("-finished")[:30],
    }
    if user.is_authenticated:
        mine = Q(challenger=user) | Q(opponent=user)
        ctx.update({
            # an Epic campaign's Major-Generals see it once accepted (an invitation is between
            # its two members, games/invitation_privacy.py)
            "mine": active.filter(mine | Q(members__player=user)).distinct(),
            "invitations": Campaign.objects.filter(mine, status=Campaign.Status.CHALLENGE)
            .select_related(*_RELATED),
            "others": active.exclude(mine | Q(members__player=user)).distinct()[:30],
        })
    else:
        ctx["others"] = active[:30]
    return render(request, "campaigns/index.html", ctx)


@login_required
def new(request):
    """Start a campaign: a shipped one (``?plan=slug`` preselects it) or composed."""
    initial = {}
    plan = CampaignPlan.objects.filter(slug=request.GET.get("plan", "")).first()
    if plan:
        initial["plan"] = plan.pk
    form = CampaignForm(request.POST or None, user=request.user, initial=initial, member=request.user)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        terms = services.Terms(plan=d["plan"], scenarios=form.battles(), name=d["name"],
                               side=d["side"], deadline_hours=d["deadline_hours"],
                               message=d["message"], ruleset=d["ruleset"],
                               options=form.chosen_options(), teams=form.teams())
        try:
            if d["archie_level"]:
                campaign = services.start_versus_archie(request.user, terms, d["archie_level"])
                done = "The campaign against Archie has begun: the first battle is on."
            else:
                campaign = services.invite(request.user, d["opponent"], terms)
                done = f"Invitation sent to {_name(d['opponent'])}."
        except services.CampaignRefused as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, done)
            return see_other(campaign.get_absolute_url())
    slots = [form[f"battle_{i}"] for i in range(1, COMPOSED_SLOTS + 1)]
    return render(request, "campaigns/new.html", {"form": form, "slots": slots},
                  status=400 if form.errors else 200)


def _battle_rows(campaign: Campaign, user) -> list[dict]:
    rows = []
    for b in campaign.battles.select_related("scenario", "match").order_by("number"):
        game = b.game()
        rows.append({
            "battle": b, "game": game,
            "your_turn": bool(game and game.is_turn_of(user)),
            "archie_to_decide": bool(game and game_services.archie_to_decide(game)),
            "winner": SIDE_NAMES.get(b.winner_side, ""),
            "dice": services.dice_explained(b),
        })
    return rows


def campaign(request, pk):
    campaign = get_object_or_404(Campaign.objects.select_related(*_RELATED).prefetch_related(_TEAMS),
                                 pk=pk)
    user = request.user
    if not may_see(campaign, user):
        raise Http404("No such campaign.")
    rows = _battle_rows(campaign, user)
    table = services.standings(campaign)
    current = services.next_battle(campaign)
    finished = [r["battle"] for r in rows if r["battle"].is_over]
    players = {s: _name(campaign.player_of(s)) for s in SIDES}
    majors = {s: [_name(m) for m in campaign.major_generals(s)] for s in SIDES}
    ctx = {
        "campaign": campaign, "rows": rows, "table": table, "players": players,
        "sides": [{"key": s, "name": SIDE_NAMES[s], "player": players[s], "flags": table.flags[s],
                   "wins": table.wins[s], "figures": table.figures[s], "majors": majors[s]}
                  for s in SIDES],
        "current": current,
        "current_dice": [{"side": SIDE_NAMES[s], "player": players[s], "words": w}
                         for s, w in services.dice_explained(current).items()] if current else [],
        "chart": flags_chart([{"union": b.union_flags, "confederate": b.confederate_flags}
                              for b in finished]),
        "is_challenger": user.is_authenticated and user.pk == campaign.challenger_id,
        "is_opponent": user.is_authenticated and user.pk == campaign.opponent_id,
        "your_side": SIDE_NAMES.get(campaign.side_of(user) or "", ""),
        "winner": _name(campaign.winner),
        **_team_steps(campaign, user),
    }
    template = "campaigns/campaign.html"
    if request.htmx and request.GET.get("part") == "progress":
        template += "#progress"
    return render(request, template, ctx)


def _team_steps(campaign: Campaign, user) -> dict:
    """What an Epic campaign's page offers ``user`` about the teams (ruling C10): a
    Major-General named in the invitation answers for his place; a Commanding General offers
    the command to one of his Major-Generals, who takes it."""
    if not campaign.epic or not user.is_authenticated:
        return {}
    mine = next((m for m in campaign.members.all() if m.player_id == user.pk), None)
    side = next((s for s in SIDES if campaign.player_id_of(s) == user.pk), None)
    active = campaign.status == Campaign.Status.ACTIVE
    return {
        "place_to_answer": (mine is not None and campaign.status == Campaign.Status.CHALLENGE
                            and mine.answer == CampaignMember.Answer.INVITED),
        "waiting_for": [_name(m) for m in services.waiting_for(campaign)]
        if campaign.status == Campaign.Status.CHALLENGE else [],
        "command_offered": active and mine is not None and mine.offered_command,
        "hand_command_to": [(m.player.get_username(), _name(m.player), m.offered_command)
                            for m in campaign.members.all()
                            if m.side == side and m.answer == CampaignMember.Answer.ACCEPTED]
        if active and side else [],
    }


def _step(request, pk, step, done: str):
    if not request.user.is_authenticated:
        return see_other(f"{reverse('login')}?next={reverse('campaigns:campaign', args=[pk])}")
    try:
        step(pk, request.user)
    except services.CampaignRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, done)
    return see_other(reverse("campaigns:campaign", args=[pk]))


@require_POST
def accept(request, pk):
    return _step(request, pk, services.accept, "Invitation accepted.")


@require_POST
def decline(request, pk):
    return _step(request, pk, services.decline, "Invitation declined.")


@require_POST
def accept_place(request, pk):
    return _step(request, pk, services.accept_place, "You took your place in the team.")


@require_POST
def decline_place(request, pk):
    return _step(request, pk, services.decline_place, "You declined your place in the team.")


@require_POST
def offer_command(request, pk):
    from django.contrib.auth import get_user_model

    successor = get_user_model().objects.filter(username=request.POST.get("successor", "")).first()
    return _step(request, pk, lambda campaign_id, user: services.offer_command(campaign_id, user, successor),
                 "The command is offered: it changes hands once accepted, from the next battle on.")


@require_POST
def take_command(request, pk):
    return _step(request, pk, services.take_command,
                 "You command your team from the next battle on.")


@require_POST
def cancel(request, pk):
    return _step(request, pk, services.cancel, "Invitation withdrawn.")


@require_POST
def start_held(request, pk):
    return _step(request, pk, services.start_held, "The next battle is on.")
