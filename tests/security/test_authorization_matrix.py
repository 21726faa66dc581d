"""Who may do what: every URL and API route, for every kind of caller, with the status each gets.

The route list comes from the URL resolver, so a new route without an entry here fails
``test_every_route_has_a_matrix_entry``. A route whose methods answer different callers has an
entry per method, the others named ``"<route> <METHOD>"``. Each request runs in a savepoint
rolled back after it, so one caller's write never changes what the next caller sees. Every
answer the matrix gets must also say ``Cache-Control: no-store``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from http.cookies import SimpleCookie
from typing import Any

import pytest
from django.conf import settings
from django.contrib import admin
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from judgetrain.accounts.models import User
from quizzes.bank.models.questions import Question
from quizzes.cohorts import services as cohorts
from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from quizzes.practice.models import PracticeAnswer, PracticeSession
from quizzes.practice.services import (
    PracticeFilters,
    practice_answer_submit,
    practice_session_start,
)
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import QuestionCorrection, Review
from quizzes.review.services import appeals, review
from rulings.core import questions as generator
from tests.built_once import built_once
from tests.factories import (
    TREASURE_HUNTER_SITUATION,
    BlueprintFactory,
    assignment,
    candidate,
    cohort,
    committee_member,
    mentor,
    question,
)
from tests.page_shape import page_shape_faults
from tests.quizzes.mentor.conftest import HEDGED, RIGHT, graded_attempt
from tests.security.matrix_certificates import certificate_matrix
from tests.security.matrix_committee import (
    COMMITTEE_ADMIN_MODELS,
    CommitteeWorld,
    committee_matrix,
    committee_world,
)
from tests.security.matrix_personas import (
    PERSONA_OVERRIDES,
    PERSONAS,
    PersonaWorld,
    exam_personas,
    persona_expected,
    sealed_detail_in,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

ROLES = (
    "anonymous",
    "candidate",
    "other_candidate",
    "mentor",
    "other_mentor",
    "committee",
    "admin",
)


@dataclass
class World:
    users: dict[str, User | None]
    attempt: Attempt  # the candidate's, in progress
    graded: Attempt  # the candidate's, graded, review immediately
    fresh_assignment: int  # the candidate's, not started
    question: Question
    answer: PracticeAnswer  # the candidate's practice answer
    session: PracticeSession  # the candidate's practice session, showing the bank question
    cohort: int  # the candidate's cohort (the mentor's)
    review: Review  # a flagged grading of the candidate's exam answer
    appeal: Appeal  # open: waiting for the mentor
    decided: Appeal  # rejected by the mentor: the candidate may contest it
    correction: int  # a committee key correction
    token: str  # an invitation to the candidate's cohort for a new address
    committee: CommitteeWorld | None = None  # built by committee_world
    personas: PersonaWorld | None = None  # staff sitting an exam: built by exam_personas
    sessions: dict[str, str] = field(default_factory=dict)  # each caller's: _sign_in_everyone


def _world() -> World:
    student = candidate()
    other = candidate()
    their_mentor = mentor()
    their_cohort = cohort(mentor=their_mentor, candidates=[student])
    other_mentor = mentor()
    cohort(mentor=other_mentor, candidates=[other])
    bank_question = question()
    attempt = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    graded = exams.attempt_start(assignment=assignment(candidate=student), language="en")
    exams.attempt_submit(attempt=graded, responses={1: exams.Answer("Warning", 0)})
    answer = practice_answer_submit(
        user=student, question=bank_question, response="Warning", lang="en"
    ).answer
    session = practice_session_start(user=student, size=5, filters=PracticeFilters(lang="en"))
    session.current_question = bank_question
    session.save(update_fields=["current_question"])
    flagged = Review.objects.get(item__attempt=graded_attempt(student, [HEDGED]))
    appealed = graded_attempt(student, [RIGHT, RIGHT])
    open_appeal = exams.appeal_create(item=appealed.items.get(position=1), comment="Look again.")
    decided = exams.appeal_create(item=appealed.items.get(position=2), comment="Look again.")
    appeals.appeal_decide(appeal=decided, by=their_mentor, uphold=False, reason="Right as is.")
    board = committee_member()
    with transaction.atomic():
        correction = appeals.question_correction_create(
            question_id=question().pk, appeal=None, by=board, reason="Wrong key.",
            correction=appeals.KeyCorrection(action=QuestionCorrection.Action.WITHDRAW),
        )  # fmt: skip
    invitation = cohorts.invitation_create(
        cohort=their_cohort, email="invited@example.com", by=their_mentor
    )
    users: dict[str, User | None] = {
        "anonymous": None,
        "candidate": student,
        "other_candidate": other,
        "mentor": their_mentor,
        "other_mentor": other_mentor,
        "committee": board,
        "admin": User.objects.create_superuser(email="root@example.com", password="x" * 20),
    }
    world = World(
        users=users,
        attempt=attempt,
        graded=Attempt.objects.get(pk=graded.pk),
        fresh_assignment=assignment(candidate=student).pk,
        question=bank_question,
        answer=answer,
        session=session,
        cohort=their_cohort.pk,
        review=flagged,
        appeal=open_appeal,
        decided=decided,
        correction=correction.pk,
        token=cohorts.invitation_token(invitation),
    )
    world.committee = committee_world(world)
    world.personas = exam_personas(world)
    _sign_in_everyone(world)
    return world


def _sign_in_everyone(world: World) -> None:
    """A session for each caller, made once with the world: a request presents its caller's
    session cookie instead of a login and a logout around it (each writes the session, the
    user's last_login and an axes record: about two fifths of the module's time)."""
    for role, user in world.users.items():
        if user is not None:
            signed_in = Client()
            signed_in.force_login(user)
            world.sessions[role] = signed_in.cookies[settings.SESSION_COOKIE_NAME].value


@dataclass(frozen=True)
class Entry:
    method: str
    url: Callable[[World], str]
    expected: dict[str, int]
    body: Callable[[World], Any] | None = None
    json: bool = False


def roles(
    anonymous: int,
    candidate: int,
    other_candidate: int,
    mentor: int,
    other_mentor: int,
    committee: int,
    admin: int,
) -> dict[str, int]:
    return dict(zip(ROLES, (anonymous, candidate, other_candidate, mentor, other_mentor,
                            committee, admin), strict=True))  # fmt: skip


def everyone(anonymous: int, others: int) -> dict[str, int]:
    return roles(anonymous, others, others, others, others, others, others)


def fixed(url: str) -> Callable[[World], str]:
    return lambda world: url


def _fact(world: World) -> str:
    """The position and a deciding fact of the graded attempt's first question that has one
    (what-if explorer; the attempt's questions are drawn at random, and some stories have no
    fact that changes their ruling)."""
    for item in world.graded.items.select_related("question").order_by("position"):
        question = item.question
        facts = generator.deciding_facts(
            question.situation, question.ruling, question.template_id, "en"
        )
        if facts:
            return f"{item.position}/{facts[0].name}"
    raise AssertionError("no question of the graded attempt has a deciding fact")


# Shorthands for the API: the practise permission (candidates, mentors, admin), the
# evaluate permission (mentors, committee, admin), and "only the owner" of an attempt.
PRACTISE = roles(401, 200, 200, 200, 200, 403, 200)
EVALUATE = roles(401, 403, 403, 200, 200, 200, 200)
OWNER_API = roles(401, 200, 404, 404, 404, 403, 404)
OWNER_PAGE = roles(302, 200, 404, 404, 404, 403, 404)
LOGGED_IN_PAGE = everyone(302, 200)
# Mentor pages and endpoints: the candidate's own mentor, the committee and the admin; another
# cohort's mentor gets 404 on anything of this candidate; candidates 403.
MENTOR_API = roles(401, 403, 403, 200, 200, 200, 200)
MENTOR_OWN_API = roles(401, 403, 403, 200, 404, 200, 200)
MENTOR_PAGE = roles(302, 403, 403, 200, 200, 200, 200)
MENTOR_OWN_PAGE = roles(302, 403, 403, 200, 404, 200, 200)
MENTOR_OWN_WRITE = roles(302, 403, 403, 302, 404, 302, 302)
EXPLORER = roles(302, 200, 404, 200, 404, 200, 200)
COMMITTEE_PAGE = roles(302, 403, 403, 403, 403, 200, 200)


def _assign_cohort(world: World) -> dict[str, Any]:
    now = timezone.now()
    return {
        "blueprint": BlueprintFactory.create().pk,  # none of the cohort has it yet
        "cohort": world.cohort,
        "opens_at": now.isoformat(),
        "closes_at": (now + timedelta(days=2)).isoformat(),
    }


def _accept_all(world: World) -> dict[str, Any]:
    return {"parts": {name: {"decision": "accept"} for name in review.review_parts(world.review)}}


def _accept_all_form(world: World) -> dict[str, str]:
    return {f"{name}-decision": "accept" for name in review.review_parts(world.review)}


MATRIX: dict[str, Entry] = {
    # --- the project --------------------------------------------------------------------
    "home": Entry("get", fixed("/"), everyone(200, 200)),  # anonymous: the public landing page
    "healthz": Entry("get", fixed("/healthz"), everyone(200, 200)),
    "set_language": Entry("post", fixed("/i18n/setlang/"), everyone(302, 302), lambda w: {}),
    "api-schema": Entry("get", fixed("/api/schema/"), everyone(200, 200)),
    "api-docs": Entry("get", fixed("/api/docs/"), everyone(200, 200)),
    # --- accounts -----------------------------------------------------------------------
    "login": Entry("get", fixed("/accounts/login/"), everyone(200, 302)),
    "logout": Entry("post", fixed("/accounts/logout/"), everyone(302, 302)),
    "password_change": Entry("get", fixed("/accounts/password/"), LOGGED_IN_PAGE),
    "password_change_done": Entry("get", fixed("/accounts/password/done/"), LOGGED_IN_PAGE),
    "password_reset": Entry("get", fixed("/accounts/password/reset/"), everyone(200, 200)),
    "password_reset_done": Entry(
        "get", fixed("/accounts/password/reset/sent/"), everyone(200, 200)
    ),
    "password_reset_confirm": Entry(
        "get", fixed("/accounts/password/reset/MQ/bad-token/"), everyone(200, 200)
    ),
    "password_reset_complete": Entry(
        "get", fixed("/accounts/password/reset/done/"), everyone(200, 200)
    ),
    "set_language_preference": Entry(
        "post", fixed("/accounts/language/"), everyone(302, 302), lambda w: {"language": "es"}
    ),
    "api-me": Entry("get", fixed("/api/v1/me"), everyone(401, 200)),
    # --- rulings ------------------------------------------------------------------------
    "api-policy-list": Entry("get", fixed("/api/v1/policies/"), everyone(401, 200)),
    "api-policy-detail": Entry(
        "get", fixed("/api/v1/policies/riftbound-tr-2026-seed/"), everyone(401, 200)
    ),
    "api-rulings-evaluate": Entry(
        "post",
        fixed("/api/v1/rulings/evaluate"),
        EVALUATE,
        lambda w: TREASURE_HUNTER_SITUATION,
        json=True,
    ),
    "api-rulings-diff": Entry(
        "post",
        fixed("/api/v1/rulings/diff"),
        EVALUATE,
        lambda w: {"before": TREASURE_HUNTER_SITUATION, "after": TREASURE_HUNTER_SITUATION},
        json=True,
    ),
    "api-rulings-situation-schema": Entry(
        "get", fixed("/api/v1/rulings/situation-schema"), EVALUATE
    ),
    # --- questions and grading ----------------------------------------------------------
    "api-question-list": Entry("get", fixed("/api/v1/questions"), everyone(401, 200)),
    "api-question-detail": Entry(
        "get", lambda w: f"/api/v1/questions/{w.question.pk}", everyone(401, 200)
    ),
    "api-grading-grade": Entry(
        "post",
        fixed("/api/v1/grading/grade"),
        EVALUATE,
        lambda w: {"question": w.question.pk, "answer": "Warning"},
        json=True,
    ),
    # --- practice -----------------------------------------------------------------------
    "api-practice-next": Entry("get", fixed("/api/v1/practice/next"), PRACTISE),
    "api-practice-answers": Entry(
        "post",
        fixed("/api/v1/practice/answers"),
        roles(401, 201, 201, 201, 201, 403, 201),
        lambda w: {"question": w.question.pk, "response": "Warning"},
        json=True,
    ),
    "api-practice-mastery": Entry("get", fixed("/api/v1/practice/mastery"), PRACTISE),
    "practice": Entry("get", fixed("/practice/"), roles(302, 200, 200, 200, 200, 403, 200)),
    "practice-next": Entry(
        "get", fixed("/practice/next?lang=en"), roles(302, 302, 302, 302, 302, 403, 302)
    ),
    "practice-question": Entry(
        "get",
        lambda w: f"/practice/questions/{w.question.pk}",
        roles(302, 200, 200, 200, 200, 403, 200),
    ),
    "practice-answer": Entry(
        "post",
        lambda w: f"/practice/questions/{w.question.pk}/answer",
        roles(302, 303, 303, 303, 303, 403, 303),
        lambda w: {"response": "Warning"},
    ),
    "practice-feedback": Entry("get", lambda w: f"/practice/answers/{w.answer.pk}", OWNER_PAGE),
    "practice-sessions": Entry(
        "post",
        fixed("/practice/sessions"),
        roles(302, 303, 303, 303, 303, 403, 303),
        lambda w: {"size": "5", "lang": "en"},
    ),
    "practice-session": Entry("get", lambda w: f"/practice/sessions/{w.session.pk}", OWNER_PAGE),
    "practice-session POST": Entry(
        "post",
        lambda w: f"/practice/sessions/{w.session.pk}",
        roles(302, 303, 404, 404, 404, 403, 404),
        lambda w: {"question": w.question.pk, "response": "Warning"},
    ),
    "api-practice-sessions": Entry(
        "post",
        fixed("/api/v1/practice/sessions"),
        roles(401, 201, 201, 201, 201, 403, 201),
        lambda w: {"size": 5, "lang": "en"},
        json=True,
    ),
    "api-practice-session": Entry(
        "get", lambda w: f"/api/v1/practice/sessions/{w.session.pk}", OWNER_API
    ),
    # --- exams: only the candidate who sits the attempt ---------------------------------
    "api-assignment-list": Entry("get", fixed("/api/v1/assignments"), PRACTISE),
    # Assigning: mentors to their own cohort (another mentor's is a 400, nothing assigned),
    # the committee to any.
    "api-assignment-list POST": Entry(
        "post",
        fixed("/api/v1/assignments"),
        roles(401, 403, 403, 202, 400, 202, 202),
        _assign_cohort,
        json=True,
    ),
    "api-attempt-list": Entry("get", fixed("/api/v1/attempts"), PRACTISE),
    "api-attempt-detail": Entry("get", lambda w: f"/api/v1/attempts/{w.attempt.pk}", OWNER_API),
    "api-attempt-clock": Entry(
        "get", lambda w: f"/api/v1/attempts/{w.attempt.pk}/clock", OWNER_API
    ),
    "api-attempt-items": Entry(
        "get", lambda w: f"/api/v1/attempts/{w.attempt.pk}/items", OWNER_API
    ),
    "api-attempt-item": Entry(
        "put",
        lambda w: f"/api/v1/attempts/{w.attempt.pk}/items/1",
        OWNER_API,
        lambda w: {"response": "Warning", "revision": 0},
        json=True,
    ),
    "api-attempt-item-flag": Entry(
        "put",
        lambda w: f"/api/v1/attempts/{w.attempt.pk}/items/2/flag",
        OWNER_API,
        lambda w: {"flagged": True, "revision": 0},
        json=True,
    ),
    "api-attempt-submit": Entry(
        "post",
        lambda w: f"/api/v1/attempts/{w.attempt.pk}/submit",
        OWNER_API,
        lambda w: {},
        json=True,
    ),
    "api-attempt-result": Entry(
        "get", lambda w: f"/api/v1/attempts/{w.graded.pk}/result", OWNER_API
    ),
    "api-attempt-appeal": Entry(
        "post",
        lambda w: f"/api/v1/attempts/{w.graded.pk}/items/1/appeal",
        roles(401, 201, 404, 404, 404, 403, 404),
        lambda w: {"comment": "Please look again."},
        json=True,
    ),
    "exams": Entry("get", fixed("/exams/"), roles(302, 200, 200, 200, 200, 403, 200)),
    "exam-start": Entry(
        "post",
        lambda w: f"/exams/assignments/{w.fresh_assignment}/start",
        roles(302, 302, 404, 404, 404, 403, 404),
        lambda w: {},
    ),
    # The start page (GET) before the POST that starts the clock: the candidate's own only.
    "exam-start GET": Entry(
        "get", lambda w: f"/exams/assignments/{w.fresh_assignment}/start", OWNER_PAGE
    ),
    "exam-attempt": Entry("get", lambda w: f"/exams/attempts/{w.attempt.pk}/", OWNER_PAGE),
    "exam-save": Entry(
        "post",
        lambda w: f"/exams/attempts/{w.attempt.pk}/save",
        roles(302, 302, 404, 404, 404, 403, 404),
        lambda w: {"item-1": "Warning", "revision-1": "0"},
    ),
    "exam-flag": Entry(
        "post",
        lambda w: f"/exams/attempts/{w.attempt.pk}/items/2/flag",
        roles(302, 302, 404, 404, 404, 403, 404),
        lambda w: {"flagged": "1", "flag-revision-2": "0"},
    ),
    "exam-submit": Entry(
        "post",
        lambda w: f"/exams/attempts/{w.attempt.pk}/submit",
        roles(302, 302, 404, 404, 404, 403, 404),
        lambda w: {"item-1": "Warning", "revision-1": "0", "confirm": "1"},
    ),
    # Everyone's own appeals and question reports: a page of the signed-in user's rows only.
    "my-appeals-and-reports": Entry("get", fixed("/exams/appeals-and-reports"), LOGGED_IN_PAGE),
    # The submit page (GET): the summary of what is saved, the candidate's own only.
    "exam-submit GET": Entry("get", lambda w: f"/exams/attempts/{w.attempt.pk}/submit", OWNER_PAGE),
    "exam-result": Entry("get", lambda w: f"/exams/attempts/{w.graded.pk}/result", OWNER_PAGE),
    # The what-if explorer (issue 30, point 4): the candidate, their mentor and the committee.
    "whatif-practice": Entry("get", lambda w: f"/what-if/practice/{w.answer.pk}", EXPLORER),
    "whatif-practice-fact": Entry(
        "get", lambda w: f"/what-if/practice/{w.answer.pk}/advantageous", EXPLORER
    ),
    "whatif-exam": Entry("get", lambda w: f"/what-if/exams/{w.graded.pk}/1", EXPLORER),
    "whatif-exam-fact": Entry(
        "get", lambda w: f"/what-if/exams/{w.graded.pk}/{_fact(w)}", EXPLORER
    ),
    "exam-appeal": Entry(
        "post",
        lambda w: f"/exams/attempts/{w.graded.pk}/items/1/appeal",
        roles(302, 302, 404, 404, 404, 403, 404),
        lambda w: {"comment": "Please look again."},
    ),
    "exam-appeal-contest": Entry(
        "post",
        lambda w: f"/exams/attempts/{w.decided.item.attempt_id}/items/2/appeal/contest",
        roles(302, 302, 404, 404, 404, 403, 404),
        lambda w: {"comment": "My mentor got it wrong."},
    ),
    "api-attempt-appeal-contest": Entry(
        "post",
        lambda w: f"/api/v1/attempts/{w.decided.item.attempt_id}/items/2/appeal/contest",
        roles(401, 200, 404, 404, 404, 403, 404),
        lambda w: {"comment": "My mentor got it wrong."},
        json=True,
    ),
    # --- mentors: their own cohorts' candidates; the committee everyone ------------------
    "mentor": Entry("get", fixed("/mentor/"), MENTOR_PAGE),
    "mentor-cohort": Entry("get", lambda w: f"/mentor/cohorts/{w.cohort}/", MENTOR_OWN_PAGE),
    "mentor-cohort-invite": Entry(
        "post",
        lambda w: f"/mentor/cohorts/{w.cohort}/invite",
        MENTOR_OWN_WRITE,
        lambda w: {"invite-email": "newcomer@example.com"},
    ),
    "mentor-cohort-remove": Entry(
        "post",
        lambda w: f"/mentor/cohorts/{w.cohort}/members/{w.review.candidate_id}/remove",
        MENTOR_OWN_WRITE,
        lambda w: {"confirm": "1"},
    ),
    "mentor-cohort-restore": Entry(
        "post", lambda w: f"/mentor/cohorts/{w.cohort}/undo-remove", MENTOR_OWN_WRITE
    ),
    "workbench": Entry("get", fixed("/mentor/workbench/"), MENTOR_PAGE),
    "workbench-proposals": Entry("get", fixed("/mentor/workbench/proposals/"), COMMITTEE_PAGE),
    "workbench-decide": Entry(
        "post",
        fixed("/mentor/workbench/proposals/999999/decide"),
        roles(302, 403, 403, 403, 403, 404, 404),
        lambda w: {"decision": "accept"},
    ),
    "workbench-suggest": Entry(
        "post",
        fixed("/mentor/workbench/stories/999999/suggest"),
        roles(302, 403, 403, 404, 404, 404, 404),
    ),
    "workbench-retire": Entry(
        "post",
        fixed("/mentor/workbench/stories/999999/remove"),
        roles(302, 403, 403, 404, 404, 404, 404),
        lambda w: {"confirm": "1"},
    ),
    "api-mentor-workbench": Entry(
        "post",
        fixed("/api/v1/mentor/workbench"),
        MENTOR_API,
        lambda w: {"lang": "en", "situation": TREASURE_HUNTER_SITUATION},
        json=True,
    ),
    "mentor-reviews": Entry("get", fixed("/mentor/reviews/"), MENTOR_PAGE),
    "mentor-reviews-accept": Entry(
        "post",
        fixed("/mentor/reviews/accept"),
        MENTOR_OWN_WRITE,
        lambda w: {"review": str(w.review.pk), "confirm": "1"},
    ),
    "mentor-review": Entry(
        "post", lambda w: f"/mentor/reviews/{w.review.pk}/", MENTOR_OWN_WRITE, _accept_all_form
    ),
    "mentor-appeals": Entry("get", fixed("/mentor/appeals/"), MENTOR_PAGE),
    "mentor-appeal": Entry(
        "post",
        lambda w: f"/mentor/appeals/{w.appeal.pk}/",
        MENTOR_OWN_WRITE,
        lambda w: {"decision": "reject", "reason": "The grade is right."},
    ),
    "committee-appeals": Entry("get", fixed("/mentor/committee/appeals/"), COMMITTEE_PAGE),
    "mentor-correction": Entry(
        "get", lambda w: f"/mentor/committee/corrections/{w.correction}/", COMMITTEE_PAGE
    ),
    "mentor-invitation-accept": Entry(
        "post",
        lambda w: f"/mentor/invitations/{w.token}/",
        everyone(302, 400),  # a new account for the invited address; others' addresses differ
        lambda w: {"first_name": "Ana", "password1": "x7!" * 6, "password2": "x7!" * 6},
    ),
    "api-mentor-reviews": Entry("get", fixed("/api/v1/mentor/reviews"), MENTOR_API),
    "api-mentor-review": Entry(
        "get", lambda w: f"/api/v1/mentor/reviews/{w.review.pk}", MENTOR_OWN_API
    ),
    "api-mentor-review-decide": Entry(
        "post",
        lambda w: f"/api/v1/mentor/reviews/{w.review.pk}/decide",
        MENTOR_OWN_API,
        _accept_all,
        json=True,
    ),
    "api-mentor-appeals": Entry("get", fixed("/api/v1/mentor/appeals"), MENTOR_API),
    "api-mentor-appeal-decide": Entry(
        "post",
        lambda w: f"/api/v1/mentor/appeals/{w.appeal.pk}/decide",
        # An open appeal waits for the candidate's mentor: the committee gets 409.
        roles(401, 403, 403, 200, 404, 409, 409),
        lambda w: {"decision": "reject", "reason": "The grade is right."},
        json=True,
    ),
    "api-mentor-cohorts": Entry("get", fixed("/api/v1/mentor/cohorts"), MENTOR_API),
    "api-mentor-cohort-progress": Entry(
        "get", lambda w: f"/api/v1/mentor/cohorts/{w.cohort}/progress", MENTOR_OWN_API
    ),
}
MATRIX |= committee_matrix(Entry, ROLES)
MATRIX |= certificate_matrix(Entry, ROLES)

# The administration site: staff only. Anyone else is sent to the admin login page; the
# committee (staff) sees what its role's permissions allow; the administrator sees all.
ADMIN_SITE = {
    "admin:index": everyone(302, 302) | {"committee": 200, "admin": 200},
    "admin:login": everyone(200, 200) | {"committee": 302, "admin": 302},
    "admin:logout": everyone(302, 302),  # then to LOGOUT_REDIRECT_URL
    "admin:password_change": everyone(302, 302) | {"committee": 200, "admin": 200},
    "admin:password_change_done": everyone(302, 302) | {"committee": 200, "admin": 200},
    "admin:jsi18n": everyone(302, 302) | {"committee": 200, "admin": 200},
}
ADMIN_UNEXERCISED = {
    # Each needs a model object or app label; the per-model rules below cover their access.
    "admin:app_list",
    "admin:view_on_site",
    "admin:autocomplete",
    "admin:auth_user_password_change",  # the user admin's set-password page (Django's name)
    "admin:<unnamed <path:object_id>/>",  # a model's old change URL, redirected
    "admin:<unnamed (?P<url>.*)$>",  # the admin's catch-all 404
}
# model label: (the committee may list it, the committee may add one, anyone may add one)
ADMIN_MODELS: dict[str, tuple[bool, bool, bool]] = {
    "accounts.user": (True, False, True),
    "auth.group": (False, False, True),
    "accounts.cohort": (True, True, True),
    "rulings.policydocument": (True, False, False),
    "rulings.policyversion": (True, False, False),
    "rulings.policystatement": (True, False, False),
    "quizzes.topic": (True, False, True),
    "quizzes.question": (True, False, False),
    "quizzes.examblueprint": (True, True, True),
    "quizzes.examassignment": (True, True, True),
    "quizzes.attempt": (True, False, False),
    "quizzes.attemptitem": (True, False, False),
    "quizzes.appeal": (True, False, True),
    "quizzes.practiceanswer": (False, False, False),
    "quizzes.practicesession": (False, False, False),
    "quizzes.topicmastery": (False, False, True),
    "quizzes.certificationlevel": (True, True, True),
    "quizzes.certificate": (True, True, True),
    "quizzes.questionpool": (True, True, True),
    "quizzes.poolsnapshot": (False, False, False),
    "quizzes.bankseed": (False, False, False),
    "quizzes.retiredtemplate": (False, False, False),
    "quizzes.workbenchstory": (False, False, False),
    # The mentors' records: read-only, and only the administrator lists them.
    "quizzes.review": (False, False, False),
    "quizzes.auditentry": (False, False, False),
    "quizzes.invitation": (False, False, False),
    "quizzes.questioncorrection": (False, False, False),
    "quizzes.notification": (False, False, False),
    "axes.accessattempt": (False, False, False),
    "axes.accessfailurelog": (False, False, False),
    "axes.accesslog": (False, False, False),
}
ADMIN_MODELS |= COMMITTEE_ADMIN_MODELS
ADMIN_ACTIONS = ("changelist", "add", "change", "delete", "history")


@pytest.fixture(scope="module")
def _module_world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    """The world, built once for the module (tests/built_once.py): each test in a savepoint
    inside its transaction and each request in a block rolled back after it, so no test sees
    another's writes. Built per test it cost about a quarter of a second, 190 times."""
    with built_once(django_db_blocker, _world) as built:
        yield built


