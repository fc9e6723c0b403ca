import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('campaigns', '0006_campaign_options'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='CampaignMember',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('side', models.CharField(choices=[('union', 'Union'), ('confederate', 'Confederate')], max_length=12)),
                ('position', models.PositiveSmallIntegerField(help_text='1 for the first Major-General, and so on.')),
                ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='members', to='campaigns.campaign')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='campaign_teams', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['campaign', 'side', 'position'],
                'constraints': [models.UniqueConstraint(fields=('campaign', 'player'), name='one_team_per_member')],
            },
        ),
    ]
