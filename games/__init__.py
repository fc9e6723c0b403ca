"""The game: scenarios, matches, play-by-web pages, API and Celery tasks.

The rules themselves live in ``games.engine``, which imports nothing from Django.
"""
