"""A member imports a scenario file through the page; a broken file is refused with its messages."""
from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from games.models import Scenario

pytestmark = pytest.mark.django_db

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"
URL = "/scenarios/import/"


def club_file(**changes) -> dict:
    """A club's corrected Belmont: a slug of its own and no annual number."""
    data = json.loads((SCENARIO_DIR / "belmont.json").read_text(encoding="utf-8"))
    data.update(slug="belmont-printed", name="Belmont (printed map)", annual_number=None,
                layout_source="printed", first_appearance="Club")
    data.update(changes)
    return data


def upload(client, data, name="scenario.json"):
    content = data if isinstance(data, bytes) else json.dumps(data).encode()
    response = client.post(URL, {"file": SimpleUploadedFile(name, content, "application/json")})
    return response, html.unescape(response.content.decode())


@pytest.fixture
def member(client, player):
    client.force_login(player)
    return player


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={URL}"
    response = client.post(URL, {"file": SimpleUploadedFile("a.json", b"{}")})
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert Scenario.objects.count() == 0


def test_the_form_is_a_plain_file_upload(client, member):
    response = client.get(URL)
    assert response.status_code == 200
    text = response.content.decode()
    assert 'enctype="multipart/form-data"' in text
    assert 'type="file" name="file"' in text
    assert "csrfmiddlewaretoken" in text


def test_a_member_imports_a_club_made_scenario(client, member):
    response, _ = upload(client, club_file())
    assert response.status_code == 302
    assert response["Location"] == "/scenarios/belmont-printed/"
    row = Scenario.objects.get(slug="belmont-printed")
    assert row.club_made and row.uploaded_by == member
    assert row.name == "Belmont (printed map)" and row.layout_source == "printed"
    assert row.data == club_file()
    text = html.unescape(client.get(response["Location"]).content.decode())
    assert "was imported as a club-made scenario" in text
    assert '<span class="badge">Club-made</span>' in text
    assert "Transcribed from the printed scenario map." in text
    assert text.count(' data-col="') == 113


def test_the_uploader_can_replace_their_own_scenario(client, member):
    upload(client, club_file())
    response, _ = upload(client, club_file(historical_note="Grant's first battle, corrected."))
    assert response.status_code == 302
    assert Scenario.objects.filter(slug="belmont-printed").count() == 1
    assert Scenario.objects.get(slug="belmont-printed").data["historical_note"] == "Grant's first battle, corrected."
    assert "was updated" in client.get(response["Location"]).content.decode()


def test_someone_elses_slug_is_refused(client, member, django_user_model):
    upload(client, club_file())
    other = django_user_model.objects.create_user("longstreet", email="pete@example.org", password="x")
    client.force_login(other)
    response, text = upload(client, club_file(name="Belmont (mine)"))
    assert response.status_code == 200
    assert "slug: a scenario with the slug 'belmont-printed' already exists (Belmont (printed map))" in text
    assert Scenario.objects.get(slug="belmont-printed").uploaded_by == member


def test_a_shipped_scenario_cannot_be_replaced(client, member):
    call_command("load_scenarios", verbosity=0)
    response, text = upload(client, club_file(slug="belmont"))
    assert "a scenario with the slug 'belmont' already exists" in text
    response, text = upload(client, club_file(annual_number=27))
    assert "annual_number: 27 belongs to Belmont in the Annual Games list" in text
    assert not Scenario.objects.filter(club_made=True).exists()


def test_a_broken_file_is_refused_with_every_problem_named(client, member):
    data = club_file()
    first = data["units"][0]
    data["terrain"].append({"hex": first["hex"], "kind": "rough"})                 # unit on rough
    data["units"].append({"hex": {"col": 4, "row": 3}, "side": "union", "kind": "infantry"})  # off-grid
    data["sides"]["union"]["flags"] = 0
    response, text = upload(client, data)
    assert response.status_code == 200
    hex_ = f"({first['hex']['col']},{first['hex']['row']})"
    assert f"units[0] at {hex_}: no unit may stand on rough terrain" in text
    assert "hex (4,3) is not on the board" in text
    assert "sides.union.flags: flags to win must be a whole number from 1 to 20" in text
    assert "The file was not imported: 3 problems." in text
    assert not Scenario.objects.exists()


def double_file(**changes) -> dict:
    """A club's own double-board battle: the shipped Gettysburg double board, renamed."""
    data = json.loads((SCENARIO_DIR / "gettysburg-double.json").read_text(encoding="utf-8"))
    data.update(slug="gettysburg-our-double", name="Gettysburg (our double board)")
    data.update(changes)
    return data


def test_a_member_imports_a_double_board_battle_of_the_clubs_own(client, member):
    response, text = upload(client, double_file())
    row = Scenario.objects.get(slug="gettysburg-our-double")
    assert row.club_made and row.uploaded_by == member
    assert row.engine_scenario().board.name == "double"
    page = html.unescape(client.get("/scenarios/gettysburg-our-double/").content.decode())
    assert 'class="board double"' in page and "two boards joined end to end" in page


