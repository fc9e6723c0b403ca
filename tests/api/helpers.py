"""Helpers for the API tests: clients that present a personal token."""
from __future__ import annotations

from rest_framework.test import APIClient

from accounts.tokens import create_token


def token_client(user, scope: str = "play") -> APIClient:
    """An API client that authenticates as ``user`` with a fresh token of ``scope``."""
    _, secret = create_token(user, f"test {scope}", scope)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    return client


def anonymous() -> APIClient:
    return APIClient()


_DOCUMENT: dict = {}


def api_document() -> dict:
    """The OpenAPI document as the site serves it (made once per test run)."""
    if not _DOCUMENT:
        import yaml
        from django.test import Client
        _DOCUMENT.update(yaml.safe_load(Client().get("/api/schema/").content))
    return _DOCUMENT


def assert_conforms(instance, component: str) -> None:
    """``instance`` matches the document's ``component`` schema (OpenAPI 3.0 rules)."""
    from openapi_schema_validator import OAS30Validator
    schema = {"$ref": f"#/components/schemas/{component}", "components": api_document()["components"]}
    OAS30Validator(schema).validate(instance)
