import re
from datetime import timedelta

import pytest
from django.core import mail
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from judgetrain.accounts.models import Cohort, User
from judgetrain.accounts.roles import Role
from quizzes.bank.models.questions import Topic
from quizzes.cohorts import selectors as selectors_cohorts
from quizzes.cohorts import services as cohorts
from quizzes.common import notifications
from quizzes.practice.models import TopicMastery
from quizzes.review.models.review import Invitation
from tests.factories import candidate, cohort, committee_member, mentor
from tests.quizzes.mentor.conftest import HEDGED, RIGHT, graded_attempt, mentored_candidate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

PASSWORD = "a long enough pass phrase 42"


def invite(email="new.judge@example.com"):
    the_cohort = cohort()
    invitation = cohorts.invitation_create(cohort=the_cohort, email=email, by=the_cohort.mentor)
    return invitation, the_cohort


def link_token() -> str:
    found = re.search(r"/mentor/invitations/([^/]+)/", str(mail.outbox[-1].body))
    assert found is not None
    return found.group(1)


def test_an_invitation_is_emailed_with_a_signed_link():
    invitation, the_cohort = invite()
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["new.judge@example.com"]
    assert the_cohort.name in mail.outbox[0].body
    assert cohorts.invitation_from_token(link_token()) == invitation


def test_accepting_creates_a_candidate_in_the_cohort_and_the_link_then_stops_working():
    invitation, the_cohort = invite()
    token = link_token()

    user = cohorts.invitation_accept(
        invitation=cohorts.invitation_from_token(token), first_name="Nia", password=PASSWORD
    )

    assert user.email == "new.judge@example.com"
    assert user.check_password(PASSWORD)
    assert user.has_role(Role.CANDIDATE)
    assert list(the_cohort.candidates.all()) == [user]
    with pytest.raises(cohorts.CohortError, match="already used"):
        cohorts.invitation_from_token(token)
    with pytest.raises(cohorts.CohortError, match="already used"):
        cohorts.invitation_accept(invitation=invitation, password=PASSWORD)


def test_a_forged_or_tampered_link_is_refused():
    invite()
    token = link_token()
    with pytest.raises(cohorts.CohortError, match="not valid"):
        cohorts.invitation_from_token(token[:-2] + "xx")
    with pytest.raises(cohorts.CohortError, match="not valid"):
        cohorts.invitation_from_token("nonsense")


def test_an_expired_link_is_refused():
    invite()
    token = link_token()
    with override_settings(INVITATION_MAX_AGE_DAYS=1):
        from unittest import mock

        later = timezone.now().timestamp() + timedelta(days=2).total_seconds()
        with (
            mock.patch("time.time", return_value=later),
            pytest.raises(cohorts.CohortError, match="expired"),
        ):
            cohorts.invitation_from_token(token)


def test_a_weak_password_is_refused_and_nothing_is_created():
    invitation, _ = invite()
    with pytest.raises(cohorts.CohortError):
        cohorts.invitation_accept(invitation=invitation, password="123")
    assert not User.objects.filter(email=invitation.email).exists()
    assert Invitation.objects.get().accepted_at is None


def test_an_existing_account_accepts_while_logged_in_as_itself():
    existing = candidate(email="known@example.com")
    invitation, the_cohort = invite("known@example.com")
    with pytest.raises(cohorts.CohortError, match="log in"):
        cohorts.invitation_accept(invitation=invitation, password=PASSWORD)
    with pytest.raises(cohorts.CohortError, match="another"):
        cohorts.invitation_accept(invitation=invitation, user=candidate())
    cohorts.invitation_accept(invitation=invitation, user=existing)
    assert list(the_cohort.candidates.all()) == [existing]


def test_inviting_a_member_or_a_bad_address_is_refused():
    who, the_cohort = mentored_candidate()
    with pytest.raises(cohorts.CohortError, match="already"):
        cohorts.invitation_create(cohort=the_cohort, email=who.email, by=the_cohort.mentor)
    with pytest.raises(cohorts.CohortError, match="valid"):
        cohorts.invitation_create(cohort=the_cohort, email="not an address", by=mentor())


