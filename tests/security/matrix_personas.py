"""Staff in the middle of an exam (issue 25, point 2), for the authorization matrix.

Each persona holds a staff role *and* sits an exam: an attempt in progress holding the world's
questions that the routes address (the bank question, the reviewed and appealed answers'
questions, the corrected question), and a graded attempt whose review policy ("after the exam
closes") has not released its keys, with answers of their own flagged for review and appealed.
Every one of those questions is sealed for them (``quizzes.access.sealed_question_ids``).

Unique markers are planted in the sealed questions' explanations, key texts and citations and
in the grades' feedback: no response to a persona may contain one. A route addressing a sealed
question refuses the persona (404 as for a question that does not exist, or the route's own
convention); every other route answers the persona as it answers their staff role, except
where ``PERSONA_OVERRIDES`` says why not.

Kept apart from ``test_authorization_matrix`` so branches adding routes merge easily.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from judgetrain.accounts.models import User
from judgetrain.accounts.roles import Role
from quizzes.bank.models.questions import Question, QuestionKind
from quizzes.exams.models.exams import AttemptItem
from quizzes.exams.services import exams
from quizzes.practice.models import PracticeAnswer
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import AuditEntry, QuestionCorrection, Review
from tests.factories import cohort, mentor, question, user
from tests.quizzes.sealing import GRADED, sitting

# Each persona and the staff role whose expectations it keeps unless overridden.
PERSONAS = {
    "mentor_in_exam": "mentor",  # mentors a cohort holding the candidate, and themself
    "committee_in_exam": "committee",  # also a candidate, so they can sit the exam
    "admin_in_exam": "admin",  # a superuser
}

SEALED_MARKER = re.compile(rb"SEALED-(?:EXPLANATION|KEY|CITE|FEEDBACK)-\d+")


@dataclass
class PersonaWorld:
    sealed: list[int]  # every question sealed for every persona
    rows: dict[str, list[int]]  # admin model name: rows about a sealed question


def _sealed_questions(world: Any) -> list[Question]:
    correction = QuestionCorrection.objects.select_related("question").get(pk=world.correction)
    questions = {
        q.pk: q
        for q in (
            world.question,
            world.review.item.question,
            world.appeal.item.question,
            world.decided.item.question,
            correction.question,
        )
    }
    return list(questions.values())


def _plant_markers(question_ids: list[int]) -> None:
    """Markers in every sealed question's key, explanation and citations, and in the feedback
    of every grade of an answer to one."""
    for q in Question.objects.filter(pk__in=question_ids):
        q.explanation = f"SEALED-EXPLANATION-{q.pk}"
        ruling = q.ruling
        for step in (
            *ruling.get("explanation", ()),
            *ruling.get("penalty", {}).get("steps", ()),
            *ruling.get("remedy", ()),
        ):
            step["citation"] = f"SEALED-CITE-{q.pk}"
        q.ruling = ruling
        if q.kind == QuestionKind.FREE_FORM:  # its key_detail plays no part in grading
            q.key_detail = {**q.key_detail, "key_text": f"SEALED-KEY-{q.pk}"}
        q.save(update_fields=["explanation", "ruling", "key_detail"])
    for model in (AttemptItem, PracticeAnswer):
        for answer in model.objects.filter(question_id__in=question_ids, grade__isnull=False):
            grade = dict(answer.grade or {})
            answer.grade = {**grade, "feedback": f"SEALED-FEEDBACK-{answer.question_id}"}
            answer.save(update_fields=["grade"])


def exam_personas(world: Any) -> PersonaWorld:
    """Adds the personas to ``world.users``; returns what the persona checks need."""
    student = world.users["candidate"]
    mentor_in_exam = mentor()
    cohort(mentor=mentor_in_exam, candidates=[student, mentor_in_exam])
    people: dict[str, User] = {
        "mentor_in_exam": mentor_in_exam,
        "committee_in_exam": user(Role.COMMITTEE, Role.CANDIDATE, is_staff=True),
        "admin_in_exam": User.objects.create_superuser(
            email="root-in-exam@example.com", password="x" * 20
        ),
    }
    shared = _sealed_questions(world)
    own = [question(), question()]  # each persona's graded answers: the same questions
    sealed = [q.pk for q in (*shared, *own)]
    for person in people.values():
        sitting(person, shared)  # in progress
        graded = sitting(
            person,
            own,
            status=GRADED,
            review_policy="after_close",
            closes_in=timedelta(days=1),
            flagged=True,  # their own answers, in their own review queue
        )
        exams.appeal_create(item=graded.items.get(position=2), comment="Look again.")
    world.users.update(people)
    _plant_markers(sealed)
    items = AttemptItem.objects.filter(question_id__in=sealed)
    rows = {
        "question": sealed,
        "attemptitem": list(items.values_list("pk", flat=True)),
        "attempt": sorted(set(items.values_list("attempt_id", flat=True))),
        "practiceanswer": [world.answer.pk],
        "review": list(Review.objects.filter(item__in=items).values_list("pk", flat=True)),
        "appeal": list(Appeal.objects.filter(item__in=items).values_list("pk", flat=True)),
        "questionreport": [world.committee.report.pk] if world.committee else [],
        "questioncorrection": [world.correction],
        "auditentry": list(
            AuditEntry.objects.filter(question_id__in=sealed).values_list("pk", flat=True)
        ),
    }
    return PersonaWorld(sealed=sealed, rows=rows)


def personas_like(**statuses: int) -> dict[str, int]:
    """One status for each persona named (``mentor=``, ``committee=``, ``admin=``)."""
    return {f"{role}_in_exam": status for role, status in statuses.items()}


EVERY_PERSONA = {"mentor": 404, "committee": 404, "admin": 404}

# Where a persona is answered otherwise than their staff role, and why.
PERSONA_OVERRIDES: dict[str, dict[str, int]] = {
    # --- routes addressing a question sealed for them: refused, as an unknown id ----------
    "api-question-detail": personas_like(**EVERY_PERSONA),
    "api-grading-grade": personas_like(mentor=400, committee=400, admin=400),  # as an unknown id
    "api-practice-answers": personas_like(**EVERY_PERSONA),
    "practice-question": personas_like(**EVERY_PERSONA),
    "practice-answer": personas_like(**EVERY_PERSONA),
    "question-report": personas_like(**EVERY_PERSONA),
    "api-question-report": personas_like(**EVERY_PERSONA),
    "mentor-review": personas_like(**EVERY_PERSONA),
    "mentor-reviews-accept": personas_like(**EVERY_PERSONA),  # a sealed review: as unknown
    "api-mentor-review": personas_like(**EVERY_PERSONA),
    "api-mentor-review-decide": personas_like(**EVERY_PERSONA),
    "mentor-appeal": personas_like(**EVERY_PERSONA),
    "api-mentor-appeal-decide": personas_like(**EVERY_PERSONA),
    "mentor-correction": personas_like(committee=404, admin=404),  # mentors: 403 as ever
    "committee-report-decide": personas_like(committee=404, admin=404),
    "api-committee-report-decision": personas_like(committee=404, admin=404),
    "whatif-practice": personas_like(**EVERY_PERSONA),  # the practice answer's question
    "whatif-practice-fact": personas_like(**EVERY_PERSONA),
    # --- the committee persona also holds the candidate role (to sit the exam): it may
    # practise, and the candidate's own attempts answer it 404 like any other caller's ------
    "api-practice-next": personas_like(committee=200),
    "api-practice-mastery": personas_like(committee=200),
    "practice": personas_like(committee=200),
    "practice-next": personas_like(committee=302),
    "practice-feedback": personas_like(committee=404),
    "practice-sessions": personas_like(committee=303),
    "practice-session": personas_like(committee=404),
    "practice-session POST": personas_like(committee=404),
    "api-practice-sessions": personas_like(committee=201),
    "api-practice-session": personas_like(committee=404),
    "api-assignment-list": personas_like(committee=200),
    "api-attempt-list": personas_like(committee=200),
    "api-attempt-detail": personas_like(committee=404),
    "api-attempt-items": personas_like(committee=404),
    "api-attempt-item": personas_like(committee=404),
    "api-attempt-item-flag": personas_like(committee=404),
    "api-attempt-submit": personas_like(committee=404),
    "api-attempt-result": personas_like(committee=404),
    "api-attempt-appeal": personas_like(committee=404),
    "api-attempt-appeal-contest": personas_like(committee=404),
    "exams": personas_like(committee=200),
    "exam-start": personas_like(committee=404),
    "exam-start GET": personas_like(committee=404),
    "exam-attempt": personas_like(committee=404),
    "exam-save": personas_like(committee=404),
    "exam-flag": personas_like(committee=404),
    "exam-submit": personas_like(committee=404),
    "exam-submit GET": personas_like(committee=404),
    "exam-result": personas_like(committee=404),
    "exam-appeal": personas_like(committee=404),
    "exam-appeal-contest": personas_like(committee=404),
    # --- the mentor persona mentors another cohort than the world's: its pages and
    # assignments answer it as another mentor's ----------------------------------------------
    "mentor-cohort": personas_like(mentor=404),
    "mentor-cohort-invite": personas_like(mentor=404),
    "mentor-cohort-remove": personas_like(mentor=404),
    "mentor-cohort-restore": personas_like(mentor=404),
    "api-mentor-cohort-progress": personas_like(mentor=404),
    "api-assignment-list POST": personas_like(mentor=400),
    "assign": personas_like(mentor=400),
}


def persona_expected(name: str, expected: dict[str, int]) -> dict[str, int]:
    """What each persona gets from the route ``name`` whose roles get ``expected``."""
    statuses = {persona: expected[role] for persona, role in PERSONAS.items()}
    return statuses | PERSONA_OVERRIDES.get(name, {})


def sealed_detail_in(body: bytes) -> list[bytes]:
    """The markers of sealed keys, explanations and grades a response body shows."""
    return SEALED_MARKER.findall(body)
