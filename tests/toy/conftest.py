"""The toy ruleset and its kit are registered for the tests of this folder (and stay
registered)."""
import pytest

from .presenter import register_toy_kit


@pytest.fixture(autouse=True, scope="session")
def _toy_registered():
    register_toy_kit()
