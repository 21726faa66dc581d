"""The committee's side of the bank: problem reports on questions, withdrawn and retired
templates."""

from __future__ import annotations

from typing import Self

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from judgetrain.accounts.models import User, sees_everyone
from quizzes.bank.models.questions import Question
from quizzes.exams.models.sealing import sealed_question_ids


class QuestionReportQuerySet(models.QuerySet["QuestionReport"]):
    def visible_to(self, user: User) -> Self:
        """The committee's queue: every report, less those on a question sealed for the
        reader (a report is shown with its question's key and explanation). Anyone else reads
        none here; a reporter reads their own with ``filed_by``."""
        if not sees_everyone(user):
            return self.none()
        return self.exclude(question_id__in=sealed_question_ids(user))

    def filed_by(self, user: User) -> Self:
        return self.filter(reporter=user)


class QuestionReport(models.Model):
    """A candidate or mentor says a question is wrong or unclear; the committee decides."""

    class Problem(models.TextChoices):
        WRONG = "wrong", _("The key is wrong")
        UNCLEAR = "unclear", _("The question is unclear")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        QUESTION_WITHDRAWN = "question_withdrawn", _("Question withdrawn")
        TEMPLATE_WITHDRAWN = "template_withdrawn", _("Template withdrawn")
        DISMISSED = "dismissed", _("Dismissed")

    question = models.ForeignKey(
        Question, on_delete=models.CASCADE, related_name="reports", verbose_name=_("question")
    )
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="question_reports",
        verbose_name=_("reported by"),
    )
    problem = models.CharField(_("problem"), max_length=20, choices=Problem.choices)
    comment = models.TextField(_("comment"), max_length=2000)
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.OPEN
    )
    resolution = models.TextField(_("resolution"), blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    resolved_at = models.DateTimeField(_("resolved"), null=True, blank=True)
    created_at = models.DateTimeField(_("reported"), auto_now_add=True)

    objects = QuestionReportQuerySet.as_manager()

    class Meta:
        ordering = ("-created_at",)
        verbose_name = _("question problem report")
        verbose_name_plural = _("question problem reports")

    def __str__(self) -> str:
        return f"{self.question.template_id}: {self.get_problem_display()}"


class TemplateDecision(models.Model):
    """A committee decision about a whole question template: which one, and why. Who decided
    and when stay on each kind, under its own names."""

    template_id = models.CharField(_("template"), max_length=100, unique=True)
    reason = models.TextField(_("reason"))

    class Meta:
        abstract = True
        ordering = ("template_id",)

    def __str__(self) -> str:
        return self.template_id


class WithdrawnTemplate(TemplateDecision):
    """A question template the committee took out of banks and new exam variants."""

    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    withdrawn_at = models.DateTimeField(_("withdrawn"), auto_now_add=True)

    class Meta(TemplateDecision.Meta):
        verbose_name = _("withdrawn template")
        verbose_name_plural = _("withdrawn templates")


class RetiredTemplate(TemplateDecision):
    """A question template the committee retired on its item statistics (too easy, too hard,
    not discriminating, an option nobody picks): new exam variants stop drawing from it;
    practice keeps it, since its keys are right. Restoring deletes the row; the audit log
    keeps both decisions."""

    flags = models.JSONField(_("flags when retired"), default=list, blank=True)
    retired_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    retired_at = models.DateTimeField(_("retired"), auto_now_add=True)

    class Meta(TemplateDecision.Meta):
        verbose_name = _("retired template")
        verbose_name_plural = _("retired templates")
