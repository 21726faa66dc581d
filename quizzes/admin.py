from decimal import Decimal
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from judgetrain.admin_mixins import NoAddMixin
from quizzes import access
from quizzes.admin_sealed import SealedRowsMixin
from quizzes.bank.models.pools import BankSeed, PoolSnapshot, QuestionPool
from quizzes.bank.models.questions import Question, Topic
from quizzes.bank.models.reports import QuestionReport, RetiredTemplate, WithdrawnTemplate
from quizzes.certification.models import Certificate, CertificationLevel, LevelRequirement
from quizzes.exams.models.exams import (
    VARIANT_JOB_STATES,
    Attempt,
    AttemptItem,
    ExamAssignment,
    ExamBlueprint,
    ExamVariant,
    VariantJob,
)
from quizzes.exams.services import exams, variants
from quizzes.practice.models import PracticeAnswer, PracticeSession, TopicMastery
from quizzes.review.models.appeals import Appeal
from quizzes.workbench.models import WorkbenchStory
from rulings.questions import pools_check

POOL_WARNINGS_SHOWN = 8


def as_percent(value: float | None) -> str:
    """Scores are stored from 0 to 1 and read by people as percentages."""
    return "—" if value is None else f"{value * 100:.0f}%"


@admin.display(description=_("score"), ordering="score")
def score_percent(obj: Any) -> str:
    return as_percent(obj.score)


@admin.display(description=_("mentor's score"), ordering="override_score")
def override_percent(obj: AttemptItem) -> str:
    return as_percent(obj.override_score)


@admin.display(description=_("pass mark"), ordering="pass_score")
def pass_percent(obj: ExamBlueprint) -> str:
    return as_percent(obj.pass_score)


@admin.display(description=_("mastery"), ordering="mastery")
def mastery_percent(obj: TopicMastery) -> str:
    return as_percent(obj.mastery)


def _sitting_exam(request: HttpRequest) -> bool:
    return access.exam_variants_hidden(request.user)  # type: ignore[arg-type]


@admin.register(Topic)
class TopicAdmin(admin.ModelAdmin[Topic]):
    search_fields = ("slug",)


@admin.register(Question)
class QuestionAdmin(SealedRowsMixin, NoAddMixin, admin.ModelAdmin[Question]):
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
    sealed_question_fields = ("pk",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Question]:
        questions = super().get_queryset(request).prefetch_related("topics")
        if _sitting_exam(request):  # no exam variant's key for whoever may be sitting one
            questions = questions.filter(for_exams=False)
        return questions

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class AttemptItemInline(SealedRowsMixin, NoAddMixin, admin.TabularInline[AttemptItem, Attempt]):
    """Read-only: an override needs its reason and a rescore, so it is made on the item's page."""

    model = AttemptItem
    fields = ("position", "question", "response", "score", "needs_review", "override_score")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True


@admin.register(ExamBlueprint)
class ExamBlueprintAdmin(admin.ModelAdmin[ExamBlueprint]):
    list_display = (
        "name",
        "game",
        "question_count",
        "time_limit_minutes",
        pass_percent,
        "attempts_allowed",
        "review_policy",
    )
    list_filter = ("game", "review_policy")
    search_fields = ("name",)

    def save_model(self, request: HttpRequest, obj: ExamBlueprint, form: Any, change: bool) -> None:
        if not change:
            obj.created_by = request.user  # type: ignore[assignment]
        super().save_model(request, obj, form, change)


TERMS = ("max_attempts", "cooldown_minutes")


