"""Who may call an endpoint: members (by token or session), and what a token's scope allows."""
from __future__ import annotations

from rest_framework import exceptions, permissions

from accounts.models import ApiToken


class TokenScope(permissions.BasePermission):
    """A ``read`` token may only read; a ``play`` token and a session may also write."""

    message = "This API token may only read: make a token with the 'play' scope to act."
    code = "token_scope"

    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        token = request.auth
        if isinstance(token, ApiToken) and not token.can_write:
            raise exceptions.PermissionDenied(self.message, code=self.code)
        return True


class MemberWithTokenScope(permissions.IsAuthenticated):
    """The default: a logged-in member (token or session), within the token's scope."""

    def has_permission(self, request, view) -> bool:
        return super().has_permission(request, view) and TokenScope().has_permission(request, view)


class ReadOpenWriteMember(permissions.BasePermission):
    """What anybody may see on the pages (scenarios, a game as a spectator) is readable
    without logging in; writing needs a member, within the token's scope."""

    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return MemberWithTokenScope().has_permission(request, view)
