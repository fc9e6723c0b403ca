"""Scenario balance pages (templates/games/balance.html, templates/games/scenario_balance.html):
the sortable table of every scenario's balance in the club's games, and one scenario's page
with its club figures, Archie's self-play runs, the form that starts one and each run's
progress (polled by HTMX). games/balance.py computes the figures; docs/review.md says how."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from games import balance
from games.ai import LEVELS
from games.engine import SIDE_NAMES, SIDES
from games.models import BalanceRun, Scenario

#: ?sort= values of the table and their words: most played, furthest from even, name, then
#: each shared side's share of the wins.
SORTS = {"games": "Games played", "lopsided": "Furthest from even", "name": "Name",
         **{side: f"{name} wins" for side, name in SIDE_NAMES.items()}}
DEFAULT_SORT = "games"
#: Self-play runs listed on a scenario's page.
RUNS_SHOWN = 10


def _sort_key(sort: str):
    def key(row):
        b = row["balance"]
        name = str(b.scenario).lower()
        if sort == "name":
            return (name,)
        if sort == "lopsided":
            return (-b.lopsidedness, -b.games, name)
        if sort in SIDES:
            side = b.side(sort)
            rate = side.win_rate.value if side and side.win_rate.value is not None else -1
            return (-rate, -b.games, name)
        return (-b.games, name)
    return key


@require_GET
def balance_table(request):
    sort = request.GET.get("sort", DEFAULT_SORT)
    if sort not in SORTS:
        sort = DEFAULT_SORT
    scenarios = list(Scenario.objects.all())
    figures = balance.club_balance(scenarios)
    runs = balance.latest_runs(scenarios)
    rows = [{"balance": figures[s.pk], "sides": [figures[s.pk].side(side) for side in SIDES],
             "run": runs.get(s.pk)} for s in scenarios]
    rows.sort(key=_sort_key(sort))
    ctx = {"rows": rows, "sort": sort, "sorts": SORTS, "side_names": [SIDE_NAMES[s] for s in SIDES]}
    if request.htmx:
        return render(request, "games/balance.html#balance-table", ctx)
    return render(request, "games/balance.html", ctx)


class RunForm(forms.Form):
    games = forms.IntegerField(min_value=1, max_value=balance.MAX_GAMES, initial=balance.DEFAULT_GAMES,
                               label="Games")
    level = forms.ChoiceField(choices=[(k, v.label) for k, v in LEVELS.items()],
                              initial=balance.DEFAULT_LEVEL, label="Archie's level on both sides")
    ruleset = forms.ChoiceField(label="Rules")

    def __init__(self, scenario: Scenario, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = [(r.name, getattr(r, "label", r.name))
                                          for r in scenario.playing_rulesets()]
        self.fields["ruleset"].initial = scenario.preview_ruleset()


def _run_context(run: BalanceRun, scenario: Scenario) -> dict:
    result = run.result or {}
    return {"run": run, "current": run.is_current(scenario),
            "run_sides": [{**s, "name": SIDE_NAMES.get(s["side"], s["side"])}
                          for s in result.get("sides", [])],
            "level_label": LEVELS[run.level].label if run.level in LEVELS else run.level,
            "scenario": scenario}


@require_GET
def scenario_balance(request, slug):
    """One scenario's balance; ``?run=<id>`` for HTMX is that run's progress partial."""
    scenario = get_object_or_404(Scenario, slug=slug)
    if request.htmx and request.GET.get("run", "").isdigit():
        run = get_object_or_404(BalanceRun, pk=int(request.GET["run"]), scenario=scenario)
        return render(request, "games/scenario_balance.html#run", _run_context(run, scenario))
    figures = balance.club_balance([scenario])[scenario.pk]
    runs = [_run_context(r, scenario) for r in scenario.balance_runs.all()[:RUNS_SHOWN]]
    return render(request, "games/scenario_balance.html", {
        "scenario": scenario, "balance": figures,
        "sides": [{"figures": s, "name": SIDE_NAMES.get(s.side, s.side)} for s in figures.sides],
        "runs": runs, "form": RunForm(scenario) if request.user.is_authenticated else None})


@login_required
@require_POST
def start_balance_run(request, slug):
    scenario = get_object_or_404(Scenario, slug=slug)
    form = RunForm(scenario, request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
        return redirect("scenario_balance", slug=slug)
    try:
        balance.start_run(scenario, request.user, ruleset=form.cleaned_data["ruleset"],
                          games=form.cleaned_data["games"], level=form.cleaned_data["level"])
    except balance.BalanceRefused as refused:
        messages.error(request, str(refused))
    return redirect("scenario_balance", slug=slug)
