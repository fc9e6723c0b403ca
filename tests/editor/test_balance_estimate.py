"""Archie's balance estimate of a draft: asked for on the editor page, run by its Celery task
with its progress written after each game, kept with the data it measured, and carried to
the published version when the draft is proposed unchanged."""
from __future__ import annotations

import json

import pytest

from games.editor import drafts
from games.editor.balance import self_play, wilson
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


def test_self_play_counts_every_game_and_gives_an_interval():
    result = self_play(small_battle(), games_each_way=2)
    assert result["games"] == 4 and sum(result["wins"].values()) + result["draws"] == 4
    assert 0 <= result["share"]["low"] <= result["share"]["high"] <= 1
    assert self_play(small_battle(), games_each_way=2)["wins"] == result["wins"]     # seeded
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-3)


def test_the_estimate_runs_as_a_task_and_shows_its_result(client, player, django_capture_on_commit_callbacks):
    client.force_login(player)
    draft = drafts.import_draft(player, json.dumps(small_battle()))
    with django_capture_on_commit_callbacks(execute=True):
        html = client.post(f"/editor/{draft.pk}/balance/", {"each_way": "1"}, **HX).content.decode()
    assert 'id="balance"' in html
    balance = ScenarioDraft.objects.get(pk=draft.pk).balance
    assert balance["status"] == "done" and balance["done"] == 2 and balance["data"] == draft.data
    html = client.get(f"/editor/{draft.pk}/balance/", **HX).content.decode()
    assert "2 games at Archie's recruit level" in html and "every 2s" not in html
    page = client.get(f"/editor/{draft.pk}/").content.decode()
    assert "Balance estimate" in page and "The draft has changed since" not in page
    drafts.apply_tool(draft, player, "terrain", {"col": "0", "row": "0", "kind": "woods"})
    assert "The draft has changed since" in client.get(f"/editor/{draft.pk}/").content.decode()


def test_an_estimate_is_refused_for_a_broken_draft_or_too_many_games(client, player):
    client.force_login(player)
    draft = drafts.new_draft(player)
    html = client.post(f"/editor/{draft.pk}/balance/", {"each_way": "1"}, **HX).content.decode()
    assert "needs a battle the loader accepts" in html
    draft = drafts.import_draft(player, json.dumps(small_battle()))
    html = client.post(f"/editor/{draft.pk}/balance/", {"each_way": "500"}, **HX).content.decode()
    assert "from 1 to 20" in html
