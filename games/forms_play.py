"""Forms of the lobby: challenge a member, post an open seek."""
from __future__ import annotations

from functools import lru_cache

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.urls import reverse

from battlecry_site.widgets import QuickSelect
from games.balance import COUNT_FIELDS, brief, with_counts
from games.engine import DEFAULT_RULESET, rulesets
from games.models import Match, Scenario
from games.option_fields import OptionsFormMixin

DEADLINE_CHOICES = [(12, "12 hours"), (24, "1 day"), (48, "2 days"), (72, "3 days"),
                    (168, "1 week")]


class ScenarioChoiceField(forms.ModelChoiceField):
    """Scenarios named with their subtitle, so two battles of one name differ
    ("Gettysburg: 3rd Day: Pickett's Charge")."""

    widget = QuickSelect

    def label_from_instance(self, obj) -> str:
        return scenario_label(obj.name, (obj.data or {}).get("subtitle"))


def scenario_label(name: str, subtitle: str | None) -> str:
    return f"{name}: {subtitle}" if subtitle else name


def scenario_rows() -> tuple:
    """The battles' ids, names and subtitles in the scenarios' order, with a few words of
    each one's balance in the club's games (games/balance.py): one query."""
    rows = (with_counts(Scenario.objects.order_by(*Scenario._meta.ordering))
            .values_list("pk", "name", "data__subtitle", *COUNT_FIELDS))
    return tuple((pk, name, subtitle, brief(*counts)) for pk, name, subtitle, *counts in rows)


def share_scenario_choices(*forms, rows: tuple | None = None) -> None:
    """Give the scenario lists of several unbound forms on one page their options from one
    query of names and subtitles (instead of one query of whole scenarios per form and
    rendering).  Labels as each form's own field writes them."""
    rows = scenario_rows() if rows is None else rows
    for form in forms:
        field = form.fields["scenario"]
        named = isinstance(field, ScenarioChoiceField)
        field.choices = [(pk, _noted(scenario_label(name, subtitle) if named else name, note))
                         for pk, name, subtitle, note in rows]


def _noted(label: str, note: str) -> str:
    return f"{label} ({note})" if note else label


class RulesetField(forms.ChoiceField):
    """The rules a match is played under: every registered ruleset, Advanced first; left
    out of a request, the default ruleset."""

    widget = QuickSelect

    def __init__(self):
        super().__init__(choices=ruleset_choices,
                         initial=DEFAULT_RULESET, required=False, label="Rules",
                         help_text="Each ruleset's page sums up its rules (linked from the game page).")

    def clean(self, value):
        return super().clean(value) or DEFAULT_RULESET


def ruleset_choices() -> list[tuple[str, str]]:
    """Every registered ruleset by name and description, the default first (asked each
    time a form lists them)."""
    rules = rulesets()
    names = sorted(rules, key=lambda n: (n != DEFAULT_RULESET, n))
    return [(n, rules[n].description) for n in names]


def ruleset_field() -> RulesetField:
    return RulesetField()


