"""The toy ruleset is registered for the tests of this folder (and stays registered)."""
import pytest

from .rules import register_toy


@pytest.fixture(autouse=True, scope="session")
def _toy_registered():
    register_toy()
