from urllib.parse import urlsplit

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm

from battlecry_site.widgets import QuickSelect

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

    # No check that the address is free: the page must not tell who is a member. The
    # view deals with an address already in use (accounts/views.py, signup).
    def clean_email(self):
        return self.cleaned_data["email"].strip()


class RateLimitedPasswordResetForm(PasswordResetForm):
    """Django's reset form, with links on SITE_URL and a limit on the e-mails: past it the
    page says the same ("check your e-mail") and nothing is sent."""

    def save(self, *args, request=None, **kwargs):
        if request is not None and not ratelimit.allow_reset_email(request, self.cleaned_data["email"]):
            return
        site = urlsplit(settings.SITE_URL)
        kwargs.update(domain_override=site.netloc, use_https=site.scheme == "https")
        super().save(*args, request=request, **kwargs)


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
        self.fields["time_zone"].widget = QuickSelect(choices=[(name, name) for name in time_zone_names()])
        # Left empty, the number of days keeps what it was (the reminders may be off anyway).
        self.fields["reminder_days_before"].required = False

    def clean_reminder_days_before(self):
        days = self.cleaned_data.get("reminder_days_before")
        return self.instance.reminder_days_before if days is None else days
