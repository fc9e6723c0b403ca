"""REST API of the accounts app."""

from rest_framework import generics, serializers

from .models import Profile


class ProfileSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = Profile
        fields = ("username", "display_name", "club", "time_zone", "email_notifications",
                  "anniversary_reminders", "reminder_days_before")


class MyProfileView(generics.RetrieveUpdateAPIView):
    """The logged-in player's own profile."""

    serializer_class = ProfileSerializer

    def get_object(self):
        profile, _ = Profile.objects.get_or_create(user=self.request.user)
        return profile
