"""games.services: matches, the action protocol, refusals, the end of games and matches,
and the Celery tasks that follow them (run inline here)."""
from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import services, tasks
from games.engine import Game as EngineGame
from games.models import Game, GameAction, Match
from tests.engine.helpers import U
from tests.play_helpers import act, make_scenario, player, set_state, start_match

pytestmark = pytest.mark.django_db


def first_card_skirmish(game):
    engine = services.load_engine(game)
    return {"type": "play_card", "card": engine.hands[engine.active][0], "mode": "skirmish"}


# --- challenges and seeks -----------------------------------------------------------------------


def test_challenge_accept_starts_game_one(lee, grant, django_capture_on_commit_callbacks):
    sc = make_scenario()
    with django_capture_on_commit_callbacks(execute=True):
        match = services.create_challenge(lee, grant, sc, options={"nightfall": True}, deadline_hours=48,
                                          side="confederate")
    assert match.status == Match.Status.CHALLENGE and match.options == {"nightfall": True}
    assert [m.to for m in mail.outbox] == [["grant@example.org"]]
    with django_capture_on_commit_callbacks(execute=True):
        services.accept(match.pk, grant)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    game = match.games.get()
    assert game.number == 1 and game.player_of("confederate") == lee and game.player_of("union") == grant
    assert game.version == 0 and game.deciding == "union" and game.phase == "play_card"
    assert game.seed_hash == hashlib.sha256(game.secret_seed.encode()).hexdigest()
    assert game.deadline - timezone.now() > timedelta(hours=47)
    assert game.state["options"] == {"nightfall": True}
    # the Union player is told it is their turn
    assert mail.outbox[-1].to == ["grant@example.org"] and "your move" in mail.outbox[-1].subject


def test_challenge_refusals(lee, grant, meade):
    sc = make_scenario()
    with pytest.raises(services.ActionRefused, match="yourself"):
        services.create_challenge(lee, lee, sc)
    with pytest.raises(services.ActionRefused, match="time per move"):
        services.create_challenge(lee, grant, sc, deadline_hours=0)
    match = services.create_challenge(lee, grant, sc)
    with pytest.raises(services.NotAPlayer):
        services.accept(match.pk, meade)
    with pytest.raises(services.NotAPlayer):
        services.accept(match.pk, lee)
    services.decline(match.pk, grant)
    with pytest.raises(services.ActionRefused, match="no longer open"):
        services.accept(match.pk, grant)
    assert Match.objects.get(pk=match.pk).status == Match.Status.DECLINED
    assert not Game.objects.exists()


def test_seek_join_and_withdraw(lee, grant, meade):
    sc = make_scenario()
    seek = services.post_seek(lee, sc, side="random")
    with pytest.raises(services.ActionRefused, match="your own seek"):
        services.join_seek(seek.pk, lee)
    services.join_seek(seek.pk, grant)
    with pytest.raises(services.ActionRefused, match="already taken up"):
        services.join_seek(seek.pk, meade)
    seek.refresh_from_db()
    assert seek.opponent == grant and seek.status == Match.Status.ACTIVE
    assert seek.challenger_side in ("union", "confederate")
    game = seek.games.get()
    assert {game.player_of("union"), game.player_of("confederate")} == {lee, grant}
    assert game.player_of(seek.challenger_side) == lee

    other = services.post_seek(lee, sc)
    with pytest.raises(services.NotAPlayer):
        services.cancel(other.pk, grant)
    services.cancel(other.pk, lee)
    with pytest.raises(services.ActionRefused):
        services.join_seek(other.pk, grant)


# --- the action protocol ------------------------------------------------------------------------


def test_act_appends_one_action_and_bumps_the_version(lee, grant):
    _, game = start_match(lee, grant)
    action = first_card_skirmish(game)
    result = act(game, lee, action)
    assert game.version == 1 and game.phase == "order"
    entry = GameAction.objects.get(game=game)
    assert entry.index == 1 and entry.side == "union" and entry.actor == lee
    assert entry.action == action and entry.events == result.events
    assert result.events[0]["type"] == "card_played"


