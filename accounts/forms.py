from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm

from . import ratelimit
from .models import MAX_REMINDER_DAYS, Profile, time_zone_names


class RateLimitedLoginMixin:
    """Refuse with a clear message while the username is locked out from this address."""

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        if self.request is not None and username:
            seconds = ratelimit.seconds_locked(self.request, username)
            if seconds:
                raise forms.ValidationError(ratelimit.lockout_message(seconds), code="locked_out")
        try:
            return super().clean()
        except forms.ValidationError:
            if self.request is not None and username:
                seconds = ratelimit.seconds_locked(self.request, username)
                if seconds:
                    raise forms.ValidationError(ratelimit.lockout_message(seconds), code="locked_out") from None
            raise


class LoginForm(RateLimitedLoginMixin, AuthenticationForm):
    pass


class AdminLoginForm(RateLimitedLoginMixin, AdminAuthenticationForm):
    pass


class SignUpForm(UserCreationForm):
    email = forms.EmailField(
        required=True, help_text="Used only to reset your password and, if you wish, to tell you it is your turn."
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError("A player with this e-mail address already exists.")
        return email


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ("display_name", "club", "time_zone", "email_notifications",
                  "anniversary_reminders", "reminder_days_before")
        widgets = {"email_notifications": forms.RadioSelect,
                   "reminder_days_before": forms.NumberInput(attrs={"min": 0, "max": MAX_REMINDER_DAYS})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A list to choose from; the model's validator still refuses anything unknown.
        self.fields["time_zone"].widget = forms.Select(choices=[(name, name) for name in time_zone_names()])
        # Left empty, the number of days keeps what it was (the reminders may be off anyway).
        self.fields["reminder_days_before"].required = False

    def clean_reminder_days_before(self):
        days = self.cleaned_data.get("reminder_days_before")
        return self.instance.reminder_days_before if days is None else days
