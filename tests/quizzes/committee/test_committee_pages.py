from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.certification.models import CertificationLevel, LevelRequirement
from quizzes.exams.models.exams import ExamBlueprint
from quizzes.exams.services import exams
from tests.factories import (
    BlueprintFactory,
    assignment,
    candidate,
    committee_member,
    mentor,
    newer_policy_version,
    question,
)
from tests.quizzes.committee.seeding import graded_attempt

pytestmark = pytest.mark.django_db

COMMITTEE_PAGES: list[tuple[str, list[int]]] = [
    ("committee", []),
    ("committee-blueprints", []),
    ("committee-blueprint-new", []),
    ("committee-question-reports", []),
    ("committee-levels", []),
    ("committee-level-new", []),
    ("committee-certificates", []),
    ("committee-certificate-issue", []),
    ("committee-policy-update", []),
]


@pytest.mark.parametrize(("name", "args"), COMMITTEE_PAGES)
@pytest.mark.parametrize("who", [candidate, mentor])
def test_only_the_committee_opens_committee_pages(client, name, args, who):
    client.force_login(who())
    assert client.get(reverse(name, args=args)).status_code == 403


@pytest.mark.parametrize(("name", "args"), COMMITTEE_PAGES)
def test_committee_pages_open_for_the_committee_and_need_a_login(client, name, args):
    assert client.get(reverse(name, args=args)).status_code == 302
    client.force_login(committee_member())
    assert client.get(reverse(name, args=args)).status_code == 200


@pytest.mark.parametrize(
    "name",
    ["committee-report-decide", "committee-certificate-revoke", "committee-certificate-renew"],
)
def test_committee_actions_are_forbidden_to_mentors(client, name):
    client.force_login(mentor())
    assert client.post(reverse(name, args=[1]), {}).status_code == 403


def test_the_navigation_shows_committee_only_to_the_committee(client):
    client.force_login(candidate())
    assert reverse("committee") not in client.get(reverse("home")).content.decode()
    client.force_login(committee_member())
    assert reverse("committee") in client.get(reverse("home")).content.decode()


def level_post(blueprint, **overrides):
    """The level form's fields: "RB L1", valid two years, requiring ``blueprint`` at 85%."""
    return {
        "name": "RB L1",
        "game": "riftbound",
        "description": "",
        "validity_days": "730",
        "req-TOTAL_FORMS": "1",
        "req-INITIAL_FORMS": "0",
        "req-MIN_NUM_FORMS": "0",
        "req-MAX_NUM_FORMS": "1000",
        "req-0-blueprint": blueprint.pk,
        "req-0-min_percent": "85",
        **overrides,
    }


def blueprint_post(**overrides):
    data = {
        "name": "L1 written",
        "game": "riftbound",
        "policy_version": "",
        "language": "",
        "time_limit_minutes": "45",
        "attempts_allowed": "2",
        "cooldown_minutes": "60",
        "review_policy": "after_close",
        "pass_percent": "75",
        "slots-TOTAL_FORMS": "2",
        "slots-INITIAL_FORMS": "0",
        "slots-MIN_NUM_FORMS": "0",
        "slots-MAX_NUM_FORMS": "20",
        "slots-0-topic": "missed_trigger",
        "slots-0-kind": "free_form",
        "slots-0-count": "3",
        "slots-1-topic": "",
        "slots-1-kind": "multiple_choice",
        "slots-1-count": "",
    }
    data.update(overrides)
    return data


def test_a_blueprint_is_created_without_json(client):
    client.force_login(committee_member())

    response = client.post(reverse("committee-blueprint-new"), blueprint_post())

    assert response.status_code == 302
    blueprint = ExamBlueprint.objects.get()
    assert blueprint.composition == [{"topic": "missed_trigger", "kind": "free_form", "count": 3}]
    assert blueprint.pass_score == 0.75
    assert (blueprint.attempts_allowed, blueprint.cooldown_minutes) == (2, 60)


def test_the_committee_sets_which_written_answers_a_mentor_reviews(client):
    client.force_login(committee_member())

    response = client.post(
        reverse("committee-blueprint-new"),
        blueprint_post(written_review="every", margin_percent="5"),
    )

    assert response.status_code == 302
    blueprint = ExamBlueprint.objects.get()
    assert (blueprint.written_review, blueprint.review_margin) == ("every", 0.05)


def test_a_blueprint_left_without_a_review_setting_reviews_borderline_attempts(client):
    client.force_login(committee_member())

    client.post(reverse("committee-blueprint-new"), blueprint_post())

    blueprint = ExamBlueprint.objects.get()
    assert (blueprint.written_review, blueprint.review_margin) == ("borderline", 0.1)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("margin_percent", "101"),
        ("written_review", "sometimes"),
        ("pass_percent", "150"),
        ("pass_percent", "abc"),
        ("attempts_allowed", "0"),
        ("time_limit_minutes", "0"),
        ("slots-0-count", "99"),
        ("slots-0-topic", "no_such_topic"),
        ("slots-0-count", ""),
    ],
)
def test_bad_blueprint_input_gets_a_form_error_and_keeps_the_rest(client, field, value):
    client.force_login(committee_member())

    response = client.post(reverse("committee-blueprint-new"), blueprint_post(**{field: value}))

    assert response.status_code == 400
    assert 'value="L1 written"' in response.content.decode()
    assert not ExamBlueprint.objects.exists()


