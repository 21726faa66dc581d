"""Appeals: the mentor decides first; a contested decision goes to the committee, which can
also withdraw or correct a question whose key is wrong, for everyone, and regrade."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _

from judgetrain.accounts.models import Cohort, User
from judgetrain.errors import ApplicationError, Conflict
from judgetrain.queueing import enqueue_on_commit
from quizzes.bank.models.questions import QuestionKind
from quizzes.common.notifications import notification_queue
from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.grading import question_key
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import (
    AuditEntry,
    Notification,
    QuestionCorrection,
    Review,
    ReviewerRole,
)
from quizzes.review.services.regrade import KEEP_ALL, ManualChoice, regrade_holders
from quizzes.review.services.review import (
    item_override_set,
    item_snapshot,
    results_release_if_reviewed,
    reviewer_role,
    reviews_close_pending,
)
from rulings import INFRACTIONS, PENALTIES, REMEDIES
from rulings.grading import ruling_ids


class AppealError(ApplicationError):
    """A decision or contest the appeal rules refuse; the message is for the user."""

    code = "invalid_decision"


class NotYourLevel(AppealError, Conflict):
    """The appeal waits for someone else: the candidate's mentor, or the committee."""

    code = "not_your_level"


@dataclass(frozen=True)
class KeyCorrection:
    """The committee's finding that the key is wrong: withdraw, or the corrected key."""

    action: str  # QuestionCorrection.Action
    infraction: str = ""
    penalty: str = ""
    remedy: str = ""
    #: Which grades set by hand give way to the regrade (walk 10, #6): none by default.
    manual: ManualChoice = KEEP_ALL


@dataclass(frozen=True)
class CorrectionPreview:
    """What a withdrawal or key correction would do, before it is applied: each graded
    attempt's score and pass before and after, and a token naming exactly this outcome (the
    confirmation must bring it back: if anything changed in between, the token differs)."""

    changes: list[dict[str, Any]] = field(default_factory=list)
    token: str = ""

    @property
    def outcome_changed(self) -> list[dict[str, Any]]:
        """The rows whose pass or fail changes."""
        return [row for row in self.changes if row["passed_before"] != row["passed_after"]]

    @property
    def score_changed(self) -> list[dict[str, Any]]:
        """The rows whose score alone changes (the attempt's, or the question's within it),
        the result staying the same."""
        return [
            row
            for row in self.changes
            if row["passed_before"] == row["passed_after"]
            and not (
                same_percent(row["score_before"], row["score_after"])
                and same_percent(row.get("question_before"), row.get("question_after"))
            )
        ]

    @property
    def overrides_superseded(self) -> list[dict[str, Any]]:
        """The rows where a mentor's earlier grade of the answer gives way to the regrade."""
        return [row for row in self.changes if row.get("override_superseded") is not None]

    @property
    def manual_grades(self) -> list[dict[str, Any]]:
        """The rows whose answer a person graded by hand (a mentor's review or an appeal
        decision): the person's grade, the regrade's, the parts the grader could not read,
        and whether the person's grade is kept (walk 10, #6)."""
        return [row for row in self.changes if row.get("manual_score") is not None]

    def as_data(self) -> dict[str, Any]:
        """The preview as the API answers it: every change, the attempts whose result
        changes, and the token the confirmation brings back."""
        return {
            "changes": self.changes,
            "outcome_changed": [row["attempt"] for row in self.outcome_changed],
            "manual_grades": [row["attempt"] for row in self.manual_grades],
            "token": self.token,
        }


def same_percent(before: float | None, after: float | None) -> bool:
    """Whether two scores read the same in whole percent (walk 11, #3: a hand grade of
    0.6667 and a regrade of 2/3 are not a change of "67% → 67%")."""
    if before is None or after is None:
        return before is after
    return round(before * 100) == round(after * 100)


