from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from quizzes.models import Question, Topic


@admin.register(Topic)
class TopicAdmin(admin.ModelAdmin[Topic]):
    search_fields = ("slug",)


@admin.register(Question)
class QuestionAdmin(admin.ModelAdmin[Question]):
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

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