@pytest.fixture
def world(_module_world: World) -> World:
    """A copy per test: a service that changes an instance it is given leaves the next test's
    copy as built."""
    return copy.deepcopy(_module_world)


def _routes(patterns: list[Any], namespace: str = "") -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = namespace + (f"{pattern.namespace}:" if pattern.namespace else "")
            yield from _routes(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern):
            yield namespace + (pattern.name or f"<unnamed {pattern.pattern}>")


def _admin_model_routes() -> set[str]:
    return {
        f"admin:{label.replace('.', '_')}_{action}"
        for label in ADMIN_MODELS
        for action in ADMIN_ACTIONS
    }


def test_every_route_has_a_matrix_entry():
    routes = set(_routes(get_resolver().url_patterns))
    entries = {name.split(" ")[0] for name in MATRIX}
    covered = entries | ADMIN_SITE.keys() | ADMIN_UNEXERCISED | _admin_model_routes()

    assert sorted(routes - covered) == []
    assert sorted(covered - routes) == []


def test_every_registered_admin_model_has_an_entry():
    registered = {model._meta.label_lower for model in admin.site._registry}

    assert registered == set(ADMIN_MODELS)


def _call(client: Client, world: World, role: str, method: str, url: str, body: Any, json: bool):
    return _respond(client, world, role, method, url, body, json).status_code


