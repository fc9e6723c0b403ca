"""The only way clubs, competitions, rounds, pairings and results change.

Views, the admin actions, Celery tasks and tests call these functions.  A refusal a user
should read is a :class:`Refused` (with a ``code``); anything else is a bug.  Pairing and
standings are worked out by the pure :mod:`tournaments.pairing`; this module writes the
rows.  Web matches are started through :func:`games.services.start_arranged_match` and
their results arrive through :data:`games.events.match_finished`.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import timedelta

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify

from battlecry_site.names import MESSAGE as NAME_MESSAGE, has_control_characters
from games import outbox
from games import services as game_services
from games.engine import DEFAULT_RULESET, OptionError, other, rulesets, validate_options
from games.presentation.options import option_label
from tournaments import events, knockout, tables
from tournaments import pairing as algo
from tournaments.refusals import NotOrganiser, NotYourMatch, Refused, _organiser
from tournaments.round_terms import _published_rounds, _round_scenario
from tournaments.models import (
    Club, Competition, CompetitionScenario, Entry, Membership, Pairing, ResultChange, Round,
)
from tournaments.models.club import new_invite_token

#: The most flags one player can take in one game of any scenario (a sanity bound).
MAX_FLAGS = 12


# -- clubs -------------------------------------------------------------------------------------
def create_club(user, name: str, *, description: str = "", public: bool = False) -> Club:
    """A new club; its creator is its first organiser."""
    if not (user and user.is_authenticated):
        raise Refused("Log in to found a club.")
    name = name.strip()
    slug = slugify(name)[:100]
    if not name or not slug:
        raise Refused("Give the club a name.")
    if has_control_characters(name):
        raise Refused(NAME_MESSAGE)
    if Club.objects.filter(slug=slug).exists() or Club.objects.filter(name__iexact=name).exists():
        raise Refused(f"There is already a club called {name}.")
    with transaction.atomic():
        club = Club.objects.create(name=name, slug=slug, description=description, public=public)
        Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANISER)
    return club


def invitation_matches(club: Club, token: str) -> bool:
    """Whether ``token`` is the club's current invitation secret (compared in constant
    time, as bytes, so any text a link may carry is simply a wrong secret)."""
    return secrets.compare_digest(str(token).encode(), club.invite_token.encode())


def join_by_invitation(club: Club, user, token: str) -> Membership:
    """A member who followed the club's invitation link joins at once."""
    if not (user and user.is_authenticated):
        raise Refused("Log in to join the club.")
    if not invitation_matches(club, token):
        raise Refused("This invitation link is no longer valid: ask an organiser for a new one.")
    with transaction.atomic():
        m, _ = Membership.objects.get_or_create(club=club, user=user)
        if m.status != Membership.Status.ACTIVE:
            m.status = Membership.Status.ACTIVE
            m.save()
    return m


def ask_to_join(club: Club, user) -> Membership:
    """Ask to join; an organiser approves."""
    if not (user and user.is_authenticated):
        raise Refused("Log in to ask to join the club.")
    m, created = Membership.objects.get_or_create(
        club=club, user=user, defaults={"status": Membership.Status.PENDING})
    if not created and m.status == Membership.Status.ACTIVE:
        raise Refused(f"You are already a member of {club}.")
    if created:
        outbox.queue("tournaments.notify_join_request", m.pk)
    return m


def approve_member(club: Club, organiser, user) -> Membership:
    _organiser(club, organiser)
    m = Membership.objects.filter(club=club, user=user).first()
    if m is None:
        raise Refused(f"{user} has not asked to join.")
    m.status = Membership.Status.ACTIVE
    m.save()
    return m


