"""Celery tasks of the games app (Archie's turns, deadlines, reminders).

Tasks carry the game id and the version they were queued for, and do nothing if the game
has moved on. Queue them with ``task.delay_on_commit(...)`` after the write they follow.
"""
