"""Stories built on the scenario workbench (issue 30, point 5): a mentor's practice question
for one cohort, or a committee member's proposal for the bank."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from quizzes.bank.models.questions import Question


class WorkbenchStoryQuerySet(models.QuerySet["WorkbenchStory"]):
    def hidden_from(self, user: models.Model) -> QuerySet[WorkbenchStory]:
        """Stories whose question ``user`` may not practise: all but those accepted into the
        bank, except for the candidates of the cohort a story was saved for (who keep it while
        the committee decides on it as a proposal, and after), unless its mentor removed it
        (retired: nobody is given it again; past answers stay)."""
        retired = WorkbenchStory.Status.RETIRED
        return self.exclude(status=WorkbenchStory.Status.ACCEPTED).exclude(
            Q(cohort__candidates=user.pk) & ~Q(status=retired)
        )


class WorkbenchStory(models.Model):
    class Status(models.TextChoices):
        COHORT = "cohort", _("Practice question for a cohort")
        PROPOSED = "proposed", _("Proposed for the bank")
        ACCEPTED = "accepted", _("Accepted into the bank")
        # Its own context: an appeal is "Indeferido" in pt-BR, a story "Rejeitada" (walk 6, #16).
        REJECTED = "rejected", pgettext_lazy("workbench story", "Rejected")
        RETIRED = "retired", _("Removed by its mentor")

    question = models.OneToOneField(
        Question, on_delete=models.CASCADE, related_name="workbench", verbose_name=_("question")
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("written by"),
    )
    cohort = models.ForeignKey(
        "accounts.Cohort",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="workbench_stories",
        verbose_name=_("cohort"),
    )
    status = models.CharField(_("status"), max_length=20, choices=Status.choices)
    facts = models.JSONField(_("facts as typed"), default=dict)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    revises = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="revisions",
        verbose_name=_("revision of"),
        help_text=_("The story this one replaced for its cohort when its mentor revised it."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = WorkbenchStoryQuerySet.as_manager()

    class Meta:
        ordering = ("-created_at",)
        verbose_name = _("workbench story")
        verbose_name_plural = _("workbench stories")
        constraints = [
            models.CheckConstraint(
                condition=Q(status="cohort", cohort__isnull=False) | ~Q(status="cohort"),
                name="workbench_cohort_story_has_cohort",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_status_display()}: {self.question_id}"
