import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from judgetrain.accounts.models import User
from quizzes.certification.models import CertificationLevel
from quizzes.certification.services import certification
from quizzes.exams.models.exams import Attempt, ExamAssignment, ExamBlueprint

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("load_demo_exams", *args, stdout=out)
    return out.getvalue()


def test_demo_exams_are_assigned_to_the_demo_candidate_once():
    call_command("load_demo", stdout=StringIO())

    run()
    run()

    assert ExamBlueprint.objects.count() == 2
    assert CertificationLevel.objects.count() == 2
    assignments = ExamAssignment.objects.select_related("candidate", "assigned_by")
    assert {a.candidate.email for a in assignments} == {"candidate@example.com"}
    assert {a.assigned_by.email for a in assignments} == {"mentor@example.com"}
    open_ones = [a for a in assignments if a.status() == "open"]
    assert len(open_ones) == 2  # and the closed one holding the passed attempt
    assert Attempt.objects.filter(passed=True).count() == 1


def test_each_demo_level_requires_its_games_demo_exam():
    call_command("load_demo", stdout=StringIO())
    run()

    for level in CertificationLevel.objects.prefetch_related("requirements__blueprint"):
        (requirement,) = level.requirements.all()
        assert requirement.blueprint.game == level.game


def test_the_committee_can_issue_the_demo_candidate_a_certificate_straight_away():
    """Walk 10, #9: the README's certificate tour ended at "This level requires no exam yet"."""
    call_command("load_demo", stdout=StringIO())
    run()
    candidate = User.objects.get(email="candidate@example.com")
    committee = User.objects.get(email="committee@example.com")
    level = CertificationLevel.objects.get(game="riftbound")

    issued = certification.certificate_issue(candidate=candidate, level=level, by=committee)

    (evidence,) = issued.evidence["attempts"]
    attempt = Attempt.objects.get(pk=evidence["attempt"])
    assert attempt.status == Attempt.Status.GRADED
    assert attempt.passed
    assert attempt.assignment.status() == "closed"
    # The tour's exam is still open with every attempt it allows.
    (open_exam,) = ExamAssignment.objects.filter(blueprint=attempt.assignment.blueprint).exclude(
        pk=attempt.assignment_id
    )
    assert open_exam.status() == "open"
    assert not open_exam.attempts.exists()


def test_demo_blueprints_pass_validation():
    call_command("load_demo", stdout=StringIO())
    run()

    for blueprint in ExamBlueprint.objects.all():
        blueprint.full_clean()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"assignments": [{"blueprint": "Nope", "candidate": "x@example.com"}]},
            "no blueprint 'Nope'",
        ),
        (
            {"blueprints": [{"name": "Bad", "game": "riftbound", "composition": []}]},
            "non-empty list",
        ),
    ],
)
def test_a_malformed_demo_exams_file_is_a_clear_error(tmp_path, data, message):
    path = tmp_path / "exams.json"
    path.write_text(json.dumps(data))

    with pytest.raises(CommandError, match=message):
        run("--file", str(path))
    assert not ExamBlueprint.objects.exists()
