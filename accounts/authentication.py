"""API authentication by personal token: ``Authorization: Bearer <token>``."""
from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from .tokens import find_token

KEYWORDS = ("bearer", "token")


class ApiTokenAuthentication(authentication.BaseAuthentication):
    """``request.auth`` is the :class:`~accounts.models.ApiToken` (its scope decides
    whether the request may write); a session-authenticated request has no token."""

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower().decode("latin-1") not in KEYWORDS:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("The Authorization header should be 'Bearer <token>'.")
        try:
            secret = header[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed("That token is not valid.") from None
        token = find_token(secret)
        if token is None:
            raise exceptions.AuthenticationFailed("That token is not valid, or it was revoked.")
        return token.user, token

    def authenticate_header(self, request):
        return 'Bearer realm="api"'


class ApiTokenScheme(OpenApiAuthenticationExtension):
    target_class = "accounts.authentication.ApiTokenAuthentication"
    name = "apiToken"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "bearer",
                "description": "A personal API token made on your profile page (scope read or play)."}