def test_the_preview_shows_a_sample_variant_and_saves_nothing(client):
    client.force_login(committee_member())

    response = client.post(reverse("committee-blueprint-new"), blueprint_post(preview="1"))

    assert response.status_code == 200
    assert response.content.decode().count("<li><p>") == 3
    assert not ExamBlueprint.objects.exists()


def test_the_blueprint_list_makes_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    client.force_login(committee_member())
    for _ in range(5):
        BlueprintFactory()
    with django_assert_max_num_queries(8):
        client.get(reverse("committee-blueprints"))


def test_a_level_is_defined_with_its_exams(client):
    blueprint = BlueprintFactory()
    client.force_login(committee_member())

    response = client.post(
        reverse("committee-level-new"),
        level_post(blueprint, endorsement_required="on"),
    )

    assert response.status_code == 302
    level = CertificationLevel.objects.get()
    assert level.endorsement_required
    assert level.requirements.get().min_score == 0.85


def test_the_cooldown_holds_back_the_next_attempt():
    blueprint = BlueprintFactory(cooldown_minutes=60)
    exam = assignment(blueprint=blueprint, max_attempts=3)
    now = timezone.now()
    first = exams.attempt_start(assignment=exam, language="en", now=now)
    exams.attempt_submit(attempt=first, now=now)

    with pytest.raises(exams.ExamError, match="another attempt after"):
        exams.attempt_start(assignment=exam, language="en", now=now + timedelta(minutes=30))
    later = exams.attempt_start(assignment=exam, language="en", now=now + timedelta(minutes=61))
    assert later.number == 2


def test_a_policy_update_lists_what_depends_on_changed_statements(client):
    q = question()
    cited = q.ruling["infraction_statement"]
    old = q.policy_version
    new = newer_policy_version(old, changed=cited)
    untouched = question(
        ruling={
            **q.ruling,
            "infraction_statement": "x",
            "explanation": [],
            "penalty": {},
            "remedy": [],
        }
    )
    attempt = graded_attempt(candidate(), BlueprintFactory(), [1.0], [q])
    client.force_login(committee_member())

    page = client.get(reverse("committee-policy-update"), {"old": old.pk, "new": new.pk})

    impact = page.context["impact"]
    assert impact.changed == [cited]
    assert q in impact.questions
    assert untouched not in impact.questions
    assert impact.templates == [q.template_id]
    [row] = page.context["regrade"]
    assert row.attempt == attempt
    assert row.old_passed == attempt.passed


def test_comparing_a_version_with_itself_is_a_form_error(client):
    version = question().policy_version
    client.force_login(committee_member())

    page = client.get(reverse("committee-policy-update"), {"old": version.pk, "new": version.pk})

    assert page.status_code == 400
    assert "two different versions" in page.content.decode()


def fill(n):
    from quizzes.bank.services import question_reports
    from quizzes.certification.services import certification

    level = CertificationLevel.objects.create(
        name=f"Level {CertificationLevel.objects.count()}", game="riftbound"
    )
    blueprint = BlueprintFactory()
    LevelRequirement.objects.create(level=level, blueprint=blueprint, min_score=0.5)
    for _index in range(n):
        person = candidate()
        graded_attempt(person, blueprint, [1.0])
        certification.certificate_issue(candidate=person, level=level, by=committee_member())
        question_reports.question_report_create(
            question=question(), reporter=mentor(), problem="wrong", comment="Wrong key"
        )


def count_queries(client, url):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context)


@pytest.mark.parametrize(
    "name",
    ["committee", "committee-question-reports", "committee-levels", "committee-certificates"],
)
def test_committee_lists_make_a_constant_number_of_queries(client, name):
    client.force_login(committee_member())
    fill(1)
    one = count_queries(client, reverse(name))
    fill(5)
    assert count_queries(client, reverse(name)) == one


def test_a_blueprints_language_is_the_language_of_every_attempt():
    exam = assignment(blueprint=BlueprintFactory(language="es"))

    attempt = exams.attempt_start(assignment=exam, language="en")

    assert attempt.language == "es"
    assert {item.question.language for item in attempt.items.all()} == {"es"}


