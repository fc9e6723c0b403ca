"""The form to start a campaign: a shipped one, or battles composed in order."""
from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model

from campaigns.models import CampaignPlan
from campaigns.services import campaign_rulesets
from games.ai import LEVELS
from games.forms_play import DEADLINE_CHOICES, ruleset_field
from games.option_fields import OptionsFormMixin
from games.models import Scenario
from games.engine import SIDE_NAMES

COMPOSED_SLOTS = 6


class CampaignForm(OptionsFormMixin, forms.Form):
    option_place = "campaign"
    opponent = forms.ModelChoiceField(queryset=get_user_model().objects.none(), required=False,
                                      to_field_name="username", label="Member to invite")
    archie_level = forms.ChoiceField(
        choices=[("", "No: invite the member above")] + [(k, f"Yes, Archie at level {lv.label}")
                                                         for k, lv in LEVELS.items()],
        required=False, label="Or take on Archie",
        help_text="Archie keeps the other army in every battle, with its handicap, and rolls and "
                  "chooses its own pre-battle dice. The campaign starts at once.")
    plan = forms.ModelChoiceField(queryset=CampaignPlan.objects.all(), required=False,
                                  label="Campaign", empty_label="Compose my own (below)",
                                  help_text="A shipped campaign, or compose your own from 3 or more scenarios.")
    name = forms.CharField(required=False, max_length=120, label="Name of your campaign",
                           help_text="Only when you compose your own.")
    ruleset = ruleset_field()
    side = forms.ChoiceField(choices=list(SIDE_NAMES.items()),
                             label="The army you keep",
                             help_text="You command it in every battle; there is no re-match.")
    deadline_hours = forms.TypedChoiceField(choices=DEADLINE_CHOICES, coerce=int, initial=72,
                                            label="Time per move")
    message = forms.CharField(required=False, max_length=200, label="Message (optional)")
    union_team = forms.CharField(
        required=False, max_length=400, label="Union Major-Generals (Epic campaigns)",
        help_text="Members' usernames, separated by commas, in the order they take the Union's "
                  "Major-General seats; the Union's Commanding General is you or the member "
                  "invited, whoever keeps the Union army.")
    confederate_team = forms.CharField(
        required=False, max_length=400, label="Confederate Major-Generals (Epic campaigns)",
        help_text="The same for the Confederate team.")

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        members = get_user_model().objects.filter(is_active=True).order_by("username")
        if user is not None and user.is_authenticated:
            members = members.exclude(pk=user.pk)
        self.fields["opponent"].queryset = members
        self.fields["ruleset"].help_text = (
            "Every battle is played under them. A campaign needs rules with the pre-battle dice "
            f"between battles: {' or '.join(campaign_rulesets())} (ruling C9).")
        for i in range(1, COMPOSED_SLOTS + 1):
            self.fields[f"battle_{i}"] = forms.ModelChoiceField(
                queryset=Scenario.objects.order_by("name"), required=False,
                label=f"Battle {i}", empty_label="—")
        self.add_option_fields()

    def clean(self):
        d = super().clean()
        if d.get("opponent") is None and not d.get("archie_level"):
            raise forms.ValidationError("Choose a member to invite, or take on Archie.")
        if d.get("opponent") is not None and d.get("archie_level"):
            raise forms.ValidationError("Invite a member or take on Archie, not both.")
        members = get_user_model().objects.filter(is_active=True)
        for side in SIDE_NAMES:
            names = [n.strip() for n in (d.get(f"{side}_team") or "").split(",") if n.strip()]
            found = {u.get_username(): u for u in members.filter(username__in=names)}
            missing = [n for n in names if n not in found]
            if missing:
                self.add_error(f"{side}_team", f"No member is called {', '.join(missing)}.")
            d[f"{side}_team"] = [found[n] for n in names if n in found]
        return d

    def teams(self) -> dict:
        """An Epic campaign's Major-Generals by side, in order (empty sides left out)."""
        return {side: self.cleaned_data[f"{side}_team"] for side in SIDE_NAMES
                if self.cleaned_data.get(f"{side}_team")}

    def battles(self) -> tuple:
        """The composed scenarios, in order, gaps left out."""
        d = self.cleaned_data
        return tuple(d[f"battle_{i}"] for i in range(1, COMPOSED_SLOTS + 1) if d.get(f"battle_{i}"))
