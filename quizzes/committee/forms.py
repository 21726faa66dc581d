"""Forms of the committee's pages: no JSON, every value in its own field."""

from __future__ import annotations

import functools
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from judgetrain.accounts.models import User
from judgetrain.accounts.roles import Role
from judgetrain.names import NameTranslationsFormMixin
from quizzes.bank.models.questions import QuestionKind
from quizzes.bank.models.reports import QuestionReport
from quizzes.certification.models import CertificationLevel, LevelRequirement
from quizzes.exams.models.exams import ExamBlueprint, topic_errors
from quizzes.exams.services.variants import MAX_ATTEMPTS
from quizzes.languages import content_language
from rulings import questions as generator
from rulings.models import Game, Language, PolicyVersion


@functools.cache
def topic_games() -> dict[str, str]:
    """Each topic's game ("" for a topic of both games), from the generator's templates."""
    games: dict[str, set[str]] = {}
    for template in generator.all_templates():
        for slug in template.topics:
            games.setdefault(slug, set()).add(template.game)
    return {slug: found.pop() if len(found) == 1 else "" for slug, found in games.items()}


def topic_choices() -> list[tuple[str, Any]]:
    """Every topic by its name in the page's language (never the slug), grouped as the
    practice page groups them: topics of both games, then each game's own, sorted by name."""
    lang = content_language(get_language())
    games = topic_games()
    groups: list[tuple[str, Any]] = [("", _("Any topic"))]
    for game, label in [("", _("Topics of both games")), *Game.choices]:
        named = sorted(
            ((slug, generator.topic_name(slug, lang)) for slug, of in games.items() if of == game),
            key=lambda pair: pair[1].casefold(),
        )
        if named:
            groups.append((str(label), named))
    return groups


class TopicSelect(forms.Select):
    """Each option names its game (``data-game``, "" for both), so the page shows only the
    topics of the game chosen above (quizzes/game_choices.js); the server checks it anyway."""

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option: dict[str, Any] = super().create_option(name, value, *args, **kwargs)
        if value:
            option["attrs"]["data-game"] = topic_games().get(str(value), "")
        return option


def policy_version_label(version: PolicyVersion) -> str:
    """A version as the committee reads it: its title first (the words that tell versions
    apart, which a phone's narrow select would otherwise cut off), then its game and whether
    it is the game's default; never its slug."""
    label = f"{version.display_title} · {version.document.get_game_display()}"
    if version.is_default:
        return str(_("%(version)s, the default") % {"version": label})
    return label


class PolicyVersionField(forms.ModelChoiceField[PolicyVersion]):
    def label_from_instance(self, obj: PolicyVersion) -> str:
        return policy_version_label(obj)


