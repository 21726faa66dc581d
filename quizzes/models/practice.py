from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from quizzes.models.bank import Question, Topic


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