def test_the_dry_run_shows_whose_pass_would_turn_to_fail(monkeypatch):
    from quizzes.bank.services import policy_updates
    from rulings.core.grading import Expected

    q = question()
    old = q.policy_version
    new = newer_policy_version(old, changed=q.ruling["infraction_statement"])
    attempt = graded_attempt(candidate(), BlueprintFactory(pass_score=0.8), [1.0], [q])
    item = attempt.items.get()
    item.response = "missed trigger, no penalty, the opponent chooses to resolve it or not"
    item.save()
    changed_key = Expected(infraction=q.key_infraction, penalty="game_loss", remedy=q.key_remedy)
    monkeypatch.setattr(policy_updates, "rekey", lambda question, version: changed_key)

    [row] = policy_updates.regrade_dry_run(old=old, new=new)

    assert row.old_passed
    assert not row.new_passed
    assert row.changes_outcome
    attempt.refresh_from_db()
    assert attempt.passed  # a dry run saves nothing


def test_the_practice_feedback_page_offers_to_report_the_question(client):
    from quizzes.practice.models import PracticeAnswer

    person = candidate()
    q = question()
    answer = PracticeAnswer.objects.create(
        user=person, question=q, response="r", score=0, grade={"parts": {}, "score": 0}
    )
    client.force_login(person)

    body = client.get(reverse("practice-feedback", args=[answer.pk])).content.decode()

    assert reverse("question-report", args=[q.pk]) in body


def test_a_policy_update_shows_each_changed_rule_before_and_after_and_the_next_step(client):
    # Issue 29: "The policy-update page lists changed rules by id only, with no before/after
    # text; ... the dry run offers no next step."
    q = question()
    cited = q.ruling["infraction_statement"]
    old = q.policy_version
    new = newer_policy_version(old, changed=cited)
    on_old = BlueprintFactory(policy_version=old)
    graded_attempt(candidate(), BlueprintFactory(), [1.0], [q])
    client.force_login(committee_member())

    page = client.get(reverse("committee-policy-update"), {"old": old.pk, "new": new.pk})

    html = page.content.decode()
    [change] = page.context["statements"]
    assert change.statement_id == cited
    assert change.after == change.before + " Changed."
    assert change.change == "reworded"
    assert html.index("Summary of the dry run") < html.index("What changed, before and after")
    assert change.before in html
    assert change.after in html
    assert reverse("committee-blueprint-edit", args=[on_old.pk]) in html
    assert len(page.context["outcome_rows"]) + len(page.context["other_rows"]) == 1


def test_the_changed_statements_are_read_in_a_fixed_number_of_queries(django_assert_num_queries):
    from quizzes.bank.services import policy_updates

    q = question()
    old = q.policy_version
    new = newer_policy_version(old, changed=q.ruling["infraction_statement"])

    with django_assert_num_queries(4):  # both versions' statements, then both texts
        changes = policy_updates.statement_changes(old=old, new=new, lang="pt-br")

    assert [c.statement_id for c in changes] == [q.ruling["infraction_statement"]]


def test_the_blueprint_list_does_not_count_a_cancelled_assignment_as_assigned(client):
    """Walk 3, #28: after its only assignment was cancelled a blueprint read "Assigned: 1"."""
    from django.utils import timezone

    from tests.factories import BlueprintFactory, assignment

    blueprint = BlueprintFactory(name="Walk3 check")
    assignment(blueprint=blueprint, cancelled_at=timezone.now())
    client.force_login(committee_member())

    page = client.get(reverse("committee-blueprints")).content.decode()

    row = page.split("Walk3 check")[1].split("</tr>")[0]
    assert '>0 <span class="meta">(1 cancelled)</span>' in row


def test_a_slot_error_is_summed_up_at_the_top_with_its_row(client):
    """Walk 3, #13: a row error ("less than or equal to 50") showed only on the row."""
    client.force_login(committee_member())

    response = client.post(
        reverse("committee-blueprint-new"), blueprint_post(**{"slots-0-count": "60"})
    )

    page = response.content.decode()
    assert response.status_code == 400
    summary = page[page.index("data-error-summary") : page.index("</h1>")]
    assert 'href="#id_slots-0-count"' in summary
    assert "Row 1, " in summary
    assert "<title>Error: " in page


def test_a_preview_adds_an_empty_row_for_another_slot(client):
    """Walk 3, #11: the help promised an empty row after a preview; none came."""
    client.force_login(committee_member())
    data = blueprint_post(**{"slots-1-topic": "rewind", "slots-1-count": "2", "preview": "1"})

    page = client.post(reverse("committee-blueprint-new"), data).content.decode()

    assert 'name="slots-TOTAL_FORMS" value="3"' in page
    assert 'name="slots-2-count"' in page
    assert 'name="slots-1-count" value="2"' in page


def test_two_blueprints_cannot_share_a_name(client):
    """Walk 3, #15: the assignment menu listed two blueprints of the same name."""
    client.force_login(committee_member())
    assert client.post(reverse("committee-blueprint-new"), blueprint_post()).status_code == 302

    again = client.post(reverse("committee-blueprint-new"), blueprint_post(name="l1 WRITTEN"))

    assert again.status_code == 400
    assert "Another exam blueprint has this name" in again.content.decode()
    blueprint = ExamBlueprint.objects.get()
    edit = client.post(reverse("committee-blueprint-edit", args=[blueprint.pk]), blueprint_post())
    assert edit.status_code == 302  # its own name is not another's
