"""403 and 404 pages in the site's layout and the user's language, with a way home, with
DEBUG on (as under `make run`) as well as off (UX walk 1, findings 19 and 34: a bare English
"403 Forbidden" and Django's technical 404 listing the URL patterns)."""

import pytest
from django.urls import reverse

from tests.factories import candidate, mentor

pytestmark = pytest.mark.django_db


@pytest.fixture(params=[True, False], ids=["debug", "production"])
def debug(request, settings):
    settings.DEBUG = request.param
    return request.param


def test_a_page_for_mentors_tells_a_candidate_so_in_their_language(client, debug):
    client.force_login(candidate(preferred_language="pt-br"))

    response = client.get("/mentor/")

    html = response.content.decode()
    assert response.status_code == 403
    assert '<html lang="pt-br">' in html
    assert 'class="site-header"' in html
    assert f'href="{reverse("home")}"' in html
    assert "Esta página é para mentores." in html


@pytest.mark.parametrize("path", ["/mentor/workbench/proposals/", "/mentor/committee/appeals/"])
def test_a_committee_page_among_the_mentors_tells_a_mentor_it_is_the_committees(
    client, debug, path
):
    """Walk 4, #7: "This page is for mentors", to a mentor."""
    client.force_login(mentor())

    html = client.get(path).content.decode()

    assert "This page is for the certification committee." in html
    assert "This page is for mentors." not in html


def test_a_missing_attempt_shows_the_sites_404_page_not_the_url_patterns(client, debug):
    client.force_login(candidate())

    response = client.get("/exams/attempts/999/result")

    html = response.content.decode()
    assert response.status_code == 404
    assert "Page not found" in html
    assert 'class="site-header"' in html
    assert "URLconf" not in html


def test_an_unknown_certificate_code_says_no_certificate_matches_and_how_to_check(client, debug):
    response = client.get(reverse("certificate-verify", args=["NOPE123"]))

    html = response.content.decode()
    assert response.status_code == 404
    assert "No certificate matches this code" in html
    assert "NOPE123" in html
    assert "Verify at:" in html


def test_an_unknown_api_route_stays_json(client):
    client.force_login(candidate())

    response = client.get("/api/v1/no-such-thing")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
