"""The game page under the house rule of terrain victory points (docs/rulings.md H51): the
flags to win are nine, and how to win names the terrain flags each side holds."""
from __future__ import annotations

import pytest

from tests.play_helpers import make_scenario, skirmish_data, start_match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("on", [False, True])
def test_how_to_win_counts_nine_flags_and_the_terrain_flags_held(client, lee, grant, on):
    options = {"terrain_victory_points": True} if on else None
    _, game = start_match(lee, grant, make_scenario(skirmish_data()), side="union", options=options)
    client.force_login(grant)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    win = html[html.index('id="how-to-win"'):]
    win = win[:win.index("</section>")]
    if on:
        assert win.count("Wins with 9 flags (has 0).") == 2
        assert win.count("counts a flag until retaken: 0 terrain flags now.") == 2
        assert "House rule: terrain victory points" in html
    else:
        assert win.count("Wins with 4 flags (has 0).") == 2 and "terrain flag" not in win
