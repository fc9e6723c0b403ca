from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin

from .forms import AdminLoginForm
from .models import ApiToken, Profile, RequestCount, Throttle, User

# The admin's log-in page obeys the same rate limit and message as ours.
admin.site.login_form = AdminLoginForm


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    inlines = [ProfileInline]
    list_display = ("username", "email", "display_name", "is_staff", "is_active", "date_joined")
    list_select_related = ("profile",)

    @admin.display(description="display name", ordering="profile__display_name")
    def display_name(self, user):
        profile = getattr(user, "profile", None)
        return profile.display_name if profile else ""


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "display_name", "club", "time_zone", "email_notifications")
    list_filter = ("email_notifications",)
    search_fields = ("user__username", "user__email", "display_name", "club")
    list_select_related = ("user",)


@admin.register(Throttle)
class ThrottleAdmin(admin.ModelAdmin):
    """Attempts counted against the log-in and password-reset limits (keys are hashed);
    deleting a row lifts a lock-out."""

    list_display = ("key", "attempts", "updated")
    readonly_fields = ("key", "stamps", "updated")

    @admin.display(description="attempts in the window")
    def attempts(self, row):
        return len(row.stamps)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(RequestCount)
class RequestCountAdmin(admin.ModelAdmin):
    """API requests counted in the database while Redis is unreachable, per client and
    window; deleting a row lifts that client's limit for the window."""

    list_display = ("key", "n", "expires")
    readonly_fields = ("key", "n", "expires")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens are made by members on their profile page; here they can only be seen and revoked."""

    list_display = ("name", "user", "scope", "prefix", "created", "last_used")
    list_filter = ("scope",)
    search_fields = ("user__username", "name", "prefix")
    fields = ("user", "name", "scope", "prefix", "created", "last_used")
    readonly_fields = fields

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
