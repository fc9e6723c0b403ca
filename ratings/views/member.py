"""A member's ratings: each pool's rating, whether it is provisional, and its history."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render

from ratings import reading


@login_required
def member(request, username):
    user = get_object_or_404(get_user_model().objects.select_related("profile"), username=username,
                             is_active=True)
    return render(request, "ratings/member.html", {
        "member": user, "name": reading.name_of(user), "pools": reading.member_ratings(user),
        "own": user.pk == request.user.pk})