class BlueprintForm(NameTranslationsFormMixin, forms.ModelForm[ExamBlueprint]):
    pass_percent = forms.IntegerField(
        label=_("Pass mark (%)"), min_value=1, max_value=100, initial=80
    )
    margin_percent = forms.IntegerField(
        label=_("Borderline margin (percentage points)"),
        min_value=0,
        max_value=100,
        initial=10,
        required=False,
        help_text=_(
            "With mentor review of borderline attempts: a score at most this many points "
            "from the pass mark, either side, has every written answer reviewed."
        ),
    )

    class Meta:
        model = ExamBlueprint
        fields = ExamBlueprint.COMMITTEE_FIELDS

    def __init__(
        self, *args: Any, composition: list[dict[str, Any]] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.add_name_fields(ExamBlueprint._meta.get_field("name").max_length or 160)
        self.composition = composition
        if composition is not None:
            self.instance.composition = composition
        versions = PolicyVersion.objects.select_related("document")
        self.fields["policy_version"].queryset = versions  # type: ignore[attr-defined]
        self.fields["policy_version"].label_from_instance = policy_version_label  # type: ignore[attr-defined]
        self.fields["policy_version"].label = _("Policy version")  # the model names none
        self.fields["policy_version"].empty_label = _("The game's default version")  # type: ignore[attr-defined]
        languages = [("", _("The candidate's language")), *Language.choices]
        self.fields["language"].choices = languages  # type: ignore[attr-defined]
        self.fields["time_limit_minutes"].validators.append(_at_most(600))
        self.fields["attempts_allowed"].min_value = 1  # type: ignore[attr-defined]
        self.fields["attempts_allowed"].widget.attrs["min"] = 1
        self.fields["written_review"].required = False  # left out: as it is, or the default
        if self.instance.pk:
            self.fields["pass_percent"].initial = round(self.instance.pass_score * 100)
            self.fields["margin_percent"].initial = round(self.instance.review_margin * 100)

    def clean_time_limit_minutes(self) -> int:
        value: int = self.cleaned_data["time_limit_minutes"]
        if value < 1:
            raise forms.ValidationError(_("The time limit must be at least one minute."))
        return value

    def clean_written_review(self) -> str:
        value: str = self.cleaned_data.get("written_review") or self.instance.written_review
        return value

    def clean_name(self) -> str:
        """Names tell blueprints apart where they are chosen (walk 3, #15: the assignment
        menu listed two "Walk3 Riftbound scoring check")."""
        value: str = self.cleaned_data["name"]
        taken = ExamBlueprint.objects.filter(name__iexact=value.strip()).exclude(
            pk=self.instance.pk
        )
        if value and taken.exists():
            raise forms.ValidationError(
                _("Another exam blueprint has this name: give this one a name of its own.")
            )
        return value

    def clean_attempts_allowed(self) -> int:
        value: int = self.cleaned_data["attempts_allowed"]
        if not 1 <= value <= MAX_ATTEMPTS:  # as many as an assignment may allow
            raise forms.ValidationError(_("Allow from 1 to 20 attempts."))
        return value

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        version = cleaned.get("policy_version")
        if version is not None and cleaned.get("game") and version.document.game != cleaned["game"]:
            self.add_error("policy_version", _("This policy version is for another game."))
        return cleaned

    def _update_errors(self, errors: ValidationError) -> None:
        """The model checks the composition and the pass mark: the slots' own forms show
        composition errors, and the pass mark is entered here as a percentage."""
        if hasattr(errors, "error_dict"):
            moved = errors.error_dict.pop("composition", [])
            if self.composition is not None:
                errors.error_dict.setdefault(NON_FIELD_ERRORS, []).extend(moved)
            if not errors.error_dict:
                return
        super()._update_errors(errors)  # type: ignore[misc]

    def _post_clean(self) -> None:
        self._percents_to_instance()
        super()._post_clean()

    def _percents_to_instance(self) -> None:
        """The pass mark and the margin are entered as percentages and stored from 0 to 1."""
        if "pass_percent" in self.cleaned_data:
            self.instance.pass_score = self.cleaned_data["pass_percent"] / 100
        if self.cleaned_data.get("margin_percent") is not None:
            self.instance.review_margin = self.cleaned_data["margin_percent"] / 100

    def save(self, commit: bool = True) -> ExamBlueprint:
        self._percents_to_instance()
        blueprint: ExamBlueprint = super().save(commit=commit)
        return blueprint


def _at_most(limit: int) -> Any:
    def check(value: int) -> None:
        if value > limit:
            raise forms.ValidationError(
                _("At most %(limit)d minutes.") % {"limit": limit}, code="max_value"
            )

    return check


class SlotForm(forms.Form):
    topic = forms.ChoiceField(label=_("Topic"), required=False, choices=(), widget=TopicSelect)
    kind = forms.ChoiceField(label=_("Question kind"), choices=QuestionKind.choices)
    count = forms.IntegerField(
        label=_("Questions"),
        min_value=1,
        max_value=50,
        required=False,
        help_text=_("Leave empty to skip this row."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["topic"].choices = topic_choices()  # type: ignore[attr-defined]

    def slot(self) -> dict[str, Any]:
        return {
            "topic": self.cleaned_data["topic"] or None,
            "kind": self.cleaned_data["kind"],
            "count": self.cleaned_data["count"],
        }


class BaseSlotFormSet(forms.BaseFormSet[SlotForm]):
    def __init__(self, *args: Any, game: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game

    def slot_forms(self) -> list[SlotForm]:
        """The rows that make the composition, in its order."""
        return [
            form
            for form in self.forms
            if form.is_valid()
            and form.cleaned_data.get("count")
            and not form.cleaned_data.get("DELETE")
        ]

    def composition(self) -> list[dict[str, Any]]:
        return [form.slot() for form in self.slot_forms()]

    def mark_undrawable(self, index: int) -> None:
        """The engine could not draw slot ``index`` of the composition: say so on its row."""
        self.slot_forms()[index].add_error(
            "topic",
            _(
                "The engine cannot draw this many questions of this kind on this topic for "
                "this game and policy version: change the topic, the kind or the count."
            ),
        )

    def clean(self) -> None:
        super().clean()
        if any(form.errors for form in self.forms):
            return
        if not self.composition():
            raise forms.ValidationError(_("Add at least one slot of questions."))
        if self.game not in Game.values:
            return  # the blueprint form reports the game
        for form in self.forms:
            topic = form.cleaned_data.get("topic")
            if topic and form.cleaned_data.get("count") and topic_errors(self.game, [form.slot()]):
                form.add_error("topic", _("No question template covers this topic in this game."))
        if any(form.errors for form in self.forms):
            raise forms.ValidationError(_("Fix the slots marked below."))


SlotFormSet: type[BaseSlotFormSet] = forms.formset_factory(  # type: ignore[assignment]
    SlotForm, formset=BaseSlotFormSet, extra=1, can_delete=True, max_num=20, validate_max=True
)


def slot_initial(blueprint: ExamBlueprint | None) -> list[dict[str, Any]]:
    if blueprint is None:
        return [{"topic": "", "kind": QuestionKind.FREE_FORM, "count": 5}]
    return [
        {"topic": slot.get("topic") or "", "kind": slot["kind"], "count": slot["count"]}
        for slot in blueprint.composition
    ]


class ReportQuestionForm(forms.Form):
    # No default: a comment alone must not file "the key is wrong" (UX walk 1, #35).
    problem = forms.ChoiceField(
        label=_("What is the problem?"),
        choices=[("", _("Choose the problem")), *QuestionReport.Problem.choices],
        error_messages={"required": _("Choose what the problem is.")},
    )
    comment = forms.CharField(
        label=_("Explain"), max_length=2000, widget=forms.Textarea(attrs={"rows": 3})
    )


class DecisionForm(forms.Form):
    """No default: the committee picks the decision, none is preselected (withdrawing stops
    the question, or every question of its template, being drawn again)."""

    ACTIONS = (
        ("", _("Choose a decision")),
        ("withdraw_question", _("Withdraw this question")),
        ("withdraw_template", _("Withdraw its whole template")),
        ("dismiss", _("Dismiss the report")),
    )
    action = forms.ChoiceField(label=_("Decision"), choices=ACTIONS)
    reason = forms.CharField(
        label=_("Reason"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2})
    )
    # Withdrawing a question regrades the attempts holding it: applied only with the token
    # of the preview shown first.
    confirm = forms.CharField(required=False, max_length=200, widget=forms.HiddenInput)


class LevelForm(NameTranslationsFormMixin, forms.ModelForm[CertificationLevel]):
    class Meta:
        model = CertificationLevel
        fields = ("name", "game", "description", "validity_days", "endorsement_required")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_name_fields(CertificationLevel._meta.get_field("name").max_length or 120)


class ExamSelect(forms.Select):
    """Each exam names its game (``data-game``), so the page offers only the exams of the
    level's game chosen above (quizzes/game_choices.js); the formset checks it anyway."""

    games: dict[str, str]

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option: dict[str, Any] = super().create_option(name, value, *args, **kwargs)
        if value:
            option["attrs"]["data-game"] = self.games.get(str(value), "")
        return option


def exam_choices() -> tuple[list[tuple[str, Any]], dict[str, str]]:
    """Every exam blueprint by its name in the page's language, grouped by game (one query),
    and each one's game by primary key."""
    blueprints = list(ExamBlueprint.objects.only("pk", "name", "name_translations", "game"))
    groups: list[tuple[str, Any]] = [("", _("Choose an exam"))]
    for game, label in Game.choices:
        named = sorted(
            ((b.pk, b.display_name) for b in blueprints if b.game == game),
            key=lambda pair: pair[1].casefold(),
        )
        if named:
            groups.append((str(label), named))
    return groups, {str(b.pk): b.game for b in blueprints}


class RequirementForm(forms.ModelForm[LevelRequirement]):
    min_percent = forms.IntegerField(
        label=_("Minimum mark (%)"), min_value=1, max_value=100, initial=80
    )

    class Meta:
        model = LevelRequirement
        fields = ("blueprint",)
        widgets = {"blueprint": ExamSelect}

    def __init__(
        self, *args: Any, exams: tuple[list[tuple[str, Any]], dict[str, str]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["blueprint"]
        field.required = False  # an empty row is skipped; a filled one needs its exam
        field.widget.choices = exams[0]
        field.widget.games = exams[1]
        self.fields["min_percent"].required = False
        if self.instance.pk:
            self.fields["min_percent"].initial = round(self.instance.min_score * 100)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("DELETE") or not self.has_changed():
            return cleaned
        if cleaned.get("blueprint") is None and "blueprint" not in self.errors:
            self.add_error("blueprint", _("Choose the exam this row requires."))
        if cleaned.get("min_percent") is None and "min_percent" not in self.errors:
            self.add_error("min_percent", _("Give the minimum mark for this exam."))
        return cleaned

    def save(self, commit: bool = True) -> LevelRequirement:
        self.instance.min_score = self.cleaned_data["min_percent"] / 100
        requirement: LevelRequirement = super().save(commit=commit)
        return requirement


class BaseRequirementFormSet(
    forms.BaseInlineFormSet[LevelRequirement, CertificationLevel, RequirementForm]
):
    """Three empty rows below the level's exams, each labelled; an exam of another game than
    the level's is an error on its row."""

    def __init__(self, *args: Any, game: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game

    @functools.cached_property
    def exams(self) -> tuple[list[tuple[str, Any]], dict[str, str]]:
        return exam_choices()

    def get_form_kwargs(self, index: int | None) -> dict[str, Any]:
        return {**super().get_form_kwargs(index), "exams": self.exams}

    def clean(self) -> None:
        super().clean()
        if not self.game:
            return  # the level form reports the game
        for form in self.forms:
            blueprint = form.cleaned_data.get("blueprint") if form.is_valid() else None
            if blueprint is None or form.cleaned_data.get("DELETE"):
                continue
            if blueprint.game != self.game:
                form.add_error("blueprint", _("This exam is of another game than the level."))
        if any(form.errors for form in self.forms):
            raise forms.ValidationError(_("Fix the exams marked below."))


RequirementFormSet: type[BaseRequirementFormSet] = forms.inlineformset_factory(  # type: ignore[assignment]
    CertificationLevel,
    LevelRequirement,
    formset=BaseRequirementFormSet,
    form=RequirementForm,
    fields=("blueprint",),
    extra=3,
    can_delete=True,
    can_delete_extra=False,  # an empty row has nothing to remove
)


def _people(role: Role) -> Any:
    return User.objects.filter(groups__name=role.value).order_by("last_name", "email")


class LevelField(forms.ModelChoiceField[CertificationLevel]):
    def label_from_instance(self, obj: CertificationLevel) -> str:
        return obj.display_name  # the level's name in the page's language


class IssueStartForm(forms.Form):
    candidate = forms.ModelChoiceField(label=_("Candidate"), queryset=User.objects.none())
    level = LevelField(label=_("Level"), queryset=CertificationLevel.objects.all())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["candidate"].queryset = _people(Role.CANDIDATE)  # type: ignore[attr-defined]


class IssueForm(IssueStartForm):
    attempts = forms.TypedMultipleChoiceField(
        label=_("Evidence: passed attempts"), coerce=int, required=False, choices=()
    )
    endorsed_by = forms.ModelChoiceField(
        label=_("Endorsed by (mentor)"), queryset=User.objects.none(), required=False
    )

    def __init__(self, *args: Any, attempt_choices: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["attempts"].choices = attempt_choices  # type: ignore[attr-defined]
        self.fields["attempts"].widget = forms.CheckboxSelectMultiple(choices=attempt_choices)
        self.fields["endorsed_by"].queryset = _people(Role.MENTOR)  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        """A level that needs an endorsement names it beside the mentor's field (the service
        refuses it too, but only as a message about the whole form)."""
        cleaned = super().clean() or {}
        level = cleaned.get("level")
        if level is not None and level.endorsement_required and not cleaned.get("endorsed_by"):
            self.add_error(
                "endorsed_by",
                _("%(level)s needs the endorsement of the candidate's mentor: choose them here.")
                % {"level": level.display_name},
            )
        return cleaned


class RevokeForm(forms.Form):
    """Revoking is asked twice: the first post shows what it does, the confirmed one does it."""

    reason = forms.CharField(
        label=_("Reason for revoking"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2})
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)


class PolicyCompareForm(forms.Form):
    old = PolicyVersionField(
        label=_("Older version"), queryset=PolicyVersion.objects.select_related("document")
    )
    new = PolicyVersionField(
        label=_("Newer version"), queryset=PolicyVersion.objects.select_related("document")
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        old, new = cleaned.get("old"), cleaned.get("new")
        if old is not None and new is not None:
            if old == new:
                raise forms.ValidationError(_("Choose two different versions."))
            if old.document_id != new.document_id:
                raise forms.ValidationError(_("Choose two versions of the same game's policy."))
        return cleaned
