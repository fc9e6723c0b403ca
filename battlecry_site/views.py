"""Site-wide pages."""

from django.shortcuts import render


def home(request):
    """The club's front page; a member also sees the games waiting for them (refreshed)."""
    ctx = {}
    if request.user.is_authenticated:
        from games.views.lobby import my_games
        ctx.update(my_games(request.user))
    return render(request, "home.html", ctx)
