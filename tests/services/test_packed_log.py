"""A finished game's log packed into one compressed value (games/game_log.py): it reads as
the rows it replaced, so the page's log, the replay, the API's events, the take-back marks,
the seed check and the leak rules are the same before and after, and the rows are gone."""
from __future__ import annotations

import random
import re

import pytest
from django.core.management import call_command

from games import game_log, replay_states, services
from games.engine import Game as EngineGame
from games.models import Game, GameAction, Outbox, PackedLog
from games.models.match import engine_seed, seed_hash
from tests.play_helpers import act, make_scenario, skirmish_data, start_match

pytestmark = pytest.mark.django_db

H = lambda c, r: {"col": c, "row": r}  # noqa: E731
VIEWERS = ("union", "confederate", None)


def weight(a: dict) -> float:
    return {"end_turn": 0.4, "end_movement": 0.5, "confirm_orders": 0.5}.get(a["type"], 3)


@pytest.fixture
def finished(lee, grant):
    """A game with a step taken back, some turns of random play, then a resignation."""
    _, game = start_match(lee, grant, make_scenario(skirmish_data()), side="union")
    card = services.load_engine(game).hands["union"][0]
    act(game, lee, {"type": "play_card", "card": card, "mode": "skirmish"})
    act(game, lee, {"type": "order", "unit": "u1"})
    act(game, lee, {"type": "move", "unit": "u1", "to": H(13, 5)})
    services.undo(game.pk, lee, game.version)                       # taken back
    rnd = random.Random(4)
    for _ in range(80):
        game.refresh_from_db()
        if game.is_over or not game.deciding:
            break
        legal = services.load_engine(game).legal_actions()
        act(game, game.player_of(game.deciding), rnd.choices(legal, [weight(a) for a in legal])[0])
    game.refresh_from_db()
    if not game.is_over:
        services.resign(game.pk, game.player_of(game.deciding or "union"), game.version)
        game.refresh_from_db()
    assert game.is_over and game.version > 20
    return game


def log_of(game):
    return [(e.index, e.side, e.actor_id, e.action, e.events) for e in game_log.entries(game)]


