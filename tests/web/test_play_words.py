"""The game page in players' words: hexes named by the drawn key, log lines that name their
hexes, how each side wins and its hand size."""
from __future__ import annotations

import re

import pytest

from games import services
from games.engine import load_scenario
from games.views.play_log import Entry, log_lines
from tests.play_helpers import act, make_scenario, skirmish_data, start_match

pytestmark = pytest.mark.django_db


def H(c, r):
    return {"col": c, "row": r}


def test_log_words_for_withdrawals_and_generals():
    sc = load_scenario(skirmish_data())
    entries = [
        Entry(1, "union", [{"type": "general_moved", "side": "union", "general": "g1", "to": H(5, 7)}],
              {"type": "move_general"}),
        Entry(2, "union", [
            {"type": "retreated", "unit": "u1", "side": "union", "from": H(12, 6), "to": H(11, 7)},
            {"type": "withdrew", "unit": "u1", "side": "union", "attacker": "u5",
             "from": H(12, 6), "to": H(11, 7)}], {"type": "withdraw"}),
    ]
    lines = log_lines(sc, entries, "union")
    texts = [ln["text"] for ln in lines]
    assert texts == ["The Union general Meade moved to H3.",
                     "The Union infantry at G7 withdrew to H6 before the melee."]
    assert lines[1]["hexes"] == "12,6 11,7"


def test_board_key_and_names(client, lee, grant):
    _, game = start_match(lee, grant, make_scenario(skirmish_data()), side="union")
    client.force_login(lee)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    board = html[html.index("<svg xmlns"):]
    keys = re.search(r'<g class="key"[^>]*>(.*?)</g>', board).group(1)
    assert [t for t in re.findall(r">([A-Z0-9]+)<", keys)][:4] == ["1", "1", "2", "2"]
    assert set("ABCDEFGHI") <= set(re.findall(r">([A-I])<", keys))
    assert "<title>Open G7: Union infantry, 4 figures</title>" in board
    assert "<title>Woods D5: Confederate infantry, 4 figures</title>" in board


def test_victory_conditions_and_hand_size_are_shown(client, lee, grant):
    _, game = start_match(lee, grant, make_scenario(skirmish_data()), side="union")
    client.force_login(grant)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    win = html[html.index('id="how-to-win"'):]
    win = win[:win.index("</section>")]
    assert "First to 4 flags wins · losing every general loses the game" in html
    assert win.count("Wins with 4 flags (has 0).") == 2
    assert win.count("Loses the game if its last general is lost.") == 2
    # 4 cards in the scenario, +1 for the general: the hand dealt holds 5
    assert win.count("Hand size 5: the scenario&#x27;s 4, +1 for each of its 1 general on the board.") == 2
    assert "holds none loses the game" in win


def test_the_standard_rules_state_their_own_victory_and_hand_size(client, lee, grant):
    """Under seed 004 only flags win (no general or empty-hand loss, objectives earn nothing)
    and the hand is the scenario's number, so the page says that and nothing else."""
    _, game = start_match(lee, grant, make_scenario(skirmish_data()), side="union",
                          ruleset="standard")
    client.force_login(grant)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    win = html[html.index('id="how-to-win"'):]
    win = win[:win.index("</section>")]
    assert win.count("Hand size 4: the scenario&#x27;s 4.") == 2
    assert "general" not in win and "holds none" not in win
    assert "losing every general" not in html


def test_every_log_line_about_a_hex_names_it(client, lee, grant):
    _, game = start_match(lee, grant, make_scenario(skirmish_data()), side="union")
    from games import services
    act(game, lee, {"type": "play_card", "card": services.load_engine(game).hands["union"][0],
                    "mode": "skirmish"})
    act(game, lee, {"type": "order", "unit": "u1"})
    act(game, lee, {"type": "move", "unit": "u1", "to": H(13, 5)})
    client.force_login(grant)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert '<li class="moved" data-hexes="12,6 13,5" tabindex="0">The Union infantry at G7 moved to F7.</li>' in html


def test_the_game_page_has_a_legend(client, lee, grant):
    _, game = start_match(lee, grant, make_scenario(skirmish_data()), side="union")
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    legend = html[html.index('<details class="board-legend">'):]
    legend = legend[:legend.index("</details>")]
    assert "<span>Woods</span>" in legend and '<use class="tr" href="#tw"' in legend
    assert "Union infantry: a rectangle" in legend and "Confederate infantry: a frame with pointed ends" in legend
    assert "A general: his own round token" in legend
    # not sent again with each move: the fragment leaves it out
    assert "board-legend" not in client.get(f"/play/games/{game.pk}/", HTTP_HX_REQUEST="true").content.decode()


def test_the_battle_prompt_says_so_when_no_unit_can_battle(client, lee, grant, monkeypatch):
    """Ordered units out of every enemy's reach: the page says to end the turn instead of
    asking for a click on highlighted units (there are none)."""
    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)
    monkeypatch.setattr(services, "engine_seed", lambda secret: 3)
    data = skirmish_data(slug="far-apart")
    data["units"] = [{"side": "union", "kind": "infantry", "hex": {"col": 2, "row": 8}},
                     {"side": "confederate", "kind": "infantry", "hex": {"col": 22, "row": 0}}]
    data["generals"] = [{"side": "union", "hex": {"col": 4, "row": 8}, "name": "Meade"},
                        {"side": "confederate", "hex": {"col": 20, "row": 0}, "name": "Lee"}]
    _, game = start_match(lee, grant, make_scenario(data), side="union")
    engine = services.load_engine(game)
    act(game, lee, {"type": "play_card", "card": engine.hands["union"][0], "mode": "skirmish"})
    unit = services.load_engine(game).view("union")["units"][0]["id"]
    act(game, lee, {"type": "order", "unit": unit})
    act(game, lee, {"type": "end_movement"})
    assert game.phase == "battle" and game.deciding == "union"
    client.force_login(lee)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "none of your ordered units can battle now. End the turn." in html
    assert "click one of your highlighted units" not in html
    assert "End the turn and draw" in html
