"""Ratings shown on pages of other apps (the match page, the challenge form, the profile)
without those apps importing the ratings."""
from __future__ import annotations

from django import template

from ratings import reading
from ratings.expectation import for_challenge
from ratings.plot import history_svg

register = template.Library()


@register.simple_tag
def match_rating_changes(match):
    """[(name, points)] for each member whose rating the match moved."""
    changes = reading.match_changes(match)
    people = {u.pk: u for u in match.players()}
    return [(reading.name_of(people.get(pk)), delta) for pk, delta in changes.items()]


@register.simple_tag
def match_not_rated(match) -> str:
    return reading.match_not_rated(match)


@register.simple_tag
def archie_ratings():
    """Archie's rated levels, per ruleset and mode, strongest first."""
    return reading.archie_ratings()


@register.simple_tag
def member_ratings(user):
    return reading.member_ratings(user)


@register.simple_tag
def challenge_expectation(user, form):
    """The expectation for what the challenge form holds (its initial values, or what was
    posted back with an error)."""
    fields = getattr(form, "fields", {})
    if not {"opponent", "scenario", "ruleset"} <= set(fields):
        return None

    def value(name):
        bound = form[name]
        return bound.value() if bound.value() is not None else ""
    return for_challenge(user, str(value("opponent")), value("scenario"), str(value("ruleset")))


@register.simple_tag
def rating_plot(points, title):
    from django.utils.safestring import mark_safe
    return mark_safe(history_svg(points, title))  # noqa: S308 - built from numbers, text escaped
