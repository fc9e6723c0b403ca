"""Facts about a competition's rounds that both the Swiss and the knockout rounds need: how many
are published, and which scenario a new round is played on."""
from __future__ import annotations

from django.db.models import Max

from tournaments.models import Competition, Round
from tournaments.refusals import Refused


def _published_rounds(comp: Competition) -> int:
    return comp.rounds.filter(status=Round.Status.PUBLISHED).aggregate(n=Max("number"))["n"] or 0


def _round_scenario(comp: Competition, number: int, scenario):
    policy = comp.scenario_policy
    if policy == Competition.ScenarioPolicy.FIXED:
        listed = comp.scenario_list()
        return listed[(number - 1) % len(listed)]
    if policy == Competition.ScenarioPolicy.ORGANISER:
        if scenario is None:
            raise Refused("Choose the scenario of this round.")
        return scenario
    return None  # the players of each match choose from the pool
