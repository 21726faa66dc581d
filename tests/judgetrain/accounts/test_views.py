import pytest
from django.urls import reverse

from tests.factories import DEFAULT_PASSWORD, CohortFactory, candidate, mentor

pytestmark = pytest.mark.django_db


def test_login_page_is_served_with_labelled_fields(client):
    response = client.get(reverse("login"))

    assert response.status_code == 200
    html = response.content.decode()
    assert '<label for="id_username">Email address</label>' in html
    assert '<label for="id_password">Password</label>' in html


def test_login_with_email_and_password_reaches_the_home_page(client):
    user = candidate(email="ana@example.com")

    response = client.post(
        reverse("login"), {"username": "ANA@example.com", "password": DEFAULT_PASSWORD}, follow=True
    )

    assert response.redirect_chain[-1][0] == reverse("home")
    assert response.context["user"] == user


def test_login_with_a_wrong_password_shows_an_error_and_stays_anonymous(client):
    candidate(email="ana@example.com")

    response = client.post(reverse("login"), {"username": "ana@example.com", "password": "nope"})

    assert response.status_code == 200
    assert 'role="alert"' in response.content.decode()
    assert not response.context["user"].is_authenticated


def test_an_anonymous_visitor_sees_what_judgetrain_is_and_how_to_log_in(client):
    response = client.get(reverse("home"))

    html = response.content.decode()
    assert response.status_code == 200
    assert "training and certification for tournament judges" in html
    assert "How to get an account" in html
    assert f'href="{reverse("login")}"' in html


def test_the_landing_page_is_translated(client):
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="es")

    assert "Cómo obtener una cuenta" in response.content.decode()


def test_a_language_picked_on_the_login_page_is_kept_after_login(client):
    user = candidate(email="ana@example.com", preferred_language="en")
    client.cookies["django_language"] = "es"

    response = client.post(
        reverse("login"), {"username": "ana@example.com", "password": DEFAULT_PASSWORD}, follow=True
    )

    user.refresh_from_db()
    assert user.preferred_language == "es"
    assert 'lang="es"' in response.content.decode()


def test_a_missing_page_has_the_site_navigation_in_the_users_language(client):
    client.force_login(candidate(preferred_language="pt-br"))

    response = client.get("/no-such-page/")

    html = response.content.decode()
    assert response.status_code == 404
    assert "Página não encontrada" in html
    assert 'class="site-header"' in html


def test_the_server_error_page_has_navigation_and_is_translated(rf):
    from django.utils import translation

    from judgetrain.views import server_error

    request = rf.get("/")
    request.user = candidate()
    with translation.override("es"):
        response = server_error(request)

    html = response.content.decode()
    assert response.status_code == 500
    assert "Algo salió mal" in html
    assert 'class="site-header"' in html


def test_the_browser_time_zone_is_stored_once_and_never_replaces_a_chosen_one(client):
    user = candidate()
    client.force_login(user)

    client.post(reverse("detected-time-zone"), {"time_zone": "America/Sao_Paulo"})
    client.post(reverse("detected-time-zone"), {"time_zone": "Europe/Madrid"})
    bad = client.post(reverse("detected-time-zone"), {"time_zone": "Mars/Olympus"})

    user.refresh_from_db()
    assert user.time_zone == "America/Sao_Paulo"
    assert bad.status_code == 400
    assert bad.json()["code"] == "invalid_time_zone"


def test_the_time_zone_is_changed_in_settings_with_a_form_error_for_a_bad_one(client):
    user = candidate()
    client.force_login(user)

    bad = client.post(reverse("account-settings"), {"time_zone": "Nowhere/Else"})
    good = client.post(reverse("account-settings"), {"time_zone": "Europe/Madrid"})

    assert bad.status_code == 400
    assert "Choose a time zone from the list." in bad.content.decode()
    assert good.status_code == 302
    user.refresh_from_db()
    assert user.time_zone == "Europe/Madrid"


def test_home_shows_a_mentor_their_cohort_with_bounded_queries(
    client, django_assert_max_num_queries
):
    guide = mentor()
    CohortFactory(name="Tuesday group", mentor=guide, candidates=[candidate() for _ in range(5)])
    CohortFactory(name="Weekend group", mentor=guide, candidates=[candidate() for _ in range(5)])
    client.force_login(guide)

    # session, user, permissions, groups; the mentor's section (reviews, appeals, cohorts with
    # their sizes); the candidate's (open exams, masteries, a practice session to resume,
    # attempts, certificates); cohorts the user belongs to
    with django_assert_max_num_queries(13):
        response = client.get(reverse("home"))

    html = response.content.decode()
    assert "Tuesday group" in html
    assert "Weekend group" in html
    assert "Mentor" in html


def test_home_shows_a_candidate_their_mentor(client):
    student = candidate()
    CohortFactory(name="Tuesday group", mentor=mentor(first_name="Marco"), candidates=[student])
    client.force_login(student)

    html = client.get(reverse("home")).content.decode()

    assert "Tuesday group, mentored by Marco" in html


def test_logout_requires_post_and_ends_the_session(client):
    client.force_login(candidate())

    assert client.get(reverse("logout")).status_code == 405
    client.post(reverse("logout"))

    assert client.get(reverse("exams")).status_code == 302
    assert "How to get an account" in client.get(reverse("home")).content.decode()


def test_preferred_language_is_saved_and_used_for_the_interface(client):
    user = candidate()
    client.force_login(user)

    response = client.post(reverse("set_language_preference"), {"language": "pt-br", "next": "/"})

    assert response.status_code == 302
    user.refresh_from_db()
    assert user.preferred_language == "pt-br"
    html = client.get(reverse("home")).content.decode()
    assert '<html lang="pt-br">' in html
    assert "Seus papéis" in html


def test_an_unsupported_language_is_refused_and_nothing_changes(client):
    user = candidate()
    client.force_login(user)

    response = client.post(reverse("set_language_preference"), {"language": "klingon"})

    assert response.status_code == 400
    user.refresh_from_db()
    assert user.preferred_language == ""


def test_language_change_never_redirects_off_site(client):
    client.force_login(candidate())

    response = client.post(
        reverse("set_language_preference"), {"language": "es", "next": "https://evil.example/"}
    )

    assert response["Location"] == "/"


def test_browser_language_is_used_when_the_user_has_no_preference(client):
    html = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="es").content.decode()

    assert '<html lang="es">' in html
    assert "Iniciar sesión" in html


def test_me_endpoint_describes_the_caller(client, django_assert_max_num_queries):
    client.force_login(mentor(email="marco@example.com"))

    with django_assert_max_num_queries(4):
        body = client.get("/api/v1/me").json()

    assert body["email"] == "marco@example.com"
    assert body["roles"] == ["mentor"]


def test_me_endpoint_needs_a_login(client):
    response = client.get("/api/v1/me")

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == 'Basic realm="JudgeTrain API"'
    assert response.json()["code"] == "not_authenticated"


def test_the_landing_and_settings_pages_use_few_queries(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):
        client.get(reverse("home"))
    client.force_login(candidate())
    with django_assert_max_num_queries(4):
        assert client.get(reverse("account-settings")).status_code == 200
