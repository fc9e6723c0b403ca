"""Small hand-built positions for rule tests."""
from games.engine import Game, load_scenario


def H(col, row):
    return {"col": col, "row": row}


def scenario(units=(), generals=(), terrain=(), flags=6, cards=4, first="union",
             union_at="bottom", objectives=(), rules=(), territorial=None, board=None):
    confed_at = "top" if union_at == "bottom" else "bottom"
    data = {
        "format": 1, "slug": "test", "name": "Test", "dates": ["1862-01-01"],
        "sides": {
            "union": {"position": union_at, "cards": cards, "flags": flags},
            "confederate": {"position": confed_at, "cards": cards, "flags": flags},
        },
        "first_side": first,
        "terrain": [dict(t) for t in terrain],
        "units": [dict(u) for u in units],
        "generals": [dict(g) for g in generals],
        "flag_tokens": [dict(o) for o in objectives],
        "special_rules": [dict(r) for r in rules],
    }
    if territorial:
        data["sides"][territorial]["territorial"] = True
    if board:
        data["board"] = board
    return load_scenario(data)


def U(side, kind, col, row, **kw):
    return {"side": side, "kind": kind, "hex": H(col, row), **kw}


def G(side, col, row, name="General"):
    return {"side": side, "hex": H(col, row), "name": name}


def T(kind, col, row, sides=None):
    t = {"kind": kind, "hex": H(col, row)}
    if sides:
        t["sides"] = sides
    return t


def game(*args, seed=1, options=None, **kw):
    return Game.new(scenario(*args, **kw), seed=seed, options=options)


def unit_at(g, col, row):
    return next((u for u in g.pieces.units.values() if (u.hex == g._hex(H(col, row)))), None)


def play_skirmish(g, unit_id):
    """Play the first card in hand as a skirmish action ordering one unit."""
    card = g.cards.hands[g.current.active][0]
    g.apply({"type": "play_card", "card": card, "mode": "skirmish"})
    g.apply({"type": "order", "unit": unit_id})
    return card


def give(g, side, card):
    """Swap a card copy into a hand (setting up a position); the hand size stays."""
    hand = g.cards.hands[side]
    if card in hand:
        return
    for pile in (g.cards.decks[side], g.cards.discards[side]):
        if card in pile:
            pile.remove(card)
    g.cards.decks[side].insert(0, hand.pop())
    hand.insert(0, card)


def order(g, card, *unit_ids, mode="section"):
    """Play ``card`` (put in hand first) for the active side and order the units."""
    give(g, g.current.active, card)
    g.apply({"type": "play_card", "card": card, "mode": mode})
    for uid in unit_ids:
        g.apply({"type": "order", "unit": uid})
    if g.phase == "order":
        g.apply({"type": "confirm_orders"})


def to_battle(g, card="attack_centre", *unit_ids, mode="section"):
    order(g, card, *unit_ids, mode=mode)
    g.apply({"type": "end_movement"})


def attack(g, unit_id, col, row, rolls):
    return g.apply({"type": "attack", "unit": unit_id, "target": H(col, row)}, rolls=rolls)


def dests(g, col, row):
    return {(h["col"], h["row"]) for h in g.reachable(H(col, row))}


def types(events):
    return [e["type"] for e in events]


def inf(side, col, row, **kw):
    """An infantry unit that has already used its fresh-troops penny (plain dice)."""
    kw.setdefault("fresh", False)
    return U(side, "infantry", col, row, **kw)


def pass_turn(g):
    """The side to move plays its first card as a skirmish and does nothing."""
    g.apply({"type": "play_card", "card": g.cards.hands[g.current.active][0], "mode": "skirmish"})
    if g.phase == "order":
        g.apply({"type": "confirm_orders"})
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
