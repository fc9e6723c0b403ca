"""The anniversary calendar: its page, the home page's panel and the iCalendar feeds."""
from __future__ import annotations

import calendar as month_calendar
import datetime as dt
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from accounts.models import Profile
from games.views.scenarios import days_words
from tournaments import clock, feeds
from tournaments.annual.anniversaries import Anniversary, next_after, on, schedule
from tournaments.annual.scoring import DEFAULT_WINDOW_DAYS, Window, standings
from tournaments.annual_results import annual_matches, match_results
from tournaments.annual_tables import playing_in

MONTHS = month_calendar.Calendar(firstweekday=0)      # weeks start on Monday
WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def battle_row(a: Anniversary, when: dt.date) -> dict:
    """What a page shows of one anniversary on ``when``. The 31 scenarios are shipped and
    loaded with the site (``load_scenarios``), so the links need no database."""
    return {
        "anniversary": a, "date": when, "years": a.years_since(when.year),
        "scenario_url": reverse("scenario_detail", args=[a.slug]),
        "play_url": reverse("match_new") + f"?scenario={a.slug}",
    }


def on_this_day(today: dt.date) -> dict:
    """Today's battles and the next anniversary, for the calendar page and the home page."""
    nxt = next_after(today)
    return {
        "today": today,
        "today_battles": [battle_row(a, today) for a in on(today)],
        "next_date": nxt.date,
        "next_in": days_words((nxt.date - today).days),
        "next_battles": [battle_row(a, nxt.date) for a in nxt.anniversaries],
    }


def month_grids(year: int, today: dt.date) -> list[dict]:
    """Twelve months, each a list of weeks of seven cells (``None`` outside the month)."""
    by_day = {d.date: d.anniversaries for d in schedule(year)}
    months = []
    for month in range(1, 13):
        weeks = []
        for week in MONTHS.monthdatescalendar(year, month):
            weeks.append([
                None if day.month != month else
                {"date": day, "battles": by_day.get(day, ()), "is_today": day == today}
                for day in week
            ])
        months.append({"name": month_calendar.month_name[month], "number": month, "weeks": weeks,
                       "count": sum(len(b) for d, b in by_day.items() if d.month == month)})
    return months


def your_year(user, year: int) -> dict:
    """The member's own Annual Games year so far, scored as the rulebook says (with the
    default window) from their matches on the site against any member."""
    matches = annual_matches().filter(Q(challenger=user) | Q(opponent=user))
    results = match_results(matches, timezone.get_current_timezone_name())
    table = standings(year, results, Window(), players=[user.pk])
    mine = next(s for s in table if s.player == user.pk)
    names = {u.pk: (u.profile.name if hasattr(u, "profile") else u.get_username())
             for u in get_user_model().objects.filter(pk__in=[c.opponent for c in mine.cells.values()])
             .select_related("profile")}
    return {"points": mine.points, "flags": mine.flags, "battles": mine.battles,
            "window_days": DEFAULT_WINDOW_DAYS,
            "cells": {n: {"cell": c, "opponent": names.get(c.opponent, "")}
                      for n, c in mine.cells.items()}}


def calendar_page(request):
    """/calendar/: today's and the next anniversary, the year as month grids and as a list."""
    today = clock.local_today()
    yours = your_year(request.user, today.year) if request.user.is_authenticated else None
    rows = []
    for day in schedule(today.year):
        for a in day.anniversaries:
            row = battle_row(a, day.date)
            row["when"] = ("today" if day.date == today else
                           "passed" if day.date < today else days_words((day.date - today).days))
            row["yours"] = yours["cells"].get(a.number) if yours else None
            rows.append(row)
    return render(request, "tournaments/calendar.html", {
        **on_this_day(today),
        "year": today.year,
        "months": month_grids(today.year, today),
        "weekdays": WEEKDAYS,
        "rows": rows,
        "yours": yours,
        "competitions": list(playing_in(request.user).select_related("club")) if request.user.is_authenticated else [],
        "public_feed_url": request.build_absolute_uri(reverse("calendar_feed")),
    })


def _absolute(request):
    return request.build_absolute_uri


def uid_domain() -> str:
    """The domain part of the feeds' UIDs: the host of the site's public address (setting
    SITE_URL), never the Host the request came by, so a site reachable under two names
    gives each event one UID and calendars do not show it twice."""
    return urlsplit(settings.SITE_URL).hostname or "localhost"


def ics_response(body: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def public_feed(request):
    """The 31 anniversaries as yearly events, for any calendar application."""
    events = feeds.anniversary_events(_absolute(request), uid_domain())
    return ics_response(feeds.calendar_bytes("Battle Cry anniversaries", events), "battle-cry-anniversaries.ics")


def member_feed(request, token: str):
    """A member's private feed; the token in its address is the only key (no log-in, so
    calendar applications can fetch it). An unknown or reset token is a 404."""
    profile = (Profile.objects.select_related("user").filter(feed_token=token).first()
               if token else None)
    if profile is None or not profile.user.is_active:
        raise Http404("No calendar feed at this address.")
    events = feeds.member_events(profile.user, _absolute(request), uid_domain())
    response = ics_response(feeds.calendar_bytes(f"Battle Cry: {profile.name}", events), "battle-cry.ics")
    response["Cache-Control"] = "private, max-age=300"
    response["X-Robots-Tag"] = "noindex"
    return response
