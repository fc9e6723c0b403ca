"""The only code that writes ratings: a result is recorded once, rated in its pool's
order, re-rated from its place on when it is corrected, and every rating can be rebuilt
from the stored results (docs/ratings.md)."""
from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max

from ratings.method import RatedGame, Skill, display_rating, kind_of, member_id, replay, scenario_side
from ratings.models import Pool, RatedResult, Rating, RatingChange
from ratings.sources import Source

BATCH = 2000


def pool_for(ruleset: str, mode: str) -> Pool:
    pool, _ = Pool.objects.get_or_create(ruleset=ruleset, mode=mode)
    return pool


def record(source: Source) -> RatedResult:
    """Record ``source`` and rate it, exactly once.

    The pool's row is locked first, so results are rated one at a time in the order of
    their ``seq``.  The same result recorded again (a signal sent twice, two confirmations
    racing) changes nothing; a result recorded again with other games is a correction:
    the pool is re-rated from that result on."""
    with transaction.atomic():
        pool = Pool.objects.select_for_update().filter(ruleset=source.ruleset, mode=source.mode).first()
        if pool is None:
            pool = Pool.objects.select_for_update().get(pk=pool_for(source.ruleset, source.mode).pk)
        existing = RatedResult.objects.filter(key=source.key).first()
        if existing is not None:
            if existing.games == source.games and existing.why == source.why:
                return existing
            if existing.pool_id != pool.pk:     # a correction that changes the mode: its own pool
                pool = Pool.objects.select_for_update().get(pk=existing.pool_id)
            existing.games, existing.why = source.games, source.why
            existing.corrections += 1
            existing.save(update_fields=["games", "why", "corrections"])
            replay_from(pool, existing.seq)
            return existing
        pool.last_seq += 1
        pool.save(update_fields=["last_seq"])
        result = RatedResult.objects.create(key=source.key, pool=pool, seq=pool.last_seq,
                                            played=source.played, games=source.games,
                                            why=source.why, match_id=source.match_id)
        replay_from(pool, result.seq, [result], latest=True)
        return result


def rated_games(results: Iterable[RatedResult]) -> list[RatedGame]:
    """The games to rate, in order: each rated game's two teams (sides in name order), each
    with its side's scenario pseudo-player when the scenario is known."""
    out = []
    for r in results:
        for g in r.games:
            if not g.get("rated"):
                continue
            sides = sorted(g["teams"])
            slug = g.get("scenario") or ""
            teams = tuple(tuple(g["teams"][s]) + ((scenario_side(slug, s),) if slug else ())
                          for s in sides)
            winner = sides.index(g["winner"]) if g.get("winner") in sides else None
            out.append(RatedGame(seq=r.seq, number=int(g["number"]), teams=(teams[0], teams[1]),
                                 winner=winner))
    return out


def replay_from(pool: Pool, seq: int, results: list[RatedResult] | None = None,
                latest: bool = False) -> int:
    """Re-rate ``pool`` from the result at ``seq`` on: every rating goes back to what it was
    before that result, then the results from there are rated again in order.  Rating a
    new result (``latest``: the pool's last, just recorded, its members just played) is
    the case with nothing to take back.  The pool's row must be locked.  Returns the
    number of changes written."""
    later = [] if latest else list(RatingChange.objects.filter(pool=pool, seq__gte=seq)
                                   .order_by("seq", "number", "subject")
                                   .values_list("subject", "mu_before", "sigma_before"))
    undone: dict[str, Skill] = {}
    taken_back: dict[str, int] = {}
    for subject, mu, sigma in later:
        undone.setdefault(subject, Skill(mu, sigma))
        taken_back[subject] = taken_back.get(subject, 0) + 1
    if results is None:
        results = list(RatedResult.objects.filter(pool=pool, seq__gte=seq).order_by("seq"))
    games = rated_games(results)
    subjects = set(undone) | {s for g in games for team in g.teams for s in team}
    rows = {r.subject: r for r in Rating.objects.filter(pool=pool, subject__in=subjects)}
    ratings: dict[str, Skill] = {}
    played_count: dict[str, int] = {}
    for subject in subjects:
        row = rows.get(subject)
        if subject in undone:
            ratings[subject] = undone[subject]
        elif row is not None:
            ratings[subject] = row.skill
        played_count[subject] = (row.games if row else 0) - taken_back.get(subject, 0)
    last_before = {}
    if undone:
        RatingChange.objects.filter(pool=pool, seq__gte=seq).delete()
        last_before = dict(RatingChange.objects.filter(pool=pool, subject__in=list(undone))
                           .values_list("subject").annotate(last=Max("played")))
    changes = replay(games, ratings)
    played_at = {r.seq: r.played for r in results}
    by_seq = {r.seq: r for r in results}
    ids = {member_id(s) for s in subjects} - {None}
    members = ids if latest or not ids else set(
        get_user_model().objects.filter(pk__in=ids).values_list("pk", flat=True))

    def _member(subject: str):
        mid = member_id(subject)
        return mid if mid in members else None

    RatingChange.objects.bulk_create([
        RatingChange(result=by_seq[c.seq], pool=pool, seq=c.seq, number=c.number, subject=c.subject,
                     member_id=_member(c.subject), played=played_at[c.seq],
                     mu_before=c.before.mu, sigma_before=c.before.sigma, mu_after=c.after.mu,
                     sigma_after=c.after.sigma, shown_before=display_rating(c.before),
                     shown_after=display_rating(c.after))
        for c in changes], batch_size=BATCH)
    last = dict(last_before)
    for c in changes:
        played_count[c.subject] += 1
        last[c.subject] = played_at[c.seq]
    keep, drop = [], []
    for subject in subjects:
        if played_count[subject] <= 0 or subject not in ratings:
            drop.append(subject)
            continue
        skill = ratings[subject]
        keep.append(Rating(pool=pool, subject=subject, kind=kind_of(subject), member_id=_member(subject),
                           mu=skill.mu, sigma=skill.sigma, shown=display_rating(skill),
                           games=played_count[subject], last_played=last[subject]))
    if drop:
        Rating.objects.filter(pool=pool, subject__in=drop).delete()
    Rating.objects.bulk_create(keep, batch_size=BATCH, update_conflicts=True,
                               unique_fields=["pool", "subject"],
                               update_fields=["mu", "sigma", "shown", "games", "last_played", "member"])
    return len(changes)


def rebuild(pools: Iterable[Pool] | None = None) -> int:
    """Every rating of ``pools`` (all by default) worked out again from the stored results,
    from the start.  Returns the number of changes written."""
    written = 0
    for pool in (pools if pools is not None else Pool.objects.order_by("ruleset", "mode")):
        with transaction.atomic():
            locked = Pool.objects.select_for_update().get(pk=pool.pk)
            RatingChange.objects.filter(pool=locked).delete()
            Rating.objects.filter(pool=locked).delete()
            written += replay_from(locked, 1)
    return written