def set_role(club: Club, organiser, user, role: str) -> Membership:
    """Make a member an organiser, or an organiser a plain member (never the last one)."""
    _organiser(club, organiser)
    if role not in Membership.Role.values:
        raise Refused("Choose member or organiser.")
    with transaction.atomic():
        m = Membership.objects.select_for_update().filter(
            club=club, user=user, status=Membership.Status.ACTIVE).first()
        if m is None:
            raise Refused(f"{user} is not a member of {club}.")
        if (role == Membership.Role.MEMBER and m.role == Membership.Role.ORGANISER
                and club.memberships.filter(role=Membership.Role.ORGANISER).count() == 1):
            raise Refused("A club needs at least one organiser.")
        m.role = role
        m.save()
    return m


def new_invitation(club: Club, organiser) -> str:
    """A fresh invitation link secret; the old link stops working."""
    _organiser(club, organiser)
    club.invite_token = new_invite_token()
    club.save(update_fields=["invite_token"])
    return club.invite_token


# -- competitions ------------------------------------------------------------------------------
@dataclass
class Terms:
    """What an organiser chooses when creating a competition."""

    name: str
    kind: str = Competition.Kind.LEAGUE
    double_round_robin: bool = False
    swiss_rounds: int = 4
    scenario_policy: str = Competition.ScenarioPolicy.FIXED
    scenarios: tuple = ()
    options: dict = field(default_factory=dict)   # the ruleset's options, by name
    ruleset: str = DEFAULT_RULESET      # the rules of every match (a registered ruleset)
    deadline_hours: int = 72
    round_days: int = 14
    mode: str = Competition.Mode.WEB
    order: tuple = algo.DEFAULT_ORDER
    knockout_size: int = 0  # tournaments: the places of the final knockout (0: none)
    rated_anyway: bool = False  # results rated even under options declared unrated


def check_rules(ruleset: str, options: dict | None = None, scenarios=()) -> str:
    """The rules a competition's matches are played under, if they can be: a registered
    ruleset that has the options chosen and plays every scenario listed."""
    rules = rulesets().get(ruleset)
    if rules is None:
        raise Refused(f"Choose the rules: {', '.join(sorted(rulesets()))}.")
    declared = {o.name for o in rules.options}
    for name in options or {}:
        if name not in declared:
            raise Refused(f"The {ruleset} rules have no {option_label(name)}: leave it off or "
                          "choose other rules.")
    try:
        validate_options(rules.options, options)
    except OptionError as e:
        raise Refused(f"These options cannot be played together: {e}.") from None
    for sc in scenarios:
        if sc.format != rules.scenario_format or not rules.supports(sc.engine_scenario()):
            raise Refused(f"{sc} cannot be played under the {ruleset} rules.")
        try:
            rules.check_scenario(sc.engine_scenario(), dict(options or {}))
        except OptionError as e:
            raise Refused(f"{e}.") from None
    return ruleset


def create_competition(club: Club, organiser, terms: Terms) -> Competition:
    _organiser(club, organiser)
    if not terms.name.strip():
        raise Refused("Give the competition a name.")
    if has_control_characters(terms.name):
        raise Refused(NAME_MESSAGE)
    if terms.kind not in (Competition.Kind.LEAGUE, Competition.Kind.TOURNAMENT):
        raise Refused("Choose a league or a tournament (the Annual Games have their own form).")
    if terms.scenario_policy not in Competition.ScenarioPolicy.values:
        raise Refused("Choose how scenarios are picked.")
    if terms.mode not in Competition.Mode.values:
        raise Refused("Choose where the games are played.")
    if terms.kind == Competition.Kind.TOURNAMENT and not 1 <= int(terms.swiss_rounds) <= 15:
        raise Refused("A Swiss tournament has between 1 and 15 rounds.")
    knockout_size = knockout.check_places(terms.knockout_size or 0)
    if knockout_size and terms.kind != Competition.Kind.TOURNAMENT:
        raise Refused("Only a Swiss tournament can end with a knockout.")
    if terms.scenario_policy != Competition.ScenarioPolicy.ORGANISER and not terms.scenarios:
        raise Refused("Choose at least one scenario for the list or the pool.")
    if not (game_services.MIN_DEADLINE_HOURS <= int(terms.deadline_hours) <= game_services.MAX_DEADLINE_HOURS):
        raise Refused("The time per move must be between 1 hour and 14 days.")
    if not 1 <= int(terms.round_days) <= 120:
        raise Refused("A round lasts between 1 and 120 days.")
    try:
        order = list(algo.check_order(terms.order))
    except algo.PairingError as e:
        raise Refused(str(e)) from None
    if not order:
        raise Refused("Choose at least one standings metric.")
    ruleset = check_rules(terms.ruleset, terms.options, terms.scenarios)
    with transaction.atomic():
        comp = Competition.objects.create(
            club=club, name=terms.name.strip()[:100], kind=terms.kind,
            double_round_robin=bool(terms.double_round_robin), swiss_rounds=int(terms.swiss_rounds),
            scenario_policy=terms.scenario_policy, options=dict(terms.options or {}), ruleset=ruleset,
            deadline_hours=int(terms.deadline_hours), round_days=int(terms.round_days),
            mode=terms.mode, order=order, created_by=organiser, knockout_size=knockout_size,
            rated_anyway=bool(terms.rated_anyway))
        for i, sc in enumerate(dict.fromkeys(terms.scenarios)):
            CompetitionScenario.objects.create(competition=comp, scenario=sc, position=i)
    return comp


