"""Cohorts from the mentor's side: progress, invitations by e-mail (the only way in: the
candidate accepts), membership."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Count, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from judgetrain.accounts.models import Cohort, User
from judgetrain.accounts.roles import Role, sync_role_groups
from judgetrain.errors import ApplicationError, NotFound
from quizzes.models import Attempt, Invitation, Notification, Review, TopicMastery

INVITATION_SALT = "judgetrain.invitation"


class CohortError(ApplicationError):
    """A membership change or invitation the rules refuse; the message is for the user."""


class NotAMember(CohortError, NotFound):
    """The candidate named is not in the cohort: answered as an unknown one."""


def cohorts_visible_to(user: User) -> QuerySet[Cohort]:
    cohorts = Cohort.objects.select_related("mentor")
    if user.has_perm("accounts.manage_certification"):
        return cohorts
    return cohorts.filter(mentor=user)


def candidates_visible_to(user: User) -> QuerySet[User]:
    """The members of the cohorts the user may see (a mentor's own; the committee's all)."""
    members = User.objects.filter(cohorts__in=cohorts_visible_to(user)).distinct()
    return members.order_by("first_name", "last_name", "email")


def candidate_visible(user: User, candidate_id: int) -> bool:
    """Mentors see their own cohorts' candidates; the committee sees everyone."""
    if user.has_perm("accounts.manage_certification"):
        return True
    return Cohort.objects.filter(mentor=user, candidates=candidate_id).exists()


# --- progress ----------------------------------------------------------------------------


@dataclass
class CandidateProgress:
    candidate: User
    masteries: dict[str, TopicMastery] = field(default_factory=dict)
    cells: list[TopicMastery | None] = field(default_factory=list)
    due: int = 0
    attempts: int = 0
    best_score: float | None = None
    last_score: float | None = None
    passed: int = 0
    pending_reviews: int = 0


def mastery_band(value: float) -> str:
    """The heatmap's colour class; the cell always shows the number too."""
    if value >= 0.8:
        return "high"
    if value >= 0.5:
        return "mid"
    return "low"


def cohort_progress(*, cohort: Cohort, now: datetime | None = None) -> dict[str, Any]:
    """Mastery by topic per candidate, attempts, scores and due reviews, in four queries."""
    now = now or timezone.now()
    candidates = list(cohort.candidates.order_by("last_name", "first_name", "email"))
    rows = {candidate.pk: CandidateProgress(candidate=candidate) for candidate in candidates}
    masteries = TopicMastery.objects.filter(user__in=rows).select_related("topic")
    topics: set[str] = set()
    for mastery in masteries:
        row = rows[mastery.user_id]
        row.masteries[mastery.topic.slug] = mastery
        topics.add(mastery.topic.slug)
        if mastery.due_at is not None and mastery.due_at <= now:
            row.due += 1
    attempts = (
        Attempt.objects.filter(candidate__in=rows, status=Attempt.Status.GRADED)
        .only("candidate_id", "score", "passed", "graded_at")
        .order_by("graded_at")
    )
    for attempt in attempts:
        row = rows[attempt.candidate_id]
        row.attempts += 1
        row.last_score = attempt.score
        row.passed += int(bool(attempt.passed))
        if attempt.score is not None:
            row.best_score = max(row.best_score or 0.0, attempt.score)
    pending = (
        Review.objects.filter(candidate__in=rows, status=Review.Status.PENDING)
        .values("candidate_id")
        .annotate(n=Count("id"))
    )
    for entry in pending:
        rows[entry["candidate_id"]].pending_reviews = entry["n"]
    ordered = sorted(topics)
    for row in rows.values():
        row.cells = [row.masteries.get(slug) for slug in ordered]
    return {"topics": ordered, "rows": list(rows.values())}


MAX_COLUMNS = 8
"""Candidates shown side by side in the heatmap; a larger cohort is read one candidate at a
time (a table 8 candidates wide still fits a laptop; 60 did not)."""

CANDIDATE_ORDERS = ("name", "due", "attempts", "last", "best", "reviews")
TOPIC_ORDERS = ("name", "weakest", "strongest")


@dataclass
class TopicRow:
    """One topic of the heatmap: its name, a cell per candidate shown, and their mean."""

    slug: str
    name: str
    cells: list[tuple[User, TopicMastery | None]]  # per candidate shown
    mean: float | None


def _candidate_key(order: str) -> Any:
    if order == "name":
        return lambda row: (str(row.candidate).casefold(), row.candidate.pk)
    field_name = {
        "due": "due",
        "attempts": "attempts",
        "last": "last_score",
        "best": "best_score",
        "reviews": "pending_reviews",
    }[order]
    # Most first (most due, highest score); nothing yet goes last.
    return lambda row: (
        getattr(row, field_name) is None,
        -(getattr(row, field_name) or 0),
        str(row.candidate).casefold(),
    )


