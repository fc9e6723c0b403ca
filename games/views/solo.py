"""Solo play: start a match against Archie, the computer opponent (AR ARCHIE)."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import render
from django.urls import reverse

from games import services
from games.ai import LEVELS
from games.engine import DEFAULT_RULESET, rulesets
from games.forms_play import SoloForm
from games.models import Scenario

from .play import see_other

#: The project's rulings for a player without a hand (docs/rulings.md 60), in plain words.
HANDLESS_RULINGS = [
    "Archie holds no hand: at the start of each of its turns it draws the top card of its own "
    "deck and plays it.",
    "Cards that count the cards held (Assault, Battle Cry, Rally) count one card for Archie.",
    "Archie never plays Fight Back, and a Scout card gives it no card to keep.",
    "Every attack Archie makes rolls one extra die, without any extra range.",
    "Archie also takes every decision that falls to its side during your turn: retreats, "
    "withdraw or stand, a general's retreat, taking ground.",
]


def solo(request):
    """The solo page: the form (scenario, level, Nightfall) and the rules for Archie.
    ``?scenario=slug`` picks the battle (the "Play Archie" link of a scenario page)."""
    initial = {}
    scenario = Scenario.objects.filter(slug=request.GET.get("scenario", "")).first()
    if scenario:
        initial["scenario"] = scenario.pk
    form = SoloForm(request.POST or None, initial=initial, member=request.user)
    status = 200
    if request.method == "POST":
        if not request.user.is_authenticated:
            return see_other(f"{reverse('login')}?next={reverse('play:solo')}")
        if form.is_valid():
            d = form.cleaned_data
            try:
                match = services.start_solo(request.user, d["scenario"], d["level"],
                                            options=form.chosen_options(), ruleset=d["ruleset"])
            except services.ActionRefused as refused:
                form.add_error(None, refused.message)
            else:
                messages.success(request, "The match against Archie is on: you move first.")
                return see_other(match.current_game().get_absolute_url())
        status = 400
    other_rules = [(name, o.description) for name, r in sorted(rulesets().items())
                   if name != DEFAULT_RULESET for o in r.options if o.name == "archie"]
    return render(request, "games/solo.html", {
        "form": form, "scenario": scenario, "rulings": HANDLESS_RULINGS,
        "other_rules": other_rules,
        "levels": [LEVELS[k] for k in ("recruit", "veteran", "general")],
    }, status=status)
