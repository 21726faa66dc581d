"""Certificates issued from evidence: the passed attempts a level requires, recorded so the
committee can re-grade them exactly on appeal, years later."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from judgetrain.accounts.models import User
from judgetrain.dates import days_after
from judgetrain.errors import ApplicationError
from quizzes.certification.models import Certificate, CertificationLevel, LevelRequirement
from quizzes.common.notifications import notification_queue
from quizzes.exams.models.exams import Attempt
from quizzes.review.models.review import Notification
from rulings.grading import lexicon_version


def certificate_notify(*, certificate: Certificate, event: str) -> None:
    """E-mail the holder that their certificate was issued, renewed or revoked: recorded now,
    sent once the transaction commits, in the holder's language, with the link to its page."""

    holder = certificate.candidate
    moment = certificate.revoked_at if event == "revoked" else certificate.expires_at
    context: dict[str, Any] = {
        "event": event,
        "level": certificate.level.name,
        "level_names": certificate.level.name_translations,
        "date": (moment or certificate.expires_at).isoformat(),
        "path": reverse("my-certificate", args=[certificate.pk]),
    }
    if event == "revoked":
        context["reason"] = certificate.revoked_reason
    notification_queue(
        kind=Notification.Kind.CERTIFICATE,
        key=f"certificate:{event}:{certificate.pk}",
        email=holder.email,
        user=holder,
        context=context,
    )


class CertificationError(ApplicationError):
    """The evidence does not support the certificate (``not_eligible``), or the certificate
    cannot be revoked or renewed as asked; the message says why."""

    code = "not_eligible"


def _graded_attempts(candidate: User) -> list[Attempt]:
    """The candidate's graded attempts whose result is final: one still waiting for a
    mentor's review is provisional and is no evidence yet."""
    return list(
        Attempt.objects.with_review_waiting()
        .filter(candidate=candidate, status=Attempt.Status.GRADED)
        .filter(review_waiting=False)
        .select_related("assignment__blueprint__policy_version")
        .order_by("-score", "-graded_at")
    )


def _satisfies(attempt: Attempt, requirement: LevelRequirement) -> bool:
    return (
        attempt.assignment.blueprint_id == requirement.blueprint_id
        and bool(attempt.passed)
        and (attempt.score or 0.0) >= requirement.min_score
    )


def evidence_choose(
    *, candidate: User, level: CertificationLevel, attempt_ids: Sequence[int] = ()
) -> list[Attempt]:
    """One passed attempt per requirement: among ``attempt_ids`` when given, else the best.

    Raises CertificationError naming every requirement the evidence does not meet."""
    requirements = list(level.requirements.select_related("blueprint"))
    if not requirements:
        raise CertificationError(_("This level requires no exam yet; add its exams first."))
    attempts = _graded_attempts(candidate)
    if attempt_ids:
        chosen_ids = set(attempt_ids)
        unknown = chosen_ids - {attempt.pk for attempt in attempts}
        if unknown:
            raise CertificationError(
                _("Attempt %(id)s is not a graded attempt of this candidate with a final result.")
                % {"id": min(unknown)}
            )
        attempts = [attempt for attempt in attempts if attempt.pk in chosen_ids]
    chosen: list[Attempt] = []
    missing: list[str] = []
    for requirement in requirements:
        match = next((a for a in attempts if _satisfies(a, requirement)), None)
        if match is None:
            missing.append(
                _("%(exam)s passed with at least %(mark)d%%")
                % {
                    "exam": requirement.blueprint.display_name,
                    "mark": round(requirement.min_score * 100),
                }
            )
        else:
            chosen.append(match)
    if missing:
        raise CertificationError(
            _("The evidence does not meet this level. Missing: %(missing)s.")
            % {"missing": "; ".join(missing)}
        )
    return chosen


def evidence_record(attempts: Sequence[Attempt]) -> dict[str, Any]:
    """Everything needed to re-grade the attempts exactly: no key, only ids and versions."""
    records = []
    for attempt in attempts:
        blueprint = attempt.assignment.blueprint
        items = attempt.items.select_related("question__policy_version").order_by("position")
        records.append(
            {
                "attempt": attempt.pk,
                "blueprint": blueprint.pk,
                "blueprint_name": blueprint.name,
                "seed": attempt.seed,
                "language": attempt.language,
                "score": attempt.score,
                "pass_score": blueprint.pass_score,
                "graded_at": attempt.graded_at.isoformat() if attempt.graded_at else None,
                "items": [
                    {
                        "position": item.position,
                        "question": item.question_id,
                        "content_hash": item.question.content_hash,
                        "template_id": item.question.template_id,
                        "template_version": item.question.template_version,
                        "seed": item.question.seed,
                        "policy_version": item.question.policy_version.version_id,
                        "lexicon_version": (item.grade or {}).get("lexicon_version", ""),
                        "score": item.score,
                        "override_score": item.override_score,
                    }
                    for item in items
                ],
            }
        )
    return {"attempts": records, "grader_version": lexicon_version()}


