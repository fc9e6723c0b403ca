"""Filters of the API's lists that refuse what their schema forbids (400 ``invalid``), instead
of django-filter's habit of reading an unknown word as "no filter": a boolean is ``true``
or ``false``, a whole number is one, within the bounds the schema states."""
from __future__ import annotations

import django_filters as filters
from django import forms
from django.core.exceptions import ValidationError
from django_filters.widgets import BooleanWidget
from drf_spectacular.utils import extend_schema_field

from .errors import ApiError


class StrictBooleanWidget(BooleanWidget):
    """``true``/``false`` (or ``1``/``0``) as booleans; any other word is passed on as it is
    written, for the field to refuse."""

    def value_from_datadict(self, data, files, name):
        known = super().value_from_datadict(data, files, name)
        written = data.get(name)
        return written if known is None and written not in (None, "") else known


class StrictBooleanField(forms.NullBooleanField):
    def to_python(self, value):
        if value is None or isinstance(value, bool):
            return value
        raise ValidationError("Give true or false.", code="invalid")


class StrictBooleanFilter(filters.BooleanFilter):
    field_class = StrictBooleanField

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", StrictBooleanWidget)
        super().__init__(*args, **kwargs)


class WholeNumberFilter(filters.NumberFilter):
    field_class = forms.IntegerField


def whole_number_filter(minimum: int, maximum: int, **kwargs) -> WholeNumberFilter:
    """A whole-number filter refusing numbers outside [minimum, maximum], and saying so in the
    schema."""
    schema = {"type": "integer", "minimum": minimum, "maximum": maximum}
    return extend_schema_field(schema)(WholeNumberFilter(min_value=minimum, max_value=maximum, **kwargs))


def one_of(params, name: str, values) -> str | None:
    """The query parameter ``name`` if given: one of ``values``, else 400 ``invalid``."""
    value = params.get(name)
    if value in (None, ""):
        return None
    if value not in values:
        message = "Give one of: " + ", ".join(values) + "."
        raise ApiError("invalid", f"{name}: {message}", errors=[{"field": name, "message": message}])
    return value