def _respond(
    client: Client, world: World, role: str, method: str, url: str, body: Any, json: bool
) -> Any:
    # As a fresh browser would: no cookie from an earlier answer, the caller's session if any
    # (its row, and anything a request writes to it, is rolled back with the request).
    client.cookies = SimpleCookie()
    if world.users[role] is not None:
        client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions[role]
    with transaction.atomic():
        if json:
            response = getattr(client, method)(url, body, content_type="application/json")
        elif body is not None:
            response = getattr(client, method)(url, body)
        else:
            response = getattr(client, method)(url)
        transaction.set_rollback(True)
    # No answer is kept in a cache (judgetrain.middleware.NoStoreMiddleware): every route and
    # admin page, for every caller, is checked here (tests/security/test_no_store.py has the
    # pages outside the matrix).
    cache_control = response.get("Cache-Control", "")
    assert "no-store" in cache_control, f"{method.upper()} {url} as {role}: {cache_control!r}"
    return response


def _content(response: Any) -> bytes:
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content)
    return bytes(response.content)


def _assert_pages_show_no_stray_markup(responses: dict[str, Any]) -> None:
    """Every HTML page answered: no markup in its title, no text before its body's first
    element (walk 5, #3)."""
    faults = {
        caller: page_shape_faults(_content(response).decode())
        for caller, response in responses.items()
        if response.get("Content-Type", "").startswith("text/html")
    }
    assert {caller: found for caller, found in faults.items() if found} == {}


