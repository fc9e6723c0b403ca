"""A built-in open battle for benchmarks, tests and examples (not a historical scenario)."""
from __future__ import annotations


def sample_scenario() -> dict:
    """A mid-sized open battle: 8 infantry, 2 cavalry, 2 artillery, 2 generals a side."""
    def row(side, r, kinds, cols):
        return [{"side": side, "kind": k, "hex": {"col": c, "row": r}} for k, c in zip(kinds, cols)]
    units = (row("union", 7, ["infantry"] * 6, [3, 7, 9, 13, 17, 21])
             + row("union", 8, ["artillery", "cavalry", "infantry", "infantry", "cavalry", "artillery"],
                   [2, 6, 10, 14, 18, 22])
             + row("confederate", 1, ["infantry"] * 6, [3, 7, 9, 13, 17, 21])
             + row("confederate", 0, ["artillery", "cavalry", "infantry", "infantry", "cavalry",
                                      "artillery"], [2, 6, 10, 14, 18, 22]))
    terrain = ([{"kind": "woods", "hex": {"col": c, "row": 4}} for c in (4, 6, 18)]
               + [{"kind": "hill", "hex": {"col": c, "row": 3}} for c in (11, 13)]
               + [{"kind": "town", "hex": {"col": 12, "row": 6}},
                  {"kind": "fence", "hex": {"col": 15, "row": 5}, "sides": ["NW", "NE"]}])
    return {
        "format": 1, "slug": "bench-field", "name": "Bench field", "dates": ["1862-06-01"],
        "sides": {"union": {"position": "bottom", "cards": 4, "flags": 6},
                  "confederate": {"position": "top", "cards": 4, "flags": 6}},
        "first_side": "union", "terrain": terrain, "units": units,
        "generals": [{"side": "union", "hex": {"col": 10, "row": 8}},
                     {"side": "union", "hex": {"col": 14, "row": 8}},
                     {"side": "confederate", "hex": {"col": 10, "row": 0}},
                     {"side": "confederate", "hex": {"col": 14, "row": 0}}],
    }
