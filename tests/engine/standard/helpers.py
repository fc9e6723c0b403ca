"""Hand-built positions under the standard ruleset (seed 004)."""
from games.engine import Game
from tests.engine.helpers import G, H, T, U, scenario

__all__ = ["G", "H", "T", "U", "art", "attack", "cav", "give", "inf", "play", "std", "to_battle"]


def std(units=(), generals=(), terrain=(), seed=1, options=None, **kw):
    return Game.new(scenario(units, generals, terrain, **kw), ruleset="standard", seed=seed,
                    options=options)


def inf(side, col, row, **kw):
    return U(side, "infantry", col, row, **kw)


def cav(side, col, row, **kw):
    return U(side, "cavalry", col, row, **kw)


def art(side, col, row, **kw):
    return U(side, "artillery", col, row, **kw)


def give(g, side, card):
    """Put a copy of ``card`` in ``side``'s hand (setting up a position); the hand size stays."""
    hand = g.hands[side]
    if card in hand:
        return
    foe = "confederate" if side == "union" else "union"
    if card in g.hands[foe]:
        g.hands[foe].remove(card)
        g.hands[foe].append(g.deck.pop())
    for pile in (g.deck, g.discards):
        if card in pile:
            pile.remove(card)
    g.deck.insert(0, hand.pop())
    hand.insert(0, card)


def play(g, card, rolls=None, **choices):
    give(g, g.active, card)
    return g.apply({"type": "play_card", "card": card, **choices}, rolls=rolls)


def to_battle(g, card, *pieces, moves=(), **choices):
    """Play ``card``, order ``pieces`` if the card asks, make ``moves``, go to battle."""
    play(g, card, **choices)
    if g.phase == "order":
        for p in pieces:
            g.apply({"type": "order", "unit": p} if p.startswith("u")
                    else {"type": "order_general", "general": p})
        if g.phase == "order":
            g.apply({"type": "confirm_orders"})
    for uid, to in moves:
        g.apply({"type": "move", "unit": uid, "to": to})
    g.apply({"type": "end_movement"})


def attack(g, uid, col, row, rolls):
    return g.apply({"type": "attack", "unit": uid, "target": H(col, row)}, rolls=rolls)