def _mentor_of(candidate: User, mentor: User) -> bool:
    return User.objects.mentored_by(mentor).filter(pk=candidate.pk).exists()


@transaction.atomic
def certificate_issue(
    *,
    candidate: User,
    level: CertificationLevel,
    by: User,
    attempt_ids: Sequence[int] = (),
    endorsed_by: User | None = None,
    now: datetime | None = None,
) -> Certificate:
    now = now or timezone.now()
    attempts = evidence_choose(candidate=candidate, level=level, attempt_ids=attempt_ids)
    if level.endorsement_required:
        if endorsed_by is None:
            raise CertificationError(
                _("This level needs the endorsement of the candidate's mentor."),
                field="endorsed_by",
            )
        if not _mentor_of(candidate, endorsed_by):
            raise CertificationError(
                _("The endorsing mentor does not mentor this candidate."), field="endorsed_by"
            )
    issued = Certificate.objects.create(
        candidate=candidate,
        level=level,
        issued_by=by,
        issued_at=now,
        expires_at=days_after(now, level.validity_days),
        evidence=evidence_record(attempts),
        endorsed_by=endorsed_by,
    )
    certificate_notify(certificate=issued, event="issued")
    return issued


@transaction.atomic
def certificate_revoke(
    *, certificate: Certificate, reason: str, by: User, now: datetime | None = None
) -> Certificate:
    reason = reason.strip()
    if not reason:
        raise CertificationError(
            _("Give the reason for revoking this certificate."), code="invalid", field="reason"
        )
    certificate = (
        Certificate.objects.select_for_update(of=("self",))
        .select_related("level", "candidate")
        .get(pk=certificate.pk)
    )
    if certificate.revoked_at is not None:
        raise CertificationError(_("This certificate was already revoked."), code="already_revoked")
    certificate.revoked_at = now or timezone.now()
    certificate.revoked_reason = reason
    certificate.save(update_fields=["revoked_at", "revoked_reason"])
    # A revoked renewal replaces nothing: the certificate it renewed stands on its own again,
    # valid until its own end date (docs/operations.md, "Certificates"). If the reason
    # applies to the holder, the committee revokes that one too.
    if certificate.renewed_from_id is not None:
        Certificate.objects.filter(pk=certificate.renewed_from_id, renewed_at__isnull=False).update(
            renewed_at=None
        )
    certificate_notify(certificate=certificate, event="revoked")
    return certificate


def renewal_period(
    *, certificate: Certificate, now: datetime | None = None
) -> tuple[datetime, datetime]:
    """When a renewal of ``certificate`` would be valid from and until: from now, for the
    level's period counted from where the old certificate ends when it is still valid (the
    holder loses none of the time left), else from now."""
    now = now or timezone.now()
    start = certificate.expires_at if certificate.is_valid(now) else now
    return now, days_after(max(start, now), certificate.level.validity_days)


@transaction.atomic
def certificate_renew(
    *, certificate: Certificate, by: User, now: datetime | None = None
) -> tuple[Certificate, bool]:
    """A new certificate on the same evidence (``renewal_period``), which supersedes the old
    one: the old is marked renewed and the two are linked. Renewing twice (a double
    submission) answers the renewal already made, and False: one certificate, one e-mail."""
    now = now or timezone.now()
    certificate = (
        Certificate.objects.select_for_update(of=("self",))
        .select_related("level", "candidate")
        .get(pk=certificate.pk)
    )
    existing = certificate.renewal
    if existing is not None:
        return existing, False
    if certificate.revoked_at is not None:
        raise CertificationError(_("A revoked certificate cannot be renewed."), code="cannot_renew")
    if certificate.revoked_renewal is not None:
        raise CertificationError(
            _(
                "This certificate's renewal was revoked, so it cannot be renewed again: "
                "issue a new certificate from the evidence instead."
            ),
            code="cannot_renew",
        )
    issued_at, expires_at = renewal_period(certificate=certificate, now=now)
    renewed = Certificate.objects.create(
        candidate_id=certificate.candidate_id,
        level=certificate.level,
        issued_by=by,
        issued_at=issued_at,
        expires_at=expires_at,
        evidence=certificate.evidence,
        endorsed_by_id=certificate.endorsed_by_id,
        renewed_from=certificate,
    )
    certificate.renewed_at = now
    certificate.save(update_fields=["renewed_at"])
    certificate_notify(certificate=renewed, event="renewed")
    return renewed, True
