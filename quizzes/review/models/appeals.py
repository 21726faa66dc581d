"""Appeals: a candidate asks a person to look again at a graded exam answer."""

from __future__ import annotations

from typing import Self

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from judgetrain.accounts.models import User, sees_everyone
from quizzes.exams.models.exams import AttemptItem
from quizzes.exams.models.sealing import sealed_question_ids

APPEAL_LIST = (
    "item__question",
    "item__attempt__candidate",
    "item__attempt__assignment__blueprint",
    "resolved_by",
    "mentor_resolved_by",
)


class AppealQuerySet(models.QuerySet["Appeal"]):
    def visible_to(self, user: User) -> Self:
        """Appeals on the user's cohorts' candidates' answers (everyone's for the committee;
        none for a candidate, who reads their own with ``of_candidate``), less those on a
        question sealed for the user: an appeal shows its question's key and grade."""
        appeals = self.exclude(item__question_id__in=sealed_question_ids(user))
        if sees_everyone(user):
            return appeals
        mentored = User.objects.mentored_by(user).values("pk")
        return appeals.filter(item__attempt__candidate__in=mentored)

    def of_candidate(self, candidate: User) -> Self:
        """The appeals on the candidate's own answers."""
        return self.filter(item__attempt__candidate=candidate)

    def for_appeal_list(self) -> Self:
        """What a row of an appeals list shows: question, candidate, exam and deciders."""
        return self.select_related(*APPEAL_LIST)

    def for_appeal_detail(self) -> Self:
        """What an appeal's page shows: a list row's, with the policy and the override."""
        return self.select_related(
            *APPEAL_LIST, "item__question__policy_version", "item__overridden_by"
        )


class Appeal(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        UPHELD = "upheld", _("Upheld")
        REJECTED = "rejected", _("Rejected")
        CONTESTED = "contested", _("Contested: with the committee")

    class Level(models.TextChoices):
        MENTOR = "mentor", _("Mentor")
        COMMITTEE = "committee", _("Committee")

    item = models.OneToOneField(AttemptItem, on_delete=models.CASCADE, related_name="appeal")
    comment = models.TextField(_("comment"), max_length=4000)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.OPEN
    )
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    resolution = models.TextField(_("resolution"), blank=True)
    resolved_at = models.DateTimeField(_("resolved"), null=True, blank=True)
    resolved_level = models.CharField(max_length=20, choices=Level.choices, blank=True)
    mentor_status = models.CharField(
        _("mentor's decision"), max_length=20, choices=Status.choices, blank=True
    )
    mentor_resolution = models.TextField(_("mentor's reason"), blank=True)
    mentor_resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    mentor_resolved_at = models.DateTimeField(null=True, blank=True)
    contest_comment = models.TextField(_("why the candidate contests"), blank=True)
    contested_at = models.DateTimeField(null=True, blank=True)

    objects = AppealQuerySet.as_manager()

    class Meta:
        verbose_name = _("appeal")
        verbose_name_plural = _("appeals")
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return f"Appeal on {self.item} ({self.status})"

    @property
    def can_contest(self) -> bool:
        return self.resolved_level == self.Level.MENTOR and self.status in (
            self.Status.UPHELD,
            self.Status.REJECTED,
        )
