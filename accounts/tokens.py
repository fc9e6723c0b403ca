"""Personal API tokens: making one (the secret is returned once) and finding the token a
request presents.  Only the sha256 of a token is stored; a token has 256 random bits,
so a fast hash is enough (nothing to guess from it)."""
from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

from .models import ApiToken

#: Every token starts with this, so a leaked one is easy to recognise (e.g. by secret scanners).
TOKEN_PREFIX = "bcc_"
MAX_TOKENS_PER_MEMBER = 20
LAST_USED_GRANULARITY_SECONDS = 60


class TooManyTokens(Exception):
    pass


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def create_token(user, name: str, scope: str) -> tuple[ApiToken, str]:
    """Make a token for ``user``; returns the row and the token itself (shown once)."""
    if scope not in ApiToken.Scope.values:
        raise ValueError(f"unknown scope {scope!r}")
    with transaction.atomic():
        if ApiToken.objects.filter(user=user).count() >= MAX_TOKENS_PER_MEMBER:
            raise TooManyTokens(f"You have {MAX_TOKENS_PER_MEMBER} tokens; revoke one first.")
        secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
        row = ApiToken.objects.create(user=user, name=name.strip()[:60] or "API token", scope=scope,
                                      prefix=secret[len(TOKEN_PREFIX):][:ApiToken.PREFIX_LENGTH],
                                      key_hash=digest(secret))
    return row, secret


def revoke_token(user, token_id) -> bool:
    """Delete one of ``user``'s tokens; False when there is no such token of theirs."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)


def find_token(secret: str) -> ApiToken | None:
    """The live token a request presents, with its user; None if unknown or revoked."""
    if not secret or not secret.startswith(TOKEN_PREFIX) or len(secret) > 200:
        return None
    row = ApiToken.objects.select_related("user").filter(key_hash=digest(secret)).first()
    if row is None or not row.user.is_active:
        return None
    now = timezone.now()
    if row.last_used is None or (now - row.last_used).total_seconds() > LAST_USED_GRANULARITY_SECONDS:
        ApiToken.objects.filter(pk=row.pk).update(last_used=now)
        row.last_used = now
    return row
