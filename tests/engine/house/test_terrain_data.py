"""The scenario data the house terrain rules need (docs/scenarios.md, "Terrain for the house
rules"): high ground, slopes and major slopes, house and town buildings. The Advanced rules
play such a battle as if the slopes were not drawn."""
import pytest

from games.board_svg import render_board
from games.engine import ScenarioError
from games.engine.battlecry.sight import has_line_of_sight
from tests.engine.helpers import H, T, game, inf, scenario, to_battle


def test_slopes_major_slopes_and_high_ground_load_with_their_sides():
    sc = scenario([inf("union", 11, 5), inf("confederate", 12, 4)],
                  terrain=[T("high_ground", 12, 4), T("slope", 12, 4, ["SW", "SE"]),
                           T("major_slope", 12, 4, ["E"])])
    h = sc.board.hex_index(12, 4)
    assert sc.terrain[h] == "high_ground"
    assert sc.obstacles[h] == {"SW": "slope", "SE": "slope", "E": "major_slope"}


def test_buildings_are_houses_or_towns_named_on_farms_and_towns_only():
    sc = scenario([inf("union", 11, 5), inf("confederate", 12, 2)],
                  terrain=[T("farm", 12, 4), T("town", 14, 4),
                           {**T("town", 16, 4), "buildings": "house"},
                           {**T("farm", 18, 4), "buildings": "town"}])
    at = sc.board.hex_index
    assert sc.buildings == {at(12, 4): "house", at(14, 4): "town", at(16, 4): "house",
                            at(18, 4): "town"}
    with pytest.raises(ScenarioError) as e:
        scenario([inf("union", 11, 5), inf("confederate", 12, 2)], terrain=[{**T("woods", 12, 4), "buildings": "town"},
                                                 {**T("farm", 14, 4), "buildings": "castle"}])
    assert any("only farm and town hexes are buildings, not woods" in m for m in e.value.errors)
    assert any("'castle' is not 'house' or 'town'" in m for m in e.value.errors)


def test_high_ground_blocks_sight_and_slopes_change_no_dice_under_the_advanced_rules():
    units = [inf("union", 10, 6), inf("confederate", 14, 6), inf("confederate", 12, 4)]
    plain = game(units)
    drawn = game(units, terrain=[T("high_ground", 12, 6), T("slope", 12, 4, ["SW", "SE"]),
                                 T("major_slope", 12, 4, ["W"])])
    a, b = plain._hex(H(10, 6)), plain._hex(H(14, 6))
    viewer = plain.pieces.units["u1"]
    assert has_line_of_sight(plain, a, b, viewer)
    assert not has_line_of_sight(drawn, a, b, drawn.pieces.units["u1"])
    for g in (plain, drawn):
        to_battle(g, "attack_centre")
    assert drawn.attack_preview(H(10, 6), H(12, 4))["dice"] == \
        plain.attack_preview(H(10, 6), H(12, 4))["dice"]


def test_the_board_draws_high_ground_and_each_slope_on_its_sides():
    g = game([inf("union", 11, 5), inf("confederate", 12, 4)],
             terrain=[T("high_ground", 12, 4), T("slope", 12, 4, ["SW", "SE"]),
                      T("major_slope", 12, 4, ["E"])])
    svg = render_board(g.view(None))
    assert 'class="hex t-high_ground"' in svg
    assert 'class="ob slope"' in svg and 'class="ob major_slope"' in svg
    assert "High ground with major_slope and slope" in svg


def test_a_building_named_against_its_kind_is_shown_so_and_others_are_not():
    g = game([inf("union", 11, 5), inf("confederate", 12, 2)],
             terrain=[{**T("town", 12, 4), "buildings": "house"}, T("farm", 14, 4), T("town", 16, 4)])
    terrain = {(t["hex"]["col"], t["hex"]["row"]): t for t in g.view(None)["terrain"]}
    assert terrain[(12, 4)]["buildings"] == "house"
    assert "buildings" not in terrain[(14, 4)] and "buildings" not in terrain[(16, 4)]
    svg = render_board(g.view(None))
    assert "<title>Town (a house) E7</title>" in svg
