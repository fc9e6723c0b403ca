"""Site-wide pages."""

from django.shortcuts import render

from tournaments import clock
from tournaments.calendar_views import on_this_day
from games.views.lobby import my_games


def home(request):
    """The club's front page: the anniversary panel, and for a member the games waiting for
    them (refreshed)."""
    ctx = {**on_this_day(clock.local_today()), "show_calendar_link": True}
    if request.user.is_authenticated:
        ctx.update(my_games(request.user))
    return render(request, "home.html", ctx)