class ExamAssignmentForm(forms.ModelForm[ExamAssignment]):
    """The attempts allowed and the cooldown go through the same rules as the assignment page
    and the API (``variants.assignment_terms``); a new assignment's, left blank, are the
    blueprint's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is None:
            for name in TERMS:
                # Not the model's defaults (1 attempt, no cooldown): blank.
                self.initial.pop(name, None)
                self.fields[name].initial = None
                self.fields[name].required = False
                self.fields[name].help_text = _("Leave it blank for the blueprint's.")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        blueprint = cleaned.get("blueprint")
        if blueprint is None or any(name in self.errors for name in TERMS):
            return cleaned
        try:
            terms = variants.assignment_terms(
                blueprint=blueprint,
                max_attempts=cleaned.get("max_attempts"),
                cooldown_minutes=cleaned.get("cooldown_minutes"),
            )
        except variants.AssignmentError as error:
            self.add_error(error.field if error.field in TERMS else None, str(error))
            return cleaned
        cleaned["max_attempts"], cleaned["cooldown_minutes"] = terms
        return cleaned


@admin.register(ExamAssignment)
class ExamAssignmentAdmin(admin.ModelAdmin[ExamAssignment]):
    form = ExamAssignmentForm
    list_display = (
        "blueprint",
        "candidate",
        "opens_at",
        "closes_at",
        "max_attempts",
        "variants_ready",
    )
    list_filter = ("blueprint",)
    search_fields = ("candidate__email", "blueprint__name")
    list_select_related = ("blueprint", "candidate")
    autocomplete_fields = ("candidate",)
    readonly_fields = ("variant_job",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[ExamAssignment]:
        return super().get_queryset(request).annotate(variant_count=Count("variants"))

    @admin.display(description=_("variants ready"), ordering="variant_count")
    def variants_ready(self, obj: ExamAssignment) -> str:
        """Pre-generated variants of the attempts allowed (a start claims one)."""
        return f"{getattr(obj, 'variant_count', 0)}/{obj.max_attempts}"

    def save_model(
        self, request: HttpRequest, obj: ExamAssignment, form: Any, change: bool
    ) -> None:
        if change:
            super().save_model(request, obj, form, change)
            variants.assignment_variants_refresh(assignment=obj, created_by=request.user)  # type: ignore[arg-type]
            return
        created = variants.assignment_create(
            blueprint=obj.blueprint,
            candidate=obj.candidate,
            opens_at=obj.opens_at,
            closes_at=obj.closes_at,
            # The form's values: the blueprint's where left blank (the instance keeps the
            # model's defaults for a field missing from the request altogether).
            max_attempts=form.cleaned_data["max_attempts"],
            cooldown_minutes=form.cleaned_data["cooldown_minutes"],
            assigned_by=request.user,  # type: ignore[arg-type]
        )
        # The admin goes on with the form's object (to log and redirect): make it that row.
        obj.pk, obj.created_at = created.pk, created.created_at
        obj.assigned_by, obj.variant_job = created.assigned_by, created.variant_job
        obj.max_attempts, obj.cooldown_minutes = created.max_attempts, created.cooldown_minutes
        obj._state.adding = False


@admin.register(VariantJob)
class VariantJobAdmin(NoAddMixin, admin.ModelAdmin[VariantJob]):
    """Pre-generation of exam variants: how far each batch of assignments has got."""

    list_display = ("blueprint", "created_at", "created_by", "progress", "state", "finished_at")
    list_select_related = ("blueprint", "created_by")
    readonly_fields = (
        "blueprint",
        "created_by",
        "created_at",
        "wanted",
        "built",
        "error",
        "progressed_at",
        "finished_at",
    )

    @admin.display(description=_("progress"))
    def progress(self, obj: VariantJob) -> str:
        return f"{obj.built}/{obj.wanted} ({obj.percent}%)"

    @admin.display(description=_("state"))
    def state(self, obj: VariantJob) -> str:
        return str(VARIANT_JOB_STATES[obj.state])

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ExamVariant)
class ExamVariantAdmin(SealedRowsMixin, NoAddMixin, admin.ModelAdmin[ExamVariant]):
    """Pre-generated variants, each with the attempt prepared for it (its questions are that
    attempt's items); a start sets the attempt in progress."""

    sealed_question_fields = ("attempt__items__question",)  # its seed would rebuild them

    list_display = ("assignment", "number", "language", "created_at", "attempt_status")
    list_select_related = ("assignment__blueprint", "assignment__candidate", "attempt")
    list_filter = ("language",)
    readonly_fields = ("assignment", "number", "language", "seed", "created_at", "attempt")
    exclude = ("payload",)

    @admin.display(description=_("attempt"), ordering="attempt__status")
    def attempt_status(self, obj: ExamVariant) -> str:
        return obj.attempt.get_status_display() if obj.attempt is not None else "—"

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Attempt)
class AttemptAdmin(SealedRowsMixin, NoAddMixin, admin.ModelAdmin[Attempt]):
    list_display = (
        "assignment",
        "number",
        "status",
        "started_at",
        "deadline",
        score_percent,
        "passed",
    )
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
    sealed_question_fields = ("items__question",)  # its seed would rebuild them


