from typing import Any

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from judgetrain.accounts.forms import AdminUserChangeForm, AdminUserCreationForm
from judgetrain.accounts.models import Cohort, User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    form = AdminUserChangeForm
    add_form = AdminUserCreationForm
    ordering = ("email",)
    list_display = ("email", "first_name", "last_name", "role_names", "is_staff", "is_active")
    list_filter = ("groups", "is_staff", "is_superuser", "is_active")
    search_fields = ("email", "first_name", "last_name")
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        (_("Personal info"), {"fields": ("first_name", "last_name", "preferred_language")}),
        (
            _("Roles and permissions"),
            {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")},
        ),
        (_("Important dates"), {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("email", "password1", "password2", "groups")}),
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return super().get_queryset(request).prefetch_related("groups")

    @admin.display(description=_("roles"))
    def role_names(self, obj: User) -> str:
        return ", ".join(role.value for role in obj.roles) or "-"


@admin.register(Cohort)
class CohortAdmin(admin.ModelAdmin[Cohort]):
    list_display = ("name", "mentor", "candidate_count", "created_at")
    search_fields = ("name", "mentor__email", "candidates__email")
    autocomplete_fields = ("mentor",)
    filter_horizontal = ("candidates",)
    list_select_related = ("mentor",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return super().get_queryset(request).prefetch_related("candidates")

    @admin.display(description=_("candidates"))
    def candidate_count(self, obj: Cohort) -> int:
        return len(obj.candidates.all())
