"""Celery tasks of the games app: turn e-mails, deadline reminders, timeouts, Nightfall.

Tasks carry the game id and the version they were queued for, and do nothing if the game
has moved on (Archie's own task goes on from where a run of it stopped, see archie_move).  Queue them by name, ``games.outbox.queue("games.notify_turn", ...)``, in the
transaction of the write they follow (sent on commit, kept and swept later if the broker is down).
Each one may run more than once (late acknowledgement, a worker process lost and the task
run again, the sweep): the ``*_version`` fields of the
game record what was already done, claimed with a conditional UPDATE before any e-mail
goes out, so a second run sends nothing.

Periodic tasks (rows of django-celery-beat, made by migration 0003_periodic_tasks):
``games.send_reminders`` and ``games.announce_timeouts`` every 15 minutes,
``games.nightfall_sweep`` every 10 minutes, ``games.daily_digest`` once a day, and
``games.send_outbox`` every minute (migration 0004: what could not be queued while the
broker was down, see games/outbox.py); ``games.archie_sweep``
every minute (migration 0005_archie_sweep).  ``games.pack_log`` is queued when a game ends.
"""
from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone

from accounts.mailing import mail_member as _mail, wants_mail as _wants
from accounts.models import Profile
from battlecry_site.links import site_url
from games import balance, game_log, outbox, reviews, services
from games.editor.estimates import run_estimate
from games.context_processors import decision_of
from games.models import Game, Match
from games.presentation.kits import phase_words
from games.models.seat import seats_prefetch

#: No turn e-mail to a player who acted in the game this recently: they are at the page,
#: which updates by itself (e.g. the attacker, after the defender's retreat decision).
ACTIVE_WINDOW = timedelta(minutes=10)
#: A reminder goes out when this share of the time per move is left (at most 12 hours).
REMINDER_SHARE = 0.25
REMINDER_MAX = timedelta(hours=12)


def _claim(game_id: int, version: int, field: str) -> bool:
    """Mark ``field`` as done for ``version`` unless done already or the game moved on."""
    return Game.objects.filter(pk=game_id, version=version, finished_at__isnull=True,
                               **{f"{field}__lt": version}).update(**{field: version}) == 1


@shared_task(name="games.notify_turn")
def notify_turn(game_id: int, version: int) -> bool:
    """E-mail each member whose decision it is now (if their profile asks for every turn):
    the holders of every seat deciding, several acting at the same time (ruling G13), a
    member holding several of them once."""
    game = Game.objects.select_related("match__scenario").filter(pk=game_id).first()
    if game is None or game.version != version or game.is_over or not game.deciding:
        return False
    recently = timezone.now() - ACTIVE_WINDOW
    users = [user for user in game.deciding_players()
             if _wants(user, Profile.Notifications.EVERY_TURN)
             and not game.actions.filter(actor=user, created__gte=recently).exists()]
    if not users or not _claim(game_id, version, "notified_version"):
        return False
    for user in users:
        _tell_turn(user, game)
    return True


def _tell_turn(user, game: Game) -> None:
    """The turn e-mail of one member: this game's, or one listing every decision waiting."""
    due = [game, *_other_decisions_due(user, game)]
    if len(due) > 1:
        # several decisions wait for the member (their seats in team games, their other
        # games): one e-mail lists them all, and their own e-mails are not sent
        _mail(user, f"Battle Cry: {len(due)} moves waiting for you", "games/email/turn_digest.txt",
              {"games": [(g, site_url(reverse("play:game", args=[g.pk]))) for g in due]})
        return
    _mail(user, f"Battle Cry: your move in {game.match.scenario}", "games/email/your_turn.txt",
          {"game": game, "phase_words": phase_words(game.ruleset, game.phase),
           "url": site_url(reverse("play:game", args=[game.pk]))})


def _other_decisions_due(user, game: Game) -> list:
    """The member's other games waiting for their decision whose turn e-mail is not sent yet,
    each marked as told (so their own e-mail task sends nothing)."""
    rows = (Game.objects.select_related("match__scenario").filter(finished_at__isnull=True)
            .filter(decision_of(user)).filter(notified_version__lt=F("version")).exclude(pk=game.pk)
            .order_by("deadline", "pk"))
    return [g for g in rows if _claim(g.pk, g.version, "notified_version")]


