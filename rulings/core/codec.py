"""Build frozen dataclasses from JSON-like data, field by field, with exact error paths.

The dataclass fields are the single source of truth: the same metadata drives validation
(`decode`), serialisation (`encode`) and the JSON Schema (`schema.py`).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from rulings.core.errors import SituationError

T = TypeVar("T")

# Bounds on every input, so a hostile situation costs linear, bounded work to reject.
MAX_ITEMS = 16
MAX_TEXT = 200


def spec(
    doc: str,
    *,
    choices: tuple[str, ...] = (),
    minimum: int | None = None,
    mapping: bool = False,
    min_items: int = 0,
    max_items: int = MAX_ITEMS,
    unique: bool = False,
    max_length: int = MAX_TEXT,
) -> dict[str, Any]:
    """Field metadata: description, enum choices, minimum, map encoding, array length,
    string length."""
    return {
        "doc": doc,
        "choices": choices,
        "minimum": minimum,
        "mapping": mapping,
        "min_items": min_items,
        "max_items": max_items,
        "unique": unique,
        "max_length": max_length,
    }


_HINTS: dict[Any, dict[str, Any]] = {}


def hints(cls: Any) -> dict[str, Any]:
    """Resolved type hints of a dataclass (cached: decoding is on the hot path)."""
    found = _HINTS.get(cls)
    if found is None:
        found = _HINTS[cls] = typing.get_type_hints(cls)
    return found


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def decode(cls: type[T], data: object, path: str = "") -> T:
    """Decode `data` into dataclass `cls`; unknown or invalid fields raise SituationError."""
    if not isinstance(data, Mapping):
        raise SituationError(path, "must be an object")
    plan = _plan(cls)
    for key in data:
        if key not in plan:
            raise SituationError(join(path, str(key)), "unknown field")
    values = {}
    for name, (tp, meta, required) in plan.items():
        if name in data:
            values[name] = _value(tp, meta, data[name], join(path, name))
        elif required:
            raise SituationError(join(path, name), "is required")
    return cls(**values)


_PLANS: dict[Any, dict[str, tuple[Any, Mapping[str, Any], bool]]] = {}


def _plan(cls: Any) -> dict[str, tuple[Any, Mapping[str, Any], bool]]:
    """Per field: resolved type, metadata, whether it is required (cached per class)."""
    plan = _PLANS.get(cls)
    if plan is None:
        types = hints(cls)
        fields = dataclasses.fields(cls)
        plan = _PLANS[cls] = {f.name: (types[f.name], f.metadata, _required(f)) for f in fields}
    return plan


def _required(field: dataclasses.Field[Any]) -> bool:
    no_default = field.default is dataclasses.MISSING
    return no_default and field.default_factory is dataclasses.MISSING


_KINDS: dict[Any, tuple[str, Any]] = {}


def _kind(tp: Any) -> tuple[str, Any]:
    """What a field type is, and its inner type: worked out once per type (decoding is on the
    generator's and the API's hot path)."""
    found = _KINDS.get(tp)
    if found is None:
        if _is_optional(tp):
            found = ("optional", _strip_none(tp))
        elif dataclasses.is_dataclass(tp):
            found = ("dataclass", tp)
        elif typing.get_origin(tp) is tuple:
            found = ("tuple", typing.get_args(tp)[0])
        else:
            found = ("scalar", tp)
        _KINDS[tp] = found
    return found


def _value(tp: Any, meta: Mapping[str, Any], raw: object, path: str) -> Any:
    kind, inner = _kind(tp)
    if kind == "optional":
        return None if raw is None else _value(inner, meta, raw, path)
    if meta.get("mapping"):
        return _mapping(raw, meta, path)
    if kind == "dataclass":
        return decode(tp, raw, path)
    if kind == "tuple":
        return _sequence(inner, meta, raw, path)
    return _scalar(tp, meta, raw, path)


def _is_optional(tp: Any) -> bool:
    return isinstance(tp, types.UnionType) and type(None) in typing.get_args(tp)


def _strip_none(tp: Any) -> Any:
    return next(arg for arg in typing.get_args(tp) if arg is not type(None))


def _sequence(item: Any, meta: Mapping[str, Any], raw: object, path: str) -> tuple[Any, ...]:
    if not isinstance(raw, list):
        raise SituationError(path, "must be an array")
    limit = meta.get("max_items", MAX_ITEMS)
    if len(raw) > limit:
        raise SituationError(path, f"must have at most {limit} items")
    return tuple(_value(item, meta, x, join(path, i)) for i, x in enumerate(raw))


def _mapping(raw: object, meta: Mapping[str, Any], path: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, Mapping):
        raise SituationError(path, "must be an object")
    if len(raw) > len(meta["choices"]):
        raise SituationError(path, f"must have at most {len(meta['choices'])} entries")
    pairs = []
    for key, count in raw.items():
        _scalar(str, {"choices": meta["choices"]}, key, join(path, str(key)))
        pairs.append((key, _scalar(int, {"minimum": 0}, count, join(path, str(key)))))
    return tuple(sorted(pairs))


def _scalar(tp: Any, meta: Mapping[str, Any], raw: object, path: str) -> Any:
    if tp is bool:
        if not isinstance(raw, bool):
            raise SituationError(path, "must be true or false")
        return raw
    if tp is int:
        return _integer(meta, raw, path)
    if not isinstance(raw, str):
        raise SituationError(path, "must be a string")
    limit = meta.get("max_length", MAX_TEXT)
    if len(raw) > limit:
        raise SituationError(path, f"must be at most {limit} characters")
    choices = meta.get("choices") or ()
    if choices and raw not in choices:
        raise SituationError(path, "must be one of " + ", ".join(choices))
    return raw


def _integer(meta: Mapping[str, Any], raw: object, path: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise SituationError(path, "must be an integer")
    minimum = meta.get("minimum")
    if minimum is not None and raw < minimum:
        raise SituationError(path, f"must be at least {minimum}")
    if raw > 10_000:
        raise SituationError(path, "must be at most 10000")
    return raw


_ENCODE_PLANS: dict[type, tuple[tuple[str, Mapping[str, Any]], ...] | None] = {}


def _encode_plan(cls: type) -> tuple[tuple[str, Mapping[str, Any]], ...] | None:
    """A dataclass's field names and metadata, in order (None: not a dataclass), once per
    class."""
    if cls in _ENCODE_PLANS:
        return _ENCODE_PLANS[cls]
    plan = (
        tuple((field.name, field.metadata) for field in dataclasses.fields(cls))
        if dataclasses.is_dataclass(cls)
        else None
    )
    _ENCODE_PLANS[cls] = plan
    return plan


def encode(obj: object) -> Any:
    """The JSON-ready form of a dataclass built by `decode` (defaults included)."""
    plan = _encode_plan(type(obj))  # a class itself (a type) is returned as it is
    if plan is None:
        return obj
    return {name: _encode_value(getattr(obj, name), meta) for name, meta in plan}


def _encode_value(value: object, meta: Mapping[str, Any]) -> Any:
    if meta.get("mapping"):
        return dict(value)  # type: ignore[call-overload]
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    return encode(value)
