"""Dates every time zone can show: one range for input, one way to show a stored moment.

Python's ``datetime`` holds the years 1 to 9999. A moment stored as 9999-12-31 23:59 UTC has
no wall-clock time east of UTC (it would fall in the year 10000), nor 0001-01-01 00:01 UTC
west of it; converting it raises ``OverflowError`` wherever it is shown (Django's ``date``
filter and template rendering, the admin, DRF's fields, a form's initial value). So:

- every date a person types (an exam's opening and closing, a certificate's dates, a level's
  validity) must lie in ``EARLIEST`` … ``LATEST``, a day inside ``datetime``'s range, which no
  time zone's offset (at most 16 hours either way, local mean times included) can leave:
  ``validate_displayable`` refuses anything else with a message saying so;
- every page shows stored moments through ``in_zone`` (the ``when`` and ``local_date``
  template filters, the API's date-time field), which answers in UTC, with the zone named,
  the rare moment that the reader's zone cannot hold (a row stored before the range
  existed), instead of failing.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, tzinfo

from django.core.exceptions import ValidationError
from django.utils import formats, timezone, translation
from django.utils.dates import MONTHS
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from judgetrain.accounts.time_zones import display

#: The first and last moments accepted as input: a day inside ``datetime``'s range.
EARLIEST = datetime(1, 1, 2, tzinfo=UTC)
LATEST = datetime(9999, 12, 31, tzinfo=UTC) - timedelta(microseconds=1)

#: The longest a certificate can be valid for (days): 100 years.
MAX_VALIDITY_DAYS = 36_525


def displayable(value: datetime) -> bool:
    """True when every time zone can show ``value`` (a naive value is read as UTC)."""
    if timezone.is_naive(value):
        value = value.replace(tzinfo=UTC)
    try:
        moment = value.astimezone(UTC)
    except OverflowError:
        return False
    return EARLIEST <= moment <= LATEST


def validate_displayable(value: datetime | None) -> None:
    """A form, serializer or model validator: refuse a date out of ``EARLIEST``…``LATEST``."""
    if value is None or displayable(value):
        return
    raise ValidationError(
        _("Enter a date between 2 January of the year 1 and 30 December 9999."),
        code="date_out_of_range",
    )


def validate_fields_displayable(instance: object, *names: str) -> None:
    """A model's ``clean``: each named date in range, errors under the field's name."""
    errors: dict[str, ValidationError] = {}
    for name in names:
        try:
            validate_displayable(getattr(instance, name))
        except ValidationError as error:
            errors[name] = error
    if errors:
        raise ValidationError(errors)


def validate_validity_days(value: int | None) -> None:
    """A certificate's validity: at most ``MAX_VALIDITY_DAYS`` (100 years)."""
    if value is not None and value > MAX_VALIDITY_DAYS:
        raise ValidationError(
            _("Enter at most %(days)d days (100 years).") % {"days": MAX_VALIDITY_DAYS},
            code="validity_too_long",
        )


def days_after(moment: datetime, days: int) -> datetime:
    """``moment`` plus ``days``, never past ``LATEST`` (a validity stored before the limit)."""
    try:
        return min(moment + timedelta(days=days), LATEST)
    except OverflowError:
        return LATEST


def in_zone(value: datetime, zone: tzinfo | None = None) -> datetime:
    """``value`` in ``zone`` (the current one by default), or in UTC when that zone's wall
    clock would fall outside the years 1 to 9999. Naive values are returned as they are."""
    if timezone.is_naive(value):
        return value
    try:
        return timezone.localtime(value, zone)
    except OverflowError:
        return value.astimezone(UTC)


#: The one time format a person reads (24-hour, every language), then the zone's name.
TIME_FORMAT = "H:i"


def zone_name(local: datetime) -> str:
    """The name of the zone ``local`` is shown in, as a person reads it: its city and its
    offset at that moment ("São Paulo (UTC-3)", ``time_zones.display``), or "UTC"; never the
    raw IANA name ("America/Sao_Paulo") nor a bare offset such as "-03"."""
    zone = local.tzinfo
    key = getattr(zone, "key", None)
    if key:
        return display(str(key), local)
    name = local.tzname() or "UTC"
    return "UTC" if name in ("UTC", "+00", "Z") or name[:1] in "+-" else name


# Languages whose month names are written in lower case within a date ("21 de dezembro de
# 2026"), where Django's translations capitalise them.
LOWER_CASE_MONTHS = frozenset({"pt-br", "pt", "es"})


def date_text(local: date, format_name: str = "DATE_FORMAT") -> str:
    """``formats.date_format`` with the month's name in the case the language writes it."""
    text = formats.date_format(local, format_name)
    if (translation.get_language() or "").lower() not in LOWER_CASE_MONTHS:
        return text
    name = str(MONTHS[local.month])
    return text.replace(name, name.lower())


def format_moment(value: datetime, kind: str = "datetime") -> str:
    """A moment as every page shows it, in the reader's zone (``in_zone``): ``"datetime"`` is
    the language's date, the 24-hour time and the zone ("7 December 2026, 14:30
    Lisbon (UTC)"), ``"time"`` the time and zone ("14:30 Lisbon (UTC)"), ``"date"`` the
    date alone. A naive value is read as UTC."""
    if timezone.is_naive(value):
        value = value.replace(tzinfo=UTC)
    local = in_zone(value)
    if kind == "date":
        return date_text(local)
    time = f"{formats.date_format(local, TIME_FORMAT)} {zone_name(local)}"
    if kind == "time":
        return time
    return f"{date_text(local)}, {time}"


def format_date(value: datetime, format_name: str) -> str:
    """Django's ``date`` filter, in the current zone through ``in_zone``."""
    return date_text(in_zone(value), format_name)


class DateTimeField(serializers.DateTimeField):
    """DRF's date-time field, reading and writing a moment the user's zone cannot hold in
    UTC instead of failing (on input, ``validate_displayable`` then refuses it with a
    message)."""

    def enforce_timezone(self, value: datetime) -> datetime:
        try:
            return super().enforce_timezone(value)
        except serializers.ValidationError:
            if timezone.is_naive(value):
                raise
            try:
                return value.astimezone(UTC)
            except OverflowError:
                raise serializers.ValidationError(
                    self.error_messages["overflow"], code="overflow"
                ) from None
