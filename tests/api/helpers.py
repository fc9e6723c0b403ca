"""Helpers for the API tests: clients that present a personal token."""
from __future__ import annotations

from rest_framework.test import APIClient

from accounts.tokens import create_token


def token_client(user, scope: str = "play") -> APIClient:
    """An API client that authenticates as ``user`` with a fresh token of ``scope``."""
    _, secret = create_token(user, f"test {scope}", scope)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    return client


def anonymous() -> APIClient:
    return APIClient()
