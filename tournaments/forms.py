"""Forms of the league pages; every change they ask for goes through tournaments.services."""
from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model

from battlecry_site.names import validate_name
from games.forms_play import DEADLINE_CHOICES, ruleset_field
from games.option_fields import OptionsFormMixin
from games.models import Scenario
from tournaments.models import Competition
from tournaments.pairing import METRICS
from tournaments.services import GameScores


#: How many measures the standings order can have on the form (each a list to choose from).
ORDER_PLACES = 4
METRIC_CHOICES = [("", "(nothing more)")] + [(m.key, f"{m.label}: {m.description}") for m in METRICS.values()]

KNOCKOUT_CHOICES = [(0, "No knockout")] + [(n, f"The top {n}") for n in (2, 4, 8, 16, 32, 64)]


class ClubForm(forms.Form):
    name = forms.CharField(max_length=100, validators=[validate_name])
    description = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}))
    public = forms.BooleanField(required=False, label="Anyone may read the club's competitions")


class CompetitionForm(OptionsFormMixin, forms.Form):
    option_place = "competition"
    name = forms.CharField(max_length=100, validators=[validate_name])
    kind = forms.ChoiceField(choices=[(k, label) for k, label in Competition.Kind.choices
                                      if k != Competition.Kind.ANNUAL], initial=Competition.Kind.LEAGUE)
    double_round_robin = forms.BooleanField(required=False, label="League: everyone meets everyone twice")
    swiss_rounds = forms.IntegerField(min_value=1, max_value=15, initial=4, label="Tournament: Swiss rounds")
    knockout_size = forms.TypedChoiceField(
        choices=KNOCKOUT_CHOICES, coerce=int, initial=0, required=False,
        label="Tournament: knockout after the Swiss rounds",
        help_text="The top of the standings play a single-elimination bracket.")
    mode = forms.ChoiceField(choices=Competition.Mode.choices, initial=Competition.Mode.WEB,
                             label="Where the games are played")
    scenario_policy = forms.ChoiceField(choices=Competition.ScenarioPolicy.choices,
                                        initial=Competition.ScenarioPolicy.FIXED, label="Scenarios")
    scenarios = forms.ModelMultipleChoiceField(
        queryset=Scenario.objects.all(), required=False,
        help_text="The list (played in this order, round after round) or the pool.")
    ruleset = ruleset_field()
    deadline_hours = forms.TypedChoiceField(choices=DEADLINE_CHOICES, coerce=int, initial=72,
                                            label="Time per move (web games)")
    round_days = forms.IntegerField(min_value=1, max_value=120, initial=14, label="Days per round")
    rated_anyway = forms.BooleanField(
        required=False, label="Rated under any options",
        help_text="Count its results for the ratings even under options that change the balance "
                  "(the house rules); without it those results are left out of the ratings.")

    #: The fields that belong to one kind of competition only (the page groups them).
    KIND_FIELDS = {Competition.Kind.LEAGUE: ("double_round_robin",),
                   Competition.Kind.TOURNAMENT: ("swiss_rounds", "knockout_size")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        default = tuple(Competition._meta.get_field("order").default())
        for i in range(1, ORDER_PLACES + 1):
            self.fields[f"order_{i}"] = forms.ChoiceField(
                choices=METRIC_CHOICES, required=False,
                initial=default[i - 1] if i <= len(default) else "",
                label="Standings: ranked first by" if i == 1 else "then by")
        self.add_option_fields()

    def standings_fields(self):
        return [self[f"order_{i}"] for i in range(1, ORDER_PLACES + 1)]

    @property
    def kind_fields(self) -> dict:
        """The fields of each kind: ``{"league": [...], "tournament": [...]}``."""
        return {str(kind): [self[name] for name in names] for kind, names in self.KIND_FIELDS.items()}

    def common_fields(self):
        grouped = {n for names in self.KIND_FIELDS.values() for n in names}
        return [f for f in self if f.name not in grouped and not f.name.startswith("order_")
                and f.name not in ("name", "kind") and f.name not in self.option_names
                and f.name not in self.preset_names]

    def clean(self):
        data = super().clean()
        order = tuple(k for k in (data.get(f"order_{i}") for i in range(1, ORDER_PLACES + 1)) if k)
        if not order and self.data.get("order"):
            # The order as a comma-separated list of keys, as scripts post it.
            order = tuple(k.strip() for k in self.data["order"].split(",") if k.strip())
        if not order:
            self.add_error("order_1", "Choose at least the first measure of the standings.")
        elif len(set(order)) != len(order):
            self.add_error("order_1", "Choose each standings measure once.")
        data["order"] = order
        return data


class ClubPresetForm(OptionsFormMixin, forms.Form):
    """A club's own preset: its name, its rules and the options it sets."""
    option_place = "competition"
    name = forms.CharField(max_length=60, validators=[validate_name], label="Name of the preset")
    ruleset = ruleset_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.add_option_fields()


class AddPlayerForm(forms.Form):
    player = forms.ModelChoiceField(queryset=get_user_model().objects.none(), to_field_name="username",
                                    label="Member")

    def __init__(self, *args, competition=None, **kwargs):
        super().__init__(*args, **kwargs)
        users = get_user_model().objects.filter(
            club_memberships__club=competition.club, club_memberships__status="active"
        ).exclude(competition_entries__competition=competition,
                  competition_entries__status="active").order_by("username")
        self.fields["player"].queryset = users
        self.fields["player"].label_from_instance = lambda u: u.get_username()


class KnockoutForm(forms.Form):
    knockout_size = forms.TypedChoiceField(choices=KNOCKOUT_CHOICES, coerce=int,
                                           label="Knockout after the Swiss rounds")


class RoundForm(forms.Form):
    scenario = forms.ModelChoiceField(queryset=Scenario.objects.all(), required=False,
                                      help_text="Only when the organiser picks each round's scenario.")


WINNER_CHOICES = [("home", "Home"), ("away", "Away"), ("", "Draw")]


class ResultForm(forms.Form):
    game1_winner = forms.ChoiceField(choices=WINNER_CHOICES, required=False, label="Game 1 won by")
    game1_flags_home = forms.IntegerField(min_value=0, max_value=12, label="Game 1 flags, home")
    game1_flags_away = forms.IntegerField(min_value=0, max_value=12, label="Game 1 flags, away")
    game2_winner = forms.ChoiceField(choices=WINNER_CHOICES, required=False, label="Game 2 won by")
    game2_flags_home = forms.IntegerField(min_value=0, max_value=12, label="Game 2 flags, home")
    game2_flags_away = forms.IntegerField(min_value=0, max_value=12, label="Game 2 flags, away")
    figures_home = forms.IntegerField(min_value=0, max_value=999, initial=0, required=False,
                                      label="Figures eliminated by home (both games)")
    figures_away = forms.IntegerField(min_value=0, max_value=999, initial=0, required=False,
                                      label="Figures eliminated by away (both games)")
    note = forms.CharField(max_length=300, required=False, label="Note (organisers)")

    def __init__(self, *args, pairing=None, **kwargs):
        super().__init__(*args, **kwargs)
        if pairing is not None:
            names = {"home": _name(pairing.home), "away": _name(pairing.away)}
            choices = [("home", names["home"]), ("away", names["away"]), ("", "Draw")]
            for n in (1, 2):
                self.fields[f"game{n}_winner"].choices = choices
                self.fields[f"game{n}_flags_home"].label = f"Game {n}: flags of {names['home']}"
                self.fields[f"game{n}_flags_away"].label = f"Game {n}: flags of {names['away']}"
            self.fields["figures_home"].label = f"Figures eliminated by {names['home']} (both games)"
            self.fields["figures_away"].label = f"Figures eliminated by {names['away']} (both games)"

    def scores(self):
        d = self.cleaned_data
        return GameScores(d["game1_winner"], d["game1_flags_home"], d["game1_flags_away"],
                          d["game2_winner"], d["game2_flags_home"], d["game2_flags_away"],
                          d.get("figures_home") or 0, d.get("figures_away") or 0)


class DisputeForm(forms.Form):
    note = forms.CharField(max_length=300, label="What is wrong with the reported result?")


class ForfeitForm(forms.Form):
    who = forms.ChoiceField(choices=[("home", "Home forfeits"), ("away", "Away forfeits"),
                                     ("both", "Both forfeit")])
    note = forms.CharField(max_length=300, required=False)


class PoolChoiceForm(forms.Form):
    scenario = forms.ModelChoiceField(queryset=Scenario.objects.none())

    def __init__(self, *args, competition=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["scenario"].queryset = Scenario.objects.filter(
            pk__in=competition.scenario_links.values("scenario"))


def _name(user) -> str:
    if user is None:
        return ""
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()
