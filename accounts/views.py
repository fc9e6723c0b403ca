from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.messages.views import SuccessMessageMixin
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.views.decorators.http import require_POST

from games import outbox

from . import ratelimit
from .forms import LoginForm, ProfileForm, SignUpForm
from .models import Profile
from .tasks import send_address_in_use, send_welcome_email
from .token_views import token_context


def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    if request.method == "POST":
        form = SignUpForm(request.POST)
        wait = ratelimit.take_signup(request, form.cleaned_data["email"]) if form.is_valid() else 0
        if wait:
            form.add_error(None, ratelimit.signup_message(wait))
            return render(request, "accounts/signup.html", {"form": form}, status=429)
        if form.is_valid():
            with transaction.atomic():
                holder = (get_user_model().objects.filter(email__iexact=form.cleaned_data["email"])
                          .order_by("pk").first())
                user = form.save()
                # The page reads the same whether the address was taken or not, so it tells
                # nobody who is a member; the address's owner is told by e-mail instead.
                if holder is not None:
                    outbox.queue(send_address_in_use, holder.pk, user.get_username())
                else:
                    outbox.queue(send_welcome_email, user.pk)
            login(request, user)
            messages.success(request, f"Welcome, {user.get_username()}! Your account is ready.")
            return redirect("welcome")
    else:
        form = SignUpForm()
    return render(request, "accounts/signup.html", {"form": form})


class LoginView(SuccessMessageMixin, auth_views.LoginView):
    authentication_form = LoginForm
    redirect_authenticated_user = True

    def get_success_message(self, cleaned_data):
        return f"Welcome back, {self.request.user.get_username()}."


class LogoutView(auth_views.LogoutView):
    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        messages.info(request, "You have logged out.")
        return response


class PasswordChangeView(SuccessMessageMixin, auth_views.PasswordChangeView):
    success_url = reverse_lazy("profile")
    success_message = "Your password has been changed."


@login_required
def profile(request):
    profile, _ = Profile.objects.get_or_create(user=request.user)
    if request.method == "POST":
        form = ProfileForm(request.POST, instance=profile)
        if form.is_valid():
            form.save()
            if request.htmx:
                # Re-render the fresh form in place, with a note that it was saved.
                return render(
                    request,
                    "accounts/profile.html#profile-form",
                    {"form": ProfileForm(instance=profile), "saved": True},
                )
            messages.success(request, "Your profile has been saved.")
            return redirect("profile")
    else:
        form = ProfileForm(instance=profile)
    if request.htmx:
        return render(request, "accounts/profile.html#profile-form", {"form": form})
    feed_path = reverse("calendar_member_feed", args=[profile.calendar_feed_token()])
    return render(request, "accounts/profile.html", {
        "form": form, "feed_url": request.build_absolute_uri(feed_path),
        "public_feed_url": request.build_absolute_uri(reverse("calendar_feed")),
        **token_context(request.user),
    })


@login_required
@require_POST
def reset_feed_token(request):
    """A new secret address for the member's private calendar feed; the old one stops working."""
    profile, _ = Profile.objects.get_or_create(user=request.user)
    profile.reset_feed_token()
    messages.success(request, "Your private calendar feed has a new address; the old one no longer works. "
                              "Subscribe again with the new one.")
    return redirect(reverse("profile") + "#calendar")
