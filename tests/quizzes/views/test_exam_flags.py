"""Flag-for-review on the exam page: a form button that works without JavaScript, kept on the
server so a reload or a second device shows the flags in the navigator and the summary."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.exams.services import exams
from tests.factories import assignment, candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


@pytest.fixture
def attempt(client):
    student = candidate()
    client.force_login(student)
    return exams.attempt_start(assignment=assignment(candidate=student), language="en")


def flag_url(attempt, position=2):
    return reverse("exam-flag", args=[attempt.pk, position])


def page_form(attempt, **extra):
    """What the attempt page posts: every answer and revision, every flag revision."""
    data = {}
    for item in attempt.items.all():
        data[f"revision-{item.position}"] = str(item.revision)
        data[f"flag-revision-{item.position}"] = str(item.flag_revision)
    data.update(extra)
    return data


def nav_state(html, position):
    """The navigator link's classes and the state it reads out, e.g. ("answered", ", answered")."""
    start = html.index(f'id="nav-{position}"')
    link = html[html.rindex("<a", 0, start) : html.index("</a>", start)]
    classes = " ".join(link.split('class="')[1].split('"')[0].split())
    return classes, link.split('class="visually-hidden nav-state">')[1].split("</span>")[0]


def test_the_flag_button_saves_the_pages_answers_and_flags_the_question(client, attempt):
    response = client.post(
        flag_url(attempt), page_form(attempt, **{"item-1": "Missed trigger", "flagged": "1"})
    )

    assert response.status_code == 302
    assert response["Location"] == f"{reverse('exam-attempt', args=[attempt.pk])}#q2"
    item = attempt.items.get(position=2)
    assert (item.flagged, item.flag_revision) == (True, 1)
    assert attempt.items.get(position=1).response == "Missed trigger"  # nothing typed is lost
    html = client.get(response["Location"]).content.decode()
    assert "question 2 is flagged for review" in html
    assert nav_state(html, 2) == ("flagged", ", unanswered, flagged for review")
    assert nav_state(html, 1) == ("answered", ", answered")
    assert 'value="0" data-flagged="true"' in html  # pressing it again removes the flag
    fieldset = html[html.index('id="q2"') : html.index('id="q3"')]
    assert '<span class="flag-label">Remove flag</span>' in fieldset


def test_flags_set_on_another_device_show_on_the_page(client, attempt):
    item = attempt.items.get(position=3)
    item.attempt = attempt
    exams.attempt_item_flag(item=item, flagged=True, base_revision=0)

    html = client.get(reverse("exam-attempt", args=[attempt.pk])).content.decode()

    assert html.count('data-flagged="true"') == 1
    assert html.count('<span class="flag-label">Remove flag</span>') == 1
    unflagged = attempt.items.count() - 1
    assert html.count('<span class="flag-label">Flag for review</span>') == unflagged
    assert 'name="flag-revision-3" value="1"' in html
    assert nav_state(html, 3) == ("flagged", ", unanswered, flagged for review")


def test_the_flag_button_removes_a_flag(client, attempt):
    client.post(flag_url(attempt), page_form(attempt, flagged="1"))

    client.post(flag_url(attempt), page_form(attempt, flagged="0"))

    item = attempt.items.get(position=2)
    assert (item.flagged, item.flag_revision) == (False, 2)


def test_a_flag_changed_elsewhere_is_a_409_that_shows_the_saved_flag(client, attempt):
    stale = page_form(attempt, flagged="1")
    client.post(flag_url(attempt), page_form(attempt, flagged="1"))  # another tab flags
    client.post(flag_url(attempt), page_form(attempt, flagged="0"))  # and removes it

    response = client.post(flag_url(attempt), stale)

    assert response.status_code == 409
    html = response.content.decode()
    assert "This flag was changed in another tab" in html
    assert 'name="flag-revision-2" value="2"' in html
    assert not attempt.items.get(position=2).flagged


@pytest.mark.parametrize(
    "change",
    [
        {"flagged": "maybe"},
        {"flagged": ""},
        {"flag-revision-2": "x"},
        {"flag-revision-2": "-1"},
    ],
)
def test_a_bad_flag_post_is_a_clear_400_and_saves_nothing(client, attempt, change):
    data = page_form(attempt, **{"item-1": "not saved", "flagged": "1"})
    data.update(change)

    response = client.post(flag_url(attempt), data)

    assert response.status_code == 400
    assert "reload it before flagging" in response.content.decode()
    assert not AttemptItem.objects.filter(flagged=True).exists()
    assert attempt.items.get(position=1).response == ""


def test_a_flag_without_its_revision_is_a_400(client, attempt):
    data = page_form(attempt, flagged="1")
    del data["flag-revision-2"]

    response = client.post(flag_url(attempt), data)

    assert response.status_code == 400
    assert not AttemptItem.objects.filter(flagged=True).exists()


def test_a_flag_after_the_deadline_goes_to_the_result_and_saves_nothing(client, attempt):
    Attempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    response = client.post(flag_url(attempt), page_form(attempt, flagged="1"), follow=True)

    assert response.redirect_chain[-1][0] == reverse("exam-result", args=[attempt.pk])
    assert "The time for this exam is over" in response.content.decode()
    assert not AttemptItem.objects.filter(flagged=True).exists()


def test_another_candidate_cannot_flag_the_attempt(client, attempt):
    client.force_login(candidate())

    response = client.post(flag_url(attempt), page_form(attempt, flagged="1"))

    assert response.status_code == 404
    assert not AttemptItem.objects.filter(flagged=True).exists()


def test_the_flag_button_takes_a_bounded_number_of_queries(
    client, attempt, django_assert_max_num_queries
):
    data = page_form(attempt, **{"item-1": "Missed trigger", "flagged": "1"})

    # Session, user, permissions (2), attempt, item, the page's items (2); saving the page's
    # answers (locks, one write per changed answer) and the flag (locks, one write).
    with django_assert_max_num_queries(18):
        response = client.post(flag_url(attempt), data)

    assert response.status_code == 302
