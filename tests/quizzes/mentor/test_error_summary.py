"""A mentor's form that fails to save says so at the top of the page: an error summary
(role="alert") linking to each field in error, and "Error:" first in the title; what was
typed stays in the form (UX walk 1, #11)."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.exams.services import exams, variants
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import Review
from tests.factories import BlueprintFactory, mentor
from tests.quizzes.mentor.conftest import RIGHT, flagged_review, graded_attempt, mentored_candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def summary(html: str) -> str:
    found = re.search(r'<div class="error-summary" role="alert"[^>]*>(.*?)</div>', html, re.S)
    assert found, "no error summary"
    return found.group(1)


def links(html: str) -> list[str]:
    return re.findall(r'<a href="#([\w-]+)">', summary(html))


def title(html: str) -> str:
    found = re.search(r"<title>(.*?)</title>", html, re.S)
    assert found
    return found.group(1)


def test_an_invalid_override_is_summed_up_at_the_top_with_links_to_its_fields(client):
    found = flagged_review()
    client.force_login(found.candidate.cohorts.get().mentor)
    data = {
        "infraction-decision": "accept",
        "penalty-decision": "override",
        "penalty-percent": "150",
        "penalty-reason": "",
        "remedy-decision": "override",
        "remedy-percent": "40",
        "remedy-reason": "Resolved too late to matter.",
    }

    html = client.post(reverse("mentor-review", args=[found.pk]), data).content.decode()

    assert links(html) == ["id_penalty-percent", "id_penalty-reason"]
    assert "Penalty: Score for this part (%): " in summary(html)
    assert title(html).startswith("Error: Review a grading")
    assert html.index("error-summary") < html.index("<h1>")
    assert "Resolved too late to matter." in html  # nothing typed is lost
    assert 'value="40"' in html
    assert Review.objects.get(pk=found.pk).status == Review.Status.PENDING


def test_a_page_that_saved_nothing_wrong_has_no_summary_and_a_plain_title(client):
    found = flagged_review()
    client.force_login(found.candidate.cohorts.get().mentor)

    html = client.get(reverse("mentor-review", args=[found.pk])).content.decode()

    assert "error-summary" not in html
    assert title(html).startswith("Review a grading")


def test_upholding_an_appeal_without_a_score_points_at_the_score_field(client):
    who = mentored_candidate()[0]
    appeal = exams.appeal_create(
        item=graded_attempt(who, [RIGHT]).items.get(), comment="Please look again."
    )
    client.force_login(who.cohorts.get().mentor)
    data = {"decision": "uphold", "reason": "The remedy was right after all."}

    response = client.post(reverse("mentor-appeal", args=[appeal.pk]), data)
    html = response.content.decode()

    assert response.status_code == 400
    assert links(html) == ["id_percent"]
    assert "needs the answer&#x27;s new score" in summary(html)
    assert title(html).startswith("Error: Appeal")
    assert "The remedy was right after all." in html
    assert Appeal.objects.get(pk=appeal.pk).status == Appeal.Status.OPEN


def test_a_missing_appeal_decision_links_to_its_first_choice(client):
    who = mentored_candidate()[0]
    appeal = exams.appeal_create(
        item=graded_attempt(who, [RIGHT]).items.get(), comment="Please look again."
    )
    client.force_login(who.cohorts.get().mentor)

    html = client.post(reverse("mentor-appeal", args=[appeal.pk]), {}).content.decode()

    assert links(html) == ["id_decision_0", "id_reason"]


def test_an_assignment_that_closes_before_it_opens_is_summed_up(client):
    guide = mentor()
    _who, the_cohort = mentored_candidate()
    the_cohort.mentor = guide
    the_cohort.save()
    client.force_login(guide)
    opens = timezone.localtime() + timedelta(days=2)
    data = {
        "blueprint": BlueprintFactory().pk,
        "cohort": the_cohort.pk,
        "opens_at": opens.strftime("%Y-%m-%dT%H:%M"),
        "closes_at": (opens - timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
    }

    html = client.post(reverse("assign"), data).content.decode()

    assert links(html)
    assert title(html).startswith("Error: Assign an exam")


def test_a_bad_new_deadline_on_the_job_page_is_summed_up(client):
    guide = mentor()
    _who, the_cohort = mentored_candidate()
    the_cohort.mentor = guide
    the_cohort.save()
    now = timezone.now()
    assigned = variants.exam_assign(
        by=guide,
        blueprint=BlueprintFactory(),
        cohort=the_cohort,
        candidates=[],
        opens_at=now + timedelta(hours=1),
        closes_at=now + timedelta(days=3),
    )
    client.force_login(guide)

    url = reverse("assignment-extend", args=[assigned.job.pk])
    html = client.post(url, {"extend-closes_at": "not a date"}).content.decode()

    assert links(html) == ["id_extend-closes_at"]
    assert title(html).startswith("Error: ")


def test_a_bad_invitation_address_is_summed_up_on_the_cohort_page(client):
    _who, the_cohort = mentored_candidate()
    client.force_login(the_cohort.mentor)

    url = reverse("mentor-cohort-invite", args=[the_cohort.pk])
    html = client.post(url, {"invite-email": "not an address"}).content.decode()

    assert links(html) == ["id_invite-email"]
    assert 'value="not an address"' in html
