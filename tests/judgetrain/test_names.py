"""Typed names (exams, cohorts, levels) shown in the viewer's language, else as typed."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from judgetrain.names import NameTranslationsValidator, localized_name

NAMES = {"pt-br": "Exame escrito", "es": "Examen escrito"}


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("pt-br", "Exame escrito"),
        ("es", "Examen escrito"),
        ("es-ar", "Examen escrito"),  # a regional variant takes its language's name
        ("en", "Written exam"),  # no English translation: the name as typed
    ],
)
def test_a_name_is_shown_in_the_viewers_language_else_as_typed(language, shown):
    with translation.override(language):
        assert localized_name("Written exam", NAMES) == shown


def test_a_blank_translation_falls_back_to_the_typed_name():
    assert localized_name("Written exam", {"es": "  "}, "es") == "Written exam"


def test_without_translations_a_demo_name_comes_from_the_catalog():
    assert localized_name("Demo cohort", {}, "es") != "Demo cohort"
    with translation.override("es"):
        assert localized_name("Demo cohort", None) == translation.gettext("Demo cohort")


@pytest.mark.parametrize(
    "value",
    [
        ["Examen"],
        {"fr": "Examen écrit"},
        {"es": 3},
        {"es": "two\nlines"},
        {"es": "a\x00b"},
        {"es": "x" * 121},
    ],
)
def test_bad_translated_names_are_refused_with_a_reason(value):
    with pytest.raises(ValidationError) as refused:
        NameTranslationsValidator(120)(value)

    assert refused.value.messages[0]


def test_good_translated_names_pass():
    NameTranslationsValidator(120)({"en": "Written", "pt-br": "Escrito", "es": "Escrito"})
