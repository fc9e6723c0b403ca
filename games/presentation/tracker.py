"""Where every piece stands while a log is told: a line says "the Union infantry at G7"
even for events that name only a unit's id."""
from __future__ import annotations

from games.engine import BOARD, HexBoard, side_name

from .words import hex_label


class Tracker:
    """Where every unit and general stands, followed event by event."""

    def __init__(self, scenario_units, scenario_generals, board: HexBoard = BOARD):
        # ids are given by the engine in scenario order: u1, u2, ... and g1, g2, ...
        hexes = board.hexes
        self.units = {u.id: {"side": u.side, "kind": u.kind, "hex": hexes[u.hex].to_json()}
                      for u in scenario_units}
        self.generals = {g.id: {"side": g.side, "name": g.name, "hex": hexes[g.hex].to_json()}
                         for g in scenario_generals}

    def unit(self, uid, own: bool = False) -> str:
        """'the Union infantry at (12,6)', or 'its infantry at (12,6)' when ``own``."""
        u = self.units.get(uid)
        if not u:
            return "a unit"
        if own:
            return f"its {u['kind']} at {hex_label(u['hex'])}"
        return f"the {side_name(u['side'])} {u['kind']} at {hex_label(u['hex'])}"

    def general(self, gid, name=None) -> str:
        g = self.generals.get(gid) or {}
        name = name or g.get("name")
        side = side_name(g.get("side"))
        return f"the {side} general{' ' + name if name else ''}".replace("  ", " ")

    def follow(self, e) -> None:
        t = e["type"]
        if (t in ("moved", "retreated", "withdrew", "took_ground", "sent_back", "evaded", "breakthrough")
                and e.get("unit") in self.units):
            self.units[e["unit"]]["hex"] = e["to"]
            if t == "moved" and e.get("general") in self.generals:
                self.generals[e["general"]]["hex"] = e["to"]
        elif t in ("general_moved", "general_retreated", "evaded") and e.get("general") in self.generals:
            self.generals[e["general"]]["hex"] = e["to"]
        elif t == "reinforced":
            self.units[e["unit"]] = {"side": e["side"], "kind": e["kind"], "hex": e["hex"]}


def tracker_for(engine_scenario) -> Tracker:
    """A tracker at the start of a game of ``engine_scenario``."""
    return Tracker(engine_scenario.units, engine_scenario.generals, engine_scenario.board)


def tracker_from_view(view: dict) -> Tracker:
    """A tracker where a public view (``Game.view(None)``) has the pieces."""
    tr = Tracker((), ())
    tr.units = {u["id"]: {"side": u["side"], "kind": u["kind"], "hex": u["hex"]} for u in view["units"]}
    tr.generals = {g["id"]: {"side": g["side"], "name": g["name"], "hex": g["hex"]}
                   for g in view["generals"]}
    return tr