class PreviewChanged(AppealError, Conflict):
    """The confirmation names another outcome than the current one (none, or data changed
    since the preview): nothing was applied; ``preview`` is the current one (409
    ``preview_changed``, or ``confirmation_required`` when no confirmation was sent)."""

    def __init__(self, preview: CorrectionPreview, *, confirmed: bool) -> None:
        super().__init__(
            _(
                "Scores or results changed since your preview: check the new preview and "
                "confirm again."
            )
            if confirmed
            else _("Check the preview, then confirm to apply it."),
            code="preview_changed" if confirmed else "confirmation_required",
        )
        self.preview = preview

    def payload(self) -> dict[str, Any]:
        return {"preview": self.preview.as_data()}


def _clean_text(text: str, *, required: str, field: str, code: str | None = None) -> str:
    text = text.strip()
    if not text:
        raise AppealError(required, code=code, field=field)
    if len(text) > 4000:
        raise AppealError(_("A reason can be at most 4000 characters."), code=code, field=field)
    if "\x00" in text:
        raise AppealError(_("Null characters are not allowed."), code=code, field=field)
    return text


def _check_level(appeal: Appeal, by: User) -> str:
    """The level deciding now: the candidate's mentor for an open appeal, the committee for a
    contested one. The committee does not decide an open appeal over the mentor's head (the
    candidate would lose the mentor's decision and the right to contest it), unless the
    candidate has no mentor at all; it then decides as the committee, finally."""
    if appeal.status == Appeal.Status.OPEN:
        candidate_id = appeal.item.attempt.candidate_id
        if User.objects.mentored_by(by).filter(pk=candidate_id).exists():
            return Appeal.Level.MENTOR
        if reviewer_role(by) == ReviewerRole.COMMITTEE and not candidate_has_mentor(candidate_id):
            return Appeal.Level.COMMITTEE
        raise NotYourLevel(
            _(
                "This appeal waits for the candidate's mentor. The committee decides it only "
                "if the candidate contests the mentor's decision."
            )
        )
    if appeal.status == Appeal.Status.CONTESTED:
        if reviewer_role(by) != ReviewerRole.COMMITTEE:
            raise NotYourLevel(_("A contested appeal is decided by the committee."))
        return Appeal.Level.COMMITTEE
    raise AppealError(_("This appeal was already decided."))


def candidate_has_mentor(candidate_id: int) -> bool:
    return Cohort.objects.filter(candidates=candidate_id).exists()


def appeal_decidable_by(appeal: Appeal, by: User) -> bool:
    """Whether ``by`` may decide the appeal now (for pages: show the form or say who decides)."""
    if appeal.item.attempt.candidate_id == by.pk:
        return False
    try:
        _check_level(appeal, by)
    except AppealError:
        return False
    return True


def _appeal_snapshot(appeal: Appeal) -> dict[str, Any]:
    return {
        "status": appeal.status,
        "resolution": appeal.resolution,
        "resolved_by": appeal.resolved_by_id,
        "resolved_level": appeal.resolved_level,
    }


