"""Helpers for the campaign tests: shipped plans loaded, battles played out by the services."""
from __future__ import annotations

import json
import random

from django.core.management import call_command

from campaigns import services
from campaigns.files import CAMPAIGN_DIR
from games import services as game_services
from tests.play_helpers import make_scenario

PREFERRED = ("battle", "attack", "melee")


def load_plan(slug: str):
    """Load the scenarios a shipped campaign names, then the campaign files; the plan row."""
    from campaigns.models import CampaignPlan

    data = json.loads((CAMPAIGN_DIR / f"{slug}.json").read_text())
    for scenario in data["battles"]:
        make_scenario(slug=scenario)
    call_command("load_campaigns", str(CAMPAIGN_DIR / f"{slug}.json"), verbosity=0)
    return CampaignPlan.objects.get(slug=slug)


def start_campaign(challenger, opponent, slug="jackson-valley-1862", side="union"):
    campaign = services.invite(challenger, opponent, services.Terms(plan=load_plan(slug), side=side))
    services.accept(campaign.pk, opponent)
    campaign.refresh_from_db()
    return campaign


def play_out(game, rng: random.Random, cap: int = 5000) -> int:
    """Play ``game`` to its end with random legal actions through ``games.services.act``
    (attacks preferred, so a battle ends in a few hundred actions). Returns the count."""
    n = 0
    game.refresh_from_db()
    while not game.is_over:
        assert n < cap, f"{game} did not end in {cap} actions"
        choices = game_services.load_engine(game).legal_actions()
        assert choices, f"{game}: no legal action in phase {game.phase}"
        preferred = [a for a in choices if a["type"] in PREFERRED]
        action = rng.choice(preferred or choices)
        game_services.act(game.pk, game.deciding_player, action, game.version)
        game.refresh_from_db()
        n += 1
    return n
