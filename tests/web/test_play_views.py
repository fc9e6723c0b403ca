"""The game page and its fragments, every step as a click, and every refusal."""
from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, GameAction
from tests.play_helpers import act, set_state, start_match

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(lee, grant):
    return start_match(lee, grant, side="union")[1]


def url(game, what=""):
    return f"/play/games/{game.pk}/{what + '/' if what else ''}"


def post(client, game, action, version=None, htmx=False):
    game.refresh_from_db()
    data = {"action": json.dumps(action), "version": game.version if version is None else version}
    return client.post(url(game, "act"), data, **(HX if htmx else {}))


def engine(game):
    game.refresh_from_db()
    return services.load_engine(game)


def union_infantry(game):
    e = engine(game)
    return next(u for u in e.units.values() if u.side == "union" and u.kind == "infantry")


def H(e, i):
    from games.engine.battlecry.hexgrid import HEXES
    return HEXES[i].to_json()


def clicks(html: str) -> list[dict]:
    """The actions the board's hexes post (hx-vals), decoded."""
    import html as h
    import re
    out = []
    for m in re.finditer(r'hx-vals="([^"]*)"', html):
        vals = json.loads(h.unescape(m.group(1)))
        out.append(json.loads(vals["action"]))
    return out


# --- the page --------------------------------------------------------------------------------------


def test_game_page_for_the_player_to_act(client, game, lee):
    client.force_login(lee)
    r = client.get(url(game))
    html = r.content.decode()
    assert r.status_code == 200
    assert "Your decision" in html and "Play a command card" in html
    assert "<svg" in html and 'id="board"' in html
    assert "Your hand" in html
    for cid in engine(game).hands["union"]:
        assert json.dumps({"type": "play_card", "card": cid, "mode": "skirmish"},
                          separators=(",", ":")).replace('"', "&quot;") in html
    assert game.seed_hash in html and str(game.seed) not in html and game.secret_seed not in html
    assert f'hx-get="/play/games/{game.pk}/version/?v=0"' in html


def test_game_page_for_the_waiting_player_and_for_visitors(client, game, grant, meade):
    client.force_login(grant)
    html = client.get(url(game)).content.decode()
    assert "Waiting for" in html and "lee" in html and "Your hand" in html
    assert "hx-post" not in html.split('id="board"')[1].split("</svg>")[0]
    client.force_login(meade)
    html = client.get(url(game)).content.decode()
    assert "Your hand" not in html and "Waiting for" in html
    client.logout()
    r = client.get(url(game))
    assert r.status_code == 200 and "Your hand" not in r.content.decode()


def test_htmx_gets_the_fragment_and_the_board_alone(client, game, lee):
    client.force_login(lee)
    frag = client.get(url(game), **HX).content.decode()
    assert frag.lstrip().startswith('<section id="game"') and "<html" not in frag
    board = client.get(url(game) + "?fragment=board").content.decode()
    assert board.lstrip().startswith('<div id="board"') and "Your hand" not in board


def test_version_endpoint(client, game, lee):
    r = client.get(url(game, "version") + "?v=0")
    assert r.status_code == 204
    act(game, lee, {"type": "play_card", "card": engine(game).hands["union"][0], "mode": "skirmish"})
    r = client.get(url(game, "version") + "?v=0", **HX)
    assert r.status_code == 200 and 'data-version="1"' in r.content.decode()
    assert client.get("/play/games/999999/version/?v=0").status_code == 404


def test_unknown_game_is_not_found(client):
    assert client.get("/play/games/999999/").status_code == 404


# --- a turn, click by click --------------------------------------------------------------------------


def test_a_whole_turn_through_the_page(client, game, lee, grant):
    client.force_login(lee)
    e = engine(game)
    card = e.hands["union"][0]
    r = post(client, game, {"type": "play_card", "card": card, "mode": "skirmish"})
    assert r.status_code == 303 and r["Location"] == url(game)
    game.refresh_from_db()
    assert game.version == 1 and game.phase == "order"

    # order: eligible units are highlighted and their hexes post the order
    html = client.get(url(game)).content.decode()
    orders = [a for a in clicks(html) if a["type"] == "order"]
    assert orders and "eligible" in html
    unit = union_infantry(game)
    r = post(client, game, {"type": "order", "unit": unit.id}, htmx=True)
    assert r.status_code == 200 and "Move your ordered units" in r.content.decode()
    game.refresh_from_db()
    assert game.phase == "move"

    # move: select the unit, the reachable hexes post the moves
    e = engine(game)
    here = H(e, e.units[unit.id].hex)
    sel = f"{here['col']},{here['row']}"
    html = client.get(url(game) + f"?sel={sel}", **HX).content.decode()
    moves = [a for a in clicks(html) if a["type"] == "move"]
    assert sorted(json.dumps(a["to"]) for a in moves) == sorted(
        json.dumps(h) for h in e.reachable(here))
    assert "reachable" in html and "selected" in html
    r = post(client, game, moves[0], htmx=True)
    assert "moved to" in r.content.decode()
    post(client, game, {"type": "end_movement"})
    game.refresh_from_db()
    assert game.phase == "battle"
    html = client.get(url(game)).content.decode()
    assert "End the turn and draw" in html
    r = post(client, game, {"type": "end_turn"})
    game.refresh_from_db()
    assert game.deciding == "confederate" and game.turn == 2
    html = client.get(url(game)).content.decode()
    assert "You drew" in html and "Waiting for" in html