def appeal_decide(
    *,
    appeal: Appeal,
    by: User,
    uphold: bool,
    reason: str,
    percent: int | None = None,
    correction: KeyCorrection | None = None,
    preview_token: str = "",
) -> Appeal:
    """Uphold (with the answer's new score, or a key correction by the committee) or reject.

    A key correction applies only with the token of its preview (``correction_preview``)
    that still names the current outcome; else PreviewChanged carries the current preview.
    Raises AppealError for a decided appeal, a contested one decided by a mentor, a missing
    reason or score, or a key correction outside the committee.
    """
    reason = _clean_text(reason, required=_("Give the reason for your decision."), field="reason")
    with transaction.atomic():
        appeal = (
            Appeal.objects.select_for_update(of=("self",))
            .select_related("item__attempt__assignment__blueprint", "item__question")
            .get(pk=appeal.pk)
        )
        level = _check_decision(appeal, by, uphold=uphold, percent=percent, correction=correction)
        role = reviewer_role(by)
        if correction is not None:
            preview = _preview(question_id=appeal.item.question_id, correction=correction)
            if not constant_time_compare(preview.token, preview_token):
                raise PreviewChanged(preview, confirmed=bool(preview_token))
            # Walk 7, #21: with a key decision the regrade decides this answer: the appeal
            # is upheld if the key now agrees with it on a changed part or it gains (walk 11, #3),
            # whatever was chosen beside the correction.
            uphold = key_outcome(preview.changes, appeal.item.attempt_id, correction.action)[
                "upheld"
            ]
        before = _appeal_snapshot(appeal)
        item = appeal.item
        if uphold and correction is None:
            item_before = item_snapshot(item)
            item_override_set(
                item=item, score=(percent or 0) / 100, reason=reason, by=by, role=role
            )
            AuditEntry.objects.create(
                actor=by,
                role=role,
                action="appeal_override",
                item=item,
                appeal=appeal,
                before=item_before,
                after=item_snapshot(item),
                reason=reason,
            )
        appeal.status = Appeal.Status.UPHELD if uphold else Appeal.Status.REJECTED
        appeal.resolution, appeal.resolved_by = reason, by
        appeal.resolved_at, appeal.resolved_level = timezone.now(), level
        appeal.save(update_fields=["status", "resolution", "resolved_by", "resolved_at",
                                   "resolved_level"])  # fmt: skip
        AuditEntry.objects.create(
            actor=by,
            role=role,
            action=f"appeal_{appeal.status}",
            appeal=appeal,
            item=item,
            before=before,
            after=_appeal_snapshot(appeal),
            reason=reason,
        )
        if correction is not None:
            question_correction_create(
                question_id=item.question_id, appeal=appeal, by=by, reason=reason,
                correction=correction,
            )  # fmt: skip
        else:
            _settle_review(item, by=by, upheld=uphold, reason=reason)
        _notify_decision(appeal, level)
    return appeal


def _settle_review(item: AttemptItem, *, by: User, upheld: bool, reason: str) -> None:
    """Walk 9, #10: a person decided this answer's grade on appeal, so a review of it still
    pending is settled by that decision and leaves the queue (accepting the grader's reading
    there later would put back the score the appeal replaced)."""
    decision = _("Appeal upheld") if upheld else _("Appeal rejected")
    closed = reviews_close_pending(
        items=[item], status=Review.Status.SETTLED, by=by, reason=f"{decision}: {reason}"
    )
    if closed:
        results_release_if_reviewed(attempt=item.attempt)


def _check_decision(
    appeal: Appeal,
    by: User,
    *,
    uphold: bool,
    percent: int | None,
    correction: KeyCorrection | None,
) -> str:
    """The level deciding now (``_check_level``), once the decision itself is one the rules
    allow: not on one's own appeal, a key corrected only by the committee, and an
    upheld answer's new score within 0 to 100 (unless a key correction regrades it)."""
    if appeal.item.attempt.candidate_id == by.pk:
        raise AppealError(_("Someone else must decide your own appeal."))
    level = _check_level(appeal, by)
    if correction is not None and level != Appeal.Level.COMMITTEE:
        raise AppealError(_("Only the committee can withdraw a question or correct a key."))
    if uphold and correction is None and (percent is None or not 0 <= percent <= 100):
        raise AppealError(
            _("Upholding an appeal needs the answer's new score (0 to 100)."), field="percent"
        )
    return level


def _notify_decision(appeal: Appeal, level: str) -> None:

    attempt = appeal.item.attempt
    candidate = User.objects.get(pk=attempt.candidate_id)
    notification_queue(
        kind=Notification.Kind.APPEAL,
        key=f"appeal:{appeal.pk}:{level}",
        email=candidate.email,
        user=candidate,
        context={
            "exam": attempt.assignment.blueprint.name,
            "exam_names": attempt.assignment.blueprint.name_translations,
            "language": attempt.language,  # if the candidate never chose one
            "position": appeal.item.position,
            "status": appeal.status,
            "level": level,
            "reason": appeal.resolution,
            "path": f"/exams/attempts/{attempt.pk}/result",
        },
    )


