"""`make run` (scripts/run): the links in e-mails follow the address the site is served on."""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_address(**env):
    clean = {k: v for k, v in os.environ.items() if k not in ("RUN_ADDRESS", "SITE_URL")}
    clean.update(env)
    result = subprocess.run(
        ["bash", "-c", 'set -euo pipefail; source scripts/address; echo "$ADDRESS $SITE_URL"'],
        cwd=ROOT, env=clean, capture_output=True, text=True, timeout=30, check=True,
    )
    return tuple(result.stdout.split())


@pytest.mark.parametrize(
    "run_address_value, served, site_url",
    [
        (None, "127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("127.0.0.1:8101", "127.0.0.1:8101", "http://127.0.0.1:8101"),
        ("8101", "127.0.0.1:8101", "http://127.0.0.1:8101"),
        ("0.0.0.0:8101", "0.0.0.0:8101", "http://127.0.0.1:8101"),
        ("localhost:9000", "localhost:9000", "http://localhost:9000"),
    ],
)
def test_site_url_follows_run_address(run_address_value, served, site_url):
    env = {} if run_address_value is None else {"RUN_ADDRESS": run_address_value}
    assert run_address(**env) == (served, site_url)


def test_an_explicit_site_url_is_kept():
    assert run_address(RUN_ADDRESS="127.0.0.1:8101", SITE_URL="https://club.example.org") == (
        "127.0.0.1:8101", "https://club.example.org",
    )


def test_the_run_script_takes_its_address_from_there():
    script = (ROOT / "scripts" / "run").read_text()
    assert "source scripts/address" in script
    assert 'runserver "$ADDRESS"' in script
