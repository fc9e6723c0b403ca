"""What a button looks like tells what it does: destructive actions stand apart in red,
ordinary steps do not borrow that red, and the skirmish play is the card's lesser choice."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.contrib.staticfiles import finders

from games import services
from tests.play_helpers import act, start_match

pytestmark = pytest.mark.django_db


class Buttons(HTMLParser):
    """Each submit button on a page: its label and its classes."""

    def __init__(self):
        super().__init__()
        self.found: list[tuple[str, set[str]]] = []
        self._open: set[str] | None = None
        self._text = ""

    def handle_starttag(self, tag, attrs):
        if tag == "button":
            self._open, self._text = set((dict(attrs).get("class") or "").split()), ""

    def handle_data(self, data):
        if self._open is not None:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "button" and self._open is not None:
            self.found.append((" ".join(self._text.split()), self._open))
            self._open = None


def buttons(html: str) -> dict[str, set[str]]:
    parser = Buttons()
    parser.feed(html)
    return dict(parser.found)


def css_rule(path: str, selector: str) -> str:
    text = open(finders.find(path)).read()
    match = re.search(r"(^|\n)([^{}\n]*" + re.escape(selector) + r"[^{}]*)\{([^}]*)\}", text)
    assert match, f"no rule for {selector} in {path}"
    return match.group(3)


@pytest.fixture
def ordering(lee, grant):
    _, game = start_match(lee, grant, side="union")
    hand = services.load_engine(game).hands["union"]
    act(game, lee, {"type": "play_card", "card": hand[0], "mode": "skirmish"})
    return game


def test_resign_is_the_danger_button_and_ending_a_step_is_not(client, ordering, lee):
    client.force_login(lee)
    found = buttons(client.get(f"/play/games/{ordering.pk}/").content.decode())
    assert "danger" in found["Resign"]
    done = found["Done ordering: move on"]
    assert "danger" not in done
    # The danger style is its own, and the step-ending buttons do not wear the red of it.
    danger = css_rule("css/site.css", "button.danger")
    assert "var(--danger)" in danger
    end = css_rule("css/play.css", "ul.buttons button.end")
    assert "--accent" not in end and "--danger" not in end


def test_withdrawing_a_challenge_is_a_danger_button(client, lee, grant):
    from tests.play_helpers import make_scenario
    match = services.create_challenge(lee, grant, make_scenario(), side="union")
    client.force_login(lee)
    found = buttons(client.get(f"/play/matches/{match.pk}/").content.decode())
    assert "danger" in found["Withdraw the challenge"]


def test_the_skirmish_play_is_a_small_secondary_control_on_each_card(client, lee, grant):
    _, game = start_match(lee, grant, side="union")
    client.force_login(lee)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    hand = html.split('class="hand"', 1)[1].split("</ul>", 1)[0]
    cards = hand.split('<li class="card')[1:]
    assert cards
    for card in cards:
        found = Buttons()
        found.feed(card)
        skirmish = [cls for label, cls in found.found if label == "Skirmish: order 1 unit anywhere"]
        assert skirmish == [{"skirmish", "secondary"}]
        # The card's own play (when it has one) stays the full-size button.
        assert all("skirmish" not in cls for label, cls in found.found if label != "Skirmish: order 1 unit anywhere")
    small = css_rule("css/play.css", ".card button.skirmish")
    assert "width: auto" in small and "font-size" in small
