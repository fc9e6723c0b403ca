"""The Annual Games pages: creating a year, the competition page (standings and progress
grid, or the two-player year), arranging a match of a battle, closing the year, the club's
earlier years, and the club's calendar feed."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.models import Profile
from tournaments import annual_services, annual_tables, clock, feeds, services
from tournaments.annual.anniversaries import BY_NUMBER
from tournaments.annual_forms import AnnualGamesForm, ArrangeForm
from tournaments.calendar_views import ics_response, uid_domain
from tournaments.models import Competition

from .common import club_or_404, readable_competition, refused, see_other


@login_required
def annual_new(request, slug):
    club = club_or_404(slug)
    if not club.is_organiser(request.user):
        raise Http404("No such club among those you organise.")
    today = clock.local_today()
    initial = {"year": today.year, "time_zone": request.user.profile.time_zone}
    form = AnnualGamesForm(request.POST or None, club=club, initial=initial, member=request.user)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        terms = annual_services.AnnualTerms(
            year=d["year"], window_days=None if d["any_time"] else d["window_days"],
            time_zone=d["time_zone"], mode=d["mode"], options=form.chosen_options(),
            ruleset=d["ruleset"], deadline_hours=d["deadline_hours"],
            players=(d["player_a"], d["player_b"]) if d.get("player_a") else ())
        try:
            comp = annual_services.create_annual_games(club, request.user, terms)
        except services.Refused as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, f"{comp.name} is open: members arrange their matches on its page.")
            return see_other(comp.get_absolute_url())
    return render(request, "tournaments/annual_new.html", {"club": club, "form": form},
                  status=400 if form.errors else 200)


def annual_page(request, comp: Competition, *, form=None, status=200):
    """The competition page of an Annual Games competition (called by the competition view):
    the standings and the progress grid, or for the two-player form its 31 battles."""
    annual = comp.annual
    year = annual_tables.year_table(comp)
    user = request.user
    open_ = comp.status != Competition.Status.CLOSED
    player = open_ and annual_services.plays_in(comp, annual, user)
    today = annual_services.local_today(annual)
    opened = annual_tables.open_battles(annual, today)
    if player and form is None:
        form = ArrangeForm(comp=comp, user=user, initial={"battle": opened[0] if opened else 1})
    ctx = {
        "comp": comp, "annual": annual, "year": year, "today": today,
        "open": open_, "player": player, "form": form if player else None,
        "organiser": open_ and comp.club.is_organiser(user),
        "open_battles": [BY_NUMBER[n] for n in opened],
        # the grid's links: /leagues/pairings/<id>/, reversed once rather than per square
        "pairing_base": reverse("leagues:pairing", args=[1]).removesuffix("1/"),
        "window_words": (f"{annual.window_days} days either side of the anniversary"
                         if annual.window_days is not None else "any time in the year"),
    }
    if annual.two_player:
        ctx["pair"] = annual_tables.pair_year(comp, year)
        template = "tournaments/annual_pair.html"
    else:
        template = "tournaments/annual.html"
        if request.htmx and request.GET.get("part") == "grid":
            template += "#grid"
    return render(request, template, ctx, status=status)


def annual_standings_csv(comp: Competition, out) -> None:
    """The year's table as CSV rows (the leagues' standings download for an Annual Games)."""
    out.writerow(["rank", "player", "battles", "points", "flags", "figures"])
    for row in annual_tables.year_table(comp).rows:
        s = row.standing
        out.writerow([s.rank, row.name, s.battles, s.points, s.flags, s.figures])


@require_POST
def arrange(request, pk):
    comp = readable_competition(request.user, pk)
    if comp.kind != Competition.Kind.ANNUAL:
        raise Http404("No such Annual Games.")
    if not request.user.is_authenticated:
        return see_other(comp.get_absolute_url())
    form = ArrangeForm(request.POST, comp=comp, user=request.user)
    if not form.is_valid():
        return annual_page(request, comp, form=form, status=400)
    d = form.cleaned_data
    try:
        p = annual_services.arrange_match(comp, request.user, d["battle"], d["opponent"],
                                          where=d.get("where") or "", played_on=d.get("played_on"))
    except services.Refused as e:
        if comp.status == Competition.Status.CLOSED or not annual_services.plays_in(comp, comp.annual, request.user):
            return refused(request, e, comp.get_absolute_url())     # no form on the page for them
        form.add_error(None, e.message)
        return annual_page(request, comp, form=form, status=400)
    annual = comp.annual
    day = p.annual.played_on if not p.match_id else annual_services.local_today(annual)
    if not annual_services.counts_on(annual, d["battle"], day):
        messages.warning(request, f"This match is outside the window of {BY_NUMBER[d['battle']].name}: "
                                  "it is a friendly and will not count.")
    if p.match_id:
        messages.success(request, "Challenge sent: the match begins when your opponent accepts it.")
        return see_other(p.match.get_absolute_url())
    messages.success(request, "Match entered: report its result here once it is played.")
    return see_other(p.get_absolute_url())


@require_POST
def close(request, pk):
    comp = readable_competition(request.user, pk)
    if comp.kind != Competition.Kind.ANNUAL:
        raise Http404("No such Annual Games.")
    try:
        services.close_competition(comp, request.user)
    except services.Refused as e:
        return refused(request, e, comp.get_absolute_url())
    messages.success(request, f"{comp.name} is closed: its standings are final.")
    return see_other(comp.get_absolute_url())


def club_years(request, slug):
    """The club's Annual Games, this year's and earlier ones (each page read-only once closed)."""
    club = club_or_404(slug)
    if not club.can_read(request.user):
        raise Http404("No such club.")
    return render(request, "tournaments/annual_years.html", {
        "club": club, "years": annual_tables.club_years(club),
        "organiser": club.is_organiser(request.user),
        "feed_url": request.build_absolute_uri(reverse("leagues:club_feed", args=[club.slug])),
    })


def club_feed(request, slug):
    """The club's calendar: its competitions' deadlines and the anniversaries.  A private
    club's feed needs a member's private feed secret (``?token=``), as calendar applications
    cannot log in; a logged-in member can also download it."""
    club = club_or_404(slug)
    readable = club.can_read(request.user)
    token = request.GET.get("token", "")
    if not readable and token:
        profile = Profile.objects.select_related("user").filter(feed_token=token).first()
        readable = bool(profile and profile.user.is_active and club.is_member(profile.user))
    if not readable:
        raise Http404("No such club.")
    events = feeds.club_events(club, request.build_absolute_uri, uid_domain())
    response = ics_response(feeds.calendar_bytes(f"Battle Cry: {club.name}", events), f"{club.slug}.ics")
    if not club.public:
        response["Cache-Control"] = "private, max-age=300"
        response["X-Robots-Tag"] = "noindex"
    return response