def _assert_personas_refused_and_shown_nothing_sealed(
    responses: dict[str, Any], expected: dict[str, int]
) -> None:
    """The staff-in-exam personas get what the matrix says, and never a sealed question's key,
    explanation or grading detail in any body."""
    assert {persona: r.status_code for persona, r in responses.items()} == expected
    shown = {persona: sealed_detail_in(_content(r)) for persona, r in responses.items()}
    assert shown == {persona: [] for persona in responses}


@pytest.mark.parametrize("name", sorted(MATRIX))
def test_route_answers_each_caller_as_the_matrix_says(client, world, name):
    entry = MATRIX[name]
    url = entry.url(world)
    body = entry.body(world) if entry.body else None

    responses = {
        role: _respond(client, world, role, entry.method, url, body, entry.json) for role in ROLES
    }
    actual = {role: response.status_code for role, response in responses.items()}
    in_exam = {
        persona: _respond(client, world, persona, entry.method, url, body, entry.json)
        for persona in PERSONAS
    }

    assert actual == entry.expected
    _assert_pages_show_no_stray_markup(responses | in_exam)
    _assert_personas_refused_and_shown_nothing_sealed(
        in_exam, persona_expected(name, entry.expected)
    )


def test_every_persona_override_names_a_route():
    assert sorted(set(PERSONA_OVERRIDES) - set(MATRIX)) == []


