"""The site's e-mails: subjects stay on one line whatever a scenario is called, and links
point at SITE_URL."""
from __future__ import annotations

import pytest
from django.core import mail

from games.engine.battlecry.sample import sample_scenario
from tests.play_helpers import make_scenario, start_match

pytestmark = pytest.mark.django_db


def test_a_line_break_in_a_scenario_name_does_not_stop_its_emails(
        lee, grant, django_capture_on_commit_callbacks):
    """A club-made scenario named over two lines (the import accepts it): before, every
    e-mail quoting the name failed for good with a header error."""
    data = dict(sample_scenario(), slug="two-lines", name="Bull Run\nBcc: everyone@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        _, game = start_match(lee, grant, scenario=make_scenario(data), side="union")
    subjects = [m.subject for m in mail.outbox]
    assert "Battle Cry: your move in Bull Run Bcc: everyone@example.org" in subjects
    assert all("\n" not in s and "\r" not in s for s in subjects)
    assert all(m.bcc == [] for m in mail.outbox)


def test_links_in_emails_use_site_url(lee, grant, settings, django_capture_on_commit_callbacks):
    settings.SITE_URL = "https://battlecry.example.org"
    with django_capture_on_commit_callbacks(execute=True):
        _, game = start_match(lee, grant, side="union")
    turn = next(m for m in mail.outbox if "your move" in m.subject)
    assert f"https://battlecry.example.org/play/games/{game.pk}/" in turn.body
    assert "localhost" not in turn.body
