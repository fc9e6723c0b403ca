"""Celery tasks of the tournaments app."""
