"""Walk 8, #17: once a mentor reviewed a practice grading, their grade leads the answer page
and the session summary; the grader's reading is shown as superseded."""

from __future__ import annotations

import pytest
from django.urls import reverse

from quizzes.practice.models import PracticeSession
from quizzes.practice.services import practice_answer_submit
from quizzes.review.services import review
from tests.factories import question
from tests.quizzes.mentor.conftest import HEDGED, mentored_candidate

pytestmark = pytest.mark.django_db


def reviewed_answer(*, decide: bool = True):
    who, the_cohort = mentored_candidate()
    session = PracticeSession.objects.create(user=who, size=5)
    answer = practice_answer_submit(user=who, question=question(), response=HEDGED).answer
    answer.session = session
    answer.save(update_fields=["session"])
    if decide:
        found = answer.review
        decisions = {p: review.PartDecision(override=True, percent=100, reason="Right.")
                     for p in review.review_parts(found)}  # fmt: skip
        review.review_decide(review=found, by=the_cohort.mentor, decisions=decisions)
    answer.refresh_from_db()
    return who, answer, session


def test_the_mentors_grade_leads_the_practice_answer_page(client):
    who, answer, _session = reviewed_answer()
    grader = round(answer.score * 100)
    client.force_login(who)

    html = client.get(reverse("practice-feedback", args=[answer.pk])).content.decode()

    assert "Your score: 100%" in html
    assert f"Grader's reading: {grader}%, changed by your mentor." in html
    assert "A mentor will review this grading" not in html
    assert "A mentor will check it" not in html
    assert 'class="part bad"' not in html


def test_a_pending_review_still_says_a_mentor_will_review(client):
    who, answer, _session = reviewed_answer(decide=False)
    client.force_login(who)

    html = client.get(reverse("practice-feedback", args=[answer.pk])).content.decode()

    assert f"Your score: {round(answer.score * 100)}%" in html
    assert "changed by your mentor" not in html


def test_the_session_summary_counts_the_mentors_grade(client, django_assert_max_num_queries):
    who, answer, session = reviewed_answer()
    session.ended_at = answer.answered_at
    client.force_login(who)

    from quizzes.practice.services import practice_session_summary

    with django_assert_max_num_queries(3):
        summary = practice_session_summary(session=session)

    assert summary.overall.score == 1.0
    assert all(tally.right == tally.answered for tally in summary.parts.values())
