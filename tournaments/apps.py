from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self):
        from games import events
        from tournaments import receivers
        events.match_finished.connect(receivers.match_finished, dispatch_uid="tournaments.match_finished")
