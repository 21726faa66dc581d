import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from judgetrain.accounts.models import Cohort, User
from judgetrain.accounts.roles import Role

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("load_demo", *args, stdout=out)
    return out.getvalue()


def test_first_run_creates_the_demo_accounts_and_prints_working_passwords():
    output = run()

    for email, role in [
        ("candidate@example.com", Role.CANDIDATE),
        ("mentor@example.com", Role.MENTOR),
        ("committee@example.com", Role.COMMITTEE),
    ]:
        line = next(line for line in output.splitlines() if email in line)
        password = line.split()[1]
        user = User.objects.get(email=email)
        assert user.check_password(password)
        assert user.has_role(role)
    cohort = Cohort.objects.get(name="Demo cohort")
    assert cohort.mentor.email == "mentor@example.com"
    assert [c.email for c in cohort.candidates.all()] == ["candidate@example.com"]


def test_second_run_changes_nothing_and_prints_no_password():
    run()
    before = {u.email: u.password for u in User.objects.all()}

    output = run()

    assert "already exist" in output
    assert {u.email: u.password for u in User.objects.all()} == before
    assert Cohort.objects.count() == 1


def test_reset_passwords_prints_new_passwords():
    run()
    old = User.objects.get(email="candidate@example.com").password

    output = run("--reset-passwords")

    assert "candidate@example.com" in output
    assert User.objects.get(email="candidate@example.com").password != old


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "Expecting property name"),
        ("[]", "must hold a JSON object"),
        (
            json.dumps({"users": [{"email": "x@example.com", "roles": ["wizard"]}], "cohorts": []}),
            "users[0].roles: unknown role(s) wizard",
        ),
        (
            json.dumps(
                {
                    "users": [],
                    "cohorts": [{"name": "C", "mentor": "ghost@example.com", "candidates": []}],
                }
            ),
            "cohorts[0].mentor: no user 'ghost@example.com'",
        ),
    ],
)
def test_a_malformed_file_is_a_clear_error_and_writes_nothing(tmp_path, content, message):
    path = tmp_path / "demo.json"
    path.write_text(content)

    with pytest.raises(CommandError) as error:
        run("--file", str(path))

    assert message in str(error.value)
    assert not User.objects.exists()