def two_lines():
    from tests.engine.helpers import U
    from tests.play_helpers import make_scenario
    return make_scenario({
        "format": 1, "slug": "two-lines", "name": "Two lines", "dates": ["1862-06-01"],
        "sides": {"union": {"position": "bottom", "cards": 4, "flags": 4},
                  "confederate": {"position": "top", "cards": 4, "flags": 4}},
        "first_side": "union", "generals": [],
        "terrain": [{"kind": "woods", "hex": {"col": 12, "row": 2}}],
        "units": [U("union", "infantry", 12, 4, fresh=False),
                  U("confederate", "infantry", 12, 2, fresh=False),
                  U("confederate", "infantry", 20, 0, fresh=False)],
    })


def test_battle_shows_targets_with_dice_and_modifiers(client, lee, grant):
    _, game = start_match(lee, grant, two_lines(), side="union")
    client.force_login(lee)
    act(game, lee, {"type": "play_card", "card": engine(game).hands["union"][0], "mode": "skirmish"})
    act(game, lee, {"type": "order", "unit": "u1"})
    act(game, lee, {"type": "end_movement"})
    html = client.get(url(game) + "?sel=12,4").content.decode()
    assert [a for a in clicks(html) if a["type"] == "attack"] == [
        {"type": "attack", "unit": "u1", "target": {"col": 12, "row": 2}}]
    preview = engine(game).attack_preview({"col": 12, "row": 4}, {"col": 12, "row": 2})
    assert f"{preview['dice']} di" in html
    for m in preview["modifiers"]:
        assert m["why"] in html
    r = post(client, game, {"type": "attack", "unit": "u1", "target": {"col": 12, "row": 2}}, htmx=True)
    text = r.content.decode()
    game.refresh_from_db()
    attack = next(e for e in game.actions.last().events if e["type"] == "attack")
    tray = text[text.index('id="dice"'):text.index("</section>", text.index('id="dice"'))]
    assert "fired on" in tray and 'class="dice-tray new"' in text
    # every die drawn with its face; the infantry faces (and only they) marked as hits,
    # the flags as retreats: the target is infantry, the attacker fires (not fresh)
    import re
    drawn = re.findall(r'class="die (\w+)( hit| flag)?"', tray)
    assert [f for f, _m in drawn] == attack["rolls"]
    assert [f for f, m in drawn if m == " hit"] == [f for f in attack["rolls"] if f == "infantry"]
    assert [f for f, m in drawn if m == " flag"] == [f for f in attack["rolls"] if f == "flag"]
    hits = attack["hits"]
    assert (f"{hits} hit" if hits else "No hit") in tray


def test_defender_decision_retreat_by_click(client, lee, grant):
    """A retreat decision is the defender's: its hexes post the retreat."""
    _, game = start_match(lee, grant, two_lines(), side="union")
    e = engine(game)
    # a pending retreat for the confederate unit at (12,2), with two hexes to go to
    e.decisions.pending = [{"do": "retreat", "side": "confederate", "unit": "u2", "steps": 1,
                  "attacker_side": "union", "dice": 2, "melee": False}]
    e._settle()
    assert e.phase == "retreat", e.decisions.pending
    set_state(game, e)
    client.force_login(grant)
    html = client.get(url(game)).content.decode()
    assert "must retreat" in html
    options = [a for a in clicks(html) if a["type"] == "retreat"]
    assert len(options) == len(e.view("confederate")["decision"]["options"]) == 2
    client.force_login(lee)
    assert "Waiting for" in client.get(url(game)).content.decode()
    assert post(client, game, options[0]).status_code == 409          # not lee's decision
    client.force_login(grant)
    r = post(client, game, options[0], htmx=True)
    assert "retreated to" in r.content.decode()
    game.refresh_from_db()
    assert game.deciding == "union"


# --- refusals ----------------------------------------------------------------------------------------


def test_not_your_turn_is_refused(client, game, grant):
    client.force_login(grant)
    e = engine(game)
    r = post(client, game, {"type": "play_card", "card": e.hands["confederate"][0], "mode": "skirmish"})
    assert r.status_code == 409 and "It is not your decision" in r.content.decode()
    r = post(client, game, {"type": "play_card", "card": e.hands["confederate"][0], "mode": "skirmish"},
             htmx=True)
    assert r.status_code == 200 and "It is not your decision" in r.content.decode()
    assert not GameAction.objects.exists()


