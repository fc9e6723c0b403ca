"""Browser tests need Debian's Chromium (scripts/setup installs it when it can).

Outside CI a missing browser skips them with the reason; under CI=true it fails the run,
as a missing PostgreSQL or Redis does.
"""
import pytest

from tests.browser.chromium import CHROMIUM
from tests.support import service_unavailable


@pytest.fixture(autouse=True)
def _chromium_present():
    if not CHROMIUM.exists():
        service_unavailable("Chromium", f"no browser at {CHROMIUM} (apt-get install chromium)")