class SeekForm(OptionsFormMixin, forms.Form):
    """The terms of a match; the options offered are those of the ruleset chosen."""
    option_place = "match"
    scenario = ScenarioChoiceField(queryset=Scenario.objects.all(), empty_label=None,
                                   help_text="The battle both games of the match are played on.")
    ruleset = ruleset_field()
    side = forms.ChoiceField(choices=Match.SIDE_CHOICES, initial="random", widget=QuickSelect,
                             label="Your side in game 1",
                             help_text="The re-match (game 2) swaps the sides.")
    deadline_hours = forms.TypedChoiceField(choices=DEADLINE_CHOICES, coerce=int, initial=72, widget=QuickSelect,
                                            label="Time per move",
                                            help_text="After that the opponent may claim the game.")
    message = forms.CharField(required=False, max_length=200, label="Message (optional)")
    friendly = forms.BooleanField(required=False, label="Friendly: not rated",
                                  help_text="Neither game of the match moves a rating.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.add_option_fields()


class TableForm(OptionsFormMixin, forms.Form):
    """The terms of a team match: its battle, rules (whose seat plan gives the seats), options,
    time per move and a message; the seats are taken on the table's page."""
    option_place = "table"
    scenario = ScenarioChoiceField(queryset=Scenario.objects.all(), empty_label=None,
                                   help_text="The battle both games of the match are played on.")
    ruleset = ruleset_field()
    deadline_hours = forms.TypedChoiceField(choices=DEADLINE_CHOICES, coerce=int, initial=72, widget=QuickSelect,
                                            label="Time per move",
                                            help_text="Each seat's time for its decision; after it the "
                                                      "seat's team-mates may take the seat over.")
    message = forms.CharField(required=False, max_length=200, label="Message (optional)")
    friendly = forms.BooleanField(required=False, label="Friendly: not rated",
                                  help_text="Neither game of the match moves a rating.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.add_option_fields()


#: How many members the opponent search offers at most.
SEARCH_LIMIT = 10


def search_members(query: str, exclude=None, limit: int = SEARCH_LIMIT):
    """Active members whose username or display name contains ``query`` (case-insensitive),
    names starting with it first; one query whatever the club's size."""
    query = (query or "").strip()
    if not query:
        return []
    members = (get_user_model().objects.filter(is_active=True)
               .filter(Q(username__icontains=query) | Q(profile__display_name__icontains=query))
               .select_related("profile"))
    if exclude is not None and getattr(exclude, "is_authenticated", False):
        members = members.exclude(pk=exclude.pk)
    found = list(members.order_by("username")[:limit * 3])
    low = query.lower()
    found.sort(key=lambda u: (not u.username.lower().startswith(low), u.username.lower()))
    return found[:limit]


def member_label(user) -> str:
    profile = getattr(user, "profile", None)
    if profile is not None and profile.display_name:
        return f"{profile.display_name} ({user.get_username()})"
    return user.get_username()


class ChallengeForm(SeekForm):
    """The opponent is typed (their username): the page suggests members as one types
    (``play:members``), and without JavaScript the field is a plain text box."""

    field_order = ["opponent", "scenario", "ruleset", "side", "deadline_hours", "message", "friendly"]
    opponent = forms.CharField(
        label="Member to challenge", max_length=150,
        help_text="Their username; type a few letters of a username or name to see suggestions.",
        widget=forms.TextInput(attrs={"autocomplete": "off", "list": "opponent-options",
                                      "hx-trigger": "input changed delay:250ms",
                                      "hx-target": "#opponent-options", "hx-swap": "innerHTML",
                                      "spellcheck": "false"}))

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.order_fields(["opponent"] + [n for n in self.fields if n != "opponent"])
        self.user = user
        self.fields["opponent"].widget.attrs["hx-get"] = reverse("play:members")

    def clean_opponent(self):
        name = self.cleaned_data["opponent"].strip()
        found = get_user_model().objects.filter(is_active=True, username__iexact=name).first()
        if found is None:
            close = search_members(name, exclude=self.user, limit=5)
            hint = (" Did you mean " + ", ".join(u.get_username() for u in close) + "?") if close else ""
            raise forms.ValidationError(f"No member is called “{name}”.{hint}")
        if self.user is not None and found.pk == self.user.pk:
            raise forms.ValidationError("You cannot challenge yourself.")
        return found


class SoloForm(OptionsFormMixin, forms.Form):
    """A solo match against Archie: the battle, the rules, Archie's level and the options of
    the rules chosen."""
    option_place = "solo"
    scenario = ScenarioChoiceField(queryset=Scenario.objects.all(), empty_label=None,
                                   help_text="You are its first player in game 1 and the "
                                             "second player in the re-match.")
    ruleset = ruleset_field()
    level = forms.ChoiceField(choices=Match._meta.get_field("archie_level").choices, widget=QuickSelect,
                              initial="veteran", label="Archie's level")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.add_option_fields()


@lru_cache(maxsize=4)
def blank_lobby_forms(rows: tuple) -> dict:
    """The lobby's three forms as HTML, blank: the same for every member while the battles
    are the same, so drawn once per process and list of battles (``rows``: scenario_rows())."""
    forms = {"challenge_form": ChallengeForm(prefix="c"), "seek_form": SeekForm(prefix="s"),
             "solo_form": SoloForm()}
    share_scenario_choices(*forms.values(), rows=rows)
    return {name: form.as_div() for name, form in forms.items()}
