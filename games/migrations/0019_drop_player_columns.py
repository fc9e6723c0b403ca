"""Seats (step 3 of 3): the player columns and their indexes go; a deleted member's
matches and games stay (their seats become vacant)."""
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0018_seats_from_players'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(model_name='game', name='game_live_union'),
        migrations.RemoveIndex(model_name='game', name='game_live_confederate'),
        migrations.RemoveIndex(model_name='game', name='game_decision_union'),
        migrations.RemoveIndex(model_name='game', name='game_decision_confederate'),
        migrations.RemoveField(model_name='game', name='confederate_player'),
        migrations.RemoveField(model_name='game', name='union_player'),
        migrations.AlterField(
            model_name='game',
            name='deciding',
            field=models.CharField(blank=True, help_text="The seat whose decision it is; blank when nobody's (over, or Nightfall).", max_length=12),
        ),
        migrations.AlterField(
            model_name='match',
            name='challenger',
            field=models.ForeignKey(help_text='The member who made the challenge or posted the seek.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='matches_challenged', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AlterField(
            model_name='match',
            name='opponent',
            field=models.ForeignKey(blank=True, help_text='The member challenged, or who joined the seek.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='matches_accepted', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(condition=models.Q(('finished_at__isnull', True)), fields=['deadline'], name='game_live_deadline'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(condition=models.Q(('finished_at__isnull', True)), fields=['deciding'], name='game_live_deciding'),
        ),
    ]
