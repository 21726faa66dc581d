"""The mentor sees why the grader doubted a part (its named doubt, `PartGrade.doubt`) beside
the part's evidence on the review page and in the queue, in the mentor's language."""

import pytest
from django.urls import reverse

from quizzes.review.models.review import Review
from tests.quizzes.mentor.conftest import REWIND, graded_attempt, mentored_candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

SAID = {
    "en": ("Why the grader doubts it", "The answer names a rewind without saying how far back."),
    "es": (
        "Por qué duda el calificador",
        "La respuesta nombra un retroceso sin decir hasta dónde.",
    ),
}


def doubted_review() -> Review:
    who, _ = mentored_candidate()
    attempt = graded_attempt(who, [REWIND])
    found = Review.objects.get(item__attempt=attempt)
    assert found.item is not None
    assert found.item.grade is not None
    assert found.item.grade["parts"]["remedy"]["doubt"] == "rewind_length_unsaid"
    return found


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_review_page_says_why_the_grader_doubts_a_part_beside_its_evidence(client, language):
    found = doubted_review()
    client.force_login(found.candidate.cohorts.get().mentor)

    page = client.get(
        reverse("mentor-review", args=[found.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()

    label, sentence = SAID[language]
    evidence = page.split('<table class="grade">', 1)[1].split("</table>", 1)[0]
    assert f'<span class="meta doubt">{label}: {sentence}</span>' in evidence
    assert evidence.count('class="meta doubt"') == 1  # the remedy only
    assert "rewind_length_unsaid" not in page


def test_the_queue_marks_the_part_the_grader_doubts(client):
    found = doubted_review()
    client.force_login(found.candidate.cohorts.get().mentor)

    queue = client.get(reverse("mentor-reviews"), HTTP_ACCEPT_LANGUAGE="es").content.decode()

    label, sentence = SAID["es"]
    assert f'<span class="doubt">{label}: {sentence}</span>' in queue
    assert "rewind_length_unsaid" not in queue


def test_the_mentor_api_gives_each_parts_doubt_beside_its_rule(client):
    found = doubted_review()
    client.force_login(found.candidate.cohorts.get().mentor)

    parts = client.get(f"/api/v1/mentor/reviews/{found.pk}").json()["grade"]["parts"]

    assert {name: part["doubt"] for name, part in parts.items()} == {
        "infraction": "",
        "penalty": "",
        "remedy": "rewind_length_unsaid",
    }
    assert parts["remedy"]["rule"] == "one_claim"