def appeal_contest(*, appeal: Appeal, comment: str) -> Appeal:
    """The candidate takes the mentor's decision to the committee (once)."""
    comment = _clean_text(
        comment,
        required=_("Say why you contest the mentor's decision."),
        field="comment",
        code="cannot_contest",
    )
    with transaction.atomic():
        appeal = Appeal.objects.select_for_update().get(pk=appeal.pk)
        if not appeal.can_contest:
            raise AppealError(
                _("Only a decision by your mentor can be contested, once."), code="cannot_contest"
            )
        before = _appeal_snapshot(appeal)
        appeal.mentor_status, appeal.mentor_resolution = appeal.status, appeal.resolution
        appeal.mentor_resolved_by_id = appeal.resolved_by_id
        appeal.mentor_resolved_at = appeal.resolved_at
        appeal.status, appeal.contest_comment = Appeal.Status.CONTESTED, comment
        appeal.contested_at = timezone.now()
        appeal.resolution, appeal.resolved_by, appeal.resolved_at = "", None, None
        appeal.resolved_level = ""
        appeal.save()
        AuditEntry.objects.create(
            actor_id=appeal.item.attempt.candidate_id,
            action="appeal_contested",
            appeal=appeal,
            item_id=appeal.item_id,
            before=before,
            after=_appeal_snapshot(appeal),
            reason=comment,
        )
    return appeal


# --- key corrections ---------------------------------------------------------------------


_PART_IDS = {
    "infraction": INFRACTIONS,
    "penalty": PENALTIES,
    "remedy": REMEDIES,
}


def _key_after(question: Any, correction: KeyCorrection) -> dict[str, str]:
    """The corrected key, each part one of its own vocabulary's ids ({} to withdraw)."""
    if correction.action == QuestionCorrection.Action.WITHDRAW:
        return {}
    if correction.action != QuestionCorrection.Action.CORRECT:
        raise AppealError(_("Choose to withdraw the question or correct its key."))
    if question.kind != QuestionKind.FREE_FORM:
        raise AppealError(_("Only a free-form question's key can be corrected; withdraw it."))
    key_after = {
        "infraction": correction.infraction.strip(),
        "penalty": correction.penalty.strip(),
        "remedy": correction.remedy.strip(),
    }
    if not all(key_after.values()):
        raise AppealError(_("A corrected key names the infraction, penalty and remedy."))
    wrong = {
        "infraction": _("The corrected infraction is not an infraction: %(value)s."),
        "penalty": _("The corrected penalty is not a penalty: %(value)s."),
        "remedy": _("The corrected remedy is not a remedy: %(value)s."),
    }
    other_game = {
        "infraction": _("The corrected infraction is not one of this game's: %(value)s."),
        "penalty": _("The corrected penalty is not one of this game's: %(value)s."),
        "remedy": _("The corrected remedy is not one of this game's: %(value)s."),
    }
    for part, value in key_after.items():
        if value not in _PART_IDS[part]:
            raise AppealError(wrong[part] % {"value": value})
        if value not in ruling_ids(question.game, part):
            raise AppealError(other_game[part] % {"value": value})
    return key_after


def key_outcome(changes: list[dict[str, Any]], attempt_id: int, action: str) -> dict[str, Any]:
    """What a withdrawal or key correction means for one attempt's answer (walk 7, #21), part
    by part (walk 11, #3): the question's score before and after (None once withdrawn), the
    attempt's, and whether the appeal is upheld. A withdrawn question is upheld when the
    candidate lost points on it. A corrected key is upheld when it now agrees with the answer
    on a part the correction changed (``now_right``), whatever the total (a grade set by hand
    may be kept, another part may be unread), or when the answer earns more.
    ``unread`` and ``still_wrong`` say why a score stays. ``applied`` is False until the
    regrade has run (no row for the attempt yet)."""
    row = next((row for row in changes if row.get("attempt") == attempt_id), None)
    if row is None:
        return {"action": action, "applied": False, "upheld": False}
    before, after = row.get("question_before"), row.get("question_after")
    parts = row.get("parts") or []
    now_right = [p["part"] for p in parts if p["changed"] and p["after"] and not p["before"]]
    return {
        "action": action,
        "applied": True,
        "upheld": _upheld(action, before, after, now_right),
        "agrees": bool(row.get("agrees_with_key")),
        "now_right": now_right,
        "unread": [p["part"] for p in parts if not p["read"]],
        "still_wrong": [p["part"] for p in parts if p["read"] and not p["after"]],
        "manual_kept": bool(row.get("manual_kept")),
        "score_same": same_percent(before, after),
        "question_before": before,
        "question_after": after,
        "score_before": row.get("score_before"),
        "score_after": row.get("score_after"),
    }


