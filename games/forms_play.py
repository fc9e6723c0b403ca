"""Forms of the lobby: challenge a member, post an open seek."""
from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model

from games.models import Match, Scenario

DEADLINE_CHOICES = [(12, "12 hours"), (24, "1 day"), (48, "2 days"), (72, "3 days"),
                    (168, "1 week")]


class ScenarioChoiceField(forms.ModelChoiceField):
    """Scenarios named with their subtitle, so two battles of one name differ
    ("Gettysburg: 3rd Day: Pickett's Charge")."""

    def label_from_instance(self, obj) -> str:
        subtitle = (obj.data or {}).get("subtitle")
        return f"{obj.name}: {subtitle}" if subtitle else obj.name


class SeekForm(forms.Form):
    scenario = ScenarioChoiceField(queryset=Scenario.objects.all(), empty_label=None,
                                   help_text="The battle both games of the match are played on.")
    side = forms.ChoiceField(choices=Match.SIDE_CHOICES, initial="random",
                             label="Your side in game 1",
                             help_text="The re-match (game 2) swaps the sides.")
    nightfall = forms.BooleanField(required=False, label="Nightfall",
                                   help_text="No reshuffle: when a player's cards run out, night "
                                             "falls and the game ends.")
    deadline_hours = forms.TypedChoiceField(choices=DEADLINE_CHOICES, coerce=int, initial=72,
                                            label="Time per move",
                                            help_text="After that the opponent may claim the game.")
    message = forms.CharField(required=False, max_length=200, label="Message (optional)")


class ChallengeForm(SeekForm):
    field_order = ["opponent", "scenario", "side", "nightfall", "deadline_hours", "message"]
    opponent = forms.ModelChoiceField(queryset=get_user_model().objects.none(),
                                      to_field_name="username", label="Member to challenge")

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        members = get_user_model().objects.filter(is_active=True).order_by("username")
        if user is not None and user.is_authenticated:
            members = members.exclude(pk=user.pk)
        self.fields["opponent"].queryset = members
        self.fields["opponent"].label_from_instance = (
            lambda u: f"{u.profile.name} ({u.get_username()})"
            if hasattr(u, "profile") and u.profile.display_name else u.get_username())


class SoloForm(forms.Form):
    """A solo match against Archie: the battle, Archie's level and Nightfall."""
    scenario = forms.ModelChoiceField(queryset=Scenario.objects.all(), empty_label=None,
                                      help_text="You are its first player in game 1 and the "
                                                "second player in the re-match.")
    level = forms.ChoiceField(choices=Match._meta.get_field("archie_level").choices,
                              initial="veteran", label="Archie's level")
    nightfall = forms.BooleanField(required=False, label="Nightfall",
                                   help_text="No reshuffle: when a player's cards run out, night "
                                             "falls and the game ends.")
