"""The policy-update page does not understate what rests on the older version (UX walk 1,
#25: the default version's attempts and certificates read "0", a candidate with no attempt
left was listed as having an open exam, and no step said how to leave the default)."""

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.bank.services import policy_updates
from quizzes.exams.models.exams import Attempt
from rulings.models import PolicyStatement
from tests.factories import (
    BlueprintFactory,
    assignment,
    candidate,
    committee_member,
    newer_policy_version,
    question,
)
from tests.quizzes.committee.seeding import graded_attempt

pytestmark = pytest.mark.django_db


def compare_default_with_newer(client):
    """The older version is its game's default; the statement that changes is one no stored
    question cites, so nothing is regraded, yet an attempt was built on the older version."""
    q = question()
    old = q.policy_version
    old.is_default = True
    old.save(update_fields=["is_default"])
    cited = set(policy_updates.cited_statements(q.ruling))
    uncited = PolicyStatement.objects.filter(version=old).exclude(statement_id__in=cited)
    new = newer_policy_version(old, changed=uncited.values_list("statement_id", flat=True)[0])
    follows = BlueprintFactory(policy_version=None, game=old.document.game)
    attempt = graded_attempt(candidate(), follows, [1.0], [q])
    client.force_login(committee_member())
    page = client.get(reverse("committee-policy-update"), {"old": old.pk, "new": new.pk})
    return page, attempt, follows


def test_attempts_built_on_the_older_default_version_are_counted_and_listed(client):
    page, attempt, _follows = compare_default_with_newer(client)

    html = page.content.decode()
    assert page.context["impact"].attempts_on_old == [attempt]
    assert "1 graded attempt was built on the older version" in html
    assert "hold no question whose key cites a changed statement" in html


def test_the_next_step_says_how_to_move_blueprints_that_follow_the_default(client):
    page, _attempt, follows = compare_default_with_newer(client)

    html = page.content.decode()
    assert reverse("committee-blueprint-edit", args=[follows.pk]) in html
    assert "make the newer version its game's default" in html


def test_open_exams_leave_out_candidates_with_no_attempt_left(client):
    q = question()
    old = q.policy_version
    new = newer_policy_version(old, changed=q.ruling["infraction_statement"])
    blueprint = BlueprintFactory(policy_version=old)
    closes = timezone.now() + timezone.timedelta(days=3)
    used_up = assignment(blueprint=blueprint, max_attempts=1, closes_at=closes)
    Attempt.objects.create(
        assignment=used_up,
        candidate=used_up.candidate,
        number=1,
        seed=1,
        deadline=closes,
        status=Attempt.Status.GRADED,
    )
    still_open = assignment(blueprint=blueprint, max_attempts=1, closes_at=closes)
    client.force_login(committee_member())

    page = client.get(reverse("committee-policy-update"), {"old": old.pk, "new": new.pk})

    assert page.context["impact"].open_assignments == [still_open]


def test_what_changed_names_a_statement_by_its_section_not_its_internal_id(client):
    """Walk 4, #17: each row ended in a raw slug such as "(ipg-2.1-definition)"."""
    page, _attempt, _follows = compare_default_with_newer(client)

    html = page.content.decode()
    changed = html[html.index("What changed, before and after") :]
    summary = changed[changed.index("<summary>") : changed.index("</summary>")]
    assert "(" not in summary.split("·")[-1]
