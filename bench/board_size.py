"""Size of the board SVG (games/board_svg.py): raw and gzipped, per scenario at the start and
for a mid-game board with every hex clickable, as a play page sends it.

Usage:  python bench/board_size.py [--ruleset 1961]

``--ruleset 1961``: the 1961 game's square board instead (games/board_square.py, drawn from
its kit), at the start and mid-game with a cavalry piece selected as the game page sends it
(its squares lit and clickable, the other pieces that can move clickable).

Prints the figures; asserts nothing (tests/scenarios/test_site_board_svg.py and
tests/mb1961/test_mb1961_board.py hold the limits).
"""
from __future__ import annotations

import argparse
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", choices=("advanced", "1961"), default="advanced")
    if parser.parse_args().ruleset == "1961":
        return board_1961()
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


def mid_game_1961(seed: int = 7):
    """A 1961 game on the shipped map, played at random to the Union's fifth turn with five
    pips or more, and the page's drawing of it with a cavalry piece selected: (svg, game)."""
    from games.boards import draw_board
    from games.engine import RULESETS
    from games.presentation.kits import presenter_for

    rules = RULESETS["1961"]
    game = rules.new(rules.sample_scenarios[0], {}, seed)
    rng = random.Random(seed)
    while game.turn < 5 or game.phase != "move" or game.active_side != "union" or game.pips < 5:
        game.apply(rng.choice(game.legal_actions()))
    kit = presenter_for("1961")
    view, legal = game.view("union"), game.legal_actions()
    piece = next(a["piece"] for a in legal if a["type"] == "move" and a["piece"][1] == "C")
    selected = game.where[piece]
    choices = kit.choices(game, view, legal, selected)

    def attrs(col, row):                  # as the game page writes them (games/views/play.py)
        click = choices.clicks.get((col, row))
        if click is None:
            return None
        out = {"role": "button", "tabindex": "0"}
        if "action" in click:
            out["hx-post"] = "/play/games/1234/act/"
            out["hx-vals"] = json.dumps({"action": json.dumps(click["action"], separators=(",", ":")),
                                         "version": 321}, separators=(",", ":"))
        else:
            out["hx-get"] = "/play/games/1234/?sel={},{}".format(*click["select"])
            out["aria-label"] = "Select the piece here"
        return out

    svg = draw_board("1961", kit.board(view), viewer="union", highlights=choices.highlights,
                     cell_attrs=attrs, selected=selected)
    return svg, game


def board_1961() -> None:
    from games.boards import draw_board
    from games.engine import RULESETS
    from games.presentation.kits import presenter_for

    rules = RULESETS["1961"]
    start = rules.new(rules.sample_scenarios[0], {}, 1)
    raw, zipped = sizes(draw_board("1961", presenter_for("1961").board(start.view(None))))
    print(f"1961 map at the start: {raw} bytes, {zipped} gzipped")
    svg, game = mid_game_1961()
    raw, zipped = sizes(svg)
    print(f"1961 map mid-game (round {game.turn}, a cavalry piece selected): {raw} bytes, "
          f"{zipped} bytes gzipped ({zipped / 1024:.1f} KB)")


if __name__ == "__main__":
    main()
