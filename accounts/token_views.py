"""The API tokens section of the profile page: make a token (shown once), revoke one."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from .models import ApiToken, Profile
from .tokens import TooManyTokens, create_token, revoke_token
from .forms import ProfileForm

TEMPLATE = "accounts/profile.html"


class ApiTokenForm(forms.Form):
    name = forms.CharField(max_length=60, label="What is it for?",
                           help_text="e.g. 'Discord bot' or 'my phone', to tell your tokens apart.")
    scope = forms.ChoiceField(choices=ApiToken.Scope.choices, initial=ApiToken.Scope.READ,
                              widget=forms.RadioSelect)


def token_context(user, form=None, new_token=None) -> dict:
    """What the profile page needs for its API tokens section."""
    return {"api_tokens": ApiToken.objects.filter(user=user), "token_form": form or ApiTokenForm(),
            "new_token": new_token}


def _page(request, ctx, status=200):
    if request.htmx:
        return render(request, f"{TEMPLATE}#api-tokens", ctx, status=status)
    profile, _ = Profile.objects.get_or_create(user=request.user)
    return render(request, TEMPLATE, {"form": ProfileForm(instance=profile), **ctx}, status=status)


@login_required
@require_POST
def token_create(request):
    """Make a token. The page that answers is the only place it is ever shown."""
    form = ApiTokenForm(request.POST)
    if form.is_valid():
        try:
            row, secret = create_token(request.user, form.cleaned_data["name"], form.cleaned_data["scope"])
        except TooManyTokens as exc:
            form.add_error(None, str(exc))
        else:
            ctx = token_context(request.user, new_token={"row": row, "secret": secret})
            response = _page(request, ctx)
            response["Cache-Control"] = "no-store"
            return response
    return _page(request, token_context(request.user, form=form), status=400)


@login_required
@require_POST
def token_revoke(request, token_id):
    if revoke_token(request.user, token_id):
        messages.success(request, "The token was revoked: programs using it can no longer get in.")
    else:
        messages.error(request, "There is no such token.")
    if request.htmx:
        return render(request, f"{TEMPLATE}#api-tokens", token_context(request.user))
    response = redirect("profile")
    response.status_code = 303
    return response
