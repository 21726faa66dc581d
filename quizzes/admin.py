from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from judgetrain.admin_mixins import NoAddMixin
from quizzes.models import (
    Appeal,
    Attempt,
    AttemptItem,
    Certificate,
    CertificationLevel,
    ExamAssignment,
    ExamBlueprint,
    PracticeAnswer,
    Question,
    Topic,
    TopicMastery,
)
from quizzes.services import exams


@admin.register(Topic)
class TopicAdmin(admin.ModelAdmin[Topic]):
    search_fields = ("slug",)


@admin.register(Question)
class QuestionAdmin(NoAddMixin, admin.ModelAdmin[Question]):
    """Questions are generated, so the admin browses them and never edits a key."""

    list_display = (
        "id",
        "template_id",
        "seed",
        "language",
        "kind",
        "key_infraction",
        "key_penalty",
        "difficulty",
    )
    list_filter = ("game", "language", "kind", "policy_version", "key_infraction", "topics")
    search_fields = ("stem", "template_id", "content_hash")
    list_select_related = ("policy_version",)
    filter_horizontal = ("topics",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Question]:
        return super().get_queryset(request).prefetch_related("topics")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class AttemptItemInline(NoAddMixin, admin.TabularInline[AttemptItem, Attempt]):
    model = AttemptItem
    fields = ("position", "question", "response", "score", "needs_review", "override_score")
    readonly_fields = ("position", "question", "response", "score", "needs_review")
    extra = 0
    can_delete = False


@admin.register(ExamBlueprint)
class ExamBlueprintAdmin(admin.ModelAdmin[ExamBlueprint]):
    list_display = ("name", "game", "question_count", "time_limit_minutes", "review_policy")
    list_filter = ("game", "review_policy")
    search_fields = ("name",)

    def save_model(self, request: HttpRequest, obj: ExamBlueprint, form: Any, change: bool) -> None:
        if not change:
            obj.created_by = request.user  # type: ignore[assignment]
        super().save_model(request, obj, form, change)


@admin.register(ExamAssignment)
class ExamAssignmentAdmin(admin.ModelAdmin[ExamAssignment]):
    list_display = ("blueprint", "candidate", "opens_at", "closes_at", "max_attempts")
    list_filter = ("blueprint",)
    search_fields = ("candidate__email", "blueprint__name")
    list_select_related = ("blueprint", "candidate")
    autocomplete_fields = ("candidate",)

    def save_model(
        self, request: HttpRequest, obj: ExamAssignment, form: Any, change: bool
    ) -> None:
        if not change:
            obj.assigned_by = request.user  # type: ignore[assignment]
        super().save_model(request, obj, form, change)


@admin.register(Attempt)
class AttemptAdmin(NoAddMixin, admin.ModelAdmin[Attempt]):
    list_display = ("assignment", "number", "status", "started_at", "deadline", "score", "passed")
    list_filter = ("status", "closure", "passed")
    search_fields = ("candidate__email", "assignment__blueprint__name")
    list_select_related = ("assignment__blueprint", "assignment__candidate")
    readonly_fields = (
        "assignment",
        "candidate",
        "number",
        "language",
        "seed",
        "started_at",
        "deadline",
        "status",
        "closed_at",
        "closure",
        "score",
        "passed",
        "graded_at",
    )
    inlines = (AttemptItemInline,)


@admin.register(Appeal)
class AppealAdmin(admin.ModelAdmin[Appeal]):
    list_display = ("item", "status", "created_at")
    list_filter = ("status",)
    list_select_related = (
        "item__attempt__assignment__blueprint",
        "item__attempt__assignment__candidate",
    )
    fields = ("item", "comment", "created_at", "status", "resolution", "resolved_by", "resolved_at")
    readonly_fields = ("item", "comment", "created_at", "resolved_by", "resolved_at")

    def save_model(self, request: HttpRequest, obj: Appeal, form: Any, change: bool) -> None:
        if "status" in form.changed_data:
            resolved = obj.status != Appeal.Status.OPEN
            obj.resolved_by = request.user if resolved else None  # type: ignore[assignment]
            obj.resolved_at = timezone.now() if resolved else None
        super().save_model(request, obj, form, change)


@admin.register(PracticeAnswer)
class PracticeAnswerAdmin(NoAddMixin, admin.ModelAdmin[PracticeAnswer]):
    list_display = ("user", "question", "score", "answered_at")
    list_select_related = ("user", "question")
    readonly_fields = ("user", "question", "response", "grade", "score", "answered_at")


@admin.register(TopicMastery)
class TopicMasteryAdmin(admin.ModelAdmin[TopicMastery]):
    list_display = ("user", "topic", "mastery", "answered", "correct", "due_at")
    list_select_related = ("user", "topic")
    list_filter = ("topic",)


@admin.register(CertificationLevel)
class CertificationLevelAdmin(admin.ModelAdmin[CertificationLevel]):
    list_display = ("name", "game", "validity_days")


@admin.register(Certificate)
class CertificateAdmin(admin.ModelAdmin[Certificate]):
    list_display = ("candidate", "level", "issued_at", "expires_at", "revoked_at")
    list_select_related = ("candidate", "level")
    autocomplete_fields = ("candidate",)


@admin.register(AttemptItem)
class AttemptItemAdmin(NoAddMixin, admin.ModelAdmin[AttemptItem]):
    """A mentor's override of one graded answer, with its reason, is set here or on their page."""

    list_display = ("attempt", "position", "score", "needs_review", "override_score")
    list_filter = ("needs_review",)
    list_select_related = ("attempt__assignment__blueprint", "attempt__assignment__candidate")
    fields = (
        "attempt",
        "position",
        "question",
        "response",
        "grade",
        "score",
        "needs_review",
        "override_score",
        "override_reason",
        "overridden_by",
        "overridden_at",
    )
    readonly_fields = (
        "attempt",
        "position",
        "question",
        "response",
        "grade",
        "score",
        "overridden_by",
        "overridden_at",
    )

    def save_model(self, request: HttpRequest, obj: AttemptItem, form: Any, change: bool) -> None:
        exams.item_override(
            item=obj,
            score=form.cleaned_data["override_score"],
            reason=form.cleaned_data["override_reason"],
            by=request.user,  # type: ignore[arg-type]
        )


from quizzes import admin_review  # noqa: E402, F401  (the mentor records, read-only)