def cohort_heatmap(
    *,
    progress: dict[str, Any],
    topic_name: Any,
    order: str = "name",
    topic_order: str = "name",
    candidate_id: int | None = None,
) -> dict[str, Any]:
    """The cohort page's two views of ``cohort_progress`` (no query): the candidates sorted
    by ``order``, and the heatmap with topics as rows sorted by ``topic_order`` (name, or by
    mean mastery) and candidates as columns, all of them when at most ``MAX_COLUMNS``, else
    the one chosen (``candidate_id``, the first by default)."""
    order = order if order in CANDIDATE_ORDERS else "name"
    topic_order = topic_order if topic_order in TOPIC_ORDERS else "name"
    rows = sorted(progress["rows"], key=_candidate_key(order))
    by_name = sorted(rows, key=_candidate_key("name"))
    focus = next((row for row in rows if row.candidate.pk == candidate_id), None)
    one_at_a_time = len(rows) > MAX_COLUMNS
    if one_at_a_time and focus is None and by_name:
        focus = by_name[0]
    columns = [focus] if focus is not None else by_name
    topics = []
    for slug in progress["topics"]:
        cells = [(column.candidate, column.masteries.get(slug)) for column in columns]
        # The candidate's Home shows no percentage before enough answers; nor does the mean.
        values = [cell.mastery for _who, cell in cells if cell is not None and cell.enough_answers]
        mean = sum(values) / len(values) if values else None
        topics.append(TopicRow(slug=slug, name=str(topic_name(slug)), cells=cells, mean=mean))
    topics.sort(key=lambda topic: topic.name.casefold())
    if topic_order != "name":
        weakest = topic_order == "weakest"
        topics.sort(
            key=lambda topic: (
                topic.mean is None,
                (topic.mean if weakest else -topic.mean) if topic.mean is not None else 0,
            )
        )
    return {
        "rows": rows,
        "order": order,
        "topic_order": topic_order,
        "columns": columns,
        "focus": focus,
        "one_at_a_time": one_at_a_time,
        "choices": by_name,
        "topics": topics,
    }


def cohorts_overview(*, user: User) -> list[Cohort]:
    """The user's cohorts with candidate and pending-review counts (two queries)."""
    cohorts: list[Cohort] = list(
        cohorts_visible_to(user)
        .annotate(candidate_count=Count("candidates", distinct=True))
        .order_by("name")
    )
    pending = dict(
        Review.objects.filter(status=Review.Status.PENDING, candidate__cohorts__in=cohorts)
        .values_list("candidate__cohorts")
        .annotate(n=Count("id", distinct=True))
        .values_list("candidate__cohorts", "n")
    )
    for cohort in cohorts:
        cohort.pending_reviews = pending.get(cohort.pk, 0)  # type: ignore[attr-defined]
    return cohorts


# --- membership --------------------------------------------------------------------------


def _candidate_group() -> Group:
    group = Group.objects.filter(name=Role.CANDIDATE.value).first()
    if group is None:
        sync_role_groups()
        group = Group.objects.get(name=Role.CANDIDATE.value)
    return group


@transaction.atomic
def cohort_member_remove(*, cohort: Cohort, candidate_id: int) -> None:
    """Remove a candidate from the cohort; their account, answers and attempts stay."""
    if not cohort.candidates.filter(pk=candidate_id).exists():
        raise NotAMember(_("This candidate is not in the cohort."))
    cohort.candidates.remove(candidate_id)


def cohort_member_restore(*, cohort: Cohort, candidate_id: int) -> User:
    """Undo a removal just made (the view checks it is one): the candidate had accepted an
    invitation to this cohort, so no new one is needed."""
    candidate = User.objects.filter(pk=candidate_id, is_active=True).first()
    if candidate is None:
        raise CohortError(_("This candidate cannot be put back."))
    cohort.candidates.add(candidate)
    return candidate


# --- invitations -------------------------------------------------------------------------


def invitation_token(invitation: Invitation) -> str:
    return signing.dumps({"i": invitation.pk, "n": invitation.nonce}, salt=INVITATION_SALT)


def invitation_path(invitation: Invitation) -> str:
    return reverse("mentor-invitation-accept", kwargs={"token": invitation_token(invitation)})