def _upheld(action: str, before: float | None, after: float | None, now_right: list[str]) -> bool:
    if action == QuestionCorrection.Action.WITHDRAW:
        return before is not None and before < 1
    gains = after is not None and before is not None and round(after * 100) > round(before * 100)
    return gains or bool(now_right)


class _Rollback(Exception):
    def __init__(self, changes: list[dict[str, Any]]) -> None:
        super().__init__("preview")
        self.changes = changes


def _preview(*, question_id: int, correction: KeyCorrection) -> CorrectionPreview:
    """Apply the correction in a savepoint, read each attempt's outcome, roll back."""
    from quizzes.bank.models.questions import Question

    try:
        with transaction.atomic():
            question = Question.objects.select_for_update().get(pk=question_id)
            key_after = _key_after(question, correction)
            raise _Rollback(
                regrade_holders(question, correction.action, key_after, correction.manual)
            )
    except _Rollback as done:
        changes = done.changes
    named = {
        "question": question_id,
        "action": correction.action,
        "key": key_after,
        "manual": correction.manual.as_data(),
    }
    text = json.dumps({**named, "changes": changes}, sort_keys=True, default=str)
    token = salted_hmac("quizzes.correction-preview", text).hexdigest()
    return CorrectionPreview(changes=changes, token=token)


def correction_preview(*, appeal: Appeal, by: User, correction: KeyCorrection) -> CorrectionPreview:
    """What withdrawing or correcting the appeal's question would change, applying nothing:
    for the committee deciding a contested appeal (AppealError otherwise)."""
    with transaction.atomic():
        appeal = Appeal.objects.select_related("item__attempt").get(pk=appeal.pk)
        if appeal.item.attempt.candidate_id == by.pk:
            raise AppealError(_("Someone else must decide your own appeal."))
        if _check_level(appeal, by) != Appeal.Level.COMMITTEE:
            raise AppealError(_("Only the committee can withdraw a question or correct a key."))
        return _preview(question_id=appeal.item.question_id, correction=correction)


def withdrawal_preview(*, question_id: int) -> CorrectionPreview:
    """What withdrawing the question from the question-report queue would change (the same
    regrade as a withdrawal on a contested appeal), applying nothing."""
    with transaction.atomic():
        correction = KeyCorrection(action=QuestionCorrection.Action.WITHDRAW)
        return _preview(question_id=question_id, correction=correction)


def question_correction_create(
    *, question_id: int, appeal: Appeal | None, by: User, reason: str, correction: KeyCorrection
) -> QuestionCorrection:
    """Record the committee's key decision and queue the regrade of every attempt holding it."""
    from quizzes.bank.models.questions import Question

    question = Question.objects.select_for_update().get(pk=question_id)
    key_after = _key_after(question, correction)
    record = QuestionCorrection.objects.create(
        question=question,
        appeal=appeal,
        action=correction.action,
        key_before=question_key(question),
        key_after=key_after,
        manual_choice=correction.manual.as_data(),
        decided_by=by,
        reason=reason,
    )
    AuditEntry.objects.create(
        actor=by,
        role=ReviewerRole.COMMITTEE,
        action=f"question_{correction.action}",
        question=question,
        appeal=appeal,
        before=record.key_before,
        after=key_after or {"withdrawn": True},
        reason=reason,
    )
    enqueue_on_commit("quizzes.question_correction_apply", correction_id=record.pk)
    return record