def test_a_malformed_double_board_is_refused_with_a_clear_message(client, member):
    data = double_file()
    data["units"].append({"hex": {"col": 51, "row": 1}, "side": "union", "kind": "infantry"})   # off the edge
    data["units"] += [{"hex": {"col": c, "row": 4}, "side": "confederate", "kind": "cavalry"}
                      for c in range(0, 14, 2)]                                            # 7 cavalry
    response, text = upload(client, data)
    assert response.status_code == 200
    assert ("hex (51,1) is not on the double board (rows 0-8, cols 0-50, col and row both even or "
            "both odd; odd rows end at col 49)") in text
    assert "units[49].hex.col: 51 is greater than the maximum of 50" in text       # the schema's word
    assert "units: confederate has 7 cavalry units; the 2 boxes of a double board hold 6" in text
    assert "The file was not imported: 3 problems." in text
    # the board's own name, and a double battle that forgets to say it is one
    response, text = upload(client, double_file(board="triple"))
    assert ("board: 'triple' is not a board size; write \"single\" (one board, 13 hexes wide) or "
            "\"double\" (two boards joined end to end, 26 hexes wide)") in text
    forgot = double_file()
    del forgot["board"]
    response, text = upload(client, forgot)
    assert ('is not on the board (rows 0-8, cols 0-24, col and row both even or both odd; odd rows '
            'end at col 23); a battle on two boards joined end to end says "board": "double"') in text
    assert not Scenario.objects.exists()


def test_an_objective_worth_more_flags_than_a_game_can_hold_is_refused(client, member):
    data = club_file()
    data["flag_tokens"] = [{"kind": "objective", "hex": data["units"][0]["hex"],
                            "side": "union", "flags": 40000}]
    response, text = upload(client, data)
    assert response.status_code == 200
    assert ("flag_tokens[0].flags: an objective is worth a whole number of flags from 1 to 20, "
            "got 40000") in text
    assert not Scenario.objects.filter(club_made=True).exists()


def test_missing_and_unknown_fields_are_named(client, member):
    data = club_file(colour="blue")
    del data["historical_note"]
    _, text = upload(client, data)
    assert "file: missing field historical_note" in text
    assert "'colour' was unexpected" in text


def test_a_file_that_is_not_json_is_refused(client, member):
    response, text = upload(client, b'{"slug": "belmont-printed",\n  "name": }')
    assert response.status_code == 200
    assert "The file is not valid JSON: Expecting value at line 2, column 11." in text
    _, text = upload(client, "Fort Donelson".encode("utf-16"))
    assert "not UTF-8 text" in text
    _, text = upload(client, b"[1, 2]")
    assert "a scenario file is one JSON object" in text
    assert not Scenario.objects.exists()


def test_a_file_over_200_kb_is_refused(client, member):
    data = club_file(historical_note="x" * 210_000)
    _, text = upload(client, data)
    assert "a scenario file may be at most 200 KB" in text
    assert not Scenario.objects.exists()


def test_no_file_is_refused(client, member):
    response = client.post(URL, {})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()


def test_a_club_editor_imports_a_corrected_layout_of_a_shipped_battle(client, member, django_user_model):
    """The way to correct an approximate map: download the shipped file, fix the layout from
    the printed map, give it a slug of its own, import it, and play it."""
    call_command("load_scenarios", verbosity=0)
    shipped = Scenario.objects.get(slug="shiloh").data
    data = json.loads(client.get("/scenarios/shiloh.json").content)
    assert data == shipped
    # the correction: a Confederate unit moved, an orchard added, the map marked printed
    moved = next(u for u in data["units"] if u["hex"] == {"col": 2, "row": 6})
    moved["hex"] = {"col": 14, "row": 8}
    data["terrain"].append({"hex": {"col": 16, "row": 8}, "kind": "orchard"})
    data.update(slug="shiloh-printed", name="Shiloh (printed map)", annual_number=None,
                first_appearance="Club", layout_source="printed",
                source_notes="Terrain and units transcribed from the printed scenario map.")
    response, _ = upload(client, data, name="shiloh-printed.json")
    assert response.status_code == 302 and response["Location"] == "/scenarios/shiloh-printed/"
    text = html.unescape(client.get(response["Location"]).content.decode())
    assert "Transcribed from the printed scenario map." in text
    assert "<title>Open I8: Confederate infantry, 4 figures</title>" in text       # hex (14,8)
    assert "<title>Orchard I9</title>" in text
    assert "<title>Open G2</title>" in text
    # the shipped battle is untouched and still says what its map is
    assert Scenario.objects.get(slug="shiloh").data == shipped
    assert "An approximation" in client.get("/scenarios/shiloh/").content.decode()
    # and the corrected battle is played like any other
    corrected = Scenario.objects.get(slug="shiloh-printed")
    client.post("/play/seek/", {"s-scenario": corrected.pk, "s-side": "union", "s-deadline_hours": 24})
    other = django_user_model.objects.create_user("sherman", email="ws@example.org", password="x")
    client.force_login(other)
    from games.models import Match
    seek = Match.objects.get(scenario=corrected)
    response = client.post(f"/play/matches/{seek.pk}/join/")
    assert response.status_code in (302, 303)
    board = html.unescape(client.get(response["Location"]).content.decode())
    assert "Open I8: Confederate infantry, 4 figures" in board
