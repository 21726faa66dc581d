from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from judgetrain.accounts.forms import AdminUserChangeForm, AdminUserCreationForm
from judgetrain.accounts.models import Cohort, User
from judgetrain.names import NameTranslationsFormMixin, translated_name_field


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


class CohortAdminForm(NameTranslationsFormMixin, forms.ModelForm[Cohort]):
    name_en = translated_name_field("en", 120)
    name_pt_br = translated_name_field("pt-br", 120)
    name_es = translated_name_field("es", 120)

    class Meta:
        model = Cohort
        fields = ("name", "mentor", "candidates")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_name_fields(120)


@admin.register(Cohort)
class CohortAdmin(admin.ModelAdmin[Cohort]):
    form = CohortAdminForm
    fields = ("name", "name_en", "name_pt_br", "name_es", "mentor", "candidates")
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
