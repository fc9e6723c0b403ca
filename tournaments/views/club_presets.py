"""A club's own presets of options: its members read them, its organisers save and remove
them (tournaments.preset_services does the change)."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.presentation.options import options_text
from tournaments import preset_services
from tournaments.forms import ClubPresetForm
from tournaments.models import ClubPreset
from tournaments.refusals import Refused

from .common import club_or_404, refused, see_other


@login_required
def presets(request, slug):
    club = club_or_404(slug)
    if not club.is_member(request.user):
        raise Http404("No such club among yours.")
    organiser = club.is_organiser(request.user)
    form = ClubPresetForm(request.POST or None) if organiser else None
    if request.method == "POST":
        if form is None:
            raise Http404("Only an organiser saves the club's presets.")
        if form.is_valid():
            try:
                preset = preset_services.save_preset(club, request.user, form.cleaned_data["name"],
                                                     form.cleaned_data["ruleset"], form.chosen_options())
            except Refused as e:
                form.add_error(None, e.message)
            else:
                messages.success(request, f"The preset {preset.name} is saved.")
                return see_other(reverse("leagues:club_presets", args=[club.slug]))
    rows = [{"preset": p, "options": options_text(p.ruleset, p.options)}
            for p in club.presets.select_related("made_by")]
    return render(request, "tournaments/club_presets.html",
                  {"club": club, "rows": rows, "form": form, "organiser": organiser},
                  status=400 if form is not None and form.errors else 200)


@login_required
@require_POST
def remove(request, slug, pk):
    club = club_or_404(slug)
    preset = get_object_or_404(ClubPreset, pk=pk, club=club)
    url = reverse("leagues:club_presets", args=[club.slug])
    try:
        preset_services.remove_preset(preset, request.user)
    except Refused as e:
        return refused(request, e, url)
    messages.success(request, f"The preset {preset.name} is removed.")
    return see_other(url)