@admin.register(Appeal)
class AppealAdmin(SealedRowsMixin, admin.ModelAdmin[Appeal]):
    list_display = ("item", "status", "created_at")
    list_filter = ("status",)
    list_select_related = (
        "item__attempt__assignment__blueprint",
        "item__attempt__assignment__candidate",
    )
    fields = ("item", "comment", "created_at", "status", "resolution", "resolved_by", "resolved_at")
    readonly_fields = ("item", "comment", "created_at", "resolved_by", "resolved_at")
    sealed_question_fields = ("item__question",)

    def save_model(self, request: HttpRequest, obj: Appeal, form: Any, change: bool) -> None:
        if "status" in form.changed_data:
            resolved = obj.status != Appeal.Status.OPEN
            obj.resolved_by = request.user if resolved else None  # type: ignore[assignment]
            obj.resolved_at = timezone.now() if resolved else None
        super().save_model(request, obj, form, change)


@admin.register(PracticeAnswer)
class PracticeAnswerAdmin(SealedRowsMixin, NoAddMixin, admin.ModelAdmin[PracticeAnswer]):
    list_display = ("user", "question", score_percent, "answered_at")
    list_select_related = ("user", "question")
    readonly_fields = ("user", "question", "response", "grade", "score", "answered_at")


@admin.register(PracticeSession)
class PracticeSessionAdmin(SealedRowsMixin, NoAddMixin, admin.ModelAdmin[PracticeSession]):
    list_display = ("user", "size", "answered", "started_at", "finished_at")
    list_select_related = ("user",)
    sealed_question_fields = ("current_question",)
    readonly_fields = (
        "user",
        "size",
        "filters",
        "current_question",
        "answered",
        "started_at",
        "finished_at",
    )


@admin.register(TopicMastery)
class TopicMasteryAdmin(admin.ModelAdmin[TopicMastery]):
    list_display = ("user", "topic", mastery_percent, "answered", "correct", "due_at")
    list_select_related = ("user", "topic")
    list_filter = ("topic",)


class LevelRequirementInline(admin.TabularInline[LevelRequirement, CertificationLevel]):
    model = LevelRequirement
    extra = 0


@admin.register(CertificationLevel)
class CertificationLevelAdmin(admin.ModelAdmin[CertificationLevel]):
    list_display = ("name", "game", "validity_days", "endorsement_required")
    inlines = (LevelRequirementInline,)


@admin.register(LevelRequirement)
class LevelRequirementAdmin(admin.ModelAdmin[LevelRequirement]):
    list_display = ("level", "blueprint", "min_score")
    list_select_related = ("level", "blueprint")


@admin.register(Certificate)
class CertificateAdmin(admin.ModelAdmin[Certificate]):
    """Certificates are issued from evidence on the committee's pages; here they are read."""

    list_display = ("candidate", "level", "issued_at", "expires_at", "revoked_at")
    list_select_related = ("candidate", "level")
    autocomplete_fields = ("candidate",)
    readonly_fields = ("code", "evidence", "renewed_from", "endorsed_by")


@admin.register(QuestionReport)
class QuestionReportAdmin(SealedRowsMixin, NoAddMixin, admin.ModelAdmin[QuestionReport]):
    list_display = ("question", "problem", "reporter", "status", "created_at")
    list_filter = ("status", "problem")
    list_select_related = ("question", "reporter")
    readonly_fields = ("question", "reporter", "problem", "comment", "created_at")


@admin.register(WithdrawnTemplate)
class WithdrawnTemplateAdmin(admin.ModelAdmin[WithdrawnTemplate]):
    list_display = ("template_id", "withdrawn_by", "withdrawn_at")
    readonly_fields = ("withdrawn_by", "withdrawn_at")


