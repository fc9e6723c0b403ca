"""How each side wins, and its hand size, in plain words for the game page.

Worked out from the scenario and ``Game.view`` only (what both players may see).
"""
from __future__ import annotations

from games.board_svg import hex_name

SIDES = ("union", "confederate")
SIDE = {"union": "Union", "confederate": "Confederate"}


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def victory(engine, view: dict) -> dict:
    """``{"sides": [{side, name, lines, hand}], "common": [lines], "summary": str}``."""
    sc = engine.scenario
    nightfall = bool((view.get("options") or {}).get("nightfall"))
    sides = []
    for s in SIDES:
        lines = [f"Wins with {_n(view['flags_needed'][s], 'flag')} (has {view['flags'][s]})."]
        for o in view["objectives"]:
            if o["side"] != s:
                continue
            where = hex_name(o["hex"]["col"], o["hex"]["row"])
            name = f" ({o['name']})" if o.get("name") else ""
            lines.append(f"Holding {where}{name} counts {_n(o['flags'], 'flag')}"
                         f"{': held now' if o.get('held') else ''}.")
        if sc.territorial[s]:
            lines.append("Also wins at once by holding its objective at the end of its own turn.")
        if any(g.side == s for g in sc.generals):
            lines.append("Loses the game if its last general is lost.")
        gens = sum(1 for g in view["generals"] if g["side"] == s)
        cap = view["capacity"][s]
        base = sc.cards[s]
        hand = (f"Hand size {cap}: the scenario's {base}"
                + (f", +1 for each of its {_n(gens, 'general')} on the board" if gens else "")
                + (f", less {base + gens - cap} by a card's effect" if cap < base + gens else "")
                + ".")
        sides.append({"side": s, "name": SIDE[s], "lines": lines, "hand": hand})
    common = []
    if nightfall:
        common.append("Nightfall: played cards are not reshuffled. When a player has no card to "
                      "play, night falls: more flags wins, then more enemy figures eliminated; "
                      "else a draw.")
    else:
        common.append("A player who must play a command card and holds none loses the game.")
    need = view["flags_needed"]
    if need["union"] == need["confederate"]:
        summary = f"First to {_n(need['union'], 'flag')} wins"
    else:
        summary = f"Union needs {_n(need['union'], 'flag')}, Confederates {need['confederate']}"
    if any(g.side for g in sc.generals):
        summary += " · losing every general loses the game"
    return {"sides": sides, "common": common, "summary": summary}