def test_members_join_only_by_accepting_and_are_removed():
    the_cohort = cohort()
    who = candidate(email="someone@example.com")

    invitation = cohorts.invitation_create(
        cohort=the_cohort, email=" Someone@Example.com ", by=the_cohort.mentor
    )

    assert not the_cohort.candidates.exists()  # invited, not added
    cohorts.invitation_accept(invitation=invitation, user=who)
    assert list(the_cohort.candidates.all()) == [who]
    cohorts.cohort_member_remove(cohort=the_cohort, candidate_id=who.pk)
    assert not the_cohort.candidates.exists()
    with pytest.raises(cohorts.CohortError):
        cohorts.cohort_member_remove(cohort=the_cohort, candidate_id=who.pk)


def test_a_candidate_another_mentor_guides_joins_only_with_their_consent():
    who, theirs = mentored_candidate()
    mine = cohort()

    invitation = cohorts.invitation_create(cohort=mine, email=who.email, by=mine.mentor)

    assert not mine.candidates.exists()
    assert list(theirs.candidates.all()) == [who]
    cohorts.invitation_accept(invitation=invitation, user=who)
    assert list(mine.candidates.all()) == [who]


def test_declining_adds_nobody_and_the_link_stops_working():
    who = candidate(email="known@example.com")
    invitation, the_cohort = invite("known@example.com")
    token = link_token()

    cohorts.invitation_decline(invitation=invitation)

    assert not the_cohort.candidates.exists()
    assert not Invitation.objects.exists()
    with pytest.raises(cohorts.CohortError, match="not valid"):
        cohorts.invitation_from_token(token)
    with pytest.raises(cohorts.CohortError, match="already used"):
        cohorts.invitation_decline(invitation=invitation)
    assert not who.cohorts.exists()


def test_an_accepted_invitation_cannot_be_declined():
    who = candidate(email="known@example.com")
    invitation, the_cohort = invite("known@example.com")
    cohorts.invitation_accept(invitation=invitation, user=who)

    with pytest.raises(cohorts.CohortError, match="already used"):
        cohorts.invitation_decline(invitation=invitation)
    assert list(the_cohort.candidates.all()) == [who]


def _shape(sql: str) -> str:
    """A query with its values (addresses, nonces, ids, times) blanked out."""
    return re.sub(r"\d+", "?", re.sub(r"'[^']*'", "?", sql))


def test_inviting_does_the_same_work_whether_or_not_the_address_has_an_account(monkeypatch):
    """The mentor's answer, and the queries behind it, cannot depend on an account existing
    (the e-mail is sent later, by a worker)."""
    monkeypatch.setattr(notifications, "enqueue_on_commit", lambda *args, **kwargs: None)
    candidate(email="known@example.com")
    the_cohort = cohort()
    shapes = []
    for email in ("known@example.com", "unknown@example.com"):
        with CaptureQueriesContext(connection) as queries:
            cohorts.invitation_create(cohort=the_cohort, email=email, by=the_cohort.mentor)
        shapes.append([_shape(query["sql"]) for query in queries.captured_queries])

    assert shapes[0] == shapes[1]


def test_progress_shows_mastery_by_topic_attempts_scores_and_due_reviews():
    who, the_cohort = mentored_candidate()
    idle, _ = mentored_candidate(the_cohort)
    now = timezone.now()
    for slug, value, due in (
        ("missed_trigger", 0.9, now - timedelta(days=1)),
        ("scoring", 0.3, None),
    ):
        TopicMastery.objects.create(
            user=who, topic=Topic.objects.get_or_create(slug=slug)[0], mastery=value, answered=4,
            due_at=due,
        )  # fmt: skip
    graded_attempt(who, [RIGHT])
    graded_attempt(who, [HEDGED])

    progress = selectors_cohorts.cohort_progress(cohort=the_cohort, now=now)

    assert progress["topics"] == ["missed_trigger", "scoring"]
    rows = {row.candidate: row for row in progress["rows"]}
    mine = rows[who]
    assert [cell.mastery for cell in mine.cells] == [0.9, 0.3]
    assert mine.due == 1
    assert mine.attempts == 2
    assert mine.passed == 1
    assert mine.best_score == pytest.approx(1.0)
    assert mine.pending_reviews == 1
    assert rows[idle].cells == [None, None]
    assert rows[idle].attempts == 0
    assert selectors_cohorts.mastery_band(0.9) == "high"
    assert selectors_cohorts.mastery_band(0.3) == "low"


def test_mentors_see_their_cohorts_and_the_committee_all():
    mine = cohort()
    other = cohort()
    assert list(Cohort.objects.visible_to(mine.mentor)) == [mine]
    assert set(Cohort.objects.visible_to(committee_member())) == {mine, other}
