from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "campaigns"
    verbose_name = "Campaigns"

    def ready(self):
        from campaigns import receivers
        from games import events
        events.match_finished.connect(receivers.match_finished, dispatch_uid="campaigns.match_finished")
