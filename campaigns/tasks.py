"""Celery tasks of the campaigns app."""
