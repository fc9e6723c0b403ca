"""The rules pages speak to players: options by name, in words, with no engine key and no
source file."""
from __future__ import annotations

import re

import pytest

from games.engine import RULESETS


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_rules_page_names_options_in_words(client, name):
    html = client.get(f"/rules/{name}/").content.decode()
    options = html.split('id="rules-options"', 1)[1].split("</section>", 1)[0]
    for option in RULESETS[name].options:
        assert option.name not in options, option.name
    assert "<code>" not in options
    assert not re.search(r"\b[\w/]+\.(py|md|json)\b", html), re.search(r"\b[\w/]+\.(py|md|json)\b", html)
    for option in RULESETS[name].options:
        assert option.label in options, option.label
    if RULESETS[name].terrain_effects:                 # the Battle Cry rulesets
        assert "Union pre-battle dice (campaigns)" in options
        assert "Archie, the computer opponent" in options
