"""Games dealt before the hand limit waited for the keep-one choice of a two-card draw
keep that behaviour, so their logs replay and they play on as they began."""

from django.db import migrations


def mark_existing_games(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for row in Game.objects.filter(ruleset="advanced").only("pk", "state").iterator():
        state = row.state or {}
        if not state.get("hand_limit_before_keep"):
            state["hand_limit_before_keep"] = True
            Game.objects.filter(pk=row.pk).update(state=state)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0014_chat_read"),
    ]

    operations = [migrations.RunPython(mark_existing_games, migrations.RunPython.noop)]
