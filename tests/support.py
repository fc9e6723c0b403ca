"""Helpers shared by the tests (fixtures live in conftest.py)."""

from __future__ import annotations

import os
import socket
from urllib.parse import urlparse

import pytest

CI = os.environ.get("CI", "").lower() == "true"


def service_unavailable(name: str, detail: str) -> None:
    """Skip outside CI, fail under CI=true: CI must test against the real services."""
    if CI:
        pytest.fail(f"{name} is required when CI=true: {detail}", pytrace=False)
    pytest.skip(f"{name}: {detail}; set CI=true to require it")


def tcp_reachable(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or default_port), timeout=2):
            return True
    except OSError:
        return False
