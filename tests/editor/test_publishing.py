"""An editor proposes a corrected map to their club; an organiser accepts it; the club plays
the new version, and a game begun on the old version still replays exactly."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from games import services
from games.editor import drafts
from games.engine import Game as EngineGame
from games.models import Game, Scenario, ScenarioVersion
from tests.play_helpers import act, start_match
from tests.tournaments.helpers import make_club
from tournaments import scenario_proposals
from tournaments.models import ScenarioProposal
from tournaments.refusals import Refused

pytestmark = pytest.mark.django_db

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"


@pytest.fixture
def club(lee, player, grant):
    call_command("load_scenarios", str(SCENARIO_DIR / "belmont.json"), verbosity=0)
    return make_club(lee, members=[player, grant], name="Rebels")


def corrected(player, terrain_hex=(12, 4), kind="woods"):
    draft = drafts.new_draft(player, Scenario.objects.get(slug="belmont"))
    drafts.apply_tool(draft, player, "terrain", {"col": str(terrain_hex[0]), "row": str(terrain_hex[1]), "kind": kind})
    return draft


def play_a_few_steps(game, steps=6):
    for _ in range(steps):
        game.refresh_from_db()
        if game.is_over or not game.deciding:
            return
        engine = services.load_engine(game)
        act(game, game.deciding_player, engine.legal_actions()[0])


def test_a_correction_is_published_to_the_club_and_old_games_replay_exactly(client, club, lee, player, grant):
    draft = corrected(player)
    proposal = scenario_proposals.propose(draft, player, club, "Woods at the crossroads")
    with pytest.raises(Refused):
        scenario_proposals.accept(proposal, grant)           # a member, not an organiser
    scenario_proposals.accept(proposal, lee)
    edition = Scenario.objects.get(slug="belmont-rebels")
    assert edition.version == 1 and edition.club_made
    assert {"hex": {"col": 12, "row": 4}, "kind": "woods"} in edition.data["terrain"]

    match, game1 = start_match(player, grant, edition)
    assert game1.scenario_version == 1
    play_a_few_steps(game1)
    game1.refresh_from_db()
    state_v1 = game1.state

    # version 2: the same hex is now a town; the club plays it from now on
    draft2 = corrected(player, kind="town")
    scenario_proposals.accept(scenario_proposals.propose(draft2, player, club), lee)
    edition.refresh_from_db()
    assert edition.version == 2
    assert list(edition.versions.values_list("number", flat=True)) == [1, 2]
    _, game2 = start_match(player, grant, edition)
    assert game2.scenario_version == 2
    assert {"hex": {"col": 12, "row": 4}, "kind": "town"} in game2.state["scenario"]["terrain"]

    # the version-1 game replays from its log to the very state it reached
    game1 = Game.objects.get(pk=game1.pk)
    *_, (index, entry, engine, events) = services.rebuild_steps(game1)
    assert engine.to_dict() == EngineGame.from_dict(state_v1).to_dict()
    assert {"hex": {"col": 12, "row": 4}, "kind": "woods"} in engine.to_dict()["scenario"]["terrain"]

    # the club's page lists both versions
    client.force_login(player)
    page = client.get("/leagues/clubs/rebels/scenarios/").content.decode()
    assert "Version 1" in page and "Version 2" in page


def test_proposing_and_answering_through_the_pages(client, club, lee, player):
    draft = corrected(player)
    client.force_login(player)
    assert "Rebels" in client.get(f"/leagues/propose/{draft.pk}/").content.decode()
    response = client.post(f"/leagues/propose/{draft.pk}/", {"club": "rebels", "note": "<b>fix</b>"})
    assert response.status_code == 303
    proposal = ScenarioProposal.objects.get()
    page = client.get("/leagues/clubs/rebels/scenarios/").content.decode()
    assert "&lt;b&gt;fix&lt;/b&gt;" in page and "Accept and publish" not in page
    client.force_login(lee)
    assert "Accept and publish" in client.get("/leagues/clubs/rebels/scenarios/").content.decode()
    client.post(f"/leagues/clubs/rebels/scenarios/{proposal.pk}/", {"answer": "accept"})
    proposal.refresh_from_db()
    assert proposal.status == "accepted"
    assert ScenarioVersion.objects.get(scenario__club_made=True).scenario.slug == "belmont-rebels"
    again = client.post(f"/leagues/clubs/rebels/scenarios/{proposal.pk}/", {"answer": "decline"}, follow=True)
    assert "answered already" in again.content.decode()


def test_only_a_member_proposes_and_only_a_good_battle(client, club, player, meade):
    draft = corrected(player)
    other = drafts.new_draft(meade)
    with pytest.raises(Refused, match="Only a member"):
        scenario_proposals.propose(other, meade, club)
    with pytest.raises(Refused, match="author"):
        scenario_proposals.propose(draft, meade, club)
    broken = drafts.new_draft(player)                       # a blank map: no units
    with pytest.raises(Refused, match="Fix the draft's problems"):
        scenario_proposals.propose(broken, player, club)
    client.force_login(meade)
    assert client.get(f"/leagues/propose/{draft.pk}/").status_code == 404


def test_a_shipped_file_changed_since_it_was_loaded_becomes_a_new_version(tmp_path, player, grant):
    call_command("load_scenarios", str(SCENARIO_DIR / "belmont.json"), verbosity=0)
    belmont = Scenario.objects.get(slug="belmont")
    first = belmont.data
    assert belmont.version == 1 and [v.data for v in belmont.versions.all()] == [first]
    _, game1 = start_match(player, grant, belmont)
    play_a_few_steps(game1)
    game1.refresh_from_db()
    state_v1 = game1.state

    # the shipped file is corrected: a town where the crossroads were open
    changed = json.loads((SCENARIO_DIR / "belmont.json").read_text())
    changed["terrain"] = [t for t in changed["terrain"] if t["hex"] != {"col": 12, "row": 4}]
    changed["terrain"].append({"hex": {"col": 12, "row": 4}, "kind": "town"})
    (tmp_path / "belmont.json").write_text(json.dumps(changed))
    call_command("load_scenarios", str(tmp_path / "belmont.json"), verbosity=0)
    belmont.refresh_from_db()
    assert belmont.version == 2
    assert [(v.number, v.data == first) for v in belmont.versions.all()] == [(1, True), (2, False)]
    assert {"hex": {"col": 12, "row": 4}, "kind": "town"} in belmont.versions.get(number=2).data["terrain"]
    call_command("load_scenarios", str(tmp_path / "belmont.json"), verbosity=0)   # unchanged now
    assert belmont.versions.count() == 2

    # the game begun on version 1 keeps it and replays exactly; a new game is dealt version 2
    game1 = Game.objects.get(pk=game1.pk)
    assert game1.scenario_version == 1
    *_, (index, entry, engine, events) = services.rebuild_steps(game1)
    assert engine.to_dict() == EngineGame.from_dict(state_v1).to_dict()
    assert {"hex": {"col": 12, "row": 4}, "kind": "town"} not in engine.to_dict()["scenario"]["terrain"]
    _, game2 = start_match(player, grant, belmont)
    assert game2.scenario_version == 2
    assert {"hex": {"col": 12, "row": 4}, "kind": "town"} in game2.state["scenario"]["terrain"]
    versions = APIClient().get("/api/v1/scenarios/belmont/versions/").json()
    assert [v["number"] for v in versions] == [1, 2]


def test_a_row_loaded_before_versions_were_kept_keeps_its_old_data_as_a_version(tmp_path):
    call_command("load_scenarios", str(SCENARIO_DIR / "belmont.json"), verbosity=0)
    ScenarioVersion.objects.all().delete()              # as a site loaded before versions
    old = Scenario.objects.get(slug="belmont").data
    changed = dict(json.loads((SCENARIO_DIR / "belmont.json").read_text()), historical_note="Corrected.")
    (tmp_path / "belmont.json").write_text(json.dumps(changed))
    call_command("load_scenarios", str(tmp_path / "belmont.json"), verbosity=0)
    belmont = Scenario.objects.get(slug="belmont")
    assert belmont.version == 2 and belmont.data["historical_note"] == "Corrected."
    assert [(v.number, v.data) for v in belmont.versions.all()] == [(1, old), (2, changed)]
