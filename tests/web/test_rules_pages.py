"""The rules pages: each ruleset's summary with its terrain-effects table, read off the
engine's own terrain data for that ruleset."""
from __future__ import annotations

import re

import pytest

from games.engine import RULESETS, TERRAIN

pytestmark = pytest.mark.django_db


def terrain_rows(html: str) -> dict[str, str]:
    return dict(re.findall(r'<tr id="terrain-([a-z_]+)">(.*?)</tr>', html, re.S))


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_rules_page_has_the_engines_terrain_effects_for_its_ruleset(client, name):
    r = client.get(f"/rules/{name}/")
    assert r.status_code == 200
    html = r.content.decode()
    if not RULESETS[name].terrain_effects:            # a game without a terrain table
        assert "Terrain effects" not in html and RULESETS[name].summary[0][:40] in html
        return
    assert "Terrain effects" in html
    rows = terrain_rows(html)
    assert set(rows) == set(TERRAIN)          # every kind of ground, one row each
    for effect in RULESETS[name].terrain_effects:
        assert effect.label in rows[effect.kind]
        if effect.attack_dice:
            assert f"&minus;{effect.attack_dice} di" in rows[effect.kind]


def test_the_rulesets_terrain_differs_where_their_rules_do(client):
    """Under the standard rules a town costs an attacker 2 dice and woods none; a river is
    crossed only at a bridge (docs/rulings.md S5). The Advanced table: woods 1, river stops."""
    adv = terrain_rows(client.get("/rules/advanced/").content.decode())
    std = terrain_rows(client.get("/rules/standard/").content.decode())
    assert "&minus;1 die" in adv["woods"] and "No change" in std["woods"]
    assert "&minus;2 dice" in std["town"] and "&minus;2 dice" in adv["town"]
    assert "Units entering stop" in adv["river"] and "May not enter" in std["river"]
