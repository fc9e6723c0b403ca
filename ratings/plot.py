"""A rating's history drawn as an SVG line on the server: one point per rated game, the
rating on the vertical axis with a few labelled lines, sized by its viewBox so it fills a
phone's width and stays readable."""
from __future__ import annotations

from collections.abc import Sequence

from games.svg_text import attr, text

WIDTH, HEIGHT = 400, 240
LEFT, RIGHT, TOP, BOTTOM = 50, 10, 12, 34


def _ticks(low: int, high: int, count: int = 4) -> list[int]:
    span = max(high - low, 1)
    step = next(s for s in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000) if span / s <= count) \
        if span <= 8000 else 5000
    first = (low // step) * step
    return [v for v in range(first, high + step, step) if low <= v <= high] or [low]


def history_svg(points: Sequence[int], title: str) -> str:
    """The SVG of ``points`` (the shown rating after each rated game, oldest first, the
    starting rating first)."""
    if not points:
        return ""
    low, high = min(points), max(points)
    pad = max(10, (high - low) // 10)
    low, high = low - pad, high + pad
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    last = max(len(points) - 1, 1)

    def x(i: int) -> float:
        return LEFT + inner_w * i / last

    def y(v: int) -> float:
        return TOP + inner_h * (high - v) / (high - low)

    parts = [f'<svg class="rating-plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'aria-labelledby="plot-title" preserveAspectRatio="xMidYMid meet" '
             f'xmlns="http://www.w3.org/2000/svg">',
             f'<title id="plot-title">{text(title)}</title>']
    for v in _ticks(low, high):
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                     'stroke="#ccc" stroke-width="1"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y(v) + 5:.1f}" text-anchor="end" font-size="16">{v}</text>')
    parts.append(f'<text x="{LEFT + inner_w / 2:.0f}" y="{HEIGHT - 8}" text-anchor="middle" '
                 f'font-size="16">rated games ({len(points) - 1})</text>')
    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(points))
    parts.append(f'<polyline class="line" fill="none" stroke="#1f4e8c" stroke-width="3" '
                 f'points="{attr(line)}"/>')
    end_x, end_y = x(len(points) - 1), y(points[-1])
    parts.append(f'<circle class="now" cx="{end_x:.1f}" cy="{end_y:.1f}" r="5" fill="#1f4e8c">'
                 f'<title>now {points[-1]}</title></circle>')
    parts.append("</svg>")
    return "".join(parts)
