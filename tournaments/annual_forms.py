"""Forms of the Annual Games pages; every change goes through tournaments.annual_services."""
from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model

from accounts.models import time_zone_names
from games.forms_play import DEADLINE_CHOICES, ruleset_field
from games.option_fields import OptionsFormMixin
from tournaments.annual.anniversaries import ANNIVERSARIES
from tournaments.annual.scoring import DEFAULT_WINDOW_DAYS
from tournaments.annual_services import MAX_WINDOW_DAYS, annual_rulesets
from tournaments.models import Competition


def _members(club):
    return (get_user_model().objects.filter(club_memberships__club=club, club_memberships__status="active")
            .select_related("profile").order_by("username"))


def _member_field(label, required=True):
    """A member chosen by username (the queryset is set by the form for its club)."""
    return forms.ModelChoiceField(queryset=get_user_model().objects.none(), to_field_name="username",
                                  label=label, required=required)


class AnnualGamesForm(OptionsFormMixin, forms.Form):
    option_place = "competition"
    year = forms.IntegerField(min_value=1900, max_value=2999)
    window_days = forms.IntegerField(
        min_value=0, max_value=MAX_WINDOW_DAYS, initial=DEFAULT_WINDOW_DAYS, required=False,
        label="Window (days either side of the anniversary)",
        help_text="A match counts if it began within this many days of its battle's anniversary.")
    any_time = forms.BooleanField(required=False, label="Instead: any time in the year counts")
    time_zone = forms.ChoiceField(label="Time zone (the day a match began is read in it)")
    mode = forms.ChoiceField(choices=Competition.Mode.choices, initial=Competition.Mode.BOTH,
                             label="Where the games are played")
    ruleset = ruleset_field()
    deadline_hours = forms.TypedChoiceField(choices=DEADLINE_CHOICES, coerce=int, initial=72,
                                            label="Time per move (web games)")
    player_a = _member_field("Two-player form: first player", required=False)
    player_b = _member_field("Two-player form: second player", required=False)

    def __init__(self, *args, club=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(z, z) for z in time_zone_names()]
        ruleset = self.fields["ruleset"]
        ruleset.choices = [c for c in ruleset.choices if c[0] in annual_rulesets()]
        ruleset.help_text = ("The Annual Games are the anniversaries' battles: only the rules that play "
                             f"them are offered ({' or '.join(annual_rulesets())}); rules of other games "
                             "are played in matches, solo games, leagues and tournaments.")
        self.add_option_fields()
        for name in ("player_a", "player_b"):
            self.fields[name].queryset = _members(club)
            self.fields[name].label_from_instance = lambda u: u.profile.name
        self.fields["player_a"].help_text = ("Leave both empty for the club's Annual Games "
                                             "(every member plays).")

    def clean(self):
        d = super().clean()
        if not d.get("any_time") and d.get("window_days") is None and "window_days" not in self.errors:
            self.add_error("window_days", "Give the window in days, or tick any time in the year.")
        if bool(d.get("player_a")) != bool(d.get("player_b")):
            raise forms.ValidationError("The two-player form needs both players (or neither).")
        return d


class ArrangeForm(forms.Form):
    battle = forms.TypedChoiceField(coerce=int, choices=[(a.number, f"{a.number}. {a.name} ({a.date:%-d %B})")
                                                         for a in ANNIVERSARIES])
    opponent = _member_field("Opponent")
    where = forms.ChoiceField(choices=[("web", "On the site (a challenge your opponent accepts)"),
                                       ("table", "At the table (report the result next)")],
                              initial="web", required=False)
    played_on = forms.DateField(required=False, label="Played on (at the table)",
                                widget=forms.DateInput(attrs={"type": "date"}),
                                help_text="Empty: today.")

    def __init__(self, *args, comp=None, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        annual = comp.annual
        if annual.two_player:
            others = get_user_model().objects.filter(competition_entries__competition=comp)
        else:
            others = _members(comp.club)
        if user is not None and user.is_authenticated:
            others = others.exclude(pk=user.pk)
        self.fields["opponent"].queryset = others.select_related("profile")
        self.fields["opponent"].label_from_instance = lambda u: u.profile.name
        if comp.mode != Competition.Mode.BOTH:
            del self.fields["where"]
        if comp.mode == Competition.Mode.WEB:
            del self.fields["played_on"]
