"""Mentors' work: the review queue, the audit log, invitations, key corrections, e-mails."""

from __future__ import annotations

from typing import Any, Self

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from judgetrain.accounts.models import User, sees_everyone
from quizzes.bank.models.questions import Question
from quizzes.exams.models.exams import AttemptItem
from quizzes.exams.models.sealing import sealed_question_ids
from quizzes.practice.models import PracticeAnswer
from quizzes.review.models.appeals import Appeal


class ReviewerRole(models.TextChoices):
    MENTOR = "mentor", _("Mentor")
    COMMITTEE = "committee", _("Committee")


REVIEW_LIST = (
    "candidate",
    "decided_by",
    "item__question",
    "item__attempt__assignment__blueprint",
    "practice_answer__question",
)


class ReviewQuerySet(models.QuerySet["Review"]):
    def visible_to(self, user: User) -> Self:
        """The reviews of the user's cohorts' candidates (everyone's for the committee; none
        for a candidate), less those of a question sealed for the user: a review shows its
        question's key and the grading."""
        sealed = sealed_question_ids(user)
        reviews = self.exclude(item__question_id__in=sealed).exclude(
            practice_answer__question_id__in=sealed
        )
        if sees_everyone(user):
            return reviews
        return reviews.filter(candidate__in=User.objects.mentored_by(user).values("pk"))

    def pending(self) -> Self:
        return self.filter(status=Review.Status.PENDING)

    def for_review_list(self) -> Self:
        """What a row of the review queue shows: candidate, decider, question and exam."""
        return self.select_related(*REVIEW_LIST)

    def for_review_detail(self) -> Self:
        """What a review's page shows: a queue row's, with the policies and the override."""
        return self.select_related(
            *REVIEW_LIST,
            "item__question__policy_version",
            "item__overridden_by",
            "practice_answer__question__policy_version",
        )


class Review(models.Model):
    """A grading a mentor checks: an exam answer or a practice answer the grader flagged as
    unsure, or an exam answer its blueprint's ``written_review`` sends (``cause`` says which)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for review")
        ACCEPTED = "accepted", _("Grader's grade accepted")
        OVERRIDDEN = "overridden", _("Grade overridden")
        # Closed without a decision on its parts: nobody is to review it any more.
        WITHDRAWN = "withdrawn", _("Closed: the question was withdrawn")
        SETTLED = "settled", _("Settled by the appeal decision")
        # Walk 11, #8: the committee corrected the key and chose its regrade over the grade
        # a person set by hand; the regrade is the grade in force.
        REGRADED = "regraded", _("Replaced by the committee's regrade")

    class Cause(models.TextChoices):
        FLAGGED = "flagged", _("The grader was unsure of this answer")
        BORDERLINE = "borderline", _("The attempt's score is near the pass mark")
        EVERY = "every", _("This exam has every written answer reviewed")

    candidate = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reviews"
    )
    item = models.OneToOneField(
        AttemptItem, on_delete=models.CASCADE, null=True, blank=True, related_name="review"
    )
    practice_answer = models.OneToOneField(
        PracticeAnswer, on_delete=models.CASCADE, null=True, blank=True, related_name="review"
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    cause = models.CharField(
        _("why it is reviewed"), max_length=20, choices=Cause.choices, default=Cause.FLAGGED
    )
    parts = models.JSONField(
        _("decision per part"),
        default=dict,
        blank=True,
        help_text=_("Per part: accepted or overridden, the score in percent and the reason."),
    )
    score = models.FloatField(_("reviewed score"), null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_role = models.CharField(max_length=20, choices=ReviewerRole.choices, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ReviewQuerySet.as_manager()

    class Meta:
        ordering = ("created_at", "id")
        constraints = [
            models.CheckConstraint(
                condition=(Q(item__isnull=False) & Q(practice_answer__isnull=True))
                | (Q(item__isnull=True) & Q(practice_answer__isnull=False)),
                name="review_of_exactly_one_grading",
            )
        ]
        indexes = [models.Index(fields=("status", "created_at"))]

    def __str__(self) -> str:
        return f"Review {self.pk} ({self.status})"

    @property
    def source(self) -> str:
        return "exam" if self.item_id else "practice"

    def answer(self) -> AttemptItem | PracticeAnswer:
        """The graded answer under review: the exam item or the practice answer (the
        constraint above makes it exactly one). Its question, response, grade and score are
        read alike."""
        answer = self.item if self.item_id is not None else self.practice_answer
        if answer is None:
            raise ValueError(f"Review {self.pk} is of neither an exam item nor a practice answer.")
        return answer

    def grading(self) -> tuple[dict[str, Any], float]:
        """The grader's grade (as stored) and score of the answer under review."""
        answer = self.answer()
        return answer.grade or {}, float(answer.score or 0.0)

    def answer_language(self) -> str:
        """The language the answer was written for: the attempt's, or the practice
        question's (needs ``item__attempt`` or ``practice_answer__question`` loaded to save a
        query)."""
        answer = self.answer()
        if isinstance(answer, AttemptItem):
            return answer.attempt.language
        return answer.question.language


