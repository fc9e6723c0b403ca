import zoneinfo

from django.utils import timezone


def activate_member_time_zone(request) -> None:
    """Show dates and times from here on in the logged-in member's own time zone (if they
    chose a valid one; else the site's)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return
    profile = getattr(user, "profile", None)
    if profile is None:
        return
    try:
        timezone.activate(zoneinfo.ZoneInfo(profile.time_zone))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        pass


def time_zone_on_demand(view):
    """Mark a view that mostly answers without knowing who asks (a poll's "nothing new"):
    the middleware does not read the member for it, and the view calls
    ``activate_member_time_zone`` itself before it draws anything with a date."""
    view.time_zone_on_demand = True
    return view


class TimezoneMiddleware:
    """Show dates and times in the logged-in player's own time zone."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not getattr(view_func, "time_zone_on_demand", False):
            activate_member_time_zone(request)
        return None
