"""One JSON shape for every error of the API::

    {"code": "not_your_turn", "message": "It is not your decision: ...", "current_version": 12}

``code`` is stable and meant for programs: the refusal codes of ``games.services``
(``not_a_player``, ``not_your_turn``, ``stale_version``, ``illegal``, ``game_over``,
``refused``), of ``tournaments.services`` (``not_organiser``, ``not_your_match``,
``refused``) and the API's own (``invalid``, ``malformed``, ``not_authenticated``,
``authentication_failed``, ``permission_denied``, ``token_scope``, ``not_found``,
``method_not_allowed``, ``not_acceptable``, ``unsupported_media_type``, ``throttled``,
``invalid_scenario``).  ``message`` is for people.  ``errors`` lists field problems
(``[{"field", "message"}]``) for ``invalid`` and ``invalid_scenario``;
``current_version`` comes with refusals about a game; ``retry_after`` with ``throttled``.
"""
from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from games.services import ActionRefused
from tournaments.services import Refused as LeagueRefused

#: HTTP status of each service refusal (the same as the game page's plain form posts).
REFUSAL_STATUS = {
    "not_a_player": status.HTTP_403_FORBIDDEN,
    "stale_version": status.HTTP_409_CONFLICT,
    "not_your_turn": status.HTTP_409_CONFLICT,
    "game_over": status.HTTP_409_CONFLICT,
    "illegal": status.HTTP_400_BAD_REQUEST,
    "refused": status.HTTP_409_CONFLICT,
}

#: HTTP status of each refusal code of ``tournaments.services``.
LEAGUE_REFUSAL_STATUS = {
    "not_organiser": status.HTTP_403_FORBIDDEN,
    "not_your_match": status.HTTP_403_FORBIDDEN,
    "refused": status.HTTP_409_CONFLICT,
}

_CODES = {
    exceptions.ParseError: "malformed",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
    exceptions.ValidationError: "invalid",
}


class ApiError(exceptions.APIException):
    """An error raised by an endpoint with its own code and extra fields."""

    def __init__(self, code: str, message: str, status_code: int = 400, **extra):
        super().__init__(message, code)
        self.status_code = status_code
        self.error_code = code
        self.extra = extra


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="Where the problem is: a field name, a path such as "
                                            "'units[3].figures', or 'non_field_errors'.")
    message = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    """The body of every error response."""

    code = serializers.CharField(help_text="Stable code for programs, e.g. not_your_turn, stale_version, illegal.")
    message = serializers.CharField(help_text="What went wrong, for people.")
    errors = FieldErrorSerializer(many=True, required=False)
    current_version = serializers.IntegerField(required=False, help_text="The game's version now.")
    retry_after = serializers.IntegerField(required=False, help_text="Seconds to wait (throttled).")


def flatten(detail, prefix: str = "") -> list[dict]:
    """DRF's nested validation detail as ``[{"field", "message"}]``."""
    out = []
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            out.extend(flatten(value, name))
    elif isinstance(detail, list):
        if all(not isinstance(v, (dict, list)) for v in detail):
            out.extend({"field": prefix or "non_field_errors", "message": str(v)} for v in detail)
        else:
            for i, value in enumerate(detail):
                if value:
                    out.extend(flatten(value, f"{prefix}[{i}]"))
    else:
        out.append({"field": prefix or "non_field_errors", "message": str(detail)})
    return out


def error_body(code: str, message: str, **extra) -> dict:
    body = {"code": code, "message": message}
    body.update({k: v for k, v in extra.items() if v is not None})
    return body


def refusal_response(refused: ActionRefused) -> Response:
    extra = {}
    if refused.game is not None:
        extra["current_version"] = refused.game.version
    return Response(error_body(refused.code, refused.message, **extra),
                    status=REFUSAL_STATUS.get(refused.code, status.HTTP_400_BAD_REQUEST))


def exception_handler(exc, context):
    """DRF's exception handler, in the site's one error shape."""
    if isinstance(exc, ActionRefused):
        set_rollback()
        return refusal_response(exc)
    if isinstance(exc, LeagueRefused):
        set_rollback()
        return Response(error_body(exc.code, exc.message),
                        status=LEAGUE_REFUSAL_STATUS.get(exc.code, status.HTTP_409_CONFLICT))
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None                                   # a bug: Django's 500 handling
    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None) is not None:
        headers["Retry-After"] = str(int(exc.wait))
    set_rollback()
    if isinstance(exc, ApiError):
        body = error_body(exc.error_code, str(exc.detail), **exc.extra)
    elif isinstance(exc, exceptions.ValidationError):
        errors = flatten(exc.detail)
        message = "; ".join(f"{e['field']}: {e['message']}" if e["field"] != "non_field_errors"
                            else e["message"] for e in errors[:5]) or "The request is not valid."
        body = error_body("invalid", message, errors=errors)
    else:
        code = next((c for cls, c in _CODES.items() if isinstance(exc, cls)), None)
        detail_code = exc.get_codes() if isinstance(exc.get_codes(), str) else None
        if isinstance(exc, exceptions.PermissionDenied) and detail_code == "token_scope":
            code = "token_scope"
        body = error_body(code or "error", str(exc.detail),
                          retry_after=int(exc.wait) if getattr(exc, "wait", None) is not None else None)
    return Response(body, status=exc.status_code, headers=headers)
