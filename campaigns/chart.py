"""The small chart of flags per battle for both armies: geometry the template draws as SVG."""
from __future__ import annotations
from games.engine import SIDES

COLOURS = {"union": "#0072B2", "confederate": "#7f7f7f"}


def flags_chart(flags: list[dict], *, most: int = 6, width: int = 360, height: int = 160) -> dict | None:
    """Paired bars, one pair per finished battle (``flags[i] = {"union": n, "confederate": m}``);
    None before the first battle ends."""
    if not flags:
        return None
    top = max([most] + [max(f.values()) for f in flags])
    margin_x, margin_top, margin_bottom = 28, 10, 22
    slot = (width - 2 * margin_x) / len(flags)
    bar = min(22.0, slot / 3)
    scale = (height - margin_top - margin_bottom) / top
    base = height - margin_bottom
    bars = []
    for i, f in enumerate(flags):
        x0 = margin_x + i * slot + (slot - 2 * bar) / 2
        for j, side in enumerate(SIDES):
            h = round(f.get(side, 0) * scale, 1)
            bars.append({"x": round(x0 + j * bar, 1), "y": round(base - h, 1), "w": round(bar - 2, 1),
                         "h": h, "colour": COLOURS[side], "side": side, "flags": f.get(side, 0),
                         "battle": i + 1})
    ticks = [{"x": round(margin_x + (i + 0.5) * slot, 1), "label": f"Battle {i + 1}"}
             for i in range(len(flags))]
    return {"width": width, "height": height, "bars": bars, "ticks": ticks, "base": base,
            "top": top, "top_y": margin_top, "axis_x": margin_x - 4}
