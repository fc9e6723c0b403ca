"""Refuse requests carrying a NUL character, before any view sees them.

No text the site keeps or looks up may hold a NUL (PostgreSQL refuses it in a string, and it
is never typed by a person), so a NUL in the address, in a query parameter or in a form field
(name or value) is answered with a 400 here, once for every page and endpoint, instead of
each form and query having to remember it. The API answers in its JSON error shape; JSON
bodies are the API parsers' business (``battlecry_site.untrusted_json``).
"""
from __future__ import annotations

from django.http import HttpResponse, JsonResponse

NUL = "\x00"
MESSAGE = "The request holds a NUL character, which no field of the site accepts."
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _holds_nul(query_dict) -> bool:
    return any(NUL in key or any(NUL in value for value in values if isinstance(value, str))
               for key, values in query_dict.lists())


def holds_nul(request) -> bool:
    """Whether the request's path, query parameters or form fields hold a NUL."""
    if NUL in request.path or NUL in request.path_info or _holds_nul(request.GET):
        return True
    if request.method == "POST" and request.content_type in FORM_TYPES:
        return _holds_nul(request.POST)
    return False


class RefuseNulMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if holds_nul(request):
            if request.path_info.startswith("/api/"):
                return JsonResponse({"code": "malformed", "message": MESSAGE}, status=400)
            return HttpResponse(MESSAGE, status=400, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
