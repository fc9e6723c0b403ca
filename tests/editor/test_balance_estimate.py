"""Archie's balance estimate of a draft: asked for on the editor page, run by its Celery task
with its progress written after each game, kept with the data it measured, and carried to
the published version when the draft is proposed unchanged."""
from __future__ import annotations

import json

import pytest

from games.ai.selfplay import self_play
from games.editor import drafts
from games.engine import DEFAULT_RULESET
from games.models import ScenarioDraft

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def small_battle() -> dict:
    def unit(side, kind, col, row):
        return {"hex": {"col": col, "row": row}, "side": side, "kind": kind}
    return {
        "format": 1, "slug": "skirmish", "name": "Skirmish", "dates": ["1862-06-01"], "state": "VA",
        "first_appearance": "Club", "annual_number": None, "layout_source": "approximation",
        "source_notes": "Drawn in the editor.", "corrections": "",
        "sides": {"union": {"position": "bottom", "commander": "Ord", "cards": 4, "flags": 2},
                  "confederate": {"position": "top", "commander": "Stuart", "cards": 4, "flags": 2}},
        "first_side": "union", "terrain": [],
        "units": [unit("union", "infantry", 11, 5), unit("union", "infantry", 13, 5),
                  unit("confederate", "infantry", 11, 3), unit("confederate", "infantry", 13, 3)],
        "generals": [], "flag_tokens": [], "special_rules": [], "special_rules_text": "None.",
        "historical_note": "A test.",
    }


def test_self_play_on_a_drawn_battle_counts_every_game_and_gives_an_interval():
    result = self_play(small_battle(), DEFAULT_RULESET, {}, 4, 3).as_dict()
    assert result["games"] == 4 and sum(s["wins"] for s in result["sides"]) + result["draws"] == 4
    assert [s["side"] for s in result["sides"]] == ["union", "confederate"]
    assert all(0 <= s["win_rate"]["low"] <= s["win_rate"]["high"] <= 1 for s in result["sides"])
    again = self_play(small_battle(), DEFAULT_RULESET, {}, 4, 3).as_dict()
    assert again["results"] == result["results"]                                  # seeded


def test_the_estimate_runs_as_a_task_and_shows_its_result(client, player, django_capture_on_commit_callbacks):
    client.force_login(player)
    draft = drafts.import_draft(player, json.dumps(small_battle()))
    with django_capture_on_commit_callbacks(execute=True):
        html = client.post(f"/editor/{draft.pk}/balance/", {"games": "2"}, **HX).content.decode()
    assert 'id="balance"' in html
    balance = ScenarioDraft.objects.get(pk=draft.pk).balance
    assert balance["status"] == "done" and balance["done"] == 2 and balance["data"] == draft.data
    assert balance["result"]["games"] == 2 and len(balance["result"]["results"]) == 2
    html = client.get(f"/editor/{draft.pk}/balance/", **HX).content.decode()
    assert "2 games at Archie's recruit level" in html and "every 2s" not in html
    wins = {s["side"]: s["wins"] for s in balance["result"]["sides"]}
    assert f'<th scope="row">Union</th><td>{wins["union"]}</td>' in html
    assert f'<th scope="row">Confederate</th><td>{wins["confederate"]}</td>' in html
    page = client.get(f"/editor/{draft.pk}/").content.decode()
    assert "Balance estimate" in page and "The draft has changed since" not in page
    drafts.apply_tool(draft, player, "terrain", {"col": "0", "row": "0", "kind": "woods"})
    assert "The draft has changed since" in client.get(f"/editor/{draft.pk}/").content.decode()


def test_an_estimate_is_refused_for_a_broken_draft_or_too_many_games(client, player):
    client.force_login(player)
    draft = drafts.new_draft(player)
    html = client.post(f"/editor/{draft.pk}/balance/", {"games": "2"}, **HX).content.decode()
    assert "needs a battle the loader accepts" in html
    draft = drafts.import_draft(player, json.dumps(small_battle()))
    html = client.post(f"/editor/{draft.pk}/balance/", {"games": "500"}, **HX).content.decode()
    assert "from 1 to 40" in html


def test_an_estimate_kept_from_before_reads_with_its_wins_and_share(client, player):
    client.force_login(player)
    draft = drafts.import_draft(player, json.dumps(small_battle()))
    ScenarioDraft.objects.filter(pk=draft.pk).update(balance={
        "status": "done", "done": 4, "total": 4, "level": "recruit", "each_way": 2, "data": draft.data,
        "result": {"games": 4, "level": "recruit", "wins": {"union": 3, "confederate": 1}, "draws": 0,
                   "share": {"side": "union", "value": 0.75, "low": 0.3, "high": 0.95},
                   "turns": 9.5, "seconds_per_game": 0.4}})
    html = client.get(f"/editor/{draft.pk}/balance/", **HX).content.decode()
    assert '<th scope="row">Union</th><td>3</td>' in html and "75% (30% to 95%)" in html