class OverrideForm(forms.ModelForm[AttemptItem]):
    """The mentor's score is entered and shown as a percentage; a reason is required with it."""

    override_percent = forms.DecimalField(
        label=_("Mentor's score (%)"),
        help_text=_("From 0 to 100. Leave empty to keep (or go back to) the automatic grade."),
        min_value=Decimal(0),
        max_value=Decimal(100),
        max_digits=5,
        decimal_places=2,
        required=False,
    )

    override_reason = forms.CharField(
        label=_("mentor's reason"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    class Meta:
        model = AttemptItem
        fields = ("override_reason",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.override_score is not None:
            percent = Decimal(str(self.instance.override_score)) * 100
            self.initial["override_percent"] = percent.quantize(Decimal("0.01")).normalize()

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        percent = data.get("override_percent")
        reason = (data.get("override_reason") or "").strip()
        if percent is not None and not reason:
            self.add_error(
                "override_reason",
                _("Give the reason for the new grade: the candidate will see it."),
            )
        data["override_score"] = None if percent is None else float(percent) / 100
        data["override_reason"] = reason
        return data


@admin.register(AttemptItem)
class AttemptItemAdmin(SealedRowsMixin, NoAddMixin, admin.ModelAdmin[AttemptItem]):
    """A mentor's override of one graded answer, with its reason, is set here or on their page."""

    form = OverrideForm
    list_display = ("attempt", "position", score_percent, "needs_review", override_percent)
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
        "override_percent",
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

    def get_queryset(self, request: HttpRequest) -> QuerySet[AttemptItem]:
        # Not the items of attempts prepared ahead of time: nobody has seen those questions.
        items = super().get_queryset(request).exclude(attempt__status=Attempt.Status.READY)
        return items.none() if _sitting_exam(request) else items  # grades hold the keys

    def save_model(self, request: HttpRequest, obj: AttemptItem, form: Any, change: bool) -> None:
        exams.item_override(
            item=obj,
            score=form.cleaned_data["override_score"],
            reason=form.cleaned_data["override_reason"],
            by=request.user,  # type: ignore[arg-type]
        )


@admin.register(QuestionPool)
class QuestionPoolAdmin(admin.ModelAdmin[QuestionPool]):
    """The committee's private names, cards and phrasing; saving checks every template."""

    list_display = ("name", "use", "active", "updated_at")
    list_filter = ("use", "active")
    search_fields = ("name",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[QuestionPool]:
        pools = super().get_queryset(request)
        return pools.none() if _sitting_exam(request) else pools

    def save_model(self, request: HttpRequest, obj: QuestionPool, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        # The form's clean() refused errors; what stems still take from the public data is
        # for the committee to fix next.
        warnings = pools_check(obj.pools()).warnings
        shown = "; ".join(warnings[:POOL_WARNINGS_SHOWN])
        more = len(warnings) - POOL_WARNINGS_SHOWN
        if warnings:
            messages.warning(request, shown + (f"; … {more} more" if more > 0 else ""))


class _ReadOnlyAdmin(NoAddMixin, admin.ModelAdmin[Any]):
    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        rows = super().get_queryset(request)
        return rows.none() if _sitting_exam(request) else rows


@admin.register(PoolSnapshot)
class PoolSnapshotAdmin(_ReadOnlyAdmin):
    """The pools stored questions were drawn with, by digest (to rebuild a question)."""

    list_display = ("digest", "created_at")


@admin.register(BankSeed)
class BankSeedAdmin(_ReadOnlyAdmin):
    """The bank's secret master seed (made on the first bank build)."""

    list_display = ("created_at",)


@admin.register(RetiredTemplate)
class RetiredTemplateAdmin(_ReadOnlyAdmin):
    """Templates the committee retired from exams, read-only here: retiring and restoring go
    through the committee's item-analysis page, which checks the role and audits both."""

    list_display = ("template_id", "retired_at", "retired_by")


@admin.register(WorkbenchStory)
class WorkbenchStoryAdmin(_ReadOnlyAdmin):
    """Stories told on the scenario workbench, read-only here: saving, proposing and deciding
    go through the workbench and the committee's proposals page, which check the role."""

    list_display = ("question", "author", "cohort", "status", "created_at")
    list_filter = ("status",)
    list_select_related = ("question", "author", "cohort")


from quizzes.review import admin as admin_review  # noqa: E402, F401  (the mentor records, read-only)
