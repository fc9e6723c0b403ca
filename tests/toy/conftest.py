"""The toy ruleset and its kit are registered for the tests of this folder, and withdrawn
after them, so the rest of the suite sees the site's own rulesets only."""
import pytest

from .presenter import register_toy_kit, unregister_toy_kit


@pytest.fixture(autouse=True, scope="package")
def _toy_registered():
    register_toy_kit()
    yield
    unregister_toy_kit()
