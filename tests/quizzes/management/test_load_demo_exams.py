import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from quizzes.certification.models import CertificationLevel
from quizzes.exams.models.exams import ExamAssignment, ExamBlueprint

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
    assert all(a.status() == "open" for a in assignments)
    assert assignments.count() == 2


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
