"""The win-chance graph of Archie's review, drawn on the server as SVG: each side's own
chance after every turn, the even line, and the marked turns (each a link to the replay at
the turn's start). Readable on a phone: it scales to the page's width."""
from __future__ import annotations

from games.engine import SIDE_NAMES
from games.svg_text import attr, text

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 30


def _x(i: int, count: int) -> float:
    return LEFT + (WIDTH - LEFT - RIGHT) * (i / max(1, count))


def _y(p: float) -> float:
    return TOP + (HEIGHT - TOP - BOTTOM) * (1 - p)


def chance_graph(result: dict, replay_url: str) -> str:
    """The graph of a review's ``result`` (games/ai/review.py); ``replay_url`` the replay
    page, a marked turn linking to ``?step=`` its start."""
    turns = result.get("turns") or []
    sides = result.get("sides") or []
    count = len(turns)
    marked = set(result.get("marked") or [])
    out = [f'<svg class="chance-graph" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'preserveAspectRatio="xMidYMid meet" aria-labelledby="chance-graph-title">',
           '<title id="chance-graph-title">Each side\'s chance of winning after every turn, '
           'as Archie judged it from that side\'s own information</title>']
    for p in (0.0, 0.5, 1.0):
        out.append(f'<line class="grid{" even" if p == 0.5 else ""}" x1="{LEFT}" x2="{WIDTH - RIGHT}" '
                   f'y1="{_y(p):.1f}" y2="{_y(p):.1f}"/>'
                   f'<text class="axis" x="{LEFT - 6}" y="{_y(p) + 4:.1f}" text-anchor="end">{int(p * 100)}%</text>')
    for i, t in enumerate(turns, start=1):
        if t["turn"] in marked:
            x = _x(i, count)
            out.append(f'<a href="{attr(replay_url)}?step={int(t.get("step", 0))}">'
                       f'<line class="mark" x1="{x:.1f}" x2="{x:.1f}" y1="{TOP}" y2="{HEIGHT - BOTTOM}"/>'
                       f'<text class="mark-label" x="{x:.1f}" y="{HEIGHT - 8}" text-anchor="middle">'
                       f'Turn {int(t["turn"])}</text></a>')
    for side in sides:
        points = [(0, (result.get("opening") or {}).get(side, 0.5))]
        points += [(i, t["chances"].get(side, 0.5)) for i, t in enumerate(turns, start=1)]
        path = " ".join(f"{_x(i, count):.1f},{_y(p):.1f}" for i, p in points)
        name = SIDE_NAMES.get(side, side)
        out.append(f'<polyline class="chance side-{attr(side)}" points="{path}" fill="none">'
                   f'<title>{text(name)}</title></polyline>')
    out.append(f'<text class="axis" x="{LEFT}" y="{HEIGHT - 8}">Start</text>'
               f'<text class="axis" x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end">'
               f'Turn {count}</text>')
    out.append("</svg>")
    return "".join(out)
