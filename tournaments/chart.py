"""The small chart of the standings over the rounds: geometry for an SVG the template draws."""
from __future__ import annotations

#: Colours told apart by most eyes (Okabe and Ito), then grey.
COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]


def standings_chart(rounds: list[int], ranks: dict, names: dict, *, top: int = 8,
                    width: int = 480, height: int = 220) -> dict | None:
    """Lines of the ``top`` players after the last round (rank 1 at the top), or None when
    fewer than two rounds are in.  ``ranks`` maps a player to their rank after each round."""
    if len(rounds) < 2 or not ranks:
        return None
    margin_left, margin_right, margin_y = 30, 110, 16
    worst = max(max(r) for r in ranks.values())
    leaders = sorted(ranks, key=lambda p: ranks[p][-1])[:top]
    span_x = (width - margin_left - margin_right) / (len(rounds) - 1)
    span_y = (height - 2 * margin_y) / max(worst - 1, 1)

    def x(i):
        return round(margin_left + i * span_x, 1)

    def y(rank):
        return round(margin_y + (rank - 1) * span_y, 1)

    lines = []
    for i, p in enumerate(leaders):
        pts = [(x(k), y(r)) for k, r in enumerate(ranks[p])]
        lines.append({"name": names.get(p, str(p)), "colour": COLOURS[i % len(COLOURS)],
                      "points": " ".join(f"{a},{b}" for a, b in pts), "end": pts[-1],
                      "rank": ranks[p][-1]})
    return {"width": width, "height": height, "lines": lines,
            "ticks": [{"x": x(k), "label": n} for k, n in enumerate(rounds)],
            "baseline": height - 2, "worst": worst, "top": len(leaders)}
