"""Size of the board SVG (games/board_svg.py): raw and gzipped, per scenario at the start and
for a mid-game board with every hex clickable, as a play page sends it.

Usage:  python bench/board_size.py

Prints the figures; asserts nothing (tests/scenarios/test_site_board_svg.py holds the limit).
"""
from __future__ import annotations

import gzip
import json
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.board_svg import render_board  # noqa: E402
from games.engine import Game, load_scenario  # noqa: E402


def sizes(svg: str) -> tuple[int, int]:
    raw = svg.encode()
    return len(raw), len(gzip.compress(raw))


def main() -> None:
    files = sorted(p for p in (ROOT / "games" / "scenarios").glob("*.json") if p.name != "schema.json")
    worst = (0, "")
    total = 0
    for path in files:
        sc = load_scenario(json.loads(path.read_text(encoding="utf-8")))
        raw, zipped = sizes(render_board(Game.new(sc, seed=1).view(None)))
        total += zipped
        worst = max(worst, (zipped, path.stem))
        print(f"{path.stem:28} start: {raw:6} bytes, {zipped:5} gzipped")
    print(f"start positions: mean {total / len(files):.0f} bytes gzipped, largest {worst[0]} ({worst[1]})")

    sc = load_scenario(json.loads((ROOT / "games/scenarios/fredericksburg.json").read_text(encoding="utf-8")))
    game = Game.new(sc, seed=11)
    rng = random.Random(11)
    for _ in range(120):
        game.apply(rng.choice(game.legal_actions()))
    side = game.active_side
    svg = render_board(game.view(side), viewer=side,
                       highlights={"reachable": {(c, 4) for c in range(0, 25, 2)}},
                       hex_attrs=lambda c, r: {"hx-post": "/games/1/act/",
                                               "hx-vals": json.dumps({"col": c, "row": r})})
    raw, zipped = sizes(svg)
    print(f"mid-game Fredericksburg, every hex clickable: {raw} bytes, {zipped} bytes gzipped")


if __name__ == "__main__":
    main()
