"""Site-wide pages."""

from django.shortcuts import render

from tournaments import clock
from tournaments.calendar_views import on_this_day


def home(request):
    return render(request, "home.html", {**on_this_day(clock.local_today()),
                                         "show_calendar_link": True})
