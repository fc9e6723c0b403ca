"""The only way a campaign changes: invitations, battles starting and ending, the result.

Views, the admin's actions and tests call these functions; nothing else writes to
``Campaign`` or ``CampaignBattle``.  A refusal a player should read is a
:class:`CampaignRefused`; anything else is a bug.  The arithmetic (dice due, standings)
is the pure :mod:`campaigns.scoring`; the games are played through :mod:`games.services`.

A battle is one game of a single-game match; from the second on, its game is created with
the pre-battle dice due as set-up options, so the engine rolls them and asks for the
choices before the deal and turn 1.  When its game ends, ``games`` sends
``match_finished`` (see :mod:`games.events`) inside the game's transaction; the receiver
calls :func:`battle_finished`, which records the result and starts the next battle (or
ends the campaign) in that same transaction.

Against Archie (:func:`start_versus_archie`, ruling C6) each battle's match carries the
campaign's ``archie_level``, so :mod:`games.services` queues Archie's decisions, pre-battle
dice included, on commit as in a solo match.

An Epic plan (ruling C8) is fought by two teams: each side's Commanding General is the
challenger or the opponent, its Major-Generals the members named when it is set up
(``CampaignMember``); every battle is an Epic game (the engine's ``EPIC_OPTIONS`` among the
campaign's options) seated by :func:`epic_seating`, and the engine gives every pre-battle
decision to the Commanding Generals.

Every battle is played under the campaign's ``ruleset``, chosen when it is set up; only a
ruleset that takes the pre-battle dice can carry a campaign (ruling C9), and any other is
refused before the campaign is created, never when its second battle is due.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from campaigns import scoring
from campaigns.models import Campaign, CampaignBattle, CampaignMember, CampaignPlan
from games import invitations, outbox, services as game_services
from games.engine import DEFAULT_RULESET, EPIC_OPTIONS, PREBATTLE_OPTION, SIDES, rulesets
from games.models import Match, Scenario
from games.ai import LEVELS

logger = logging.getLogger(__name__)

MIN_BATTLES = 3
MAX_BATTLES = 12
#: The most Major-Generals a team of an Epic campaign names (a side of 8 seats at most).
MAX_MAJOR_GENERALS = 7


class CampaignRefused(Exception):
    """A request the site refuses; ``message`` is for the player, ``code`` for programs
    (the API's error codes: ``refused``, or ``not_a_player`` for a step that is not the
    requester's to take)."""

    code = "refused"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class NotCampaignPlayer(CampaignRefused):
    code = "not_a_player"




# -- starting ----------------------------------------------------------------------------------
@dataclass
class Terms:
    """What a challenger proposes: a shipped plan, or scenarios in order with a name, and the
    rules every battle is played under."""

    plan: CampaignPlan | None = None
    scenarios: tuple = ()
    name: str = ""
    side: str = "union"
    deadline_hours: int = 72
    message: str = ""
    ruleset: str = DEFAULT_RULESET
    options: dict = field(default_factory=dict)     # the ruleset's options, by name
    #: An Epic campaign's Major-Generals by side, in order (each side's Commanding General
    #: is the challenger or the opponent); empty for any other campaign.
    teams: dict = field(default_factory=dict)


def carries_campaigns(rules) -> bool:
    """Whether a ruleset can play a campaign's battles: it must take the pre-battle dice due
    as set-up options, since every battle after the first begins with them (ruling C9)."""
    return set(PREBATTLE_OPTION.values()) <= {o.name for o in rules.options}


def campaign_rulesets() -> tuple[str, ...]:
    """The registered rulesets a campaign may be played under, the default first."""
    return tuple(sorted((n for n, r in rulesets().items() if carries_campaigns(r)),
                        key=lambda n: (n != DEFAULT_RULESET, n)))


def _check_rules(ruleset: str) -> None:
    rules = rulesets().get(ruleset)
    if rules is None:
        raise CampaignRefused(f"Choose the rules: {', '.join(campaign_rulesets())}.")
    if not carries_campaigns(rules):
        raise CampaignRefused(
            f"A campaign cannot be played under the {ruleset} rules: they have no pre-battle dice, "
            "which every battle after the first begins with (ruling C9). Choose the "
            f"{' or '.join(campaign_rulesets())} rules.")


def _battles_of(terms: Terms) -> tuple[str, str, list]:
    if terms.plan is not None:
        by_slug = {s.slug: s for s in Scenario.objects.filter(slug__in=terms.plan.battle_slugs)}
        missing = [s for s in terms.plan.battle_slugs if s not in by_slug]
        if missing:
            raise CampaignRefused(f"The campaign {terms.plan} names scenarios that are not loaded: "
                                  f"{', '.join(missing)}.")
        return terms.plan.name, terms.plan.theme, [by_slug[s] for s in terms.plan.battle_slugs]
    scenarios = [s for s in terms.scenarios if s is not None]
    if len(scenarios) < MIN_BATTLES:
        raise CampaignRefused(f"A campaign links at least {MIN_BATTLES} scenarios.")
    if len(scenarios) > MAX_BATTLES:
        raise CampaignRefused(f"A campaign links at most {MAX_BATTLES} scenarios.")
    if len({s.pk for s in scenarios}) != len(scenarios):
        raise CampaignRefused("Each scenario may appear only once in a campaign.")
    name = (terms.name or "").strip()
    if not name:
        raise CampaignRefused("Give the campaign a name.")
    return name[:120], "", scenarios


def _checked(terms: Terms) -> tuple[str, str, list]:
    """The campaign's name, theme and scenarios, once the terms are checked."""
    if terms.side not in SIDES:
        raise CampaignRefused("Choose the army you keep: Union or Confederate.")
    if not (game_services.MIN_DEADLINE_HOURS <= int(terms.deadline_hours) <= game_services.MAX_DEADLINE_HOURS):
        raise CampaignRefused("The time per move must be between 1 hour and 14 days.")
    _check_rules(terms.ruleset)
    name, theme, scenarios = _battles_of(terms)
    epic = terms.plan is not None and terms.plan.epic
    if epic and not carries_epic(rulesets()[terms.ruleset]):
        raise CampaignRefused(
            f"{terms.plan} is an Epic campaign, fought by teams: choose rules that play Epic games "
            f"({' or '.join(n for n, r in rulesets().items() if carries_epic(r))}).")
    if terms.teams and not epic:
        raise CampaignRefused("Only an Epic campaign is fought by teams: name no Major-Generals.")
    for sc in scenarios:
        try:
            game_services.check_rules(sc, terms.ruleset, _options(terms))
        except game_services.ActionRefused as refused:
            raise CampaignRefused(refused.message) from None
    return name, theme, scenarios


def carries_epic(rules) -> bool:
    """Whether a ruleset plays Epic games (it declares the options that make one)."""
    declared = {o.name: o for o in rules.options}
    return all(k in declared and (not declared[k].choices or v in declared[k].choices)
               for k, v in EPIC_OPTIONS.items())


def _options(terms: Terms) -> dict:
    """The options of every battle: the ones chosen, and an Epic plan's Epic game."""
    epic = EPIC_OPTIONS if terms.plan is not None and terms.plan.epic else {}
    return {**dict(terms.options or {}), **epic}


def _checked_teams(challenger, opponent, terms: Terms) -> dict:
    """An Epic campaign's Major-Generals by side, checked: members of the club, each in one
    team only, neither Commanding General, at most :data:`MAX_MAJOR_GENERALS` a side."""
    teams = {s: [m for m in terms.teams.get(s, ()) if m is not None] for s in SIDES}
    unknown = set(terms.teams) - set(SIDES)
    if unknown:
        raise CampaignRefused(f"There is no side {', '.join(sorted(unknown))}.")
    everyone = [m.pk for s in SIDES for m in teams[s]]
    if len(set(everyone)) != len(everyone):
        raise CampaignRefused("Each member plays in one team, once.")
    if {challenger.pk, opponent.pk} & set(everyone):
        raise CampaignRefused("The Commanding Generals are the two of you: name only the "
                              "Major-Generals of each team.")
    if any(not m.is_active for s in SIDES for m in teams[s]):      # Archie's row is inactive
        raise CampaignRefused("Only members of the club can be Major-Generals of a team.")
    if any(len(teams[s]) > MAX_MAJOR_GENERALS for s in SIDES):
        raise CampaignRefused(f"A team has at most {MAX_MAJOR_GENERALS} Major-Generals.")
    return teams


def _create(challenger, opponent, terms: Terms, checked, teams: dict | None = None,
            **fields) -> Campaign:
    name, theme, scenarios = checked
    campaign = Campaign.objects.create(
        name=name, theme=theme, plan=terms.plan, challenger=challenger, opponent=opponent,
        challenger_side=terms.side, deadline_hours=int(terms.deadline_hours), ruleset=terms.ruleset,
        options=_options(terms),
        message=(terms.message or "")[:200], **fields)
    CampaignBattle.objects.bulk_create(
        CampaignBattle(campaign=campaign, number=i, scenario=sc)
        for i, sc in enumerate(scenarios, start=1))
    CampaignMember.objects.bulk_create(
        CampaignMember(campaign=campaign, side=side, position=i, player=member,
                       answer=CampaignMember.Answer.INVITED)
        for side, members in (teams or {}).items() for i, member in enumerate(members, start=1))
    return campaign


#: What a member reads when a step of an invitation is refused (games/invitations.py takes the
#: steps, as for a match challenge).
INVITATION_WORDING = invitations.Wording(
    refused=CampaignRefused, not_a_player=NotCampaignPlayer,
    missing="There is no such campaign.",
    closed="This invitation is no longer open.",
    only_accept="Only the member invited can accept this campaign.",
    only_decline="Only the member invited can decline this campaign.",
    only_withdraw="Only the member who sent the invitation can withdraw it.",
    log_in="Log in to start a campaign.",
    choose_member="Choose a member to invite.",
    not_yourself="You cannot invite yourself.")


def invite(challenger, opponent, terms: Terms) -> Campaign:
    """Invite a member to a campaign (the same challenge and accept flow as a match)."""
    invitations.check_invitee(challenger, opponent, INVITATION_WORDING)
    checked = _checked(terms)
    teams = _checked_teams(challenger, opponent, terms)
    with transaction.atomic():
        campaign = _create(challenger, opponent, terms, checked, teams,
                           status=Campaign.Status.CHALLENGE)
        for member in (opponent, *(m for side in SIDES for m in teams[side])):
            outbox.queue("campaigns.notify_invitation", campaign.pk, member.pk)
    return campaign


def start_versus_archie(user, terms: Terms, level: str) -> Campaign:
    """A campaign against Archie, starting at once: the member keeps ``terms.side`` in every
    battle and Archie the other army, at ``level`` and with its handicap (ruling C6).
    Archie rolls and chooses its side's pre-battle dice through its tasks like any decision."""
    if not user.is_authenticated:
        raise CampaignRefused("Log in to start a campaign.")
    if level not in LEVELS:
        raise CampaignRefused(f"Choose Archie's level: {', '.join(LEVELS)}.")
    if terms.plan is not None and terms.plan.epic:
        raise CampaignRefused(f"{terms.plan} is an Epic campaign, fought by two teams of members: "
                              "invite the other team's Commanding General and name both teams.")
    checked = _checked(terms)
    with transaction.atomic():
        campaign = _create(user, game_services.archie_user(), terms, checked,
                           status=Campaign.Status.ACTIVE, archie_level=level,
                           started=timezone.now())
        _start_battle(campaign, campaign.battles.get(number=1))
    return campaign


def _locked(campaign_id) -> Campaign:
    return invitations.locked(Campaign, campaign_id, INVITATION_WORDING)


def accept(campaign_id, user) -> Campaign:
    """The invited member accepts: battle 1 starts (an Epic campaign's once every
    Major-General named has answered too, ruling C10)."""
    return invitations.accept(Campaign, campaign_id, user, INVITATION_WORDING, _accepted)


def _accepted(campaign: Campaign) -> None:
    campaign.opponent_accepted = True
    campaign.save(update_fields=["opponent_accepted", "updated"])
    _begin_when_answered(campaign)


def _begin_when_answered(campaign: Campaign) -> None:
    if campaign.opponent_accepted and not campaign.members.filter(
            answer=CampaignMember.Answer.INVITED).exists():
        _begin(campaign)


def waiting_for(campaign: Campaign) -> list:
    """The Major-Generals named in an Epic campaign's invitation who have not answered yet."""
    return [m.player for m in campaign.members.all() if m.answer == CampaignMember.Answer.INVITED]


def accept_place(campaign_id, user) -> Campaign:
    """A Major-General named in an Epic campaign's invitation takes his place (ruling C10)."""
    return _answer_place(campaign_id, user, CampaignMember.Answer.ACCEPTED)


def decline_place(campaign_id, user) -> Campaign:
    """A Major-General named in an Epic campaign's invitation declines: his team plays
    without him (its seats go round its other Major-Generals, ruling C8)."""
    return _answer_place(campaign_id, user, CampaignMember.Answer.DECLINED)


def _answer_place(campaign_id, user, answer: str) -> Campaign:
    with transaction.atomic():
        campaign = _locked(campaign_id)
        row = campaign.members.filter(player_id=getattr(user, "pk", None)).first()
        if row is None:
            raise NotCampaignPlayer("Only a Major-General named in this campaign answers for his place.")
        if campaign.status != Campaign.Status.CHALLENGE or row.answer != CampaignMember.Answer.INVITED:
            raise CampaignRefused("Your place in this campaign is answered already.")
        row.answer = answer
        row.save(update_fields=["answer"])
        _begin_when_answered(campaign)
    return campaign


def offer_command(campaign_id, user, successor) -> Campaign:
    """A Commanding General of an Epic campaign offers the command of his team to one of its
    Major-Generals, from the next battle to start on (ruling C10); a new offer replaces the
    last."""
    with transaction.atomic():
        campaign = _locked(campaign_id)
        side = next((s for s in SIDES if campaign.player_id_of(s) == getattr(user, "pk", None)), None)
        if not campaign.epic or side is None:
            raise NotCampaignPlayer("Only a Commanding General of an Epic campaign hands on its command.")
        if campaign.status != Campaign.Status.ACTIVE:
            raise CampaignRefused("The command changes hands between battles of a campaign being played.")
        row = campaign.members.filter(side=side, player_id=getattr(successor, "pk", None),
                                      answer=CampaignMember.Answer.ACCEPTED).first()
        if row is None:
            raise CampaignRefused("Offer the command to one of your own team's Major-Generals.")
        campaign.members.filter(side=side).update(offered_command=False)
        row.offered_command = True
        row.save(update_fields=["offered_command"])
    return campaign


def take_command(campaign_id, user) -> Campaign:
    """The Major-General offered the command takes it: he is his team's Commanding General
    (keeping its army, rolling its pre-battle dice) from the next battle to start, and the
    member he succeeds takes his place among the Major-Generals. The battle being played
    keeps its seats."""
    with transaction.atomic():
        campaign = _locked(campaign_id)
        row = campaign.members.filter(player_id=getattr(user, "pk", None), offered_command=True).first()
        if row is None:
            raise CampaignRefused("The command of a team is not offered to you in this campaign.")
        if campaign.status != Campaign.Status.ACTIVE:
            raise CampaignRefused("The command changes hands between battles of a campaign being played.")
        before = campaign.player_of(row.side)
        if campaign.challenger_side == row.side:
            campaign.challenger = user
        else:
            campaign.opponent = user
        campaign.save(update_fields=["challenger", "opponent", "updated"])
        row.player, row.offered_command = before, False
        row.save(update_fields=["player", "offered_command"])
    return campaign


def decline(campaign_id, user) -> Campaign:
    return invitations.decline(Campaign, campaign_id, user, INVITATION_WORDING)


def cancel(campaign_id, user) -> Campaign:
    return invitations.withdraw(Campaign, campaign_id, user, INVITATION_WORDING,
                                (Campaign.Status.CHALLENGE,))


def _begin(campaign: Campaign) -> None:
    campaign.status = Campaign.Status.ACTIVE
    campaign.started = timezone.now()
    campaign.save()
    _start_battle(campaign, campaign.battles.get(number=1))


def _start_battle(campaign: Campaign, battle: CampaignBattle) -> None:
    """Start ``battle``'s game: one game, the seats on their own armies, the dice due noted."""
    past = history(campaign)
    battle.dice_due = {s: {"flags_last": d.flags_last, "games_won": d.games_won, "dice": d.dice}
                       for s, d in scoring.dice_before(past).items()} if past else {}
    setup = {PREBATTLE_OPTION[s]: due["dice"] for s, due in battle.dice_due.items() if due["dice"]}
    if campaign.epic:
        options = {**campaign.options, **setup}
        plan = game_services.team_seat_plan(battle.scenario, campaign.ruleset, options)
        battle.match = game_services.start_arranged_team_match(
            epic_seating(campaign, plan), battle.scenario, options=campaign.options,
            deadline_hours=campaign.deadline_hours, setup=setup,
            message=f"{campaign.name}, battle {battle.number}", ruleset=campaign.ruleset)
        battle.save()
        return
    battle.match = game_services.start_arranged_match(
        campaign.player_of("union"), campaign.player_of("confederate"), battle.scenario,
        options=campaign.options, deadline_hours=campaign.deadline_hours, single_game=True, setup=setup,
        message=f"{campaign.name}, battle {battle.number}", archie_level=campaign.archie_level,
        ruleset=campaign.ruleset)
    battle.save()


def epic_seating(campaign: Campaign, plan) -> dict:
    """Who holds each seat of an Epic battle (ruling C8): a side's first seat, its Commanding
    General's, goes to the member keeping that army; its Major-General seats to the team's
    Major-Generals in their order, round again from the first when the battle has more seats
    than the team has Major-Generals, to the Commanding General when it has none left. A team
    with more Major-Generals than the battle has seats plays the first ones."""
    seating = {}
    for side in SIDES:
        seats = [spec.name for spec in plan if spec.side == side]
        majors = campaign.major_generals(side) or [campaign.player_of(side)]
        if seats:
            seating[seats[0]] = campaign.player_of(side)
        for i, seat in enumerate(seats[1:]):
            seating[seat] = majors[i % len(majors)]
    return seating


def _start_or_hold(campaign: Campaign, battle: CampaignBattle) -> None:
    """Start ``battle``; if it is refused (say its scenario file was edited into one that
    no longer loads), note why on the campaign instead of failing the move that ended the
    battle before it, which must stand. Its players can try again (:func:`start_held`)."""
    try:
        with transaction.atomic():
            _start_battle(campaign, battle)
    except game_services.ActionRefused as refused:
        logger.warning("campaign %s: battle %s could not start: %s", campaign.pk, battle.number,
                       refused)
        campaign.held = f"Battle {battle.number} could not start: {refused}"[:300]
    else:
        campaign.held = ""


def start_held(campaign_id, user) -> Campaign:
    """A player tries again to start the battle that could not start when the last one
    ended; refused with the reason while it still cannot."""
    with transaction.atomic():
        campaign = _locked(campaign_id)
        if not campaign.is_player(user):
            raise NotCampaignPlayer("Only the campaign's players can start its next battle.")
        battle = next_battle(campaign)
        if not campaign.held or campaign.status != Campaign.Status.ACTIVE or battle is None \
                or battle.match_id is not None:
            raise CampaignRefused("No battle of this campaign is waiting to start.")
        _start_or_hold(campaign, battle)
        campaign.save()
    if campaign.held:
        raise CampaignRefused(campaign.held)
    return campaign


# -- the end of a battle -----------------------------------------------------------------------
def battle_finished(match: Match) -> None:
    """Record the result of the battle played as ``match`` and start the next battle, or end
    the campaign; does nothing for a match that is not a campaign battle, or twice."""
    battle = (CampaignBattle.objects.select_for_update().filter(match_id=match.pk)
              .select_related("campaign").first())
    if battle is None or battle.is_over:
        return
    campaign = _locked(battle.campaign_id)
    game = match.games.get(number=1)
    outcome = game.outcome or {}
    flags = outcome.get("flags", {})
    casualties = outcome.get("casualties", {})
    battle.union_flags = int(flags.get("union", 0))
    battle.confederate_flags = int(flags.get("confederate", 0))
    battle.union_figures = int(casualties.get("union", 0))
    battle.confederate_figures = int(casualties.get("confederate", 0))
    battle.winner_side = game.winner_side if game.winner_side in SIDES else ""
    battle.finished = timezone.now()
    battle.save()
    following = campaign.battles.filter(number=battle.number + 1).first()
    if following is not None:
        _start_or_hold(campaign, following)
        campaign.save()
        return
    table = scoring.standings(history(campaign))
    campaign.status = Campaign.Status.FINISHED
    campaign.finished = timezone.now()
    campaign.decided_by = table.decided_by or Campaign.Decided.DRAW
    campaign.winner_id = campaign.player_id_of(table.leader) if table.leader else None
    campaign.save()


# -- reading -----------------------------------------------------------------------------------
def history(campaign: Campaign) -> list[scoring.BattleResult]:
    """The finished battles, in order, as the scoring module takes them."""
    return [scoring.BattleResult(
                {"union": b.union_flags or 0, "confederate": b.confederate_flags or 0},
                b.winner_side or None,
                {"union": b.union_figures or 0, "confederate": b.confederate_figures or 0})
            for b in campaign.battles.order_by("number") if b.is_over]


def standings(campaign: Campaign) -> scoring.Standings:
    return scoring.standings(history(campaign))


def next_battle(campaign: Campaign) -> CampaignBattle | None:
    """The battle being played now, or the first one before the campaign starts."""
    return campaign.battles.filter(finished__isnull=True).order_by("number").first()


def dice_explained(battle: CampaignBattle) -> dict:
    """``{side: "3 flags last game + 1 game won = 4 dice"}`` for a battle after the first."""
    words = {}
    for side, due in (battle.dice_due or {}).items():
        d = scoring.DiceDue(side, int(due["flags_last"]), int(due["games_won"]))
        words[side] = d.explain()
    return words