def test_refusals_change_nothing(lee, grant, meade):
    _, game = start_match(lee, grant)
    before = (game.version, game.state)
    action = first_card_skirmish(game)
    with pytest.raises(services.NotAPlayer):
        services.act(game.pk, meade, action, game.version)
    with pytest.raises(services.NotYourTurn, match="Union player is to act"):
        services.act(game.pk, grant, {"type": "play_card", "card": "x", "mode": "skirmish"}, 0)
    with pytest.raises(services.StaleVersion, match="moved on"):
        services.act(game.pk, lee, action, 5)
    with pytest.raises(services.IllegalStep, match="not in your hand"):
        services.act(game.pk, lee, {"type": "play_card", "card": "nonsense", "mode": "section"}, 0)
    with pytest.raises(services.IllegalStep, match="time to play a command card"):
        services.act(game.pk, lee, {"type": "end_turn"}, 0)
    with pytest.raises(services.IllegalStep):
        services.act(game.pk, lee, "end_turn", 0)
    with pytest.raises(services.IllegalStep, match="site takes that step"):
        services.act(game.pk, lee, {"type": "end_by_nightfall"}, 0)
    game.refresh_from_db()
    assert (game.version, game.state) == before
    assert not GameAction.objects.exists()


def test_the_same_submission_twice_is_refused_as_stale(lee, grant):
    _, game = start_match(lee, grant)
    action = first_card_skirmish(game)
    services.act(game.pk, lee, action, 0)
    with pytest.raises(services.StaleVersion) as refused:
        services.act(game.pk, lee, action, 0)
    assert refused.value.game.version == 1
    assert GameAction.objects.count() == 1


def test_a_whole_turn_passes_the_decision_and_notifies(lee, grant, django_capture_on_commit_callbacks):
    _, game = start_match(lee, grant)
    engine = services.load_engine(game)
    unit = next(u for u in engine.units.values() if u.side == "union" and u.kind == "infantry")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        act(game, lee, first_card_skirmish(game))
        act(game, lee, {"type": "order", "unit": unit.id})
        act(game, lee, {"type": "end_movement"})
        act(game, lee, {"type": "end_turn"})
    assert game.deciding == "confederate" and game.turn == 2 and game.version == 4
    assert [m.to for m in mail.outbox] == [["grant@example.org"]]


def test_no_turn_email_to_a_player_who_just_acted(lee, grant):
    _, game = start_match(lee, grant)
    act(game, lee, first_card_skirmish(game))
    engine = services.load_engine(game)
    engine.decisions.pending = [{"do": "discard", "side": "confederate"}]   # a decision for grant...
    set_state(game, engine)
    act(game, grant, {"type": "discard", "card": services.load_engine(game).hands["confederate"][0]})
    game.refresh_from_db()
    assert game.deciding == "union"                                 # ...then back to lee
    mail.outbox.clear()
    assert tasks.notify_turn(game.pk, game.version) is False        # lee is at the page
    GameAction.objects.filter(actor=lee).update(created=timezone.now() - timedelta(hours=1))
    assert tasks.notify_turn(game.pk, game.version) is True


def test_turn_email_respects_the_profile(lee, grant, django_capture_on_commit_callbacks):
    grant.profile.email_notifications = "none"
    grant.profile.save()
    _, game = start_match(lee, grant, side="confederate")
    mail.outbox.clear()
    assert tasks.notify_turn(game.pk, game.version) is False
    assert mail.outbox == []


def test_notify_turn_is_idempotent_and_ignores_an_old_version(lee, grant):
    _, game = start_match(lee, grant)
    mail.outbox.clear()
    assert tasks.notify_turn(game.pk, 0) is True
    assert tasks.notify_turn(game.pk, 0) is False        # delivered twice: sent once
    act(game, lee, first_card_skirmish(game))
    assert tasks.notify_turn(game.pk, 0) is False        # the game moved on
    assert len(mail.outbox) == 1


# --- deadlines ---------------------------------------------------------------------------------


def test_reminder_once_before_the_deadline(lee, grant):
    _, game = start_match(lee, grant, deadline_hours=24)
    mail.outbox.clear()
    assert tasks.send_reminders() == 0                   # plenty of time left
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + timedelta(hours=2))
    assert tasks.send_reminders() == 1
    assert tasks.send_reminders() == 0
    assert mail.outbox[0].to == ["lee@example.org"] and "running out" in mail.outbox[0].subject


