"""Presets of options on the site (docs/rulings.md H60-H64): picked on every set-up form
beside the options set out under the seed's headings, a club's own presets saved by its
organisers and offered to its members, and refusals that name options by their labels."""
from __future__ import annotations

import pytest

from games.engine import preset_named
from games.forms_play import SeekForm, SoloForm
from games.models import Match
from tests.api.helpers import token_client
from tests.play_helpers import make_scenario
from tests.tournaments.helpers import make_club
from tournaments.models import ClubPreset
from tournaments.preset_services import save_preset

pytestmark = pytest.mark.django_db

LIGHT = {"return_fire": True, "holding_ground": True, "last_figure": True}


def seek(client, **fields):
    sc = make_scenario()
    body = {"s-scenario": sc.pk, "s-ruleset": "advanced", "s-side": "union", "s-deadline_hours": 72}
    body.update({f"s-{k}": v for k, v in fields.items()})
    return client.post("/play/seek/", body)


def test_a_seek_under_a_preset_is_played_under_its_options_and_ticks_add_to_it(client, lee):
    client.force_login(lee)
    assert dict(preset_named("advanced", "barber_light").options) == LIGHT
    r = seek(client, preset="barber_light")
    assert r.status_code == 303 and Match.objects.get().options == LIGHT
    Match.objects.all().delete()
    r = seek(client, preset="barber_light", nightfall="on")
    assert r.status_code == 303 and Match.objects.get().options == {"nightfall": True, **LIGHT}
    Match.objects.all().delete()
    # without a preset, only what is ticked
    r = seek(client, return_fire="on")
    assert r.status_code == 303 and Match.objects.get().options == {"return_fire": True}


def test_the_full_preset_is_offered_and_a_preset_of_other_rules_is_refused(client, lee):
    client.force_login(lee)
    page = client.get("/play/new/").content.decode()
    assert "Barber: full simulation" in page and "Barber: a light touch" in page
    r = seek(client, preset="no_such_preset")
    assert r.status_code == 400 and not Match.objects.exists()
    assert "preset" not in SeekForm({"s-ruleset": "standard"}, prefix="s").fields
    r = seek(client, preset="barber_full")
    full = dict(preset_named("advanced", "barber_full").options)
    assert r.status_code == 303 and Match.objects.get().options == full


def test_options_are_set_out_under_the_seed_headings_each_linked_to_its_full_text(client, lee):
    client.force_login(lee)
    fieldset = SoloForm().option_fieldset()
    combat = fieldset.index("House rules: combat")
    morale = fieldset.index("House rules: retreats and morale")
    assert fieldset.index("House rule: return fire") > combat
    assert morale < fieldset.index("House rule: the last figure")
    assert 'href="/rules/advanced/#House-rule-return-fire"' in fieldset
    rules = client.get("/rules/advanced/").content.decode()
    assert 'id="House-rule-return-fire"' in rules and 'id="House-rule-holding-your-ground"' in rules
    # the full text says more than the one-line description
    assert "never fewer than one" in rules and 'id="presets"' in rules


def test_refusals_name_the_options_by_their_labels(client, lee):
    client.force_login(lee)
    r = seek(client, first_fire="on")
    page = r.content.decode()
    assert r.status_code == 400 and "House rule: first fire needs House rule: return fire" in page
    assert "first_fire&#x27;" not in page and "'first_fire'" not in page