@pytest.mark.parametrize("name", sorted(ADMIN_SITE))
def test_admin_site_page_answers_each_caller_as_the_matrix_says(client, world, name):
    url = {
        "admin:index": "/admin/",
        "admin:login": "/admin/login/",
        "admin:logout": "/admin/logout/",
        "admin:password_change": "/admin/password_change/",
        "admin:password_change_done": "/admin/password_change/done/",
        "admin:jsi18n": "/admin/jsi18n/",
    }[name]
    method = "post" if name == "admin:logout" else "get"

    actual = {role: _call(client, world, role, method, url, None, False) for role in ROLES}
    in_exam = {persona: _respond(client, world, persona, method, url, None, False)
               for persona in PERSONAS}  # fmt: skip

    assert actual == ADMIN_SITE[name]
    _assert_personas_refused_and_shown_nothing_sealed(
        in_exam, persona_expected(name, ADMIN_SITE[name])
    )


@pytest.mark.parametrize("label", sorted(ADMIN_MODELS))
def test_admin_model_pages_answer_each_caller_as_the_matrix_says(client, world, label):
    app, model = label.split(".")
    committee_lists, committee_adds, addable = ADMIN_MODELS[label]
    staff_only = everyone(302, 302)
    expected = {
        "changelist": staff_only | {"committee": 200 if committee_lists else 403, "admin": 200},
        "add": staff_only
        | {
            "committee": 200 if committee_adds else 403,
            "admin": 200 if addable else 403,
        },
    }

    actual = {
        action: {
            role: _call(client, world, role, "get", f"/admin/{app}/{model}/{suffix}", None, False)
            for role in ROLES
        }
        for action, suffix in (("changelist", ""), ("add", "add/"))
    }
    assert actual == expected
    # Staff sitting an exam: as their role on the lists and forms, never a sealed key in them;
    # a row about a sealed question answers as a row that does not exist (the admin's redirect;
    # 403 where their role may not view the model at all).
    assert world.personas is not None
    pages = [("changelist", ""), ("add", "add/")]
    pages += [("sealed row", f"{pk}/change/") for pk in world.personas.rows.get(model, [])]
    for action, suffix in pages:
        url = f"/admin/{app}/{model}/{suffix}"
        in_exam = {persona: _respond(client, world, persona, "get", url, None, False)
                   for persona in PERSONAS}  # fmt: skip
        if action == "sealed row":
            wanted = {"mentor_in_exam": 302, "committee_in_exam": 302 if committee_lists else 403,
                      "admin_in_exam": 302}  # fmt: skip
        else:
            wanted = persona_expected(f"admin:{label}", expected[action])
        _assert_personas_refused_and_shown_nothing_sealed(in_exam, wanted)
