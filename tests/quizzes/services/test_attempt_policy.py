"""Each assignment keeps the attempts allowed and the cooldown it was made with: editing the
blueprint later changes new assignments only, so every result can be defended as earned."""

from datetime import timedelta

import pytest
from django.utils import timezone

from quizzes.exams.models.exams import ExamAssignment
from quizzes.exams.services import exams, variants
from tests.factories import BlueprintFactory, candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]


def blueprint(**kwargs):
    return BlueprintFactory(
        composition=[{"topic": None, "kind": "free_form", "count": 1}], **kwargs
    )


def assign(exam, **kwargs):
    now = timezone.now()
    return variants.assignment_create(
        blueprint=exam,
        candidate=candidate(),
        opens_at=now - timedelta(minutes=1),
        closes_at=now + timedelta(days=3),
        **kwargs,
    )


def sit(assignment, now):
    attempt = exams.attempt_start(assignment=assignment, language="en", now=now)
    exams.attempt_submit(attempt=attempt, now=now)
    return attempt


def test_an_assignment_takes_the_blueprints_attempts_and_cooldown():
    exam = blueprint(attempts_allowed=3, cooldown_minutes=45)

    made = assign(exam)

    assert (made.max_attempts, made.cooldown_minutes) == (3, 45)
    assert made.variant_job.wanted == 3
    assert made.variants.count() == 3


def test_an_assignment_may_be_given_its_own_attempts_and_cooldown():
    made = assign(blueprint(attempts_allowed=3, cooldown_minutes=45), max_attempts=1,
                  cooldown_minutes=0)  # fmt: skip

    assert (made.max_attempts, made.cooldown_minutes) == (1, 0)


def test_a_negative_cooldown_is_refused():
    with pytest.raises(exams.ExamError, match="cooldown"):
        assign(blueprint(), cooldown_minutes=-1)
    assert not ExamAssignment.objects.exists()


def sat_once_then_blueprint_edited(before: dict, after: dict):
    """An assignment made from a blueprint with ``before``, one attempt sat and closed, then
    the blueprint edited to ``after``: (the assignment, when the attempt closed)."""
    exam = blueprint(**before)
    made = assign(exam)
    now = timezone.now()
    sit(made, now)
    for name, value in after.items():
        setattr(exam, name, value)
    exam.save()
    return made, now


def test_allowing_more_attempts_on_the_blueprint_later_does_not_reopen_an_assignment():
    made, now = sat_once_then_blueprint_edited({"attempts_allowed": 1}, {"attempts_allowed": 3})

    with pytest.raises(exams.ExamError, match="every attempt allowed"):
        exams.attempt_start(assignment=made, language="en", now=now + timedelta(minutes=1))


def test_allowing_fewer_attempts_on_the_blueprint_later_keeps_an_assignments_attempts():
    made, now = sat_once_then_blueprint_edited({"attempts_allowed": 2}, {"attempts_allowed": 1})

    second = exams.attempt_start(assignment=made, language="en", now=now + timedelta(minutes=1))

    assert second.number == 2


def test_the_cooldown_an_assignment_was_made_with_holds_after_the_blueprint_drops_it():
    made, now = sat_once_then_blueprint_edited(
        {"attempts_allowed": 2, "cooldown_minutes": 60}, {"cooldown_minutes": 0}
    )

    with pytest.raises(exams.ExamError, match="another attempt after"):
        exams.attempt_start(assignment=made, language="en", now=now + timedelta(minutes=30))
    later = exams.attempt_start(assignment=made, language="en", now=now + timedelta(minutes=61))
    assert later.number == 2


def test_a_cooldown_added_to_the_blueprint_later_does_not_hold_back_an_assignment():
    made, now = sat_once_then_blueprint_edited(
        {"attempts_allowed": 2, "cooldown_minutes": 0}, {"cooldown_minutes": 600}
    )

    second = exams.attempt_start(assignment=made, language="en", now=now + timedelta(minutes=1))

    assert second.number == 2


def test_variants_are_drawn_in_the_language_the_blueprint_fixes():
    exam = blueprint(language="es")
    now = timezone.now()
    person = candidate(preferred_language="en")

    made = variants.assignment_create(
        blueprint=exam, candidate=person, opens_at=now, closes_at=now + timedelta(days=1)
    )

    assert list(made.variants.values_list("language", flat=True)) == ["es"]
