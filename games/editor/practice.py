"""Trying a draft before it is published: a practice game against Archie or a member.

The draft's data is copied into a scenario row of its own, marked ``practice`` (listed
nowhere: ``Scenario.objects`` leaves such rows out), and the match is made by the game
services as any other; the game's state keeps the data it was dealt from, so later edits of
the draft change nothing in it.
"""
from __future__ import annotations

import copy
import secrets

from django.db import transaction

from games import services
from games.engine import DEFAULT_RULESET, get_ruleset
from games.models import Match, Scenario, ScenarioDraft

from .checks import check
from .drafts import DraftRefused, _own
from .tools import EditRefused


def practice_copy(draft: ScenarioDraft, user) -> Scenario:
    """A practice scenario row holding the draft's data as it is now."""
    _own(draft, user)
    checked = check(draft.data)
    if not checked.ok:
        raise EditRefused(f"The battle cannot be played yet: {checked.problems[0].text}"
                          + (f" (and {len(checked.problems) - 1} more problems)" if len(checked.problems) > 1 else ""))
    row = Scenario(data=copy.deepcopy(draft.data))
    row.fill_from_data()
    row.slug = f"practice-{draft.pk}-{secrets.token_hex(4)}"
    row.annual_number = None
    row.club_made, row.practice, row.uploaded_by = True, True, user
    row.save()
    return row


@transaction.atomic
def start_practice(draft: ScenarioDraft, user, *, level: str | None = None, opponent=None) -> Match:
    """A practice match on the draft: solo against Archie at ``level``, or a challenge to
    ``opponent`` (who accepts it in the lobby as any challenge)."""
    if user is None or not user.is_authenticated:
        raise DraftRefused("Log in to try a battle.")
    row = practice_copy(draft, user)
    # the options its board goes with (a battle on several maps: ruling H99); none else
    options = get_ruleset(DEFAULT_RULESET).scenario_options(row.engine_scenario()) or None
    if opponent is not None:
        return services.create_challenge(user, opponent, row, options=options,
                                         message=f"A practice game of my draft {row.name}.")
    return services.start_solo(user, row, level or "recruit", options=options)
