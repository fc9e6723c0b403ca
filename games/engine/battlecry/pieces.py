"""The pieces on the board during play: units and generals.

These are the mutable parts of a game state; fixed facts about unit kinds live in
:mod:`units`.
"""
from __future__ import annotations

from .hexgrid import Hex


class Unit:
    """An infantry, cavalry or artillery unit in play."""

    __slots__ = ("id", "side", "kind", "figures", "hex", "green", "fresh", "horse", "special",
                 "engaged", "shaken", "owner")

    def __init__(self, id, side, kind, figures, hex, green=False, fresh=False, horse=False,
                 special=None, engaged=False, shaken=0):
        self.id = id
        self.side = side
        self.kind = kind
        self.figures = figures
        self.hex = hex
        self.green = green
        self.fresh = fresh
        self.horse = horse
        self.special = special
        self.engaged = engaged
        #: Shaken (house rule, advanced/shaken.py): the turn number it was marked in, 0 if not.
        self.shaken = shaken
        self.owner: object = None      # the game that may change this unit in place

    def copy(self) -> "Unit":
        return Unit(self.id, self.side, self.kind, self.figures, self.hex, self.green,
                    self.fresh, self.horse, self.special, self.engaged, self.shaken)

    def to_dict(self, hexes: tuple[Hex, ...]) -> dict:
        """The unit as JSON; ``hexes`` are its board's (``board.hexes``)."""
        out = {"id": self.id, "side": self.side, "kind": self.kind, "figures": self.figures,
               "hex": hexes[self.hex].to_json(), "green": self.green, "fresh": self.fresh,
               "horse": self.horse, "special": self.special, "engaged": self.engaged}
        if self.shaken:                  # saved only when marked: older saves read as before
            out["shaken"] = self.shaken
        return out

    @classmethod
    def from_dict(cls, d, index) -> "Unit":
        return cls(d["id"], d["side"], d["kind"], d["figures"], index(d["hex"]), d["green"],
                   d["fresh"], d["horse"], d["special"], d["engaged"], d.get("shaken", 0))


class General:
    """A general: one figure, its own flag; commands the unit on its hex."""

    __slots__ = ("id", "side", "hex", "name", "owner")

    def __init__(self, id, side, hex, name=""):
        self.id = id
        self.side = side
        self.hex = hex
        self.name = name
        self.owner: object = None      # the game that may change this general in place

    def copy(self) -> "General":
        return General(self.id, self.side, self.hex, self.name)

    def to_dict(self, hexes: tuple[Hex, ...]) -> dict:
        """The general as JSON; ``hexes`` are its board's (``board.hexes``)."""
        return {"id": self.id, "side": self.side, "hex": hexes[self.hex].to_json(),
                "name": self.name}

    @classmethod
    def from_dict(cls, d, index) -> "General":
        return cls(d["id"], d["side"], index(d["hex"]), d["name"])