def add_player(comp: Competition, organiser, user) -> Entry:
    """Add a club member to the competition.  Swiss: also after it started (a late joiner,
    paired from the next round with no points).  Round robin: only before round 1."""
    _organiser(comp.club, organiser)
    if comp.status == Competition.Status.CLOSED:
        raise Refused("The competition is closed.")
    if not comp.club.is_member(user):
        raise Refused(f"{user} is not a member of {comp.club}.")
    with transaction.atomic():
        Competition.objects.select_for_update().get(pk=comp.pk)
        played = _published_rounds(comp)
        if played and not comp.is_swiss:
            raise Refused("A round robin cannot take new players once round 1 is published.")
        entry = Entry.objects.filter(competition=comp, player=user).first()
        if entry is not None:
            if entry.status == Entry.Status.ACTIVE:
                raise Refused(f"{user} already plays in {comp.name}.")
            if not comp.is_swiss and played:
                raise Refused("A player who withdrew from a round robin cannot come back.")
            entry.status = Entry.Status.ACTIVE
            entry.withdrawn_after = None
            entry.joined_round = max(entry.joined_round, played + 1)
            entry.save()
            return entry
        seed = (comp.entries.aggregate(n=Max("seed"))["n"] or 0) + 1
        return Entry.objects.create(competition=comp, player=user, seed=seed, joined_round=played + 1)


def withdraw(comp: Competition, actor, user) -> Entry:
    """The player leaves (themselves or by an organiser).  Results so far stand; they are
    not paired again (round robin: their later opponents get a bye)."""
    if not (actor and actor.is_authenticated) or (actor.pk != user.pk and not comp.club.is_organiser(actor)):
        raise NotOrganiser("Only the player or an organiser can withdraw a player.")
    entry = Entry.objects.filter(competition=comp, player=user, status=Entry.Status.ACTIVE).first()
    if entry is None:
        raise Refused(f"{user} does not play in {comp.name}.")
    entry.status = Entry.Status.WITHDRAWN
    entry.withdrawn_after = _published_rounds(comp)
    entry.save()
    return entry