# Reviews another decision closed (a withdrawal, an appeal's): nobody decides them again.
CLOSED_WITHOUT_DECISION = (Review.Status.WITHDRAWN, Review.Status.SETTLED)


class AuditEntry(models.Model):
    """Who changed what on a grading or an appeal, when, and the values before and after."""

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True
    )
    role = models.CharField(max_length=20, choices=ReviewerRole.choices, blank=True)
    action = models.CharField(_("action"), max_length=40)
    item = models.ForeignKey(
        AttemptItem, on_delete=models.CASCADE, null=True, blank=True, related_name="audit"
    )
    review = models.ForeignKey(
        Review, on_delete=models.CASCADE, null=True, blank=True, related_name="audit"
    )
    appeal = models.ForeignKey(
        Appeal, on_delete=models.CASCADE, null=True, blank=True, related_name="audit"
    )
    question = models.ForeignKey(
        Question, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("created_at", "id")

    def __str__(self) -> str:
        return f"{self.action} by {self.actor_id} at {self.created_at:%Y-%m-%d %H:%M}"


class Invitation(models.Model):
    """A mentor's invitation to join a cohort; its link is signed and works once."""

    email = models.EmailField(_("e-mail address"))
    cohort = models.ForeignKey(
        "accounts.Cohort", on_delete=models.CASCADE, related_name="invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    nonce = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return f"{self.email} → {self.cohort}"


class QuestionCorrectionQuerySet(models.QuerySet["QuestionCorrection"]):
    def visible_to(self, user: User) -> Self:
        """Key corrections, less those of a question sealed for the user (they show its key).
        Who reaches them at all is the pages' permission (mentors and the committee)."""
        return self.exclude(question_id__in=sealed_question_ids(user))

    def for_list(self) -> Self:
        return self.select_related("question", "decided_by")


class QuestionCorrection(models.Model):
    """A committee decision that a question's key is wrong: withdrawn or corrected for
    everyone, then every graded attempt holding it is regraded."""

    class Action(models.TextChoices):
        WITHDRAW = "withdraw", _("Withdraw the question")
        CORRECT = "correct", _("Correct the key")

    class Status(models.TextChoices):
        PENDING = "pending", _("Regrading")
        APPLIED = "applied", _("Applied")

    question = models.ForeignKey(Question, on_delete=models.PROTECT, related_name="corrections")
    appeal = models.ForeignKey(
        Appeal, on_delete=models.SET_NULL, null=True, blank=True, related_name="corrections"
    )
    action = models.CharField(max_length=20, choices=Action.choices)
    key_before = models.JSONField(default=dict)
    key_after = models.JSONField(default=dict, blank=True)
    manual_choice = models.JSONField(
        default=dict,
        blank=True,
        help_text=_(
            "Which grades set by hand give way to the regrade: attempt ids (regrade) or all "
            "(regrade_all); every other one is kept."
        ),
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    reason = models.TextField(_("reason"))
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    changes = models.JSONField(
        default=list,
        blank=True,
        help_text=_("Per regraded attempt: candidate, score and pass before and after."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    applied_at = models.DateTimeField(null=True, blank=True)

    objects = QuestionCorrectionQuerySet.as_manager()

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return f"{self.action} question {self.question_id}"


class Notification(models.Model):
    """One e-mail to a candidate (or to a mentor: their workbench story decided); the row
    makes sending idempotent."""

    class Kind(models.TextChoices):
        RESULTS = "results", _("Results released")
        APPEAL = "appeal", _("Appeal decided")
        INVITATION = "invitation", _("Invitation")
        CERTIFICATE = "certificate", _("Certificate issued, renewed or revoked")
        REPORT = "report", _("Problem report decided")
        OUTCOME = "outcome", _("Result changed to a pass")
        PROPOSAL = "proposal", _("Workbench story decided by the committee")

    kind = models.CharField(max_length=20, choices=Kind.choices)
    key = models.CharField(max_length=100, unique=True)
    email = models.EmailField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    context = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return f"{self.kind} → {self.email}"
