from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self):
        from games import events
        from games.option_fields import PRESET_SOURCES
        from tournaments import preset_services, receivers
        if preset_services.presets_offered not in PRESET_SOURCES:
            PRESET_SOURCES.append(preset_services.presets_offered)
        events.match_finished.connect(receivers.match_finished, dispatch_uid="tournaments.match_finished")
