"""No e-mail carries a key (issue 25, point 2): the results and appeal e-mails to a judge whose
attempt is still sealed (its review policy has not released its keys) name the exam, the score,
the decision and a link, never the key, the explanation or the grader's feedback."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail

from quizzes import access
from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from quizzes.review.services import appeals
from quizzes.review.services.review import results_release_if_reviewed
from rulings.core.explain import labels
from tests.factories import cohort, mentor, question
from tests.quizzes.sealing import GRADED, sitting

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def test_no_mail_to_a_judge_with_a_sealed_attempt_carries_its_key():
    judge, their_mentor = mentor(), mentor()
    cohort(mentor=their_mentor, candidates=[judge])
    q = question(explanation="SEALED-EXPLANATION")
    attempt = sitting(
        judge,
        [q],
        status=GRADED,
        review_policy="after_close",
        closes_in=timedelta(days=1),
        feedback="SEALED-FEEDBACK",
    )
    attempt = Attempt.objects.select_related("assignment__blueprint", "candidate").get(
        pk=attempt.pk
    )
    assert q.pk in set(access.sealed_question_ids(judge))

    results_release_if_reviewed(attempt=attempt)
    appeal = exams.appeal_create(item=attempt.items.get(), comment="Look again.")
    appeals.appeal_decide(appeal=appeal, by=their_mentor, uphold=False, reason="Graded right.")

    names = labels("en")["id"]
    key_names = [str(names[value]) for value in (q.key_infraction, q.key_penalty, q.key_remedy)]
    assert len(mail.outbox) == 2
    for message in mail.outbox:
        text = message.subject + message.body
        assert "SEALED-" not in text
        assert [name for name in key_names if name in text] == []
