"""The list of clubs and competitions, a club's page, and joining a club."""
from __future__ import annotations


from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.forms import ClubForm
from tournaments.models import Club, Competition, Membership

from .common import club_or_404, refused, see_other


def index(request, kind: str = ""):
    """/leagues/ and /tournaments/: the clubs one can read and their competitions."""
    user = request.user
    readable = Q(public=True)
    if user.is_authenticated:
        readable |= Q(memberships__user=user, memberships__status=Membership.Status.ACTIVE)
    clubs = Club.objects.filter(readable).distinct()
    comps = (Competition.objects.filter(club__in=clubs).select_related("club")
             .order_by("status", "-created"))
    if kind:
        comps = comps.filter(kind=kind)
    status = (dict(Membership.objects.filter(user=user).values_list("club_id", "status"))
              if user.is_authenticated else {})
    everyone = list(Club.objects.order_by("name")[:200])
    for c in everyone:
        c.my_status = status.get(c.pk, "")
    return render(request, "tournaments/index.html", {
        "competitions": comps[:100], "kind": kind,
        "my_clubs": [c for c in everyone if c.my_status == Membership.Status.ACTIVE],
        "clubs_to_join": [c for c in everyone if c.my_status != Membership.Status.ACTIVE],
        "club_form": ClubForm() if user.is_authenticated else None,
    })


@login_required
@require_POST
def club_new(request):
    form = ClubForm(request.POST)
    if not form.is_valid():
        problems = form.errors.get("name") or []
        messages.error(request, problems[0] if problems and form.data.get("name", "").strip()
                       else "Give the club a name.")
        return see_other(reverse("leagues:index"))
    d = form.cleaned_data
    try:
        club = services.create_club(request.user, d["name"], description=d["description"], public=d["public"])
    except services.Refused as e:
        return refused(request, e, reverse("leagues:index"))
    messages.success(request, f"{club} is founded; you are its organiser.")
    return see_other(club.get_absolute_url())


def club(request, slug):
    club = club_or_404(slug)
    me = club.membership_of(request.user)
    can_read = club.can_read(request.user)
    organiser = club.is_organiser(request.user)
    ctx = {"club": club, "me": me, "can_read": can_read, "organiser": organiser}
    if can_read:
        ctx["members"] = club.memberships.filter(status=Membership.Status.ACTIVE).select_related("user__profile")
        ctx["competitions"] = club.competitions.order_by("status", "-created")
    if organiser:
        ctx["pending"] = club.memberships.filter(status=Membership.Status.PENDING).select_related("user__profile")
        ctx["invite_url"] = request.build_absolute_uri(reverse("leagues:join", args=[club.slug, club.invite_token]))
    return render(request, "tournaments/club.html", ctx)


def join(request, slug, token):
    """The invitation link: a page that says which club, and a button to join."""
    club = get_object_or_404(Club, slug=slug)
    valid = services.invitation_matches(club, token)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return see_other(f"{reverse('login')}?next={request.path}")
        try:
            services.join_by_invitation(club, request.user, token)
        except services.Refused as e:
            return refused(request, e, club.get_absolute_url())
        messages.success(request, f"Welcome to {club}.")
        return see_other(club.get_absolute_url())
    return render(request, "tournaments/join.html", {"club": club, "valid": valid, "token": token},
                  status=200 if valid else 404)


def _club_step(request, slug, step, done: str):
    club = get_object_or_404(Club, slug=slug)
    if not request.user.is_authenticated:
        return see_other(f"{reverse('login')}?next={club.get_absolute_url()}")
    try:
        step(club)
    except services.Refused as e:
        return refused(request, e, club.get_absolute_url())
    messages.success(request, done)
    return see_other(club.get_absolute_url())


def _member(request):
    return get_object_or_404(get_user_model(), username=request.POST.get("username", ""))


@require_POST
def ask(request, slug):
    return _club_step(request, slug, lambda c: services.ask_to_join(c, request.user),
                      "Your request is sent to the club's organisers.")


@require_POST
def approve(request, slug):
    return _club_step(request, slug, lambda c: services.approve_member(c, request.user, _member(request)),
                      "Member approved.")


@require_POST
def role(request, slug):
    return _club_step(request, slug, lambda c: services.set_role(c, request.user, _member(request),
                                                                 request.POST.get("role", "")),
                      "Role changed.")


@require_POST
def new_invitation(request, slug):
    return _club_step(request, slug, lambda c: services.new_invitation(c, request.user),
                      "A new invitation link is ready; the old one no longer works.")
