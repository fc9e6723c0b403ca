"""Headers every response of the site carries."""
from __future__ import annotations

from django.conf import settings
from django.utils.cache import patch_cache_control, patch_vary_headers


class ResponseHeadersMiddleware:
    """- ``Content-Security-Policy`` (settings.CONTENT_SECURITY_POLICY) on every response;
    - ``Vary: HX-Request`` on pages, since a page URL answers htmx with a fragment of itself
      and anything else with the whole page: a cache must keep the two apart;
    - ``Cache-Control: private`` on whatever is drawn for a logged-in player (their hand,
      their games), so no shared cache keeps it.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", settings.CONTENT_SECURITY_POLICY)
        if response.get("Content-Type", "").startswith("text/html"):
            patch_vary_headers(response, ["HX-Request"])
        if "private" in response.get("Cache-Control", ""):
            return response         # said by the view (a poll: the member need not be read)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            patch_cache_control(response, private=True)
        return response