def test_an_organiser_saves_a_club_preset_its_members_then_pick(client, lee, grant, django_user_model):
    club = make_club(lee, [grant])
    outsider = django_user_model.objects.create_user("meade")
    client.force_login(lee)
    r = client.post(f"/leagues/clubs/{club.slug}/presets/",
                    {"name": "Thursday night", "ruleset": "advanced", "return_fire": "on",
                     "first_fire": "on"})
    assert r.status_code == 303
    preset = ClubPreset.objects.get()
    assert (preset.name, preset.options, preset.made_by) == (
        "Thursday night", {"return_fire": True, "first_fire": True}, lee)
    # a combination the rules refuse is not saved, and the page says why in labels
    r = client.post(f"/leagues/clubs/{club.slug}/presets/",
                    {"name": "Broken", "ruleset": "advanced", "first_fire": "on"})
    assert r.status_code == 400 and "House rule: first fire needs House rule: return fire" in r.content.decode()
    # a plain member reads the list but cannot save
    client.force_login(grant)
    assert "Thursday night" in client.get(f"/leagues/clubs/{club.slug}/presets/").content.decode()
    r = client.post(f"/leagues/clubs/{club.slug}/presets/",
                    {"name": "Mine", "ruleset": "advanced", "return_fire": "on"})
    assert r.status_code == 404 and ClubPreset.objects.count() == 1
    # the member picks it on a set-up form; someone outside the club is not offered it
    form = SeekForm(prefix="s", member=grant)
    assert (preset.key, f"{club.name}: Thursday night") in form.fields["preset"].choices
    assert preset.key not in dict(SeekForm(prefix="s", member=outsider).fields["preset"].choices)
    client.force_login(grant)
    r = client.post("/play/seek/", {"s-scenario": make_scenario().pk, "s-ruleset": "advanced",
                                    "s-side": "union", "s-deadline_hours": 72, "s-preset": preset.key})
    assert r.status_code == 303 and Match.objects.get().options == {"return_fire": True, "first_fire": True}


def test_the_api_lists_the_presets_and_saves_a_club_preset_for_organisers(lee, grant):
    club = make_club(lee, [grant])
    save_preset(club, lee, "Quick", "advanced", {"last_figure": True})
    rows = token_client(grant).get(f"/api/v1/clubs/{club.slug}/presets/").json()
    by_key = {r["key"]: r for r in rows}
    assert by_key["barber_full"]["source"] == "rules"
    assert by_key["barber_light"]["options"] == LIGHT
    club_rows = [r for r in rows if r["source"] == "club"]
    assert [(r["name"], r["options"]) for r in club_rows] == [("Quick", {"last_figure": True})]
    refused = token_client(grant).post(f"/api/v1/clubs/{club.slug}/presets/",
                                       {"name": "Mine", "options": {"last_figure": True}}, format="json")
    assert refused.status_code == 403 and ClubPreset.objects.count() == 1
    bad = token_client(lee).post(f"/api/v1/clubs/{club.slug}/presets/",
                                 {"name": "Bad", "options": {"first_fire": True}}, format="json")
    assert bad.status_code in (400, 409)
    assert "House rule: first fire needs House rule: return fire" in bad.json()["message"]
    made = token_client(lee).post(f"/api/v1/clubs/{club.slug}/presets/",
                                  {"name": "Fire", "options": {"return_fire": True}}, format="json")
    assert made.status_code == 201 and made.json()["options"] == {"return_fire": True}


def test_a_game_keeps_the_options_it_started_with_when_the_preset_changes(lee, grant):
    from tests.play_helpers import act, start_match
    club = make_club(lee, [grant])
    preset = save_preset(club, lee, "Club night", "advanced", {"return_fire": True})
    match, game = start_match(lee, grant, options=dict(preset.options))
    assert game.state["options"] == {"return_fire": True}
    # the organiser changes the preset afterwards: the match and its games keep their options
    save_preset(club, lee, "Club night", "advanced", {"last_figure": True, "holding_ground": True})
    assert ClubPreset.objects.get().options == {"last_figure": True, "holding_ground": True}
    match.refresh_from_db()
    game.refresh_from_db()
    assert match.options == {"return_fire": True} and game.state["options"] == {"return_fire": True}
    # and keep them as play goes on
    from games import services
    act(game, game.deciding_player, services.load_engine(game).legal_actions()[0])
    assert services.load_engine(game).options == {"return_fire": True}


def test_the_replay_shows_the_options_in_force(client, lee, grant):
    from games import services
    from tests.play_helpers import start_match
    match, game = start_match(lee, grant, options=LIGHT)
    services.resign(game.pk, lee)
    client.force_login(grant)
    page = client.get(f"/play/games/{game.pk}/replay/").content.decode()
    assert "Options: House rule: the last figure, House rule: return fire, House rule: holding your ground" in page


def test_a_solo_match_against_archie_is_set_up_with_a_preset(client, lee):
    client.force_login(lee)
    sc = make_scenario()
    assert "Barber: firefights" in client.get("/play/solo/").content.decode()
    r = client.post("/play/solo/", {"scenario": sc.pk, "level": "recruit", "preset": "barber_firefights"})
    assert r.status_code == 303
    match = Match.objects.get()
    assert match.options == dict(preset_named("advanced", "barber_firefights").options)
    assert match.archie_level == "recruit"
