"""What the challenge form says a member may expect against the member they challenge."""
from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model

from games.engine import DEFAULT_RULESET, rulesets
from games.models import Scenario
from ratings import reading
from ratings.method import member


@dataclass
class Expectation:
    opponent: str
    percent: int
    scenario: str
    unrated: bool           # neither has a rated game in these rules: a plain guess


def for_challenge(user, opponent_name: str, scenario_id, ruleset: str) -> Expectation | None:
    """None when there is nobody (yet) to compare with."""
    if not getattr(user, "is_authenticated", False):
        return None
    name = (opponent_name or "").strip()[:150]
    opponent = get_user_model().objects.filter(is_active=True, username__iexact=name).first() if name else None
    if opponent is None or opponent.pk == user.pk:
        return None
    if ruleset not in rulesets():
        ruleset = DEFAULT_RULESET
    scenario = None
    if str(scenario_id or "").isdigit():
        scenario = Scenario.objects.filter(pk=int(scenario_id)).first()
    e = reading.expected(ruleset, member(user.pk), member(opponent.pk), scenario.slug if scenario else "")
    return Expectation(reading.name_of(opponent), e.percent, str(scenario) if scenario else "",
                       unrated=not (e.games or e.opponent_games))
