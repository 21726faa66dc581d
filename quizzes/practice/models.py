from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from quizzes.bank.models.questions import Question, Topic


class PracticeAnswer(models.Model):
    """One practice answer with its grade; practice never affects certification."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="practice_answers"
    )
    question = models.ForeignKey(Question, on_delete=models.PROTECT, related_name="+")
    response = models.TextField(_("response"))
    grade = models.JSONField(_("grade"))
    score = models.FloatField(_("score"))
    answered_at = models.DateTimeField(_("answered"), auto_now_add=True)
    session = models.ForeignKey(
        "PracticeSession",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="answers",
        verbose_name=_("session"),
    )

    class Meta:
        verbose_name = _("practice answer")
        verbose_name_plural = _("practice answers")
        ordering = ("-answered_at",)
        indexes = [models.Index(fields=("user", "-answered_at"))]

    def __str__(self) -> str:
        return f"{self.user} · {self.question_id} · {self.score:.2f}"


class TopicMastery(models.Model):
    """A candidate's standing on one topic, with its spaced-repetition schedule (FSRS)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="masteries"
    )
    topic = models.ForeignKey(Topic, on_delete=models.CASCADE, related_name="+")
    mastery = models.FloatField(_("mastery"), default=0.0)
    answered = models.PositiveIntegerField(_("answered"), default=0)
    correct = models.PositiveIntegerField(_("fully correct"), default=0)
    card = models.JSONField(_("FSRS card"), default=dict)
    due_at = models.DateTimeField(_("due"), null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("topic mastery")
        verbose_name_plural = _("topic masteries")
        ordering = ("mastery",)
        constraints = [
            models.UniqueConstraint(fields=("user", "topic"), name="one_mastery_per_topic")
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.topic} · {self.mastery:.2f}"

    # Fewer answers than this and the page says "not enough answers yet", not a percentage
    # (quizzes.practice.services.MASTERY_MIN_ANSWERS, kept here for templates).
    MIN_ANSWERS = 3

    @property
    def enough_answers(self) -> bool:
        return self.answered >= self.MIN_ANSWERS


class PracticeSession(models.Model):
    """A set of ``size`` practice questions with progress and a summary at the end.

    Questions are picked one at a time (the next only once the current one is answered or
    skipped), so a session can be left and resumed: ``current_question`` is the question shown
    and not yet answered. The filters are those of a single round (``PracticeFilters``).
    """

    class Size(models.IntegerChoices):
        FIVE = 5, "5"
        TEN = 10, "10"
        TWENTY = 20, "20"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="practice_sessions"
    )
    size = models.PositiveSmallIntegerField(_("questions"), choices=Size.choices)
    filters = models.JSONField(_("filters"), default=dict)
    current_question = models.ForeignKey(
        Question, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    answered = models.PositiveSmallIntegerField(_("answered"), default=0)
    # Every situation the session has shown, as [template id, seed]: a multiple-choice and a
    # find-the-wrong-part question of one template and seed tell the same story with the same
    # key, so the session never shows the same situation twice, whatever the kind.
    served = models.JSONField(_("situations shown"), default=list, blank=True)
    ran_out = models.BooleanField(
        _("ran out of situations"),
        default=False,
        help_text=_("Ended before its size: no situation it had not shown fitted its choices."),
    )
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("practice session")
        verbose_name_plural = _("practice sessions")
        ordering = ("-started_at",)
        indexes = [models.Index(fields=("user", "finished_at", "-started_at"))]

    def __str__(self) -> str:
        return f"{self.user} · {self.answered}/{self.size}"

    @property
    def finished(self) -> bool:
        return self.finished_at is not None