def test_missed_deadline_is_announced_once_and_can_be_claimed(lee, grant):
    match, game = start_match(lee, grant)
    with pytest.raises(services.ActionRefused, match="still has time"):
        services.claim_timeout(game.pk, grant)
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    mail.outbox.clear()
    assert tasks.announce_timeouts() == 1
    assert tasks.announce_timeouts() == 0
    assert mail.outbox[0].to == ["grant@example.org"]
    with pytest.raises(services.ActionRefused, match="opponent's time"):
        services.claim_timeout(game.pk, lee)             # the late player cannot claim
    services.claim_timeout(game.pk, grant)
    game.refresh_from_db()
    assert game.is_over and game.winner_side == "confederate"
    assert game.outcome["reason"] == "timeout" and game.outcome["flags"]["confederate"] == 6
    assert game.actions.last().action == {"type": "claim_timeout"}
    # the re-match starts with sides swapped
    second = match.games.get(number=2)
    assert second.player_of("union") == grant and second.player_of("confederate") == lee
    assert second.version == 0 and not second.is_over


# --- the end of a game and of the match ---------------------------------------------------------


def winning_position(attacker_side):
    """An engine position, seeded so that the melee eliminates its target, where the
    attacker's skirmish turn with a melee wins the game with the only flag needed."""
    from games.engine import load_scenario

    defender_side = "confederate" if attacker_side == "union" else "union"
    data = {
        "format": 1, "slug": "one-flag", "name": "One flag", "dates": ["1862-06-01"],
        "sides": {"union": {"position": "bottom", "cards": 4, "flags": 1},
                  "confederate": {"position": "top", "cards": 4, "flags": 1}},
        "first_side": attacker_side, "terrain": [], "generals": [],
        "units": [U(attacker_side, "infantry", 12, 4, fresh=False),
                  U(defender_side, "infantry", 13, 3, figures=1, fresh=False),
                  U(attacker_side, "infantry", 2, 8, fresh=False),
                  U(defender_side, "infantry", 22, 0, fresh=False)],
    }
    sc = load_scenario(data)
    for seed in range(500):
        engine = EngineGame.new(sc, seed=seed)
        trial = engine.copy()
        script = [{"type": "play_card", "card": trial.hands[attacker_side][0], "mode": "skirmish"},
                  {"type": "order", "unit": "u3"}, {"type": "end_movement"},
                  {"type": "attack", "unit": "u1", "target": {"col": 13, "row": 3}}]
        events = [e for a in script for e in trial.apply(a)]
        if any(e["type"] == "eliminated" for e in events) and trial.phase == "battle":
            return engine, script
    raise AssertionError("no seed found")


def finish_by_melee(game, user, side):
    engine, script = winning_position(side)
    set_state(game, engine)
    for action in script + [{"type": "end_turn"}]:
        act(game, user, action)
    assert game.is_over and game.winner_side == side
    return game


def test_match_of_two_games_most_flags_wins(lee, grant, django_capture_on_commit_callbacks):
    match, game1 = start_match(lee, grant, side="union")
    with django_capture_on_commit_callbacks(execute=True):
        finish_by_melee(game1, lee, "union")
    assert game1.outcome["flags"] == {"union": 1, "confederate": 0}
    assert game1.outcome["casualties"]["union"] == 1
    game2 = match.games.get(number=2)
    assert game2.player_of("union") == grant and game2.player_of("confederate") == lee
    Game.objects.filter(pk=game2.pk).update(deadline=timezone.now() - timedelta(hours=1))
    game2.refresh_from_db()
    # game 2: the confederate (lee) claims on time against union grant
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.claim_timeout(game2.pk, lee)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner == lee
    assert match.decided_by == Match.Decided.FLAGS
    assert match.challenger_flags == 1 + 6 and match.opponent_flags == 0
    assert sorted(m.to[0] for m in mail.outbox) == ["grant@example.org", "lee@example.org"]


def test_tie_on_flags_goes_to_figures_then_to_a_recorded_die(lee, grant):
    match, game1 = start_match(lee, grant, side="union")
    finish_by_melee(game1, lee, "union")          # lee: 1 flag, 1 figure
    game2 = match.games.get(number=2)             # grant is union now
    finish_by_melee(game2, grant, "union")        # grant: 1 flag, 1 figure
    match.refresh_from_db()
    assert match.challenger_flags == match.opponent_flags == 1
    assert match.challenger_figures == match.opponent_figures == 1
    assert match.decided_by == Match.Decided.DIE
    assert match.tie_rolls and match.tie_rolls[-1][0] != match.tie_rolls[-1][1]
    assert all(a == b for a, b in match.tie_rolls[:-1])
    a, b = match.tie_rolls[-1]
    assert match.winner == (lee if a > b else grant)


