"""Proposing a battle from the scenario editor to a club, and an organiser's answer: the
only code that changes :class:`ScenarioProposal` rows.

An active member of a club proposes one of their drafts (it must load as a scenario file);
an organiser of that club accepts it, which publishes it as the next version of the club's
edition of the battle (``games.editor.publishing``), or declines it.
"""
from __future__ import annotations

import copy

from django.db import transaction
from django.utils import timezone

from games.editor.checks import check
from games.editor.publishing import publish_version, published_slug
from games.editor.tools import EditRefused
from games.models import Scenario, ScenarioDraft
from tournaments.models import Club, ScenarioProposal
from tournaments.refusals import Refused, _organiser


def propose(draft: ScenarioDraft, user, club: Club, note: str = "") -> ScenarioProposal:
    if user is None or not user.is_authenticated or draft.author_id != user.pk:
        raise Refused("Only the draft's author can propose it.")
    if not club.is_member(user):
        raise Refused(f"Only a member of {club} can propose a battle to it.")
    checked = check(draft.data)
    if not checked.ok:
        raise Refused(f"Fix the draft's problems before proposing it: {checked.problems[0].text}")
    slug = published_slug(draft.data, club.slug)
    taken = Scenario.every.filter(slug=slug).first()
    if taken is not None and not ScenarioProposal.objects.filter(
            club=club, status=ScenarioProposal.Status.ACCEPTED, version__scenario=taken).exists():
        raise Refused(f"slug: {slug!r} is already the slug of {taken}; give the battle another slug.")
    return ScenarioProposal.objects.create(club=club, proposer=user, draft=draft, base=draft.base,
                                           data=copy.deepcopy(draft.data), note=note[:300])


def _waiting(proposal: ScenarioProposal, organiser) -> ScenarioProposal:
    _organiser(proposal.club, organiser)
    row = ScenarioProposal.objects.select_for_update().get(pk=proposal.pk)
    if row.status != ScenarioProposal.Status.PROPOSED:
        raise Refused("This proposal has been answered already.")
    return row


@transaction.atomic
def accept(proposal: ScenarioProposal, organiser) -> ScenarioProposal:
    """Publish the proposed battle as the next version of the club's edition."""
    row = _waiting(proposal, organiser)
    balance = None
    if row.draft is not None and isinstance(row.draft.balance, dict) \
            and row.draft.balance.get("data") == row.data:
        balance = {k: v for k, v in row.draft.balance.items() if k != "data"}
    try:
        version = publish_version(row.data, row.proposer, slug=published_slug(row.data, row.club.slug),
                                  note=row.note, balance=balance)
    except EditRefused as exc:
        raise Refused(str(exc)) from None
    row.status, row.decided_by, row.decided_at, row.version = (
        ScenarioProposal.Status.ACCEPTED, organiser, timezone.now(), version)
    row.save()
    return row


@transaction.atomic
def decline(proposal: ScenarioProposal, organiser) -> ScenarioProposal:
    row = _waiting(proposal, organiser)
    row.status, row.decided_by, row.decided_at = ScenarioProposal.Status.DECLINED, organiser, timezone.now()
    row.save()
    return row
