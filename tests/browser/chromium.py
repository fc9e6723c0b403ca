"""Debian's Chromium for the browser tests: where it is, and how each test module starts it
(headless, no sandbox, nothing fetched from the network)."""
import os
from pathlib import Path

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def launch_chromium(playwright):
    """A headless Chromium from ``playwright`` (a sync_playwright() handle)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
