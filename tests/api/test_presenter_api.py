"""The API says what the game page says: the deciding player's prompt and buttons (with
their actions) and the log's sentences come from the same presenter, so a client shows the
same words as the page, and each button's action is one the game takes."""
from __future__ import annotations

import html

import pytest
from django.test import Client

from games import services
from tests.play_helpers import act

pytestmark = pytest.mark.django_db


def legal(duel, query=""):
    return duel.clients["player"].get(f"/api/v1/games/{duel.game.pk}/legal-actions/{query}").json()


def page(user, game, query=""):
    client = Client()
    client.force_login(user)
    return html.unescape(client.get(game.get_absolute_url() + query).content.decode())


def test_the_first_decision_has_the_pages_prompt_and_card_buttons(duel):
    body = legal(duel)
    shown = page(duel.lee, duel.game)
    assert body["prompt"] == "Play a command card from your hand."
    assert body["prompt"] in shown
    assert body["phase_label"] == "play a command card"
    assert [c["card"] for c in body["hand"]] == duel.game.state["hands"]["union"]
    labels = [b["label"] for c in body["hand"] for b in c["buttons"]]
    assert labels and all(label in shown for label in labels)
    assert {"Skirmish: order 1 unit anywhere"} <= set(labels)
    for card in body["hand"]:
        assert card["name"] in shown
        for b in card["buttons"]:
            assert b["action"]["type"] == "play_card" and b["action"]["card"] == card["card"]
            assert b["action"] in body["actions"]


def test_the_opponent_out_of_turn_gets_no_prompt_and_no_buttons(duel):
    body = duel.clients["opponent"].get(f"/api/v1/games/{duel.game.pk}/legal-actions/").json()
    assert body["your_turn"] is False
    assert body["prompt"] == "" and body["groups"] == [] and body["actions"] == []
    assert [c["buttons"] for c in body["hand"]] == [[]] * 6


def to_movement(duel):
    """Play a skirmish and order the unit it allows: lee is to move."""
    body = legal(duel)
    skirmish = next(a for a in body["actions"] if a["type"] == "play_card" and a["mode"] == "skirmish")
    act(duel.game, duel.lee, skirmish)
    order = next(a for a in services.load_engine(duel.game).legal_actions() if a["type"] == "order")
    act(duel.game, duel.lee, order)
    confirm = [a for a in services.load_engine(duel.game).legal_actions() if a["type"] == "confirm_orders"]
    if confirm:                     # a skirmish's one order may go on to movement by itself
        act(duel.game, duel.lee, confirm[0])
    assert duel.game.phase == "move"


def test_a_selected_piece_lists_its_moves_as_the_page_does_and_a_button_plays(duel):
    to_movement(duel)
    body = legal(duel)
    assert body["prompt"] == "Move your ordered units: click one, then a highlighted hex."
    pick = next(g for g in body["groups"] if g["title"] == "Pieces that can move")["buttons"]
    assert pick and all(b["action"] is None and b["select"] for b in pick)
    hexes = f"{pick[0]['select']['col']},{pick[0]['select']['row']}"
    selected = legal(duel, f"?sel={hexes}")
    moves = next(g for g in selected["groups"] if g["title"].startswith("Move "))
    shown = page(duel.lee, duel.game, f"?sel={hexes}")
    assert moves["title"] in shown
    assert moves["buttons"] and all(b["label"].startswith("To ") and b["label"] in shown for b in moves["buttons"])
    assert all(b["action"]["type"] in ("move", "move_general") for b in moves["buttons"])
    ends = next(g for g in selected["groups"] if g["title"] == "When you are done")["buttons"]
    assert [b["label"] for b in ends] == ["End movement: battle"] and ends[0]["ends"] is True
    response = duel.clients["player"].post(f"/api/v1/games/{duel.game.pk}/actions/",
                                           {"version": selected["version"], "action": moves["buttons"][0]["action"]},
                                           format="json")
    assert response.status_code == 201


