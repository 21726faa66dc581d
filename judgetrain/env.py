"""Typed readers for settings that come from the environment.

Every reader has a zero-configuration default and raises ``ImproperlyConfigured``
on a value it cannot parse: a typo in production must stop the process at start-up,
not surface later as a silently wrong setting.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


def env_str(name: str, default: str = "", *, environ: Mapping[str, str] | None = None) -> str:
    """A string setting; ``NAME_FILE`` (a path) wins over ``NAME``, for container secrets."""
    environ = os.environ if environ is None else environ
    file_path = environ.get(f"{name}_FILE")
    if file_path:
        try:
            return Path(file_path).read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise ImproperlyConfigured(f"{name}_FILE={file_path!r} cannot be read: {exc}") from exc
    return environ.get(name, default)


def env_bool(name: str, default: bool, *, environ: Mapping[str, str] | None = None) -> bool:
    raw = env_str(name, "", environ=environ).strip().lower()
    if raw == "":
        return default
    if raw in _TRUE:
        return True
    if raw in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={raw!r} is not a boolean: use one of {sorted(_TRUE | _FALSE)}"
    )


def env_int(
    name: str,
    default: int,
    *,
    minimum: int | None = None,
    environ: Mapping[str, str] | None = None,
) -> int:
    raw = env_str(name, "", environ=environ).strip()
    if raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name}={value} must be at least {minimum}")
    return value


def env_float(
    name: str,
    default: float,
    *,
    minimum: float | None = None,
    environ: Mapping[str, str] | None = None,
) -> float:
    raw = env_str(name, "", environ=environ).strip()
    if raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a number") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise ImproperlyConfigured(f"{name}={raw!r} is not a finite number")
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name}={value} must be at least {minimum}")
    return value


def env_list(
    name: str, default: list[str], *, environ: Mapping[str, str] | None = None
) -> list[str]:
    """A comma-separated list; blank items are dropped."""
    raw = env_str(name, "", environ=environ)
    if raw.strip() == "":
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_choice(
    name: str,
    default: str,
    choices: tuple[str, ...],
    *,
    environ: Mapping[str, str] | None = None,
) -> str:
    raw = env_str(name, "", environ=environ).strip().lower() or default
    if raw not in choices:
        raise ImproperlyConfigured(f"{name}={raw!r} must be one of {', '.join(choices)}")
    return raw


_RATE = re.compile(r"^\d+/(s|sec|second|m|min|minute|h|hour|d|day)$")


def env_rate(name: str, default: str, *, environ: Mapping[str, str] | None = None) -> str:
    """A request rate such as ``600/min`` (DRF's throttle format)."""
    value = env_str(name, default, environ=environ).strip()
    if not _RATE.match(value):
        raise ImproperlyConfigured(f"{name}={value!r} is not a rate such as 600/min")
    return value


def env_dir(name: str, *, environ: Mapping[str, str] | None = None) -> Path | None:
    """An existing directory (``~`` expanded, made absolute), or None when unset."""
    raw = env_str(name, "", environ=environ).strip()
    if raw == "":
        return None
    path = Path(raw).expanduser().absolute()
    if not path.exists():
        raise ImproperlyConfigured(f"{name}={raw!r}: no such directory")
    if not path.is_dir():
        raise ImproperlyConfigured(f"{name}={raw!r} is not a directory")
    return path
