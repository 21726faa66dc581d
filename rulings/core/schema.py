"""JSON Schema (draft 2020-12) of a situation, generated from the dataclass fields."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any

from rulings.core.codec import MAX_TEXT, hints
from rulings.core.situation import Situation


def situation_schema() -> dict[str, Any]:
    """The JSON Schema every valid situation satisfies (cross-field rules are in the docs)."""
    schema = _object(Situation)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://judgetrain.example/schemas/situation.json"
    schema["title"] = "Situation"
    return schema


def _object(cls: type) -> dict[str, Any]:
    fields = dataclasses.fields(cls)
    props = {f.name: _property(hints(cls)[f.name], f.metadata) for f in fields}
    required = [f.name for f in fields if _required(f)]
    return {
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }


def _required(field: dataclasses.Field[Any]) -> bool:
    return field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING


def _property(tp: Any, meta: Mapping[str, Any]) -> dict[str, Any]:
    prop = _type(tp, meta)
    if meta.get("doc"):
        prop["description"] = meta["doc"]
    return prop


def _type(tp: Any, meta: Mapping[str, Any]) -> dict[str, Any]:
    args = typing.get_args(tp)
    if type(None) in args:
        inner = next(a for a in args if a is not type(None))
        return {"anyOf": [_type(inner, meta), {"type": "null"}]}
    if meta.get("mapping"):
        return _map(meta)
    if dataclasses.is_dataclass(tp):
        return _object(tp)  # type: ignore[arg-type]
    if typing.get_origin(tp) is tuple:
        return _array(args[0], meta)
    return _scalar(tp, meta)


def _array(item: Any, meta: Mapping[str, Any]) -> dict[str, Any]:
    array: dict[str, Any] = {"type": "array", "items": _type(item, meta)}
    if meta.get("unique"):
        array["uniqueItems"] = True
    if meta.get("min_items"):
        array["minItems"] = meta["min_items"]
    if meta.get("max_items"):
        array["maxItems"] = meta["max_items"]
    return array


def _map(meta: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "maxProperties": len(meta["choices"]),
        "propertyNames": {"enum": list(meta["choices"])},
        "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 10000},
    }


def _scalar(tp: Any, meta: Mapping[str, Any]) -> dict[str, Any]:
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer", "minimum": meta.get("minimum") or 0, "maximum": 10000}
    if meta.get("choices"):
        return {"type": "string", "enum": list(meta["choices"])}
    return {"type": "string", "maxLength": meta.get("max_length") or MAX_TEXT}
