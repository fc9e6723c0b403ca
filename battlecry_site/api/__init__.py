"""Conventions every part of the REST API shares (docs/api.md): authentication and token
scopes, one error shape, throttling, pagination and the schema generator.  The endpoints
live with their feature (``games/api``, ``accounts/api.py``); ``urls.py`` mounts them
under ``/api/v1/``."""
