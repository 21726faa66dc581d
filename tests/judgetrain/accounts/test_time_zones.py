"""The time zone picker: a text input with suggestions (a datalist) that works without
JavaScript, common zones first, regions translated, what a person types matched leniently,
and a clear error for anything else (issue 29: a raw list of about 600 names, no search)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from judgetrain.accounts import time_zones
from tests.factories import candidate


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Europe/Lisbon", "Europe/Lisbon"),
        ("europe/lisbon", "Europe/Lisbon"),
        ("America/Sao Paulo", "America/Sao_Paulo"),
        ("Lisbon", "Europe/Lisbon"),
        ("  sao paulo ", "America/Sao_Paulo"),
        ("Buenos Aires", "America/Argentina/Buenos_Aires"),
        ("Sao Paulo — Americas", "America/Sao_Paulo"),
        ("UTC", "UTC"),
    ],
)
def test_what_a_person_types_is_matched_to_its_zone(typed, name):
    assert time_zones.match(typed) == name


@pytest.mark.parametrize("typed", ["", "Mars/Olympus", "Nowhere", "Lisbo", "+03:00"])
def test_what_is_no_zone_is_not_matched(typed):
    assert time_zones.match(typed) is None


def test_the_suggestions_put_the_current_zone_then_the_common_ones_first():
    names = [zone.name for zone in time_zones.choices("Asia/Kolkata")]

    assert names[0] == "Asia/Kolkata"
    assert names[1 : 1 + len(time_zones.COMMON)] == list(time_zones.COMMON)
    assert len(names) == len(set(names))  # each once
    assert "Europe/Lisbon" in names
    assert not any(name.startswith(("posix/", "right/", "US/")) for name in names)


def test_the_regions_are_named_in_the_pages_language():
    with translation.override("pt-br"):
        assert time_zones.zone("America/Sao_Paulo").label == "São Paulo — Américas"
    with translation.override("es"):
        assert time_zones.zone("Europe/Madrid").label == "Madrid — Europa"


@pytest.mark.django_db
def test_the_settings_page_offers_a_searchable_input_with_suggestions(client):
    user = candidate()
    user.time_zone = "Europe/Lisbon"
    user.save(update_fields=["time_zone"])
    client.force_login(user)

    html = client.get(reverse("account-settings")).content.decode()

    assert 'list="time-zone-list"' in html
    assert 'value="Europe/Lisbon"' in html
    datalist = html[html.index('<datalist id="time-zone-list">') :]
    assert datalist.index('"Europe/Lisbon"') < datalist.index('"America/Sao_Paulo"')
    assert '<option value="America/Sao_Paulo">São Paulo — Americas</option>' in datalist
    assert 'id="detected-zone" hidden' in html  # shown by site.js only


@pytest.mark.django_db
def test_a_zone_typed_without_javascript_is_saved_as_its_name(client):
    user = candidate()
    client.force_login(user)

    response = client.post(reverse("account-settings"), {"time_zone": "sao paulo"})

    assert response.status_code == 302
    user.refresh_from_db()
    assert user.time_zone == "America/Sao_Paulo"


@pytest.mark.django_db
def test_a_zone_not_known_is_a_clear_error_that_keeps_what_was_typed(client):
    client.force_login(candidate())
    client.cookies["django_language"] = "es"

    response = client.post(reverse("account-settings"), {"time_zone": "Lisbo"})

    html = response.content.decode()
    assert response.status_code == 400
    assert 'value="Lisbo"' in html
    assert "Lisbo" in html[html.index('class="error"') :]
    assert "Europe/Lisbon" in html  # the example and the suggestions


@pytest.mark.parametrize(
    ("typed", "lang", "expected"),
    [
        ("São Paulo", "en", "America/Sao_Paulo"),
        ("são paulo", "pt-br", "America/Sao_Paulo"),
        ("Américas/São Paulo", "pt-br", "America/Sao_Paulo"),
        ("São Paulo — Américas", "pt-br", "America/Sao_Paulo"),
        ("Bogotá", "es", "America/Bogota"),
        ("Europa/Madrid", "es", "Europe/Madrid"),
    ],
)
def test_a_city_with_its_accents_or_a_translated_region_is_understood(typed, lang, expected):
    """UX walk 1, finding 10: "São Paulo", as the city is written, was "not a time zone we
    know"; only "Sao Paulo" matched."""
    with translation.override(lang):
        assert time_zones.match(typed) == expected


def test_the_list_spells_the_city_as_people_write_it_with_the_region_translated():
    with translation.override("pt-br"):
        assert time_zones.zone("America/Sao_Paulo").label == "São Paulo — Américas"