def test_stale_version_is_refused_with_the_current_state(client, game, lee):
    client.force_login(lee)
    e = engine(game)
    action = {"type": "play_card", "card": e.hands["union"][0], "mode": "skirmish"}
    assert post(client, game, action).status_code == 303
    r = post(client, game, action, version=0)          # the same form again (a second tab)
    html = r.content.decode()
    assert r.status_code == 409 and "moved on" in html and 'data-version="1"' in html
    r = post(client, game, action, version=0, htmx=True)
    assert "moved on" in r.content.decode()
    assert GameAction.objects.count() == 1


def test_not_a_player_is_refused(client, game, meade):
    client.force_login(meade)
    r = post(client, game, {"type": "end_turn"})
    assert r.status_code == 403 and "Only the two players" in r.content.decode()
    assert not GameAction.objects.exists()


def test_logged_out_visitors_are_sent_to_log_in(client, game):
    r = post(client, game, {"type": "end_turn"})
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    r = post(client, game, {"type": "end_turn"}, htmx=True)
    assert r["HX-Redirect"].startswith("/accounts/login/")
    assert not GameAction.objects.exists()


def test_illegal_step_is_refused_with_the_rules_message(client, game, lee):
    client.force_login(lee)
    before = Game.objects.get(pk=game.pk).state
    r = post(client, game, {"type": "end_turn"})
    assert r.status_code == 400 and "time to play a command card" in r.content.decode()
    r = post(client, game, {"type": "play_card", "card": "nonsense", "mode": "section"}, htmx=True)
    assert r.status_code == 200 and "That card is not in your hand." in r.content.decode()
    r = client.post(url(game, "act"), {"action": "not json", "version": 0})
    assert r.status_code == 400 and "not an action" in r.content.decode()
    assert Game.objects.get(pk=game.pk).state == before and Game.objects.get(pk=game.pk).version == 0


def test_act_only_takes_posts(client, game, lee):
    client.force_login(lee)
    assert client.get(url(game, "act")).status_code == 405


# --- claims, the end, replay ----------------------------------------------------------------------


def test_claim_button_once_the_deadline_has_passed(client, game, lee, grant):
    client.force_login(grant)
    assert "Claim the game" not in client.get(url(game)).content.decode()
    r = client.post(url(game, "claim"), {"version": 0})
    assert r.status_code == 400 and "still has time" in r.content.decode()
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=5))
    assert "Claim the game" in client.get(url(game)).content.decode()
    client.force_login(lee)
    assert "Claim the game" not in client.get(url(game)).content.decode()
    client.force_login(grant)
    r = client.post(url(game, "claim"), {"version": 0})
    assert r.status_code == 303
    html = client.get(url(game)).content.decode()
    over = Game.objects.get(pk=game.pk)
    assert "The game is over" in html and str(over.seed) in html and over.secret_seed in html
    assert "re-match" in html


def test_replay_steps_through_a_finished_game(client, game, lee, grant):
    assert client.get(url(game, "replay")).status_code == 404        # not while it is played
    unit = union_infantry(game)
    act(game, lee, {"type": "play_card", "card": engine(game).hands["union"][0], "mode": "skirmish"})
    act(game, lee, {"type": "order", "unit": unit.id})
    act(game, lee, {"type": "end_movement"})
    act(game, lee, {"type": "end_turn"})
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=5))
    services.claim_timeout(game.pk, lee)
    game.refresh_from_db()
    r = client.get(url(game, "replay"))                 # it opens at the start
    html = r.content.decode()
    assert r.status_code == 200 and f"Step 0 of {game.version}" in html
    assert "The armies are deployed" in html and "js/replay.js" in html
    html = client.get(url(game, "replay") + f"?step={game.version}").content.decode()
    assert f"Step {game.version} of {game.version}" in html and "The game is over" in html
    r = client.get(url(game, "replay") + "?step=1", **HX)
    html = r.content.decode()
    assert html.lstrip().startswith('<section id="replay"') and "played" in html
    r = client.get(url(game, "replay") + "?step=0")
    assert "The armies are deployed" in r.content.decode()
    assert "Your hand" not in r.content.decode()


def test_admin_shows_matches_and_games_without_their_secrets(client, lee, grant, django_user_model):
    from tests.web.test_play_every_choice import position_keep_card, put
    position, _ = position_keep_card()
    game = put({"union": lee, "confederate": grant}, position)
    kept = services.load_engine(game).view("union")["decision"]["cards"][0]
    act(game, lee, {"type": "keep_card", "card": kept})
    admin = django_user_model.objects.create_superuser("admin", "admin@example.org", "x")
    client.force_login(admin)
    for path in ("/admin/games/match/", f"/admin/games/match/{game.match_id}/change/",
                 "/admin/games/game/", f"/admin/games/game/{game.pk}/change/",
                 "/admin/games/gameaction/",
                 f"/admin/games/gameaction/{game.actions.get().pk}/change/"):
        r = client.get(path)
        assert r.status_code == 200, path
        html = r.content.decode()
        assert str(game.seed) not in html
        for cid in engine(game).hands["confederate"] + engine(game).hands["union"]:
            assert f'"{cid}"' not in html and f"&quot;{cid}&quot;" not in html, (path, cid)
