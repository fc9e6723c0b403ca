"""The OpenAPI generator: every operation documents the site's error responses too."""
from __future__ import annotations

from drf_spectacular.openapi import AutoSchema

from .errors import ErrorSerializer
from .permissions import ReadOpenWriteMember

ERRORS_ALWAYS = {
    "400": "The request is malformed or not valid (code malformed, invalid, illegal, ...).",
    "401": "Not logged in, or the token is not valid (not_authenticated, authentication_failed).",
    "403": "Not allowed (permission_denied, not_a_player, token_scope).",
    "404": "No such object (not_found).",
    "406": "The Accept header asks for a format the API does not speak (not_acceptable).",
    "409": "Refused in the current state (stale_version, not_your_turn, game_over, refused).",
    "429": "Too many requests from this token or address (throttled).",
}
ERRORS_WRITE = {
    "415": "The body is not JSON (unsupported_media_type).",
}


class SiteAutoSchema(AutoSchema):
    def get_auth(self):
        """Reads that anybody may make (ReadOpenWriteMember) need no credentials."""

        auths = super().get_auth()
        public = any(isinstance(p, ReadOpenWriteMember) for p in self.view.get_permissions())
        if public and self.method in ("GET", "HEAD", "OPTIONS") and {} not in auths:
            auths.append({})
        return auths

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        errors = dict(ERRORS_ALWAYS)
        if self.method not in ("GET", "HEAD", "OPTIONS"):
            errors.update(ERRORS_WRITE)
        for code, description in errors.items():
            if code not in responses:
                body = self._get_response_for_code(ErrorSerializer, code, direction=direction)
                body["description"] = description
                responses[code] = body
        return responses


NULL = {"$ref": "#/components/schemas/NullEnum"}


def nullable_references(result, generator, request, public):
    """Post-processing hook: a nullable object field is written ``{"allOf": [ref],
    "nullable": true}``, which OpenAPI 3.0.3 reads as "never null" (``nullable`` does not
    reach into ``allOf``).  Write it as ``{"oneOf": [ref, NullEnum]}`` instead, which every
    validator reads the same way."""

    def walk(node):
        if isinstance(node, dict):
            if node.get("nullable") and len(node.get("allOf", ())) == 1:
                node["oneOf"] = [node.pop("allOf")[0], NULL]
                node.pop("nullable")
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(result)
    result.setdefault("components", {}).setdefault("schemas", {}).setdefault("NullEnum", {"enum": [None]})
    return result
