"""Who acts when in a game with several seats a side: each seat, its role and holder, whether
it must act now and until when, or what it waits for; and for the viewer the steps open to
them on a seat (take a late team-mate's seat over, hand it to Archie, take their own back)."""
from __future__ import annotations

from django.urls import reverse

from games import services
from games.models import Game
from games.seat_status import seats_acting, several_a_side


def team_panel(row: Game, user, phase_words: str) -> dict | None:
    """The game page's seats panel (None for a game of one seat a side): every seat, the
    forms open to ``user`` on each, and where the team's resignation stands."""
    if not several_a_side(row):
        return None
    me = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    mine = [s for s in row.seat_of(user) if s.is_member_held]
    my_sides = {s.side for s in mine}
    rows = seats_acting(row, phase_words)
    for r in rows:
        seat = r["seat"]
        r["you"] = me is not None and seat.is_member_held and seat.player_id == me
        mate = (row.match.team and seat.side in my_sides
                and any(s.name != seat.name for s in mine if s.side == seat.side))
        overdue = services.seat_overdue(row, seat)
        r["may_step_in"] = bool(mate and overdue and not r["you"])
        r["may_take_back"] = me is not None and seat.away_id == me and not row.is_over
        urls = {k: reverse(f"play:seat_{k}", args=[row.pk, seat.name]) for k in ("claim", "archie", "back")}
        r["urls"] = urls
    team = None
    if row.match.team and my_sides and not row.is_over:
        side = next(iter(my_sides))
        voters = [s for s in row.seat_rows() if s.side == side and s.is_member_held]
        team = {"side": side, "agreed": sum(1 for s in voters if s.resigns), "voters": len(voters),
                "you_agreed": any(s.resigns for s in mine),
                "withdraw_url": reverse("play:resign_withdraw", args=[row.pk])}
    return {"rows": rows, "team": team, "levels": ("recruit", "veteran", "general")}
