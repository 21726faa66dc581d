"""Names people type (exam blueprints, cohorts, certification levels), shown in the viewer's
language: each may carry a translation per interface language, and falls back to the name as
typed (or, for the demo fixtures' names, to the catalog in locale/)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import translation
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

# The interface languages, by their codes in settings.LANGUAGES ("en", "pt-br", "es").
NAME_LANGUAGES: tuple[str, ...] = tuple(code for code, _label in settings.LANGUAGES)


def name_translations_field(max_length: int) -> models.JSONField:
    return models.JSONField(
        _("name in each language"),
        default=dict,
        blank=True,
        validators=[NameTranslationsValidator(max_length)],
        help_text=_('By language code, e.g. {"pt-br": "…", "es": "…"}; empty: the name as typed.'),
    )


class NameTranslationsValidator:
    """Only the interface's languages, each a single-line text no longer than the name."""

    def __init__(self, max_length: int) -> None:
        self.max_length = max_length

    def __call__(self, value: Any) -> None:
        if not isinstance(value, dict):
            raise ValidationError(_("The translated names must be an object by language code."))
        for code, text in value.items():
            if code not in NAME_LANGUAGES:
                raise ValidationError(
                    _("%(code)s is not a language of the interface (%(codes)s).")
                    % {"code": code, "codes": ", ".join(NAME_LANGUAGES)}
                )
            if not isinstance(text, str) or "\x00" in text or "\n" in text:
                raise ValidationError(_("Each translated name is one line of text."))
            if len(text) > self.max_length:
                raise ValidationError(
                    _("A translated name can be at most %(limit)d characters.")
                    % {"limit": self.max_length}
                )

    def __eq__(self, other: object) -> bool:  # for migrations' change detection
        return isinstance(other, NameTranslationsValidator) and other.max_length == self.max_length

    def deconstruct(self) -> tuple[str, tuple[int], dict[str, Any]]:
        return ("judgetrain.names.NameTranslationsValidator", (self.max_length,), {})


def localized_name(
    name: str, translations: dict[str, str] | None, language: str | None = None
) -> str:
    """The name in ``language`` (default: the active one): its translation if it has one, else
    the catalog's (the demo fixtures' names), else the name as typed."""
    code = (language or get_language() or settings.LANGUAGE_CODE).lower()
    for candidate in (code, code.split("-")[0]):
        text = (translations or {}).get(candidate, "").strip()
        if text:
            return text
    if not name:
        return name
    if language is None:
        return gettext(name)
    with translation.override(language):
        return gettext(name)


def name_field_name(code: str) -> str:
    return "name_" + code.replace("-", "_")


# One whole label per language, so each reads naturally ("Nombre en inglés", lower case).
NAME_LABELS = {
    "en": _("Name in English"),
    "pt-br": _("Name in Portuguese (Brazil)"),
    "es": _("Name in Spanish"),
}


def translated_name_field(code: str, max_length: int) -> forms.CharField:
    """ "Name in Spanish", optional (lazy labels: a form may be declared at import time)."""
    return forms.CharField(
        label=NAME_LABELS[code],
        required=False,
        max_length=max_length,
        help_text=_("Optional: empty shows the name as typed."),
    )


class NameTranslationsFormMixin:
    """Adds an optional "Name in <language>" field per interface language to a ModelForm whose
    model has ``name_translations``, and keeps them there (blank ones dropped)."""

    def add_name_fields(self, max_length: int) -> None:
        form: Any = self
        saved = getattr(form.instance, "name_translations", None) or {}
        for code in NAME_LANGUAGES:
            field_name = name_field_name(code)
            if field_name not in form.fields:  # a form may declare them (the admin needs that)
                form.fields[field_name] = translated_name_field(code, max_length)
            form.initial.setdefault(field_name, saved.get(code, ""))
        order = list(form.fields)
        after = order.index("name") + 1 if "name" in order else len(order)
        names = [name_field_name(code) for code in NAME_LANGUAGES]
        rest = [field for field in order if field not in names]
        form.order_fields(rest[:after] + names + rest[after:])

    def _post_clean(self) -> None:
        form: Any = self
        if hasattr(form, "cleaned_data"):
            form.instance.name_translations = self.translated_names()
        super()._post_clean()  # type: ignore[misc]

    def translated_names(self) -> dict[str, str]:
        """The names given, by language code (the form's fields already refuse NUL)."""
        cleaned: dict[str, Any] = getattr(self, "cleaned_data", {})
        names = {}
        for code in NAME_LANGUAGES:
            text = (cleaned.get(name_field_name(code)) or "").strip()
            if text:
                names[code] = text
        return names
