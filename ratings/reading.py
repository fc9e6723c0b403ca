"""What the pages and the API read of the ratings (no writes)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Q, Sum
from django.utils import timezone

from games.engine import SIDES
from ratings.method import PROVISIONAL_GAMES, Skill, expected_share, initial_skill, member, scenario_side
from ratings.models import Pool, RatedResult, Rating, RatingChange
from ratings.models.pool import DUEL

#: How many rated games of a member's history the plot draws at most (the latest).
HISTORY_POINTS = 500
#: How many of the latest rated games the ratings page lists.
LATEST = 10


def name_of(user) -> str:
    if user is None:
        return "a former member"
    profile = getattr(user, "profile", None)
    return (profile.name if profile and profile.name else user.get_username())


def subject_name(rating: Rating) -> str:
    if rating.kind == "archie":
        return f"Archie ({rating.subject.split(':', 1)[1]})"
    return name_of(rating.member)


@dataclass
class Row:
    rank: int
    rating: Rating
    name: str

    @property
    def username(self) -> str:
        return self.rating.member.get_username() if self.rating.member_id else ""


def leaderboard(club, ruleset: str, mode: str = DUEL, months: int | None = None,
                provisional: bool = False):
    """The club's members (and Archie's levels) rated in the pool, best first, as a query
    (one query a page): ``months``: only those who played a rated game in the last so many
    months; ``provisional``: list ratings still provisional too."""
    from tournaments.models import Membership
    rows = (Rating.objects.filter(pool__ruleset=ruleset, pool__mode=mode)
            .filter(Q(kind="archie") | Q(kind="member", member__in=Membership.objects.filter(
                club=club, status=Membership.Status.ACTIVE).values("user_id")))
            .select_related("member__profile")
            .only("subject", "kind", "shown", "games", "last_played", "member__username",
                  "member__profile__display_name")
            .order_by("-shown", "subject"))
    if months:
        rows = rows.filter(last_played__gte=since(months))
    if not provisional:
        rows = rows.filter(games__gte=PROVISIONAL_GAMES)
    return rows


def ranked(ratings, start: int = 0) -> list[Row]:
    """Rows of a leaderboard's page whose first rating is ranked ``start + 1``."""
    return [Row(start + n, r, subject_name(r)) for n, r in enumerate(ratings, 1)]


@dataclass
class MemberPool:
    pool: Pool
    rating: Rating
    history: list[int]
    changes: list[RatingChange]


def member_ratings(user) -> list[MemberPool]:
    """Each pool ``user`` is rated in, with the rating after each rated game (their
    starting rating first)."""
    ratings = list(Rating.objects.filter(member=user, kind="member").select_related("pool")
                   .order_by("pool__ruleset", "pool__mode"))
    if not ratings:
        return []
    out = []
    for r in ratings:                   # two queries per pool: a member has rated games in a few
        changes = RatingChange.objects.filter(subject=member(user.pk), pool_id=r.pool_id).order_by("-seq", "-number")
        shown = list(changes.values_list("shown_before", "shown_after")[:HISTORY_POINTS])[::-1]
        points = ([shown[0][0]] if shown else []) + [after for _, after in shown]
        latest = list(changes.select_related("result__match__scenario")
                      .defer("result__games", "result__match__scenario__data")[:LATEST])
        out.append(MemberPool(r.pool, r, points, latest))
    return out


def archie_ratings() -> list[Rating]:
    """Archie's levels as rated in every pool, by pool then strongest first (one query)."""
    return list(Rating.objects.filter(kind="archie").select_related("pool")
                .order_by("pool__ruleset", "pool__mode", "-shown"))


def match_changes(match) -> dict[int, int]:
    """How much each member's shown rating moved with the match (member id -> points); empty
    while it is not rated."""
    rows = (RatingChange.objects.filter(result__match=match, member__isnull=False,
                                        subject__startswith="member:")
            .values("member_id").annotate(before=Sum("shown_before"), after=Sum("shown_after")))
    return {r["member_id"]: r["after"] - r["before"] for r in rows}


def match_not_rated(match) -> str:
    """Why no game of the match is rated ("a guided first game", ...); blank when some game
    is, or while the match is not recorded."""
    row = RatedResult.objects.filter(match=match).order_by("-pk").values("why").first()
    return row["why"] if row else ""


def _skill(subject: str, ratings: dict[str, Rating]) -> Skill:
    r = ratings.get(subject)
    return r.skill if r else initial_skill(subject)


@dataclass
class Expected:
    share: float           # the chance that the member wins a game
    games: int             # the member's rated games in the pool
    opponent_games: int

    @property
    def percent(self) -> int:
        return round(100 * self.share)


def expected(ruleset: str, me: str, opponent: str, scenario_slug: str = "", sides=SIDES,
             mode: str = DUEL) -> Expected:
    """``me``'s expected share of the games against ``opponent`` (subjects) in a match of
    two games with the sides swapped, on ``scenario_slug`` when known."""
    subjects = [me, opponent]
    if scenario_slug:
        subjects += [scenario_side(scenario_slug, s) for s in sides]
    ratings = {r.subject: r for r in Rating.objects.filter(pool__ruleset=ruleset, pool__mode=mode,
                                                          subject__in=subjects)}
    shares = []
    for mine, theirs in (sides, sides[::-1]):
        a = [_skill(me, ratings)] + ([_skill(scenario_side(scenario_slug, mine), ratings)]
                                     if scenario_slug else [])
        b = [_skill(opponent, ratings)] + ([_skill(scenario_side(scenario_slug, theirs), ratings)]
                                           if scenario_slug else [])
        shares.append(expected_share(a, b))
    mine_r, theirs_r = ratings.get(me), ratings.get(opponent)
    return Expected(sum(shares) / len(shares), mine_r.games if mine_r else 0,
                    theirs_r.games if theirs_r else 0)


def since(months: int) -> datetime:
    """The moment ``months`` months ago (a month counted as 30.44 days)."""
    return timezone.now() - timedelta(days=round(30.44 * months))