def invitation_create(*, cohort: Cohort, email: str, by: User, language: str = "") -> Invitation:
    """Invite someone to the cohort, whether or not the address has an account: nobody joins
    a cohort without accepting (membership shows the mentor their gradings and appeals). The
    e-mail with a signed, single-use link is sent by Celery after commit.

    Whether an account uses the address is never looked up here, so the mentor's answer (and
    the work done for it) is the same for any address: the form cannot be used to find out
    who has an account. Only the cohort's own members, which the mentor sees, are refused."""
    from quizzes.services.notifications import notification_queue

    email = email.strip().lower()
    try:
        validate_email(email)
    except ValidationError:
        raise CohortError(_("Enter a valid e-mail address."), field="email") from None
    if cohort.candidates.filter(email=email).exists():
        raise CohortError(
            _("%(email)s is already in this cohort.") % {"email": email}, field="email"
        )
    with transaction.atomic():
        invitation = Invitation.objects.create(
            email=email, cohort=cohort, invited_by=by, nonce=secrets.token_urlsafe(32)
        )
        notification_queue(
            kind=Notification.Kind.INVITATION,
            key=f"invitation:{invitation.pk}",
            email=email,
            context={
                "mentor": str(by),
                "cohort": cohort.name,
                "cohort_names": cohort.name_translations,
                "path": invitation_path(invitation),
                "language": language,
            },
        )
    return invitation


def invitation_from_token(token: str) -> Invitation:
    """The invitation a link names; CohortError if forged, expired or already used."""
    max_age = timedelta(days=settings.INVITATION_MAX_AGE_DAYS)
    try:
        data = signing.loads(token, salt=INVITATION_SALT, max_age=max_age)
    except signing.SignatureExpired:
        raise CohortError(
            _("This invitation has expired; ask your mentor for a new one.")
        ) from None
    except signing.BadSignature:
        raise CohortError(_("This invitation link is not valid.")) from None
    invitation = (
        Invitation.objects.select_related("cohort__mentor", "invited_by")
        .filter(pk=data.get("i"), nonce=data.get("n"))
        .first()
    )
    if invitation is None:
        raise CohortError(_("This invitation link is not valid."))
    if invitation.accepted_at is not None:
        raise CohortError(_("This invitation was already used."))
    return invitation


def invitation_accept(
    *,
    invitation: Invitation,
    user: User | None = None,
    first_name: str = "",
    last_name: str = "",
    password: str = "",
) -> User:
    """Accept once: create the candidate's account (or use the logged-in one with the invited
    address) and add it to the cohort."""
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if invitation.accepted_at is not None:
            raise CohortError(_("This invitation was already used."))
        if user is None:
            if User.objects.filter(email=invitation.email).exists():
                raise CohortError(
                    _("An account with this e-mail exists: log in, then open the link again.")
                )
            try:
                validate_password(password, User(email=invitation.email))
            except ValidationError as error:
                raise CohortError(" ".join(error.messages)) from None
            user = User.objects.create_user(
                invitation.email, password, first_name=first_name.strip(),
                last_name=last_name.strip(),
            )  # fmt: skip
        elif user.email != invitation.email:
            raise CohortError(_("This invitation is for another e-mail address."))
        user.groups.add(_candidate_group())
        invitation.cohort.candidates.add(user)
        invitation.accepted_at, invitation.accepted_by = timezone.now(), user
        invitation.save(update_fields=["accepted_at", "accepted_by"])
    return user


def invitation_has_account(invitation: Invitation) -> bool:
    """For the invitation's page, shown only to whoever holds the link (sent to that
    address): log in to accept, or create the account there."""
    return User.objects.filter(email=invitation.email).exists()


def invitation_decline(*, invitation: Invitation) -> None:
    """Refuse once: the invitation is deleted (its link stops working and it leaves the
    mentor's list of invitations not yet accepted); nobody joins."""
    with transaction.atomic():
        locked = Invitation.objects.select_for_update().filter(pk=invitation.pk).first()
        if locked is None or locked.accepted_at is not None:
            raise CohortError(_("This invitation was already used."))
        locked.delete()


def invitations_pending(*, cohort: Cohort) -> QuerySet[Invitation]:
    return cohort.invitations.filter(accepted_at__isnull=True).order_by("-created_at")


def pending_counts(*, user: User) -> dict[str, int]:
    """For the dashboard: reviews and appeals waiting for this user; appeals contested to the
    committee apart, since they are listed on the committee's own page (walk 4, #4)."""
    from quizzes.services.appeals import appeals_visible_to
    from quizzes.services.review import reviews_visible_to

    appeals = appeals_visible_to(user)
    committee = user.has_perm("accounts.manage_certification")
    return {
        "reviews": reviews_visible_to(user).filter(status=Review.Status.PENDING).count(),
        "appeals": appeals.filter(status="open").count(),
        "contested": appeals.filter(status="contested").count() if committee else 0,
    }
