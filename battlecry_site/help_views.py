"""The help pages: what each page of the site is for, and how a turn is played here."""

from django.shortcuts import render

from games.engine import DEFAULT_RULESET, rulesets


def _rulesets() -> list:
    """The rulesets, the club's default first."""
    return sorted(rulesets().values(), key=lambda r: (r.name != DEFAULT_RULESET, r.name))


def help_index(request):
    return render(request, "help/index.html", {"rulesets": _rulesets()})


def help_turn(request):
    return render(request, "help/a_turn.html", {"rulesets": _rulesets()})