def test_log_replays_to_the_stored_state(lee, grant):
    _, game = start_match(lee, grant)
    engine = services.load_engine(game)
    unit = next(u for u in engine.units.values() if u.side == "union" and u.kind == "infantry")
    act(game, lee, first_card_skirmish(game))
    act(game, lee, {"type": "order", "unit": unit.id})
    reach = services.load_engine(game).reachable(engine.units[unit.id].hex)
    act(game, lee, {"type": "move", "unit": unit.id, "to": reach[0]})
    act(game, lee, {"type": "end_movement"})
    act(game, lee, {"type": "end_turn"})
    steps = list(services.rebuild_steps(game))
    assert [s[0] for s in steps] == [0, 1, 2, 3, 4, 5]
    assert steps[-1][2].to_dict() == game.state


def test_the_published_commitment_is_to_a_128_bit_secret_and_the_reveal_replays_every_roll(
        lee, grant):
    """A hash of a 63-bit number could be searched; the published hash is of 128 random
    bits, and once they are revealed anyone can derive the dice's seed by the recipe the
    page prints and replay the game's rolls with the engine."""
    _, game = start_match(lee, grant)
    _, other = start_match(grant, lee)
    assert len(game.secret_seed) == 32 and int(game.secret_seed, 16) >= 0
    assert game.secret_seed != other.secret_seed
    assert game.seed_hash == hashlib.sha256(game.secret_seed.encode()).hexdigest()
    assert game.seed_hash != hashlib.sha256(str(game.seed).encode()).hexdigest()
    engine = services.load_engine(game)
    unit = next(u for u in engine.units.values() if u.side == "union" and u.kind == "infantry")
    act(game, lee, first_card_skirmish(game))
    act(game, lee, {"type": "order", "unit": unit.id})
    act(game, lee, {"type": "end_movement"})
    act(game, lee, {"type": "end_turn"})
    # The recipe, as a checker would write it from the page.
    digest = hashlib.sha256(("battlecry-engine-seed:" + game.secret_seed).encode()).digest()
    derived = int.from_bytes(digest[:8], "big") >> 1
    assert derived == game.seed
    replay = EngineGame.new(services.load_engine(game).scenario, seed=derived,
                            options=dict(game.state.get("options") or {}))
    for entry in game.actions.order_by("index"):
        assert replay.apply(entry.action) == entry.events     # same dice, same draws
    assert replay.to_dict() == game.state


# --- Nightfall ---------------------------------------------------------------------------------


def nightfall_game(lee, grant):
    """A Nightfall game whose side to play has no card left: night has fallen."""
    _, game = start_match(lee, grant, options={"nightfall": True})
    engine = services.load_engine(game)
    engine.hands["union"] = []
    engine.decisions.pending = [{"do": "nightfall", "side": None}]
    set_state(game, engine)
    return game


def test_nightfall_ends_the_game_exactly_once(lee, grant):
    game = nightfall_game(lee, grant)
    assert game.phase == "nightfall" and game.deciding == ""
    with pytest.raises(services.NotYourTurn, match="night has fallen"):
        services.act(game.pk, lee, {"type": "end_by_nightfall"}, game.version)
    assert tasks.nightfall_check(game.pk, game.version + 1) is False     # not that version
    assert tasks.nightfall_check(game.pk, game.version) is True
    assert tasks.nightfall_check(game.pk, game.version) is False
    assert tasks.nightfall_sweep() == 0
    game.refresh_from_db()
    assert game.is_over and game.outcome["reason"].startswith("nightfall")
    assert GameAction.objects.filter(game=game, action={"type": "end_by_nightfall"}).count() == 1


def test_nightfall_sweep_catches_a_missed_check(lee, grant):
    game = nightfall_game(lee, grant)
    assert tasks.nightfall_sweep() == 1
    assert tasks.nightfall_sweep() == 0
    game.refresh_from_db()
    assert game.is_over


def test_periodic_tasks_are_registered_for_beat():
    from django_celery_beat.models import PeriodicTask

    names = set(PeriodicTask.objects.values_list("task", flat=True))
    assert {"games.send_reminders", "games.announce_timeouts", "games.nightfall_sweep",
            "games.daily_digest", "games.send_outbox"} <= names


def test_daily_digest_for_players_who_asked(lee, grant):
    lee.profile.email_notifications = "daily"
    lee.profile.save()
    start_match(lee, grant, side="union")
    start_match(grant, lee, side="confederate")
    mail.outbox.clear()
    assert tasks.daily_digest() == 1
    assert mail.outbox[0].to == ["lee@example.org"] and "2 game(s)" in mail.outbox[0].subject


def test_player_helper(lee, grant):
    _, game = start_match(lee, grant)
    assert player(game, "union") == lee and game.side_of(grant) == "confederate"