def pages(client, game, users):
    """What the site shows of the finished game, per viewer: the game page, the replay at
    every fifth step, and the API's events."""
    csrf = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"|"X-CSRFToken": "[^"]*"')
    seen = {}
    for name, user in users.items():
        if user is None:
            client.logout()
        else:
            client.force_login(user)
        got = [client.get(f"/play/games/{game.pk}/").content.decode()]
        for step in range(0, game.version + 1, 5):
            got.append(client.get(f"/play/games/{game.pk}/replay/", {"step": step}).content.decode())
        got.append(client.get(f"/api/v1/games/{game.pk}/events/", {"page_size": 500}).content.decode())
        seen[name] = [csrf.sub("", page) for page in got]
    return seen


def test_a_packed_log_reads_as_its_rows_and_the_rows_are_gone(finished):
    before = log_of(finished)
    assert GameAction.objects.filter(game=finished).count() == finished.version
    assert game_log.pack(finished.pk) is True
    assert not GameAction.objects.filter(game=finished).exists()
    packed = PackedLog.objects.get(game=finished)
    assert packed.actions == finished.version
    game_log._DECODED.clear()                         # read from the database, not this process
    game = Game.objects.get(pk=finished.pk)
    assert log_of(game) == before
    assert game_log.pack(finished.pk) is False        # once only
    assert [e.index for e in game_log.entries(game, since=10, until=15)] == [11, 12, 13, 14, 15]


def test_the_pages_replay_and_api_show_the_same_game_after_packing(client, finished, lee, grant, meade):
    from django.core.cache import cache
    users = {"union": lee, "confederate": grant, "spectator": meade, "anonymous": None}
    before = pages(client, finished, users)
    game_log.pack(finished.pk)
    cache.clear()                                     # the log, fragments and replay states
    game_log._DECODED.clear()
    after = pages(client, Game.objects.get(pk=finished.pk), users)
    for name in users:
        assert after[name] == before[name], f"{name} sees another game after packing"


def test_the_replay_of_a_packed_log_ends_at_the_stored_game_and_skips_the_step_taken_back(finished):
    game_log.pack(finished.pk)
    game = Game.objects.get(pk=finished.pk)
    log = game_log.entries(game)
    undo = next(e for e in log if e.action["type"] == services.UNDO)
    taken_back = undo.action["index"]
    steps = list(services.rebuild_steps(game))
    assert steps[-1][2].to_dict() == game.state
    assert taken_back not in [i for i, *_ in steps]
    # the position after the undo is the one before the step it took back
    at = {i: e for i, _entry, e, _ev in [(s[0], s[1], s[2].to_dict(), s[3]) for s in steps]}
    assert replay_states.state_at(game, undo.index).engine.to_dict() == replay_states.state_at(
        game, taken_back - 1).engine.to_dict()
    assert at[game.version] == game.state


def test_the_revealed_seed_replays_every_roll_and_draw_of_a_packed_log(finished):
    """Anyone can check a finished game: the revealed secret hashes to the published hash,
    and the engine seed derived from it deals the same hands and rolls the same dice."""
    game_log.pack(finished.pk)
    game = Game.objects.get(pk=finished.pk)
    assert seed_hash(game.secret_seed) == game.seed_hash
    log = game_log.entries(game)
    engine = EngineGame.new(services._engine_scenario(game), ruleset=game.ruleset,
                            options=dict(game.state.get("options") or {}),
                            seed=engine_seed(game.secret_seed))
    assert engine.setup_events == game.setup_events
    undone = services.undone_indices(log)
    checked = 0
    for e in log:
        if e.index in undone or e.action["type"] == services.UNDO:
            continue
        if e.action["type"] in (services.CLAIM, services.RESIGN):
            result = e.events[0]
            events = engine.award(result["winner"], result["reason"], flags=result["flags"])
        else:
            events = engine.apply(e.action)          # no recorded dice: the seed rolls them
        assert events == e.events, f"action {e.index} does not follow from the seed"
        checked += 1
    assert checked > 20 and engine.to_dict() == game.state


def test_a_packed_log_leaks_no_hand_or_draw_to_a_spectator(client, finished, meade):
    """The packed value never leaves the server: a spectator's replay and events name no card
    drawn into a hand (the draws are private to the drawer)."""
    game_log.pack(finished.pk)
    game = Game.objects.get(pk=finished.pk)
    drawn = {c for e in game_log.entries(game) for ev in e.events if ev["type"] == "draw"
             for c in (ev.get("private") or {}).get("cards", [])}
    assert drawn
    client.force_login(meade)
    page = client.get(f"/api/v1/games/{game.pk}/events/", {"page_size": 200}).json()
    shown = page["results"]
    while page["next"]:
        page = client.get(page["next"]).json()
        shown += page["results"]
    assert len(shown) == game.version
    for entry in shown:
        for ev in entry["events"]:
            assert "private" not in ev
    for step in range(0, game.version + 1, 3):
        html = client.get(f"/play/games/{game.pk}/replay/", {"step": step}).content.decode()
        assert "packed" not in html and "\\x78\\xda" not in html


def test_a_game_that_ends_queues_the_packing_of_its_log(lee, grant, django_capture_on_commit_callbacks):
    _, game = start_match(lee, grant, make_scenario(skirmish_data()), side="union")
    card = services.load_engine(game).hands["union"][0]
    act(game, lee, {"type": "play_card", "card": card, "mode": "skirmish"})
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(game.pk, lee, game.version)
    assert PackedLog.objects.filter(game=game).exists()           # the task ran (inline in tests)
    assert not GameAction.objects.filter(game=game).exists()
    assert not Outbox.objects.filter(task="games.pack_log").exists()
    assert [e.action["type"] for e in game_log.entries(Game.objects.get(pk=game.pk))] == ["play_card", "resign"]


def test_games_that_ended_before_packing_existed_read_their_rows_and_are_packed_by_the_command(finished):
    before = log_of(finished)
    assert not PackedLog.objects.exists() and log_of(finished) == before     # rows still read
    call_command("pack_logs", stdout=open("/dev/null", "w"))
    assert PackedLog.objects.filter(game=finished).exists()
    game_log._DECODED.clear()
    assert log_of(Game.objects.get(pk=finished.pk)) == before


def test_a_packed_game_page_and_replay_cost_few_queries(client, finished, lee, django_assert_max_num_queries):
    from django.core.cache import cache
    from tests.web.test_busy_club import MAX_QUERIES
    game_log.pack(finished.pk)
    cache.clear()
    game_log._DECODED.clear()
    client.force_login(lee)
    with django_assert_max_num_queries(MAX_QUERIES):
        assert client.get(f"/play/games/{finished.pk}/").status_code == 200
    with django_assert_max_num_queries(MAX_QUERIES):
        r = client.get(f"/play/games/{finished.pk}/replay/", {"step": finished.version - 1})
    assert r.status_code == 200
