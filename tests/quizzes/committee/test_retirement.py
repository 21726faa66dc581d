"""The committee retires a template on its item statistics and restores it (issue 27, point 4):
new exam variants stop drawing from a retired template, practice keeps it, and both decisions
are audited. The drawing is replayed with a fixed seed, so the template is known to be drawn
before it is retired."""

from __future__ import annotations

import pytest

from quizzes.bank.models.questions import Question
from quizzes.bank.models.reports import RetiredTemplate
from quizzes.bank.services import retirement
from quizzes.exams.models.exams import Attempt, ExamBlueprint
from quizzes.exams.services import exams
from quizzes.exams.services.blueprints import blueprint_preview
from quizzes.review.models.review import AuditEntry
from quizzes.selectors import servable
from tests.factories import assignment, candidate, committee_member, mentor, question
from tests.quizzes.committee.seeding import graded_attempt

pytestmark = pytest.mark.django_db


def drawn_templates(source: Attempt) -> set[str]:
    return {q.template_id for slot in exams._draw_slots([source]) for q in slot}


@pytest.fixture
def source() -> Attempt:
    """An attempt not yet drawn, with a fixed seed (never saved)."""
    exam = assignment()
    return Attempt(assignment=exam, candidate=exam.candidate, language="en", seed=27)


def test_a_retired_template_is_never_drawn_for_exams_and_a_restored_one_is_again(source):
    committee = committee_member()
    before = drawn_templates(source)
    target = sorted(before)[0]

    retirement.template_retire(template_id=target, reason="facility 0.98", by=committee)
    after = drawn_templates(source)
    retirement.template_restore(template_id=target, reason="rewritten", by=committee)

    assert target not in after
    assert len(after) >= 1
    assert drawn_templates(source) == before


def test_a_blueprint_preview_leaves_retired_templates_out(source):
    blueprint: ExamBlueprint = source.assignment.blueprint
    composition = blueprint.composition
    target = blueprint_preview(blueprint=blueprint, composition=composition, seed=5)[0].template_id

    retirement.template_retire(template_id=target, reason="too easy", by=committee_member())

    again = blueprint_preview(blueprint=blueprint, composition=composition, seed=5)
    assert target not in {q.template_id for q in again}


def test_practice_keeps_serving_a_retired_templates_questions():
    kept = question(template_id="rb-trigger-impact")

    retirement.template_retire(
        template_id="rb-trigger-impact", reason="too easy", by=committee_member()
    )

    assert list(servable(Question.objects.filter(pk=kept.pk))) == [kept]


def test_retiring_records_the_flags_and_both_decisions_are_audited():
    committee = committee_member()
    template = "rb-trigger-impact"
    easy, filler = question(template_id=template), question(template_id="filler")
    blueprint = assignment().blueprint
    for score in (0.0, 1.0, 0.5, 1.0, 0.0):
        graded_attempt(candidate(), blueprint, [1.0, score], [easy, filler])

    retired = retirement.template_retire(template_id=template, reason="all right", by=committee)
    retirement.template_restore(template_id=template, reason="story rewritten", by=committee)

    assert retired.flags == ["too_easy"]
    assert not RetiredTemplate.objects.exists()
    entries = list(AuditEntry.objects.order_by("pk"))
    assert [(e.action, e.actor, e.role, e.reason) for e in entries] == [
        ("template_retired", committee, "committee", "all right"),
        ("template_restored", committee, "committee", "story rewritten"),
    ]
    assert entries[0].before == {"template": template, "retired": False}
    assert entries[0].after == {"template": template, "retired": True, "flags": ["too_easy"]}
    assert entries[1].after == {"template": template, "retired": False}


@pytest.mark.parametrize(
    ("template_id", "reason", "message"),
    [
        ("no-such-template", "why", "There is no template"),
        ("rb-trigger-impact", "   ", "Give the reason"),
        ("rb-trigger-impact", "x" * 2001, "at most 2000 characters"),
        ("rb-trigger-impact", "a\x00b", "without null characters"),
    ],
)
def test_a_retirement_is_refused_without_a_known_template_and_a_reason(
    template_id, reason, message
):
    with pytest.raises(retirement.RetirementError, match=message):
        retirement.template_retire(template_id=template_id, reason=reason, by=committee_member())

    assert not RetiredTemplate.objects.exists()
    assert not AuditEntry.objects.exists()


def test_only_the_committee_retires_or_restores():
    for person in (mentor(), candidate()):
        with pytest.raises(retirement.RetirementForbidden):
            retirement.template_retire(template_id="rb-trigger-impact", reason="why", by=person)
        with pytest.raises(retirement.RetirementForbidden):
            retirement.template_restore(template_id="rb-trigger-impact", reason="why", by=person)


def test_retiring_twice_or_restoring_what_is_not_retired_is_refused():
    committee = committee_member()
    retirement.template_retire(template_id="rb-trigger-impact", reason="a", by=committee)

    with pytest.raises(retirement.RetirementError, match="already retired"):
        retirement.template_retire(template_id="rb-trigger-impact", reason="b", by=committee)
    with pytest.raises(retirement.RetirementError, match="not retired"):
        retirement.template_restore(template_id="rb-overpayment", reason="b", by=committee)
    assert AuditEntry.objects.count() == 1
