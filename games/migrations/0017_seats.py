"""Seats (step 1 of 3): the seat table, and the two player columns made nullable so that
the data step's reverse can fill them again before the last step's reverse needs them."""
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0016_totals_fit_any_game'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Seat',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(help_text="The engine's name of the seat.", max_length=20)),
                ('side', models.CharField(help_text='The side the seat plays for.', max_length=12)),
                ('role', models.CharField(blank=True, help_text="The seat's part when a side has several seats; blank otherwise.", max_length=20)),
                ('holder', models.CharField(choices=[('member', 'A member'), ('archie', 'Archie, the computer opponent'), ('vacant', 'Nobody (the member left the club)')], default='member', max_length=8)),
                ('archie_level', models.CharField(blank=True, help_text="Archie's level when Archie holds the seat.", max_length=12)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='games.game')),
                ('player', models.ForeignKey(blank=True, help_text="The member holding the seat (Archie's member row for an Archie seat); empty when vacant.", null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='seats', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['game', 'id'],
            },
        ),
        migrations.AddIndex(
            model_name='seat',
            index=models.Index(condition=models.Q(('player__isnull', False)), fields=['player', 'game', 'name'], name='seat_member_games'),
        ),
        migrations.AddConstraint(
            model_name='seat',
            constraint=models.UniqueConstraint(fields=('game', 'name'), name='one_seat_per_name'),
        ),
        migrations.AlterField(
            model_name='game',
            name='union_player',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='games_as_union', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AlterField(
            model_name='game',
            name='confederate_player',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='games_as_confederate', to=settings.AUTH_USER_MODEL),
        ),
    ]
