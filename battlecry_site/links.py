"""Absolute links for e-mails and feeds, on the site's public address (setting SITE_URL)."""
from __future__ import annotations

from django.conf import settings


def site_url(path: str) -> str:
    """``path`` (from ``reverse``) as an absolute link on SITE_URL."""
    return settings.SITE_URL.rstrip("/") + path
