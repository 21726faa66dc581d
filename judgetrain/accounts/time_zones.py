"""The time zones a person can choose, named so that they can find theirs.

The IANA database has about 600 names ("America/Sao_Paulo"). The settings page offers them in
a server-rendered list (a ``select``): the common zones of the site's communities first, then
every zone grouped by region, each shown as "City — Region (UTC-3)" with the region's name
translated, the city spelt as people write it ("São Paulo") and the zone's offset now. A
search (``search``: a GET without JavaScript, a filter box with it) narrows the list. What a
form receives is matched leniently (case, accents, spaces for underscores, the region in the
page's language, a city alone when only one zone has it), then stored as the IANA name.
Every page names a zone the same readable way (``display``: "São Paulo (UTC-3)").
"""

from __future__ import annotations

import unicodedata
import zoneinfo
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

#: The regions of the IANA names, translated (a name's first part).
REGIONS = {
    "Africa": _("Africa"),
    "America": _("Americas"),
    "Antarctica": _("Antarctica"),
    "Arctic": _("Arctic"),
    "Asia": _("Asia"),
    "Atlantic": _("Atlantic Ocean"),
    "Australia": _("Australia"),
    "Europe": _("Europe"),
    "Indian": _("Indian Ocean"),
    "Pacific": _("Pacific Ocean"),
    "Etc": pgettext_lazy("time zone region", "Other"),
}

#: Offered first: the zones of the site's languages' communities, then the world's largest.
COMMON = (
    "America/Sao_Paulo",
    "Europe/Lisbon",
    "Europe/Madrid",
    "America/Mexico_City",
    "America/Argentina/Buenos_Aires",
    "America/Bogota",
    "America/Santiago",
    "America/Lima",
    "Europe/London",
    "Europe/Paris",
    "Europe/Berlin",
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "Asia/Tokyo",
    "Australia/Sydney",
    "UTC",
)

#: Names that are aliases kept for old data, not places a person would pick.
_LEGACY_PREFIXES = (
    "posix/",
    "right/",
    "SystemV/",
    "US/",
    "Canada/",
    "Brazil/",
    "Mexico/",
    "Chile/",
)
_LEGACY = {"localtime", "Factory", "posixrules", "GMT0", "GMT+0", "GMT-0", "Greenwich", "UCT"}


@dataclass(frozen=True)
class Zone:
    name: str  # the IANA name, what the form stores
    city: str
    region: str  # the translated region
    offset: str = ""  # "UTC-3" now, "" when not asked for

    @property
    def label(self) -> str:
        label = f"{self.city} — {self.region}" if self.region else self.city
        if self.offset and self.offset != label:
            return f"{label} ({self.offset})"
        return label