@shared_task(name="games.send_reminders")
def send_reminders() -> int:
    """Remind each player whose time for a move is running out (once per move)."""
    now = timezone.now()
    sent = 0
    candidates = (Game.objects.select_related("match__scenario").prefetch_related(seats_prefetch())
                  .filter(finished_at__isnull=True, deadline__gt=now,
                          reminded_version__lt=F("version"))
                  .exclude(deciding=""))
    for game in candidates:
        window = min(REMINDER_MAX, timedelta(hours=game.match.deadline_hours) * REMINDER_SHARE)
        if game.deadline - now > window:
            continue
        if not _claim(game.pk, game.version, "reminded_version"):
            continue
        for user in game.deciding_players():       # every seat deciding, each member once
            if _wants(user, Profile.Notifications.EVERY_TURN, Profile.Notifications.DAILY):
                _mail(user, f"Battle Cry: your time is running out in {game.match.scenario}",
                      "games/email/reminder.txt",
                      {"game": game, "url": site_url(reverse("play:game", args=[game.pk]))})
                sent += 1
    return sent


@shared_task(name="games.announce_timeouts")
def announce_timeouts() -> int:
    """Tell the waiting player, once per move, that the opponent's time ran out and the
    game can be claimed on its page (the claim itself is theirs to make)."""
    now = timezone.now()
    sent = 0
    overdue = (Game.objects.select_related("match__scenario").prefetch_related(seats_prefetch())
               .filter(finished_at__isnull=True, deadline__lte=now)
               .filter(Q(overdue_version__lt=F("version"))
                       | Q(match__team=True, claimable_version__lt=F("version")))
               .exclude(deciding=""))
    for game in overdue:
        late = [seat for seat in map(game.seat_named, game.deciding_seats)
                if seat is not None and services.team_mates_can_step_in(game, seat)]
        if game.match.team and late:
            # a team game: the late seats' team-mates are told first that they may take them
            # over or hand them to Archie; the opponents once they may claim the game
            if game.overdue_version < game.version and _claim(game.pk, game.version, "overdue_version"):
                sent += sum(_tell_team_mates(game, seat) for seat in late)
            if not (services.game_claimable(game, now) and game.claimable_version < game.version
                    and _claim(game.pk, game.version, "claimable_version")):
                continue
        elif not _claim(game.pk, game.version, "overdue_version"):
            continue
        # the holders of the other side's seats wait (a member holding several, once)
        waiting_members = {seat.player_id: seat.player for seat in game.seat_rows()
                           if seat.side != game.deciding_side and seat.player is not None}
        for waiting in waiting_members.values():
            if _wants(waiting, Profile.Notifications.EVERY_TURN, Profile.Notifications.DAILY):
                _mail(waiting, f"Battle Cry: you may claim your game of {game.match.scenario}",
                      "games/email/claimable.txt",
                      {"game": game, "url": site_url(reverse("play:game", args=[game.pk]))})
                sent += 1
    return sent


def _tell_team_mates(game: Game, late) -> int:
    """E-mail the team-mates of the late seat ``late`` (each member once); how many."""
    mates = {seat.player_id: seat.player for seat in game.seat_rows()
             if seat.side == late.side and seat.name != late.name and seat.is_member_held
             and seat.player_id != late.player_id}
    sent = 0
    for mate in mates.values():
        if _wants(mate, Profile.Notifications.EVERY_TURN, Profile.Notifications.DAILY):
            _mail(mate, f"Battle Cry: a team-mate's time ran out in {game.match.scenario}",
                  "games/email/team_seat_late.txt",
                  {"game": game, "seat": late, "url": site_url(reverse("play:game", args=[game.pk]))})
            sent += 1
    return sent


# The check and its sweep keep the names they were first scheduled under (Nightfall's end
# was the first step the site takes itself); they take any ruleset's site step.
@shared_task(name="games.nightfall_check")
def nightfall_check(game_id: int, version: int) -> bool:
    """Take the step the game waits for the site to take at ``version`` (else nothing)."""
    return services.take_site_step(game_id, version) is not None


@shared_task(name="games.nightfall_sweep")
def nightfall_sweep() -> int:
    """Every game waiting for a step of the site, stepped once (a missed check is caught here)."""
    ended = 0
    for gid, version in Game.objects.filter(finished_at__isnull=True,
                                            phase__in=services.site_step_phases()) \
            .values_list("pk", "version"):
        if services.take_site_step(gid, version) is not None:
            ended += 1
    return ended


@shared_task(name="games.archie_move", acks_late=True, reject_on_worker_lost=True)
def archie_move(game_id: int, version: int) -> bool:
    """Archie takes the decision the game waits for at ``version`` and goes on with the next
    ones while they are Archie's (its whole turn), each applied once in its own transaction.
    Late acknowledgement: a worker killed mid-turn leaves the message to run again, and that
    run picks up from the last decision applied. True if it applied any."""
    return bool(services.play_archie(game_id, version))


