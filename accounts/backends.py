from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied

from battlecry_site.prepared import PreparedGet

from . import ratelimit


class RateLimitedModelBackend(ModelBackend):
    """The usual username/password check, counted against the log-in limit first and
    refused outright once the pair has used its attempts.

    Enforcing the limit here covers every way of logging in (our page, the admin, the API).
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is not None and username is not None and ratelimit.begin_login(request, str(username)):
            raise PermissionDenied("too many failed log-in attempts")
        return super().authenticate(request, username=username, password=password, **kwargs)

    def get_user(self, user_id):
        """The member of a session, read with their profile in the same query (every page
        reads it: the member's time zone, their name), its SQL compiled once per process."""
        try:
            user = _MEMBER.get(user_id)
        except (ValueError, TypeError):
            return None
        return user if user is not None and self.user_can_authenticate(user) else None


_MEMBER = PreparedGet(lambda: get_user_model()._default_manager.select_related("profile"))
