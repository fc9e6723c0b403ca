import zoneinfo

from django.utils import timezone


class TimezoneMiddleware:
    """Show dates and times in the logged-in player's own time zone."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        tz = None
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            profile = getattr(user, "profile", None)
            if profile is not None:
                try:
                    tz = zoneinfo.ZoneInfo(profile.time_zone)
                except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                    tz = None
        if tz is None:
            return self.get_response(request)
        timezone.activate(tz)
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