# -- rounds ------------------------------------------------------------------------------------
def draft_round(comp: Competition, organiser, *, scenario=None, seed: int | None = None) -> Round:
    """Pair the next round as a draft only organisers see (replacing an earlier draft, with
    a new random ``seed`` for Swiss unless one is given); :func:`publish_round` makes it real.
    Once the Swiss rounds of a tournament with a knockout are published, the next round is
    the knockout's (:func:`tournaments.knockout.draft_round`)."""
    _organiser(comp.club, organiser)
    if knockout.is_due(comp):
        return knockout.draft_round(comp, organiser, scenario=scenario)
    if comp.status == Competition.Status.CLOSED:
        raise Refused("The competition is closed.")
    if comp.kind == Competition.Kind.ANNUAL:
        raise Refused("The Annual Games have a round per battle already: members arrange their matches.")
    with transaction.atomic():
        Competition.objects.select_for_update().get(pk=comp.pk)
        comp.rounds.filter(status=Round.Status.DRAFT).delete()
        number = _published_rounds(comp) + 1
        entries = list(comp.entries.select_related("player").order_by("seed", "pk"))
        active = [e for e in entries if e.status == Entry.Status.ACTIVE and e.joined_round <= number]
        if len(active) < 2:
            raise Refused("Add at least two players first.")
        total = comp.planned_rounds(len(_starters(entries)) if not comp.is_swiss else 0)
        if number > total:
            raise Refused(f"All {total} rounds have been paired: close the season when the results are in.")
        rnd = Round.objects.create(competition=comp, number=number, seed=secrets.randbits(48) if seed is None else int(seed),
                                   scenario=_round_scenario(comp, number, scenario))
        if comp.is_swiss:
            pairs = _swiss_pairs(comp, rnd, active)
        else:
            pairs = _round_robin_pairs(comp, number, entries)
        mode = Pairing.Mode.WEB if comp.mode == Competition.Mode.WEB else Pairing.Mode.TABLE
        for table, (home, away) in enumerate(pairs, start=1):
            Pairing.objects.create(round=rnd, table=table, home=home, away=away,
                                   mode=mode if away is not None else Pairing.Mode.TABLE,
                                   scenario=rnd.scenario)
    return rnd


def _swiss_pairs(comp: Competition, rnd: Round, active: list[Entry]) -> list:
    unfinished = Pairing.objects.filter(round__competition=comp, round__status=Round.Status.PUBLISHED,
                                        away__isnull=False).exclude(result__in=Pairing.FINAL)
    if unfinished.exists():
        raise Refused("Every result of the earlier rounds must be in (confirmed or decided) "
                      "before the next Swiss round is paired.")
    players, results, byes = tables.inputs(comp)
    table = algo.standings(players, results, byes, order=comp.order)
    score = comp.order[0] if comp.order[0] in ("match_points", "games_won") else "match_points"
    playing = {e.player_id: e.player for e in active}
    entrants = [e for e in algo.entrants_from(table, results, byes, score=score) if e.id in playing]
    drawn = algo.pair_swiss(entrants, seed=rnd.seed)
    out = [(playing[p.home], playing[p.away]) for p in drawn.pairs]
    if drawn.bye is not None:
        out.append((playing[drawn.bye], None))
    return out


def _starters(entries: list[Entry]) -> list[Entry]:
    """The players of a round robin's schedule: all but those who left before round 1."""
    return [e for e in entries if e.joined_round == 1
            and not (e.status == Entry.Status.WITHDRAWN and not e.withdrawn_after)]


def _round_robin_pairs(comp: Competition, number: int, entries: list[Entry]) -> list:
    starters = _starters(entries)
    schedule = algo.round_robin([e.player_id for e in starters], double=comp.double_round_robin)
    by_id = {e.player_id: e for e in starters}
    planned = schedule[number - 1]
    out = []
    for p in planned.pairs:
        home, away = by_id[p.home], by_id[p.away]
        home_in, away_in = home.status == Entry.Status.ACTIVE, away.status == Entry.Status.ACTIVE
        if home_in and away_in:
            out.append((home.player, away.player))
        elif home_in or away_in:  # the opponent withdrew: a bye
            out.append(((home if home_in else away).player, None))
    if planned.bye is not None and by_id[planned.bye].status == Entry.Status.ACTIVE:
        out.append((by_id[planned.bye].player, None))
    return out


def discard_draft(comp: Competition, organiser) -> None:
    _organiser(comp.club, organiser)
    comp.rounds.filter(status=Round.Status.DRAFT).delete()


