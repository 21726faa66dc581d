"""Dates every time zone can show: the input range and the way a stored moment is shown."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone, translation

from judgetrain import dates

LAST_MINUTE = datetime(9999, 12, 31, 23, 59, tzinfo=UTC)
FIRST_MINUTE = datetime(1, 1, 1, 0, 1, tzinfo=UTC)
EAST = zoneinfo.ZoneInfo("Pacific/Kiritimati")  # UTC+14, the furthest east
WEST = zoneinfo.ZoneInfo("America/Los_Angeles")


def test_the_last_minute_of_9999_is_shown_in_utc_east_of_utc():
    shown = dates.in_zone(LAST_MINUTE, EAST)

    assert shown == LAST_MINUTE
    assert shown.utcoffset() == timedelta(0)


def test_the_first_minute_of_year_one_is_shown_in_utc_west_of_utc():
    shown = dates.in_zone(FIRST_MINUTE, WEST)

    assert shown == FIRST_MINUTE
    assert shown.utcoffset() == timedelta(0)


def test_an_ordinary_moment_is_shown_in_the_zone():
    moment = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)

    assert dates.in_zone(moment, EAST).hour == 2  # the next day, 02:00
    with timezone.override(EAST):
        assert dates.in_zone(moment).utcoffset() == timedelta(hours=14)


def test_every_time_zone_can_show_the_first_and_last_moment_accepted():
    for name in sorted(zoneinfo.available_timezones()):
        zone = zoneinfo.ZoneInfo(name)
        assert timezone.localtime(dates.LATEST, zone).year == 9999, name
        assert timezone.localtime(dates.EARLIEST, zone).year == 1, name


@pytest.mark.parametrize(
    "value",
    [
        LAST_MINUTE,
        FIRST_MINUTE,
        datetime(1, 1, 1, 0, 0, tzinfo=zoneinfo.ZoneInfo("Asia/Tokyo")),  # year 0 in UTC
    ],
)
def test_dates_past_the_range_every_zone_can_show_are_refused(value):
    with pytest.raises(ValidationError) as refused:
        dates.validate_displayable(value)

    assert refused.value.code == "date_out_of_range"
    assert "30 December 9999" in refused.value.messages[0]


def test_a_date_every_zone_can_show_is_accepted():
    dates.validate_displayable(datetime(9999, 12, 31, 8, 0, tzinfo=EAST))  # 30 Dec, UTC
    dates.validate_displayable(dates.EARLIEST)
    dates.validate_displayable(None)


def test_a_validity_past_the_last_date_ends_on_the_last_date():
    start = datetime(2026, 1, 1, tzinfo=UTC)

    assert dates.days_after(start, 730) == start + timedelta(days=730)
    assert dates.days_after(start, 2_000_000_000) == dates.LATEST
    assert dates.days_after(start, 3_000_000) == dates.LATEST


def test_the_api_field_writes_a_moment_the_zone_cannot_hold_in_utc():
    with timezone.override(EAST):
        assert dates.DateTimeField().to_representation(LAST_MINUTE) == "9999-12-31T23:59:00Z"
        moment = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
        assert dates.DateTimeField().to_representation(moment) == "2026-05-02T02:00:00+14:00"


MOMENT = datetime(2026, 12, 7, 14, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("language", "zone", "shown"),
    [
        ("en", "Europe/Lisbon", "Dec. 7, 2026, 14:30 Lisbon (UTC)"),
        ("en", "America/Sao_Paulo", "Dec. 7, 2026, 11:30 São Paulo (UTC\u22123)"),
        ("pt-br", "America/Sao_Paulo", "7 de dezembro de 2026, 11:30 São Paulo (UTC\u22123)"),
        ("es", "America/Los_Angeles", "7 de diciembre de 2026, 06:30 Los Angeles (UTC\u22128)"),
        ("en", "UTC", "Dec. 7, 2026, 14:30 UTC"),
    ],
)
def test_a_moment_reads_in_24_hours_with_the_zones_name_never_a_bare_offset(language, zone, shown):
    """UX walk 4, #3: the zone read as its raw IANA id ("America/Sao_Paulo"); it reads as
    its city and its offset from UTC at that moment."""
    with translation.override(language), timezone.override(zoneinfo.ZoneInfo(zone)):
        text = dates.format_moment(MOMENT)

    assert text == shown
    assert "-03" not in text
    assert "/" not in text
    assert "p.m." not in text


def test_a_time_alone_reads_with_the_zones_name():
    with timezone.override(zoneinfo.ZoneInfo("Europe/Lisbon")):
        assert dates.format_moment(MOMENT, "time") == "14:30 Lisbon (UTC)"


def test_the_offset_shown_is_the_one_in_force_at_that_moment():
    summer = datetime(2026, 7, 1, 12, 0, tzinfo=UTC)
    with timezone.override(zoneinfo.ZoneInfo("Europe/Lisbon")):
        assert dates.format_moment(summer, "time") == "13:00 Lisbon (UTC+1)"
    with timezone.override(zoneinfo.ZoneInfo("Asia/Kolkata")):
        assert dates.format_moment(summer, "time") == "17:30 Kolkata (UTC+5:30)"


def test_a_moment_the_zone_cannot_hold_reads_in_utc_named():
    with timezone.override(EAST):
        assert dates.format_moment(LAST_MINUTE, "time") == "23:59 UTC"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("pt-br", "21 de dezembro de 2026, 10:30 UTC"),
        ("es", "21 de diciembre de 2026, 10:30 UTC"),
        ("en", "Dec. 21, 2026, 10:30 UTC"),
    ],
)
def test_month_names_are_in_the_case_each_language_writes_them(lang, expected):
    """UX walk 1, finding 5: "21 de Dezembro de 2026"; Portuguese writes months lower-case."""
    moment = datetime(2026, 12, 21, 10, 30, tzinfo=UTC)

    with translation.override(lang), timezone.override("UTC"):
        assert dates.format_moment(moment) == expected
