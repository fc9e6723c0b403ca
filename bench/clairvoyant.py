"""A clairvoyant Archie, for the bench only: the search, with every iteration dealt on a copy
where the other side's hand is the real one (the decks and the dice are still re-dealt).

It measures how much any inference of the other hand could gain: the ordinary search deals
that hand uniformly from the unseen cards, this one knows it. The site never offers it (it is
not in ``games.ai``'s levels or policies; ``bench/ai_ladder.py`` adds it to its own names).
"""
from __future__ import annotations

import random
from collections import Counter

from games.ai.search import ensemble_policy, search_policy
from games.engine import other
from games.engine.battlecry.advanced.cards import is_extra


def reveal(copy, real, foe: str, seed: int):
    """``copy`` (a determinization for ``foe``'s enemy) with ``foe``'s real hand put back and
    the rest of the unseen cards dealt again around it, as the engine deals them."""
    if getattr(copy, "cards", None) is None:        # the standard rules: one deck
        rest = Counter(copy.hands[foe] + copy.deck) - Counter(real.hands[foe])
        copy.hands[foe] = list(real.hands[foe])
        copy.deck = shuffled(list(rest.elements()), seed)
    else:
        _reveal_decks(copy, real, foe, seed)
    # the two cards the foe drew and has to choose between are the real ones again
    for item, was in zip(pending(copy), pending(real)):
        if item["do"] == "keep_card" and item["side"] == foe:
            item["cards"] = list(was["cards"])
    return copy


def _reveal_decks(copy, real, foe: str, seed: int) -> None:
    """Under the Advanced rules each side has its deck: its base cards stay its own, and so
    does an extra card known to be its; the other extra cards may lie in either deck."""
    cards, me = copy.cards, other(foe)
    known = real.cards.returned_extras

    def floating(c: str, owner: str) -> bool:
        return is_extra(c) and c not in known[owner]

    truth = list(real.cards.hands[foe])
    pile = cards.hands[foe] + cards.decks[foe]
    foe_fixed = Counter(c for c in pile if not floating(c, foe))
    loose = Counter(c for c in pile if floating(c, foe))
    own = cards.decks[me]
    own_fixed = [c for c in own if not floating(c, me)]
    loose += Counter(c for c in own if floating(c, me))
    foe_fixed -= Counter(c for c in truth if not floating(c, foe))
    loose -= Counter(c for c in truth if floating(c, foe))
    loose_cards = shuffled(sorted(loose.elements()), seed)
    mine = len(own) - len(own_fixed)
    cards.hands[foe] = truth
    cards.decks[me] = shuffled(own_fixed + loose_cards[:mine], seed + 1)
    cards.decks[foe] = shuffled(sorted(foe_fixed.elements()) + loose_cards[mine:], seed + 2)


def shuffled(items: list, seed: int) -> list:
    random.Random(seed).shuffle(items)
    return items


def pending(g) -> list[dict]:
    """The decisions waiting in ``g`` (kept apart by an Advanced game, in the game by a
    standard one)."""
    return getattr(g, "decisions", g).pending


def seeing_deal(real):
    """A deal for the search that re-deals as usual, then shows the real hand of the foe."""
    def deal(game, side, seed):
        return reveal(game.determinize(side, seed), real, other(side), seed)
    return deal


def clairvoyant_search(game, side, budget, seed):
    return search_policy(game, side, budget, seed, deal=seeing_deal(game))


def clairvoyant_ensemble(game, side, budget, seed):
    return ensemble_policy(game, side, budget, seed, deal=seeing_deal(game))