def publish_round(rnd: Round, organiser) -> Round:
    """Publish a drafted round: web matches start, byes count, players are told."""
    comp = rnd.competition
    _organiser(comp.club, organiser)
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=rnd.pk)
        if rnd.is_published:
            raise Refused("This round is already published.")
        now = timezone.now()
        rnd.status = Round.Status.PUBLISHED
        rnd.published = now
        rnd.deadline = now + timedelta(days=comp.round_days)
        rnd.save()
        if comp.status == Competition.Status.OPEN:
            comp.status = Competition.Status.RUNNING
            comp.save(update_fields=["status"])
        for p in rnd.pairings.select_related("home", "away", "scenario"):
            if p.is_bye:
                continue
            if p.mode == Pairing.Mode.WEB and p.scenario is not None:
                _start_web_match(p)
            outbox.queue("tournaments.notify_pairing", p.pk)
    return rnd


def _start_web_match(p: Pairing) -> None:
    comp = p.round.competition
    try:
        p.match = game_services.start_arranged_match(
            p.home, p.away, p.scenario, options=comp.options, deadline_hours=comp.deadline_hours,
            message=f"{comp.name}, {p.round.label.lower()}", ruleset=comp.ruleset)
    except game_services.ActionRefused as refused:
        raise Refused(refused.message) from None
    p.mode = Pairing.Mode.WEB
    p.save()


def choose_scenario(p: Pairing, user, scenario) -> Pairing:
    """Pool policy: either player picks the scenario of their match from the pool; a web
    match starts at once."""
    with transaction.atomic():
        p = _locked_pairing(p)
        if not p.is_player(user):
            raise NotYourMatch("Only the two players of this match choose its scenario.")
        comp = p.round.competition
        if comp.scenario_policy != Competition.ScenarioPolicy.POOL:
            raise Refused("The scenario of this match is set by the competition.")
        if not p.round.is_published or p.scenario_id is not None:
            raise Refused("The scenario of this match is already chosen.")
        if scenario is None or not comp.scenario_links.filter(scenario=scenario).exists():
            raise Refused("Choose a scenario from the competition's pool.")
        p.scenario = scenario
        p.save()
        if p.mode == Pairing.Mode.WEB:
            _start_web_match(p)
    return p


def play_on_site(p: Pairing, user) -> Pairing:
    """A competition played "either way": the players start their match on the site."""
    with transaction.atomic():
        p = _locked_pairing(p)
        if not p.is_player(user):
            raise NotYourMatch("Only the two players of this match can start it on the site.")
        if p.round.competition.mode != Competition.Mode.BOTH:
            raise Refused("This competition does not let players choose where they play.")
        if p.match_id or p.result != Pairing.Result.NONE or not p.round.is_published or p.is_bye:
            raise Refused("This match is already under way or has a result.")
        if p.scenario is None:
            raise Refused("Choose the scenario first.")
        _start_web_match(p)
    return p


# -- results -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameScores:
    """A reported result: each game's winner ("home", "away", or "" for a draw) and flags."""

    game1_winner: str
    game1_flags_home: int
    game1_flags_away: int
    game2_winner: str
    game2_flags_home: int
    game2_flags_away: int
    figures_home: int = 0
    figures_away: int = 0

    def check(self) -> None:
        for n, (w, fh, fa) in enumerate(((self.game1_winner, self.game1_flags_home, self.game1_flags_away),
                                         (self.game2_winner, self.game2_flags_home, self.game2_flags_away)), 1):
            if w not in ("home", "away", ""):
                raise Refused(f"Game {n}: say who won, or that it was a draw.")
            if not (0 <= int(fh) <= MAX_FLAGS and 0 <= int(fa) <= MAX_FLAGS):
                raise Refused(f"Game {n}: flags are between 0 and {MAX_FLAGS}.")
            if (w == "home" and fh <= fa) or (w == "away" and fa <= fh) or (w == "" and fh != fa):
                raise Refused(f"Game {n}: the winner must have taken more flags than the loser "
                              "(equal flags only for a draw).")
        if not (0 <= int(self.figures_home) <= 999 and 0 <= int(self.figures_away) <= 999):
            raise Refused("Figures eliminated must be between 0 and 999.")