@pytest.mark.parametrize("sel", ["x", "1,2,3", "99999999999999999999,1"])
def test_a_malformed_selection_is_refused_in_the_error_shape(duel, sel):
    response = duel.clients["player"].get(f"/api/v1/games/{duel.game.pk}/legal-actions/?sel={sel}")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid" and response.json()["errors"][0]["field"] == "sel"


def lines_of(client, game, since=0):
    body = client.get(f"/api/v1/games/{game.pk}/events/?since={since}").json()
    return body["results"]


def test_the_events_carry_the_logs_sentences_as_the_page_shows_them(duel):
    to_movement(duel)
    entries = lines_of(duel.clients["player"], duel.game)
    texts = [ln["text"] for e in entries for ln in e["lines"]]
    assert texts and all(e["version"] for e in entries)
    shown = page(duel.lee, duel.game)
    assert all(t in shown for t in texts)
    assert any(t.startswith("Union ordered its ") for t in texts)
    # the words follow where the pieces stand, also when asked from a later version
    later = lines_of(duel.clients["player"], duel.game, since=entries[-2]["version"])
    assert [ln["text"] for e in later for ln in e["lines"]] == \
        [ln["text"] for e in entries[-1:] for ln in e["lines"]]


def test_drawn_cards_are_named_only_to_the_side_that_drew_them(duel):
    to_movement(duel)
    act(duel.game, duel.lee, next(a for a in services.load_engine(duel.game).legal_actions()
                                  if a["type"] == "end_movement"))
    act(duel.game, duel.lee, next(a for a in services.load_engine(duel.game).legal_actions()
                                  if a["type"] == "end_turn"))
    drawn = duel.game.state["hands"]["union"][-1]
    mine = [ln["text"] for e in lines_of(duel.clients["player"], duel.game) for ln in e["lines"]]
    theirs = [ln["text"] for e in lines_of(duel.clients["opponent"], duel.game) for ln in e["lines"]]
    public = [ln["text"] for e in lines_of(duel.clients["anonymous"], duel.game) for ln in e["lines"]]
    from games.presentation.words import card_name
    assert f"You drew {card_name(drawn)}." in mine
    assert "Union drew 1 card." in theirs and "Union drew 1 card." in public
    assert not any(card_name(drawn) in t and "drew" in t for t in theirs + public)


def test_a_step_taken_back_is_marked_and_told_as_nothing(duel):
    body = legal(duel)
    skirmish = next(a for a in body["actions"] if a["type"] == "play_card" and a["mode"] == "skirmish")
    act(duel.game, duel.lee, skirmish)
    order = next(a for a in services.load_engine(duel.game).legal_actions() if a["type"] == "order")
    act(duel.game, duel.lee, order)
    services.undo(duel.game.pk, duel.lee, duel.game.version)
    entries = lines_of(duel.clients["player"], duel.game)
    ordered = next(e for e in entries if e["version"] == 2)
    assert ordered["taken_back"] is True and ordered["lines"] == []
    assert entries[-1]["lines"][0]["text"] == "Union took back a step (an order)."


def test_a_replay_step_has_the_logs_sentences_of_that_step(duel):
    to_movement(duel)
    from games.models import Game
    Game.objects.filter(pk=duel.game.pk).update(deadline="2020-01-01T00:00:00Z")
    services.claim_timeout(duel.game.pk, duel.grant)
    duel.game.refresh_from_db()
    public = {e["version"]: [ln["text"] for ln in e["lines"]]
              for e in lines_of(duel.clients["anonymous"], duel.game)}
    for step in range(1, duel.game.version + 1):
        body = duel.clients["anonymous"].get(f"/api/v1/games/{duel.game.pk}/replay/{step}/").json()
        assert [ln["text"] for ln in body["lines"]] == public[step]
    assert public[duel.game.version][-1].startswith("The game is over: the Confederate player wins")
    deal = duel.clients["anonymous"].get(f"/api/v1/games/{duel.game.pk}/replay/0/").json()
    assert "Union drew 6 cards." in [ln["text"] for ln in deal["lines"]]
