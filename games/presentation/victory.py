"""How each side wins in Battle Cry, and its hand size, in plain words for the game page
(the Battle Cry kit's ``victory``).

Worked out from the scenario, ``Game.view`` (what both players may see) and the victory
terms the game's ruleset declares.
"""
from __future__ import annotations

from games.board_svg import hex_name
from games.engine import SIDE_NAMES, SIDES
from games.kits.battlecry import scenario_of
from games.presentation.options import victory_terms



def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def victory(engine, view: dict) -> dict:
    """``{"sides": [{side, name, lines, hand}], "common": [lines], "summary": str}``."""
    sc = scenario_of(engine)
    terms = victory_terms(engine.ruleset, view.get("options"))
    generals_matter = terms.last_general_loses and any(g.side for g in sc.generals)
    sides = []
    for s in SIDES:
        lines = [f"Wins with {_n(view['flags_needed'][s], 'flag')} (has {view['flags'][s]})."]
        for o in view["objectives"]:
            if o["side"] != s or not terms.objectives_count:
                continue
            where = hex_name(o["hex"]["col"], o["hex"]["row"])
            name = f" ({o['name']})" if o.get("name") else ""
            lines.append(f"Holding {where}{name} counts {_n(o['flags'], 'flag')}"
                         f"{': held now' if o.get('held') else ''}.")
        if "terrain_flags" in view:      # house rule of terrain victory points
            held = sum(1 for f in view["terrain_flags"] if f["side"] == s)
            lines.append(f"Each hill, very rough or breastworks hex it takes in melee or by "
                         f"following up counts a flag until retaken: {_n(held, 'terrain flag')} now.")
        if sc.territorial[s] and terms.objectives_win_at_once:
            lines.append("Also wins at once by holding its objective at the end of its own turn.")
        if terms.last_general_loses and any(g.side == s for g in sc.generals):
            lines.append("Loses the game if its last general is lost.")
        per = terms.cards_per_general
        gens = sum(1 for g in view["generals"] if g["side"] == s) if per else 0
        cap = view["capacity"][s]
        base = sc.cards[s]
        hand = (f"Hand size {cap}: the scenario's {base}"
                + (f", +{per} for each of its {_n(gens, 'general')} on the board" if gens else "")
                + (f", less {base + per * gens - cap} by a card's effect"
                   if cap < base + per * gens else "")
                + ".")
        sides.append({"side": s, "name": SIDE_NAMES[s], "lines": lines, "hand": hand})
    common = list(getattr(terms, "notes", ()))
    if terms.empty_hand_loses:
        common.append("A player who must play a command card and holds none loses the game.")
    need = view["flags_needed"]
    if need["union"] == need["confederate"]:
        summary = f"First to {_n(need['union'], 'flag')} wins"
    else:
        summary = f"Union needs {_n(need['union'], 'flag')}, Confederates {need['confederate']}"
    if generals_matter:
        summary += " · losing every general loses the game"
    return {"sides": sides, "common": common, "summary": summary}
