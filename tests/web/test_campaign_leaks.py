"""The campaign pages show no hidden card or secret number of a battle being played.

The battle's game is staged as in test_play_leaks (a hand of cards whose names appear
nowhere else); every campaign page and fragment is fetched by each player, a member who
does not play, and a logged-out visitor."""
from __future__ import annotations

import pytest

from games import services as game_services
from campaigns import services
from tests.play_helpers import make_scenario, set_state
from tests.web.test_play_leaks import SITE_NAME, secrets_for, stage, token

pytestmark = pytest.mark.django_db


def campaign_pages(client, campaign) -> dict[str, str]:
    out = {
        "index": client.get("/campaigns/"),
        "new": client.get("/campaigns/new/"),
        "campaign": client.get(campaign.get_absolute_url()),
        "progress fragment": client.get(campaign.get_absolute_url() + "?part=progress",
                                        HTTP_HX_REQUEST="true"),
        "refused accept": client.post(f"/campaigns/{campaign.pk}/accept/"),
    }
    for name, r in out.items():
        assert r.status_code in (200, 302, 303), (name, r.status_code)
    return {name: r.content.decode() for name, r in out.items()}


@pytest.mark.parametrize("viewer", ["union", "confederate", "stranger", None])
def test_campaign_pages_show_no_hidden_card(client, lee, grant, meade, viewer):
    # the staged hand fits the sample battle: it opens a composed campaign
    battles = (make_scenario(), make_scenario(slug="kernstown"), make_scenario(slug="mcdowell"))
    campaign = services.invite(lee, grant, services.Terms(scenarios=battles, name="Leaks"))
    services.accept(campaign.pk, grant)
    game = campaign.battles.get(number=1).game()
    set_state(game, stage(game_services.load_engine(game)))
    user = {"union": lee, "confederate": grant, "stranger": meade, None: None}[viewer]
    if user is not None:
        client.force_login(user)
    side = game.side_of(user) if user is not None else None
    ids, words, others, allowed = secrets_for(game, side)
    assert ids and words, "the staging should leave something to hide"
    for name, body in campaign_pages(client, campaign).items():
        for cid in ids:
            assert not token(cid).search(body), f"{cid} (hidden) appears in {name}"
        text = SITE_NAME.sub("", body)
        for t in allowed:
            text = text.replace(t, "")
        for w in words:
            assert w not in text, f"hidden card {w!r} appears in {name}"
        for s in others:
            assert not token(s).search(body), f"a secret number appears in {name}"


@pytest.mark.parametrize("viewer", ["union", "confederate", "stranger", None])
def test_the_pre_battle_steps_show_no_deck_card_or_seed(client, lee, grant, meade, viewer):
    """Battle 2 waits for the pre-battle choices: every card is still in a deck (hidden)."""
    from datetime import timedelta

    from django.utils import timezone

    from tests.campaigns.helpers import start_campaign
    from tests.web.test_play_leaks import pages

    campaign = start_campaign(lee, grant, side="union")
    first = campaign.battles.get(number=1).game()
    first.deadline = timezone.now() - timedelta(minutes=1)
    first.save(update_fields=["deadline"])
    waiting = first.player_of("union" if first.deciding == "confederate" else "confederate")
    game_services.claim_timeout(first.pk, waiting, first.version)
    game = campaign.battles.get(number=2).game()
    assert game.phase == "prebattle_roll"
    game_services.act(game.pk, game.deciding_player, {"type": "roll_prebattle"}, game.version)
    game.refresh_from_db()
    user = {"union": lee, "confederate": grant, "stranger": meade, None: None}[viewer]
    if user is not None:
        client.force_login(user)
    ids, words, others, allowed = secrets_for(game, game.side_of(user) if user else None)
    assert ids and words
    bodies = {**campaign_pages(client, campaign),
              **{f"game {k}": v for k, v in pages(client, game).items()}}
    for name, body in bodies.items():
        for cid in ids:
            assert not token(cid).search(body), f"{cid} (hidden) appears in {name}"
        text = SITE_NAME.sub("", body)
        for t in allowed:
            text = text.replace(t, "")
        for w in words:
            assert w not in text, f"hidden card {w!r} appears in {name}"
        for s in others:
            assert not token(s).search(body), f"a secret number appears in {name}"
