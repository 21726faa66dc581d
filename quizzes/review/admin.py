"""Read-only admin pages for the mentors' records; the work itself happens on /mentor/."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from judgetrain.admin_mixins import NoAddMixin
from quizzes.admin_sealed import SealedRowsMixin
from quizzes.review.models.review import (
    AuditEntry,
    Invitation,
    Notification,
    QuestionCorrection,
    Review,
)


class ReadOnlyAdmin(NoAddMixin):
    """Decisions are made on the mentor pages, through services that audit them."""

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Review)
class ReviewAdmin(SealedRowsMixin, ReadOnlyAdmin, admin.ModelAdmin[Review]):
    list_display = ("id", "candidate", "source", "status", "score", "decided_by", "created_at")
    list_filter = ("status", "decided_role")
    list_select_related = ("candidate", "decided_by")
    search_fields = ("candidate__email",)
    sealed_question_fields = ("item__question", "practice_answer__question")


@admin.register(AuditEntry)
class AuditEntryAdmin(SealedRowsMixin, ReadOnlyAdmin, admin.ModelAdmin[AuditEntry]):
    list_display = ("created_at", "actor", "role", "action", "item", "appeal")
    list_filter = ("action", "role")
    list_select_related = ("actor", "item__attempt__assignment__blueprint", "appeal")
    raw_id_fields = ("item", "review", "appeal", "question")
    # Before and after hold grades, scores and a corrected question's keys.
    sealed_question_fields = (
        "question",
        "item__question",
        "review__practice_answer__question",
        "appeal__item__question",
    )


@admin.register(Invitation)
class InvitationAdmin(ReadOnlyAdmin, admin.ModelAdmin[Invitation]):
    list_display = ("email", "cohort", "invited_by", "created_at", "accepted_at")
    list_select_related = ("cohort", "invited_by")
    exclude = ("nonce",)


@admin.register(QuestionCorrection)
class QuestionCorrectionAdmin(SealedRowsMixin, ReadOnlyAdmin, admin.ModelAdmin[QuestionCorrection]):
    list_display = ("question", "action", "status", "decided_by", "created_at")
    list_select_related = ("question", "decided_by")
    raw_id_fields = ("question", "appeal")


@admin.register(Notification)
class NotificationAdmin(ReadOnlyAdmin, admin.ModelAdmin[Notification]):
    list_display = ("kind", "email", "created_at", "sent_at")
    list_filter = ("kind",)
