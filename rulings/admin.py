"""Policy data is edited in its files, so the admin shows it read-only."""

from typing import Any

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest

from judgetrain.admin_mixins import NoAddMixin
from rulings.models import PolicyDocument, PolicyStatement, PolicyVersion


class ReadOnlyAdmin(NoAddMixin, admin.ModelAdmin[Any]):
    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class PolicyStatementInline(NoAddMixin, admin.TabularInline[PolicyStatement, PolicyVersion]):
    model = PolicyStatement
    fields = ("section", "kind", "statement_id", "text_en", "source")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True


@admin.register(PolicyDocument)
class PolicyDocumentAdmin(ReadOnlyAdmin):
    list_display = ("name", "game")


@admin.register(PolicyVersion)
class PolicyVersionAdmin(ReadOnlyAdmin):
    list_display = ("version_id", "document", "is_default", "extends", "statement_count")
    list_filter = ("document__game", "is_default")
    list_select_related = ("document",)
    inlines = (PolicyStatementInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[PolicyVersion]:
        return super().get_queryset(request).annotate(statement_total=Count("statements"))

    @admin.display(description="statements", ordering="statement_total")
    def statement_count(self, obj: PolicyVersion) -> int:
        return obj.statement_total  # type: ignore[attr-defined]


@admin.register(PolicyStatement)
class PolicyStatementAdmin(ReadOnlyAdmin):
    list_display = ("section", "kind", "statement_id", "version", "source")
    list_filter = ("version", "kind", "source")
    search_fields = ("section", "statement_id", "text_en", "text_pt_br", "text_es")
    list_select_related = ("version",)
