"""One error model: every service refusal is an ApplicationError, mapped once for the API (the
exception handler) and once for pages (quizzes.common.refusals, ErrorPagesMiddleware)."""

import importlib
import inspect
import pkgutil
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

import quizzes
from judgetrain.api_errors import application_error_body
from judgetrain.errors import ApplicationError, Conflict, Forbidden, NotFound, Problem
from judgetrain.middleware import ErrorPagesMiddleware
from quizzes.certification.models import Certificate, CertificationLevel
from quizzes.certification.services import certification
from quizzes.cohorts import services as cohorts
from tests.factories import candidate, cohort, committee_member

SERVICE_MODULES = [
    *(
        found.name
        for found in pkgutil.walk_packages(quizzes.__path__, "quizzes.")
        if {"services", "selectors"} & set(found.name.split(".")) and not found.ispkg
    ),
    "quizzes.common.notifications",
    "quizzes.selectors",
    "quizzes.selectors_home",
    "judgetrain.accounts.services",
]


def _exceptions_defined_in(name):
    module = importlib.import_module(name)
    return [
        cls
        for cls_name, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, BaseException)
        and cls.__module__ == name
        and not cls_name.startswith("_")  # private control flow (appeals._Rollback)
    ]


def test_every_service_exception_is_an_application_error():
    found = [cls for name in SERVICE_MODULES for cls in _exceptions_defined_in(name)]
    outside = [
        f"{cls.__module__}.{cls.__qualname__}"
        for cls in found
        if not issubclass(cls, ApplicationError)
    ]

    assert len(found) > 20  # the scan sees the services' errors
    assert outside == []


@pytest.mark.parametrize(
    ("cls", "status", "code"),
    [(ApplicationError, 400, "invalid"), (NotFound, 404, "not_found"),
     (Forbidden, 403, "permission_denied"), (Conflict, 409, "conflict")],
)  # fmt: skip
def test_each_kind_of_error_has_its_status_and_default_code(cls, status, code):
    error = cls("Refused.")
    assert (error.status, error.code, str(error)) == (status, code, "Refused.")


def test_the_body_names_every_problem_under_its_field_as_the_view_calls_it():
    error = ApplicationError(
        "Opens in the past.",
        code="opens_in_past",
        field="opens_at",
        also=[Problem("Too many.", "too_many_attempts", "max_attempts"), Problem("All.", "x")],
    )
    view = SimpleNamespace(error_fields={"max_attempts": "attempts_allowed"})

    assert application_error_body(error, view) == {
        "detail": "Opens in the past.",
        "code": "opens_in_past",
        "opens_at": ["Opens in the past."],
        "attempts_allowed": ["Too many."],
        "non_field_errors": ["All."],
    }


def test_an_error_without_a_field_answers_detail_and_code_and_its_payload():
    class Stale(Conflict):
        code = "stale"

        def payload(self):
            return {"revision": 3}

    assert application_error_body(Stale("Changed.")) == {
        "detail": "Changed.",
        "code": "stale",
        "revision": 3,
    }


@pytest.mark.django_db
def test_a_service_refusal_answers_the_documented_body_and_status_in_the_api(monkeypatch):
    level = CertificationLevel.objects.create(name="L", game="riftbound")
    certificate = Certificate.objects.create(
        candidate=candidate(), level=level, expires_at=timezone.now() + timedelta(days=30)
    )

    def refuse(**kwargs):
        raise certification.CertificationError("Not now.", code="cannot_renew")

    monkeypatch.setattr(certification, "certificate_renew", refuse)
    client = APIClient()
    client.force_authenticate(committee_member())

    response = client.post(reverse("api-committee-certificate-renew", args=[certificate.pk]))

    assert response.status_code == 400
    assert response.json() == {"detail": "Not now.", "code": "cannot_renew"}


@pytest.mark.django_db
def test_a_conflict_answers_409_with_its_code(monkeypatch):
    level = CertificationLevel.objects.create(name="L", game="riftbound")
    certificate = Certificate.objects.create(
        candidate=candidate(), level=level, expires_at=timezone.now() + timedelta(days=30)
    )

    class Late(certification.CertificationError, Conflict):
        code = "late"

    def refuse(**kwargs):
        raise Late("Too late.")

    monkeypatch.setattr(certification, "certificate_renew", refuse)
    client = APIClient()
    client.force_authenticate(committee_member())

    response = client.post(reverse("api-committee-certificate-renew", args=[certificate.pk]))

    assert response.status_code == 409
    assert response.json() == {"detail": "Too late.", "code": "late"}


@pytest.mark.django_db
def test_a_service_refusal_shows_its_message_on_the_page_with_the_input_kept(client, monkeypatch):
    the_cohort = cohort()
    client.force_login(the_cohort.mentor)

    def refuse(**kwargs):
        raise cohorts.CohortError("This address is refused here.", field="email")

    monkeypatch.setattr(cohorts, "invitation_create", refuse)

    response = client.post(
        reverse("mentor-cohort-invite", args=[the_cohort.pk]),
        {"invite-email": "someone@example.com"},
    )

    page = response.content.decode()
    assert response.status_code == 400
    assert "This address is refused here." in page
    assert 'value="someone@example.com"' in page


@pytest.mark.parametrize(
    ("error", "status"),
    [(NotFound("No such thing."), 404), (Forbidden("Not yours."), 403),
     (ApplicationError("Refused."), 400)],
)  # fmt: skip
@pytest.mark.django_db
def test_an_error_no_page_handles_answers_the_site_page_of_its_status(error, status):
    request = RequestFactory().get("/somewhere/")
    request.user = candidate()
    request.session = {}

    response = ErrorPagesMiddleware(lambda r: None).process_exception(request, error)

    assert response is not None
    assert response.status_code == status
