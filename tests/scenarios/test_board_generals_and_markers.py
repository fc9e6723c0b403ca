"""Generals and morale markers on the board SVG: a lone general stands in the middle of his
hex (he does not look attached to a unit next door), a general with a unit at its lower
corner, and a unit's Spent or Routed marker is drawn above the general's token."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from games.board_svg import render_board

SVG = "{http://www.w3.org/2000/svg}"


def board(units=(), generals=()) -> dict[tuple[int, int], ET.Element]:
    view = {"units": list(units), "generals": list(generals), "positions": {}}
    root = ET.fromstring(render_board(view))
    return {(int(g.get("data-col")), int(g.get("data-row"))): g
            for g in root.iter(f"{SVG}g") if "hex" in g.get("class", "").split()}


def unit(col, row, **kw):
    return {"id": "u1", "side": "union", "kind": "infantry", "figures": 4,
            "hex": {"col": col, "row": row}, **kw}


def general(col, row):
    return {"side": "union", "name": "Meade", "hex": {"col": col, "row": row}}


def token(hex_: ET.Element) -> ET.Element:
    (use,) = [e for e in hex_ if e.tag == f"{SVG}use" and "general" in e.get("class", "")]
    return use


def test_a_lone_general_stands_in_the_middle_of_his_hex():
    hexes = board(units=[unit(4, 4)], generals=[general(6, 4)])
    lone = token(hexes[(6, 4)])
    assert (float(lone.get("x") or 0), float(lone.get("y") or 0)) == (0, 0)


def test_an_attached_general_stands_at_his_units_corner():
    hexes = board(units=[unit(6, 4)], generals=[general(6, 4)])
    attached = token(hexes[(6, 4)])
    assert (float(attached.get("x")), float(attached.get("y"))) == (-13, 17)


def test_the_morale_marker_is_drawn_above_the_general():
    hexes = board(units=[unit(6, 4, status="spent")], generals=[general(6, 4)])
    children = list(hexes[(6, 4)].iter())
    marker = next(e for e in children if "status" in e.get("class", "").split())
    assert marker.text == "S"
    # SVG paints in document order: the marker comes after (above) the general's token.
    assert children.index(marker) > children.index(token(hexes[(6, 4)]))