def _apply(p: Pairing, scores: GameScores) -> None:
    scores.check()
    for f in ("game1_winner", "game1_flags_home", "game1_flags_away", "game2_winner",
              "game2_flags_home", "game2_flags_away", "figures_home", "figures_away"):
        setattr(p, f, getattr(scores, f))
    p.forfeit = Pairing.Forfeit.NONE


def _log(p: Pairing, actor, action: str, before: dict, note: str = "") -> None:
    ResultChange.objects.create(pairing=p, actor=actor, action=action, before=before,
                                after=p.result_snapshot(), note=note[:300])


def _result_changed(p: Pairing, before: dict) -> None:
    """A knockout match's result changed: the bracket moves on (or refuses, K4-K5); and
    the apps that follow results (ratings) hear of a result that counts."""
    if p.round.is_knockout:
        knockout.result_changed(p, before)
    if p.counts:
        events.result_settled.send(sender=Pairing, pairing=p)


def _locked_pairing(p: Pairing) -> Pairing:
    return Pairing.objects.select_for_update().select_related("round__competition__club").get(pk=p.pk)


def _open_for_results(p: Pairing) -> None:
    if p.is_bye:
        raise Refused("A bye has no result to report.")
    if not p.round.is_published:
        raise Refused("This round is not published yet.")
    if p.round.competition.status == Competition.Status.CLOSED:
        raise Refused("The competition is closed.")


def report_result(p: Pairing, user, scores: GameScores) -> Pairing:
    """A player reports the result of a match played at the table; the opponent confirms
    or disputes it.  The reporter may change the report until then."""
    with transaction.atomic():
        p = _locked_pairing(p)
        if not p.is_player(user):
            raise NotYourMatch("Only the two players of this match can report its result.")
        _open_for_results(p)
        if p.mode != Pairing.Mode.TABLE:
            raise Refused("This match is played on the site: its result comes from the games.")
        if p.result == Pairing.Result.REPORTED and p.reported_by_id != user.pk:
            raise Refused("Your opponent has reported a result: confirm it or dispute it.")
        if p.result not in (Pairing.Result.NONE, Pairing.Result.REPORTED):
            raise Refused("This result is settled; an organiser can correct it.")
        before = p.result_snapshot()
        _apply(p, scores)
        p.result = Pairing.Result.REPORTED
        p.reported_by = user
        p.save()
        _log(p, user, ResultChange.Action.REPORTED, before)
        outbox.queue("tournaments.notify_result_to_confirm", p.pk)
    return p


def _the_other_player(p: Pairing, user, doing: str) -> None:
    if not p.is_player(user):
        raise NotYourMatch(f"Only the players of this match can {doing} its result.")
    if p.result != Pairing.Result.REPORTED:
        raise Refused("There is no reported result waiting for an answer.")
    if p.reported_by_id == user.pk:
        raise Refused(f"Your opponent must {doing} the result you reported.")


def confirm_result(p: Pairing, user) -> Pairing:
    with transaction.atomic():
        p = _locked_pairing(p)
        _open_for_results(p)
        _the_other_player(p, user, "confirm")
        before = p.result_snapshot()
        p.result = Pairing.Result.CONFIRMED
        p.save()
        _log(p, user, ResultChange.Action.CONFIRMED, before)
        _result_changed(p, before)
    return p


def dispute_result(p: Pairing, user, note: str = "") -> Pairing:
    with transaction.atomic():
        p = _locked_pairing(p)
        _open_for_results(p)
        _the_other_player(p, user, "dispute")
        if not note.strip():
            raise Refused("Say what is wrong with the reported result.")
        before = p.result_snapshot()
        p.result = Pairing.Result.DISPUTED
        p.dispute_note = note.strip()[:300]
        p.save()
        _log(p, user, ResultChange.Action.DISPUTED, before, note)
        outbox.queue("tournaments.notify_dispute", p.pk)
    return p


