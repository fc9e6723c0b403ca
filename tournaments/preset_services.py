"""The only way a club's own presets change: an organiser saves one (a name and the options
of one ruleset, checked as a game's options are) or removes it."""
from __future__ import annotations

from django.db import IntegrityError, transaction

from battlecry_site.names import MESSAGE as NAME_MESSAGE, has_control_characters
from tournaments.models import Club, ClubPreset
from tournaments.refusals import Refused, _organiser
from tournaments.services import check_rules


def save_preset(club: Club, organiser, name: str, ruleset: str, options: dict) -> ClubPreset:
    """A new preset of ``club``, or the options of its preset of that name replaced."""
    _organiser(club, organiser)
    name = (name or "").strip()
    if not name:
        raise Refused("Give the preset a name.")
    if has_control_characters(name) or len(name) > 60:
        raise Refused(NAME_MESSAGE if has_control_characters(name) else "Keep the name under 60 letters.")
    if not options:
        raise Refused("Choose at least one option for the preset.")
    ruleset = check_rules(ruleset, options)
    try:
        with transaction.atomic():
            preset, _ = ClubPreset.objects.update_or_create(
                club=club, name=name, defaults={"ruleset": ruleset, "options": dict(options),
                                                "made_by": organiser})
    except IntegrityError:
        raise Refused(f"{club} already has a preset called {name}.") from None
    return preset


def remove_preset(preset: ClubPreset, organiser) -> None:
    _organiser(preset.club, organiser)
    preset.delete()


def presets_offered(member, ruleset: str) -> list:
    """The presets of ``member``'s clubs under ``ruleset``, as a set-up form lists them
    (``(key, label, description, options)``; registered in ``games.option_fields``)."""
    if member is None or not member.is_authenticated:
        return []
    rows = (ClubPreset.objects.filter(ruleset=ruleset, club__memberships__user=member,
                                      club__memberships__status="active")
            .select_related("club").order_by("club__name", "name"))
    return [(p.key, f"{p.club.name}: {p.name}", f"A preset of {p.club.name}.", dict(p.options))
            for p in rows]
