"""The format's JSON Schema errors of a draft, kept per entry so that an edit re-checks only
what it changed: a map's entries (terrain, units...) are checked one by one and remembered
by their text, the other fields by their value. The errors are those the whole file's
validation gives (the schema has no rule across two top-level fields)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from games.models.scenario import _schema_validator

#: The fields holding one entry per tile, unit, general, token or rule.
ENTRY_LISTS = ("terrain", "units", "generals", "flag_tokens", "special_rules")


@dataclass(frozen=True)
class SchemaError:
    absolute_path: tuple
    validator: str
    message: str


def _text(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def _errors(instance, schema, prefix: tuple) -> tuple[SchemaError, ...]:
    validator = _schema_validator()
    return tuple(SchemaError(prefix + tuple(e.absolute_path), str(e.validator), e.message)
                 for e in validator.evolve(schema=validator.schema).descend(instance, schema))


@lru_cache(maxsize=50_000)
def _entry_errors(field: str, text: str) -> tuple[SchemaError, ...]:
    items = _schema_validator().schema["properties"][field]["items"]
    return _errors(json.loads(text), items, ())


@lru_cache(maxsize=2_000)
def _field_errors(field: str, text: str) -> tuple[SchemaError, ...]:
    return _errors(json.loads(text), _schema_validator().schema["properties"][field], (field,))


def schema_errors(data) -> list[SchemaError]:
    """Every schema error of ``data``, as the whole file's validation finds them."""
    schema = _schema_validator().schema
    if not isinstance(data, dict):
        return list(_errors(data, schema, ()))
    root = {k: v for k, v in schema.items() if k not in ("properties", "$defs")}
    root["properties"] = {k: True for k in schema["properties"]}
    out = list(_errors(data, root, ()))
    for field, value in data.items():
        if field not in schema["properties"]:
            continue
        if field in ENTRY_LISTS and isinstance(value, list):
            shape = {k: v for k, v in schema["properties"][field].items() if k != "items"}
            out.extend(_errors(value, shape, (field,)))
            for i, entry in enumerate(value):
                out.extend(SchemaError((field, i) + e.absolute_path, e.validator, e.message)
                           for e in _entry_errors(field, _text(entry)))
        else:
            out.extend(_field_errors(field, _text(value)))
    return out
