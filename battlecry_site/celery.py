"""The Celery app of the site: configured from Django's settings (CELERY_* names).

Start a worker with ``celery -A battlecry_site worker`` and the scheduler with
``celery -A battlecry_site beat`` (periodic tasks live in the database, edited in the admin).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "battlecry_site.settings")

app = Celery("battlecry_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="battlecry_site.ping")
def ping(value="pong"):
    """A trivial task: proves that a worker takes tasks from the broker and returns results."""
    return value
