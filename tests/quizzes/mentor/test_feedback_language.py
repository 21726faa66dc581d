"""The grader's feedback on a mentor's or the committee's page is in the page's language and
labelled as what the candidate reads (walk 3, #21: a mentor reading in Spanish got the
attempt's English sentences, in the second person, unlabelled)."""

import pytest
from django.urls import reverse

from quizzes.exams.services import exams
from quizzes.grading import feedback_in
from quizzes.languages import content_language
from tests.quizzes.mentor.conftest import graded_attempt, mentored_candidate

pytestmark = pytest.mark.django_db

WRONG_PENALTY = "Missed trigger, a warning, the opponent chooses to resolve or skip it"


@pytest.mark.parametrize("lang", ["pt-br", "es"])
def test_the_appeal_page_shows_the_feedback_in_the_pages_language(client, lang):
    who, the_cohort = mentored_candidate()
    attempt = graded_attempt(who, [WRONG_PENALTY])
    item = attempt.items.get()
    appeal = exams.appeal_create(item=item, comment="Please look again.")
    english = item.grade["feedback"]
    the_mentor = the_cohort.mentor
    the_mentor.preferred_language = lang
    the_mentor.save(update_fields=["preferred_language"])
    client.force_login(the_mentor)

    page = client.get(reverse("mentor-appeal", args=[appeal.pk])).content.decode()

    translated = feedback_in(item.question, item.grade, content_language(lang))
    assert translated != english
    assert english not in page
    assert translated.split(".")[0] in page.replace("&#x27;", "'")