def offset_text(delta: timedelta | None) -> str:
    """An offset from UTC as people write it: "UTC", "UTC+1", "UTC-3", "UTC+5:30" (with a real
    minus sign, hours without a leading zero, minutes only when there are some)."""
    if not delta:
        return "UTC"
    minutes = int(delta.total_seconds() // 60)
    sign = "+" if minutes > 0 else "\u2212"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def offset_at(name: str, when: datetime | None = None) -> str:
    """``name``'s offset at ``when`` (now by default), written by ``offset_text``."""
    moment = when or datetime.now(UTC)
    return offset_text(moment.astimezone(zoneinfo.ZoneInfo(name)).utcoffset())


def display(name: str, when: datetime | None = None) -> str:
    """A zone as every page names it beside a time: its city and offset at ``when``
    ("São Paulo (UTC-3)"), or "UTC"; an unknown name as it is."""
    if name not in all_names():
        return name
    offset = offset_at(name, when)
    if name in ("UTC", "Etc/UTC", "Etc/UCT", "Etc/Universal", "Etc/Zulu", "Universal", "Zulu"):
        return "UTC"
    if name.startswith("Etc/"):
        return offset
    return f"{zone(name).city} ({offset})"


@cache
def all_names() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


@cache
def offered_names() -> tuple[str, ...]:
    """Every zone a person may pick: regions' zones and UTC, sorted, without legacy aliases."""
    names = [
        name
        for name in all_names()
        if name not in _LEGACY
        and not name.startswith(_LEGACY_PREFIXES)
        and ("/" in name or name == "UTC")
        and name.split("/")[0] in REGIONS
    ]
    return tuple(sorted({*names, "UTC"}))


#: Cities the IANA names spell without their accents, as people write them (the list shows
#: these; typing either spelling works, since matching ignores accents).
CITY_NAMES = {
    "America/Sao_Paulo": "São Paulo",
    "America/Bogota": "Bogotá",
    "America/Mexico_City": "Ciudad de México",
    "America/Asuncion": "Asunción",
    "America/Cuiaba": "Cuiabá",
    "America/Belem": "Belém",
    "America/Maceio": "Maceió",
    "America/Araguaina": "Araguaína",
    "America/Santarem": "Santarém",
    "America/Merida": "Mérida",
    "America/Cancun": "Cancún",
    "America/Mazatlan": "Mazatlán",
    "Atlantic/Azores": "Açores",
    "Europe/Zurich": "Zürich",
}


def zone(name: str, when: datetime | None = None) -> Zone:
    """``name`` as a person reads it; with ``when``, its offset at that moment too."""
    offset = offset_at(name, when) if when is not None and name in all_names() else ""
    if "/" not in name:
        return Zone(name=name, city=name, region="", offset=offset)
    region, _sep, rest = name.partition("/")
    city = CITY_NAMES.get(name) or rest.replace("/", " / ").replace("_", " ")
    return Zone(name=name, city=city, region=str(REGIONS.get(region, region)), offset=offset)


def choices(current: str = "", when: datetime | None = None) -> list[Zone]:
    """The suggestions in order: the current zone, the common ones, then every other zone,
    each with its offset at ``when`` (now by default)."""
    moment = when or datetime.now(UTC)
    first = [name for name in (current, *COMMON) if name and name in all_names()]
    seen = set()
    ordered = []
    for name in [*first, *offered_names()]:
        if name not in seen:
            seen.add(name)
            ordered.append(zone(name, moment))
    return ordered


def _search_key(text: str) -> str:
    """What a search compares: ``_key`` with a hyphen read as the minus sign of offsets."""
    return _key(text).replace("-", "\u2212")


def matches(item: Zone, query: str) -> bool:
    """True when every word of ``query`` is in the zone's label or IANA name, ignoring case
    and accents ("sao paulo", "americas -3", "lisbon")."""
    haystack = _search_key(f"{item.label} {item.name}")
    return all(word in haystack for word in _search_key(query).split("_") if word)


def grouped(
    current: str = "", query: str = "", when: datetime | None = None
) -> list[tuple[str, list[Zone]]]:
    """The list as the settings page shows it: the current and common zones under "Common
    time zones", then each region's zones, only those matching ``query`` (all without one);
    the current zone is always kept, so that the form never loses it."""
    common_label = str(_("Common time zones"))
    groups: dict[str, list[Zone]] = {common_label: []}
    first = {name for name in (current, *COMMON) if name}
    for item in choices(current, when):
        if query and item.name != current and not matches(item, query):
            continue
        group = common_label if item.name in first else (item.region or common_label)
        groups.setdefault(group, []).append(item)
    return [(label, items) for label, items in groups.items() if items]


def _key(text: str) -> str:
    """``text`` as matching compares it: no accents ("São Paulo" is "Sao Paulo"), case
    folded, spaces as underscores."""
    plain = unicodedata.normalize("NFKD", text.strip())
    plain = "".join(char for char in plain if not unicodedata.combining(char))
    return plain.replace(" ", "_").casefold()


def _region_keys() -> dict[str, str]:
    """Each region's IANA name by its key and by its name in the current language."""
    keys = {_key(region): region for region in REGIONS}
    keys.update({_key(str(label)): region for region, label in REGIONS.items()})
    return keys


def _with_iana_region(key: str) -> str:
    """A typed "Américas/São Paulo" (the region as the list names it) as "america/sao_paulo"."""
    region, sep, rest = key.partition("/")
    if not sep:
        return key
    return f"{_key(_region_keys().get(region, region))}/{rest}"


@cache
def _by_key() -> dict[str, str]:
    return {_key(name): name for name in all_names() if name not in _LEGACY}


@cache
def _by_city() -> dict[str, list[str]]:
    cities: dict[str, list[str]] = {}
    for name in offered_names():
        cities.setdefault(_key(name.rsplit("/", 1)[-1]), []).append(name)
        if name in CITY_NAMES and _key(CITY_NAMES[name]) != _key(name.rsplit("/", 1)[-1]):
            cities.setdefault(_key(CITY_NAMES[name]), []).append(name)
    return cities


def match(text: str) -> str | None:
    """The IANA name ``text`` means: the name itself in any case or with spaces, the
    "City — Region" label the list shows, or a city that only one zone has; else None."""
    text = text.split(" — ")[0] if " — " in text else text
    key = _key(text)
    if not key:
        return None
    key = _with_iana_region(key.replace("_/_", "/"))
    if key in _by_key():
        return _by_key()[key]
    found = _by_city().get(key.rsplit("/", 1)[-1], [])
    if len(found) > 1:  # an old alias and its zone ("America/Buenos_Aires"): the common one
        found = [name for name in found if name in COMMON]
    return found[0] if len(found) == 1 else None