def question_correction_apply(*, correction_id: int) -> QuestionCorrection:
    """Withdraw or correct the question and regrade every graded attempt holding it; record
    each attempt's score and pass before and after (idempotent)."""
    with transaction.atomic():
        record = (
            QuestionCorrection.objects.select_for_update(of=("self",))
            .select_related("question")
            .get(pk=correction_id)
        )
        if record.status == QuestionCorrection.Status.APPLIED:
            return record
        choice = ManualChoice(
            regrade=frozenset(record.manual_choice.get("regrade", [])),
            regrade_all=bool(record.manual_choice.get("regrade_all")),
        )
        changes = regrade_holders(record.question, record.action, record.key_after, choice)
        record.changes = changes
        record.status = QuestionCorrection.Status.APPLIED
        record.applied_at = timezone.now()
        record.save(update_fields=["changes", "status", "applied_at"])
        if record.action == QuestionCorrection.Action.WITHDRAW:
            _close_withdrawn_reviews(record)
        else:
            _audit_regrades(record)
        _notify_now_passed(record)
    return record


def _audit_regrades(record: QuestionCorrection) -> None:
    """Walk 11, #8: each regraded answer's history records the key correction, its score
    before and after, and whether a grade set by hand was kept or replaced."""
    AuditEntry.objects.bulk_create(
        AuditEntry(
            actor=record.decided_by,
            role=ReviewerRole.COMMITTEE,
            action="key_regrade",
            question_id=record.question_id,
            item_id=row["item"],
            before={
                **record.key_before,
                "score": row.get("question_before"),
                "manual_score": row.get("manual_score"),
            },
            after={
                **record.key_after,
                "score": row.get("question_after"),
                "manual_kept": bool(row.get("manual_kept")),
                "regrade_score": row.get("regrade_score"),
                "now_right": key_outcome(record.changes, row["attempt"], record.action)[
                    "now_right"
                ],
            },
            reason=record.reason,
        )
        for row in record.changes
        if row.get("item") is not None
    )


def _close_withdrawn_reviews(record: QuestionCorrection) -> None:
    """Walk 9, #9: a withdrawn question's answers no longer count, so their reviews still
    pending close (kept in their history with the committee's reason) and leave the queue;
    an attempt with nothing else waiting gets its final result."""
    from quizzes.common.notifications import notifications_send_on_commit

    held = list(
        AttemptItem.objects.filter(question=record.question_id).select_related(
            "attempt__assignment__blueprint", "attempt__candidate"
        )
    )
    reason = _("The committee withdrew this question: %(reason)s") % {"reason": record.reason}
    closed = reviews_close_pending(
        items=held, status=Review.Status.WITHDRAWN, by=record.decided_by, reason=reason
    )
    attempts = {review.item.attempt_id for review in closed if review.item is not None}
    emails = []
    for item in held:
        if item.attempt_id in attempts:
            attempts.discard(item.attempt_id)
            email = results_release_if_reviewed(attempt=item.attempt, send=False)
            if email is not None:
                emails.append(email.pk)
    notifications_send_on_commit(notification_ids=emails)


def _notify_now_passed(record: QuestionCorrection) -> None:
    """E-mail each candidate whose attempt the withdrawal or correction turned from a fail
    into a pass; one task after commit, once per correction and attempt."""
    from quizzes.common.notifications import notification_queue, notifications_send_on_commit

    now_passed = [
        row["attempt"] for row in record.changes if row["passed_after"] and not row["passed_before"]
    ]
    attempts = (
        Attempt.objects.filter(pk__in=now_passed)
        .select_related("candidate", "assignment__blueprint")
        .order_by("pk")
    )
    queued = []
    for attempt in attempts:
        notification = notification_queue(
            kind=Notification.Kind.OUTCOME,
            key=f"outcome:{record.pk}:{attempt.pk}",
            email=attempt.candidate.email,
            user=attempt.candidate,
            context={
                "exam": attempt.assignment.blueprint.name,
                "exam_names": attempt.assignment.blueprint.name_translations,
                "language": attempt.language,
                "score": round((attempt.score or 0) * 100),
                "action": record.action,
                "path": f"/exams/attempts/{attempt.pk}/result",
            },
            send=False,
        )
        if notification is not None:
            queued.append(notification.pk)
    notifications_send_on_commit(notification_ids=queued)
