"""Cohorts from the mentor's side, the writes: invitations by e-mail (the only way in: the
candidate accepts) and membership. Progress and the other reads are in
``quizzes.cohorts.selectors``."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from judgetrain.accounts.models import Cohort, User
from judgetrain.accounts.roles import Role, sync_role_groups
from judgetrain.errors import ApplicationError, NotFound
from quizzes.review.models.review import Invitation, Notification

INVITATION_SALT = "judgetrain.invitation"


class CohortError(ApplicationError):
    """A membership change or invitation the rules refuse; the message is for the user."""


class NotAMember(CohortError, NotFound):
    """The candidate named is not in the cohort: answered as an unknown one."""


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
    from quizzes.common.notifications import notification_queue

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


def invitation_decline(*, invitation: Invitation) -> None:
    """Refuse once: the invitation is deleted (its link stops working and it leaves the
    mentor's list of invitations not yet accepted); nobody joins."""
    with transaction.atomic():
        locked = Invitation.objects.select_for_update().filter(pk=invitation.pk).first()
        if locked is None or locked.accepted_at is not None:
            raise CohortError(_("This invitation was already used."))
        locked.delete()