def set_result(p: Pairing, organiser, scores: GameScores, note: str = "") -> Pairing:
    """An organiser enters, decides (a dispute) or corrects any result, web ones included."""
    with transaction.atomic():
        p = _locked_pairing(p)
        _organiser(p.round.competition.club, organiser)
        _open_for_results(p)
        before = p.result_snapshot()
        action = (ResultChange.Action.CORRECTED if p.result in Pairing.FINAL
                  else ResultChange.Action.RESOLVED)
        _apply(p, scores)
        p.result = Pairing.Result.RESOLVED
        p.save()
        _log(p, organiser, action, before, note)
        _result_changed(p, before)
    return p


def declare_forfeit(p: Pairing, organiser, who: str, note: str = "") -> Pairing:
    """An organiser's decision on a missed round deadline: ``who`` ("home", "away" or
    "both") forfeits.  The other player wins 2 games to 0 with no flags."""
    with transaction.atomic():
        p = _locked_pairing(p)
        _organiser(p.round.competition.club, organiser)
        _open_for_results(p)
        if who not in ("home", "away", "both"):
            raise Refused("Say who forfeits: home, away or both.")
        before = p.result_snapshot()
        p.forfeit = who
        p.result = Pairing.Result.FORFEIT
        p.save()
        _log(p, organiser, ResultChange.Action.FORFEIT, before, note)
        _result_changed(p, before)
    return p


def record_web_result(match) -> Pairing | None:
    """The receiver of ``games.events.match_finished``: a league match played on the site
    takes its result from the two games.  Other matches are ignored."""
    p = Pairing.objects.select_for_update().filter(match_id=match.pk).first()
    if p is None:
        return None
    before = p.result_snapshot()
    if p.result != Pairing.Result.NONE:  # an organiser decided first (e.g. a forfeit): it stands
        ResultChange.objects.create(pairing=p, action=ResultChange.Action.PLAYED, before=before,
                                    after=before, note="The match ended on the site after the "
                                    "organiser's decision; the decision stands.")
        return p
    totals = game_services.match_totals(match)
    for g in match.games.prefetch_related("seats"):
        outcome = g.outcome or {}
        flags = outcome.get("flags", {})
        home_side = "union" if g.player_id_of("union") == p.home_id else "confederate"
        away_side = other(home_side)
        winner = ("home" if g.winner_side == home_side else "away" if g.winner_side == away_side else "")
        setattr(p, f"game{g.number}_winner", winner)
        setattr(p, f"game{g.number}_flags_home", int(flags.get(home_side, 0)))
        setattr(p, f"game{g.number}_flags_away", int(flags.get(away_side, 0)))
    p.figures_home = totals["figures"].get(p.home_id, 0)
    p.figures_away = totals["figures"].get(p.away_id, 0)
    p.result = Pairing.Result.PLAYED
    p.save()
    _log(p, None, ResultChange.Action.PLAYED, before)
    _result_changed(p, before)
    return p


# -- the end of a season -----------------------------------------------------------------------
def close_competition(comp: Competition, organiser) -> Competition:
    """Close the season: no more rounds or results; the standings are final."""
    _organiser(comp.club, organiser)
    if comp.status == Competition.Status.CLOSED:
        raise Refused("The competition is already closed.")
    open_disputes = Pairing.objects.filter(round__competition=comp, result=Pairing.Result.DISPUTED)
    if open_disputes.exists():
        raise Refused("Decide the disputed results first.")
    with transaction.atomic():
        comp.rounds.filter(status=Round.Status.DRAFT).delete()
        comp.status = Competition.Status.CLOSED
        comp.closed = timezone.now()
        comp.save()
    return comp
