"""A scenario at the bounds of its numbers (every flag count at its most, as many special
rules as allowed) plays to its end, and the match records its totals: when the battle is
won on flags and when a player resigns."""
from __future__ import annotations

import json

import pytest

from games import services
from games.engine.battlecry.scenario import MAX_FLAGS, MAX_RULES
from games.models import Match
from games.models.scenario import scenario_file_errors
from tests.play_helpers import ROOT, act, make_scenario, start_match

pytestmark = pytest.mark.django_db

#: The Union's full box (10 infantry, 3 cavalry, 3 artillery) on its back rows.
UNION_HEXES = [(c, 8) for c in range(0, 26, 2)] + [(1, 7), (3, 7), (5, 7)]
KINDS = ["infantry"] * 10 + ["cavalry"] * 3 + ["artillery"] * 3


def hx(col, row):
    return {"col": col, "row": row}


def at_the_bounds() -> dict:
    """A club file (Belmont's frame) with every flag number at its most."""
    data = json.loads((ROOT / "games" / "scenarios" / "belmont.json").read_text(encoding="utf-8"))
    hexes = [hx(c, r) for c, r in UNION_HEXES]
    for side in data["sides"].values():
        side.update(flags=MAX_FLAGS, cards=4)
        side.pop("territorial", None)
    data.update({
        "slug": "flags-at-the-bounds", "name": "Flags at the bounds", "annual_number": None,
        "standard_flags": {"union": MAX_FLAGS, "confederate": MAX_FLAGS},
        "first_side": "union", "terrain": [],
        "units": [{"side": "union", "kind": k, "hex": h} for k, h in zip(KINDS, hexes)]
                 + [{"side": "confederate", "kind": "infantry", "hex": hx(12, 0)}],
        "generals": [],
        "flag_tokens": [{"kind": "objective", "hex": h, "side": "union", "flags": MAX_FLAGS}
                        for h in hexes],
        "special_rules": [{"rule": "temporary_flags", "side": "union", "hexes": hexes,
                           "flags_per_hex": MAX_FLAGS}] * MAX_RULES,
    })
    data["sides"]["union"]["position"], data["sides"]["confederate"]["position"] = "bottom", "top"
    return data


def test_the_scenario_is_within_the_bounds():
    assert scenario_file_errors(at_the_bounds()) == []


def finished(match_id) -> Match:
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.Status.FINISHED
    return match


def union_turn(game, player):
    """The Union plays its first turn through: a card, then straight to the end."""
    while game.deciding == "union":
        legal = services.load_engine(game).legal_actions()
        closing = [a for a in legal if a["type"] in ("confirm_orders", "end_movement", "end_turn")]
        act(game, player, closing[0] if closing else legal[0])


def test_battles_won_on_flags_at_the_bounds_record_the_match_totals(lee, grant):
    match, game = start_match(lee, grant, make_scenario(at_the_bounds()), side="union")
    expected = len(UNION_HEXES) * MAX_FLAGS     # every objective held at the end of turn 1
    union_turn(game, lee)
    assert game.outcome["winner"] == "union" and game.outcome["reason"] == "flags"
    assert game.outcome["flags"] == {"union": expected, "confederate": 0}
    rematch = match.games.get(number=2)                          # sides swapped
    union_turn(rematch, grant)
    match = finished(match.pk)
    assert (match.challenger_flags, match.opponent_flags) == (expected, expected)


def test_resignations_at_the_bounds_record_the_match_totals(lee, grant):
    match, game = start_match(lee, grant, make_scenario(at_the_bounds()), side="union")
    services.resign(game.pk, lee, game.version)                  # the Union resigns game 1
    rematch = match.games.get(number=2)
    services.resign(rematch.pk, lee, rematch.version)            # the Confederates, game 2
    match = finished(match.pk)
    totals = services.match_totals(match)["flags"]
    assert (match.challenger_flags, match.opponent_flags) == (totals[lee.pk], totals[grant.pk])
    assert min(match.challenger_flags, match.opponent_flags) >= len(UNION_HEXES) * MAX_FLAGS
