"""What resigning a game means for its match, said on the resign form before one confirms."""
from __future__ import annotations

from games import services
from games.engine import other as other_side


def resign_words(row, view: dict, side: str, opponent_name: str, counts_flags: bool = True) -> str:
    """One sentence: whether giving up this game decides the match, and for whom.

    The opponent is awarded the flags needed to win; the one who resigns keeps theirs
    (games/services.py ``resign``); the match goes to the most flags over its games.
    ``counts_flags``: the ruleset's kit shows flags towards a number needed (else the
    sentence names no flags)."""
    other = other_side(side)
    match = row.match
    if not counts_flags:
        if row.number == 1 and not match.single_game:
            return "This does not decide the match yet: the re-match starts, sides swapped."
        return f"{opponent_name} wins this game; the results of the match's games decide it."
    if row.number == 1 and not match.single_game:
        return ("This does not decide the match yet: the re-match starts, sides swapped, and the "
                "flags of both games decide it.")
    theirs_now = max(view["flags"][other], view["flags_needed"][other])
    mine_now = view["flags"][side]
    if match.single_game:
        return f"This decides the match: {opponent_name} wins it."
    if match.team:
        # the teams are named by their side in game 1; game 2 swapped them
        totals = services.team_totals(match)["flags"]
        mine, theirs = totals.get(other, 0) + mine_now, totals.get(side, 0) + theirs_now
    else:
        totals = services.match_totals(match)["flags"]
        me_id, them_id = row.player_id_of(side), row.player_id_of(other)
        mine, theirs = totals.get(me_id, 0) + mine_now, totals.get(them_id, 0) + theirs_now
    if theirs > mine:
        return f"This decides the match: {opponent_name} wins it, {theirs} flags to {mine} over the two games."
    if mine > theirs:
        return f"You still win the match on flags, {mine} to {theirs} over the two games."
    return (f"The match is then level on flags ({mine} each over the two games): the figures "
            "eliminated decide it, then a die.")
