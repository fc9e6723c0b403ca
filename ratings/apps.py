from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from games import events as game_events
        from tournaments import events as competition_events

        from . import receivers
        game_events.match_finished.connect(receivers.match_finished, dispatch_uid="ratings.match_finished")
        competition_events.result_settled.connect(receivers.result_settled,
                                                  dispatch_uid="ratings.result_settled")
