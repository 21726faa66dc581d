"""Certificates issued the way the committee issues them, for the certificate tests."""

from __future__ import annotations

from typing import Any

from quizzes.certification.models import Certificate, CertificationLevel, LevelRequirement
from quizzes.certification.services import certification
from quizzes.exams.models.exams import ExamBlueprint
from tests.factories import BlueprintFactory, candidate, committee_member
from tests.quizzes.committee.seeding import graded_attempt


def level(**fields: Any) -> CertificationLevel:
    """The level named so (made once), requiring one exam passed with half marks."""
    values = {"name": "Riftbound Judge Level 1", "game": "riftbound", "validity_days": 730}
    values |= fields
    existing = CertificationLevel.objects.filter(name=values["name"]).first()
    if existing is not None:
        return existing
    made = CertificationLevel.objects.create(**values)
    exam: ExamBlueprint = BlueprintFactory.create()
    LevelRequirement.objects.create(level=made, blueprint=exam, min_score=0.5)
    return made


def issued(person: Any = None, of: CertificationLevel | None = None, **when: Any) -> Certificate:
    """A certificate for ``person`` (a new named candidate by default) on passed evidence."""
    person = person or candidate(first_name="Ana", last_name="Silva")
    of = of or level()
    graded_attempt(person, of.requirements.get().blueprint, [1.0])
    return certification.certificate_issue(
        candidate=person, level=of, by=committee_member(), **when
    )
