"""Debian's Chromium for the browser tests: where it is, and how each test module starts it
(headless, no sandbox, nothing fetched from the network)."""
import os
import time
from pathlib import Path

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def launch_chromium(playwright):
    """A headless Chromium from ``playwright`` (a sync_playwright() handle)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)


def wait_until(page, expression: str, timeout: float = 10_000) -> None:
    """Poll a JavaScript expression until it is true.  Playwright's wait_for_function builds
    a function from text in the page, which the site's Content-Security-Policy (no
    'unsafe-eval') refuses; page.evaluate goes through the browser's debugger instead."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(100)


def member_page(browser, url: str, username: str, password: str, timeout: float = 20_000):
    """A page of its own (a new browser context, desktop width) logged in as ``username``,
    on the lobby."""
    page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    page.set_default_timeout(timeout)
    page.goto(f"{url}/accounts/login/?next=/play/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/play/")
    return page
