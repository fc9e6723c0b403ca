"""Joins the two first migrations of the app: the anniversary reminders and the leagues."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0001_calendar"),
        ("tournaments", "0002_periodic_tasks"),
    ]

    operations = []