@shared_task(name="games.archie_sweep")
def archie_sweep(older_than_seconds: int = 60) -> int:
    """Queue Archie's decision again for every game stuck waiting on it (a lost broker,
    a worker gone). Returns how many were queued."""
    stuck = services.games_waiting_on_archie(timedelta(seconds=older_than_seconds))
    for game_id, version in stuck:
        archie_move.delay(game_id, version)
    return len(stuck)


@shared_task(name="games.notify_challenge")
def notify_challenge(match_id: int) -> bool:
    match = Match.objects.select_related("scenario", "challenger", "opponent").filter(pk=match_id).first()
    if match is None or match.status != Match.Status.CHALLENGE or match.opponent is None:
        return False
    if not _wants(match.opponent, Profile.Notifications.EVERY_TURN, Profile.Notifications.DAILY):
        return False
    _mail(match.opponent, f"Battle Cry: {match.challenger.get_username()} challenges you",
          "games/email/challenge.txt",
          {"match": match, "url": site_url(reverse("play:match", args=[match.pk]))})
    return True


@shared_task(name="games.notify_table_invitation")
def notify_table_invitation(match_id: int, member_id: int) -> bool:
    """Tell a member that a seat of a team table is kept for them."""
    match = Match.objects.select_related("scenario", "challenger").filter(pk=match_id).first()
    if match is None or match.status != Match.Status.TABLE:
        return False
    seat = match.table_seats.select_related("invited").filter(invited_id=member_id).first()
    if seat is None or not _wants(seat.invited, Profile.Notifications.EVERY_TURN,
                                  Profile.Notifications.DAILY):
        return False
    _mail(seat.invited, f"Battle Cry: {match.challenger.get_username()} keeps a seat for you",
          "games/email/table_invitation.txt",
          {"match": match, "seat": seat, "url": site_url(reverse("play:table", args=[match.pk]))})
    return True


@shared_task(name="games.notify_match_result")
def notify_match_result(match_id: int) -> int:
    match = Match.objects.select_related("scenario", "winner").filter(pk=match_id).first()
    if match is None or match.status != Match.Status.FINISHED:
        return 0
    sent = 0
    for user in match.players():
        if _wants(user, Profile.Notifications.EVERY_TURN, Profile.Notifications.DAILY):
            _mail(user, f"Battle Cry: your match of {match.scenario} is over",
                  "games/email/match_result.txt",
                  {"match": match, "url": site_url(reverse("play:match", args=[match.pk]))})
            sent += 1
    return sent


@shared_task(name="games.daily_digest")
def daily_digest() -> int:
    """One e-mail a day to each player who asked for it, listing the games waiting for them."""
    waiting: dict = {}
    games = (Game.objects.select_related("match__scenario").prefetch_related(seats_prefetch())
             .filter(finished_at__isnull=True).exclude(deciding=""))
    for game in games:
        for user in game.deciding_players():
            waiting.setdefault(user, []).append(game)
    sent = 0
    for user, items in waiting.items():
        if not _wants(user, Profile.Notifications.DAILY):
            continue
        _mail(user, f"Battle Cry: {len(items)} game(s) waiting for you", "games/email/digest.txt",
              {"games": [(g, site_url(reverse("play:game", args=[g.pk]))) for g in items]})
        sent += 1
    return sent


@shared_task(name="games.send_outbox")
def send_outbox() -> int:
    """Hand to the broker the tasks kept while it was down (games/outbox.py)."""
    return outbox.send_pending()


@shared_task(name="games.pack_log")
def pack_log(game_id: int) -> bool:
    """Pack the log of a game that is over into one compressed value (games/game_log.py);
    queued when a game ends.  Does nothing for a game packed already."""
    return game_log.pack(game_id)


__all__ = ["announce_timeouts", "archie_move", "archie_sweep", "balance_run", "daily_digest", "editor_balance",
           "nightfall_check", "nightfall_sweep", "notify_challenge", "notify_match_result", "notify_table_invitation",
           "notify_turn", "pack_log", "review_game",
           "send_outbox", "send_reminders"]


@shared_task(name="games.review_game", acks_late=True)
def review_game(review_id: int) -> None:
    """Archie's review of a finished game (games/reviews.py); does nothing once made."""
    reviews.run(review_id)


@shared_task(name="games.balance_run", acks_late=True)
def balance_run(run_id: int) -> None:
    """Archie's self-play run on a scenario (games/balance.py); does nothing once played."""
    balance.play_run(run_id)


@shared_task(name="games.editor_balance")
def editor_balance(draft_id: int, token: str) -> bool:
    """Archie's self-play balance estimate of a scenario draft (games.editor.estimates)."""
    return run_estimate(draft_id, token)
