"""One term per outcome in every language (walk 3, #22: the same appeal outcome read
"rejeitado" on the candidate's page and "Indeferido" on the mentor's)."""

import re

import pytest
from django.utils import translation

from tests.judgetrain.test_translations import ROOT, parse_po

OUTCOMES = (("Upheld", "upheld"), ("Rejected", "rejected"))


@pytest.mark.parametrize("lang", ["en", "pt-br", "es"])
@pytest.mark.parametrize(("title", "lower"), OUTCOMES)
def test_an_appeal_outcome_has_one_word_on_every_page(lang, title, lower):
    with translation.override(lang):
        assert translation.gettext(title).lower() == translation.gettext(lower).lower()


@pytest.mark.parametrize("lang", ["en", "pt-br", "es"])
def test_a_rejected_story_has_one_word_in_its_badge_and_its_message(lang):
    # Walk 6, #16: in pt-BR the list of recent decisions said "Indeferido" (the appeal's word)
    # while the confirmation and the message said "Rejeitada".
    with translation.override(lang):
        badge = translation.pgettext("workbench story", "Rejected")
        message = translation.gettext("Rejected: it stays out of the bank.")

    assert message.startswith(f"{badge}:")


def test_spanish_names_a_grading_calificacion_and_the_grader_calificador():
    # Walk 6, #24: "calificaciones" and "correcciones" on one screen, the grader "el corrector".
    entries = parse_po(ROOT / "locale" / "es" / "LC_MESSAGES" / "django.po")

    two_names = [
        str(entry)
        for entry in entries
        if re.search(r"\bgrad(?:ings?|ers?|er's)\b", entry.msgid + (entry.msgid_plural or ""))
        for text in entry.msgstr.values()
        if re.search(r"correcci[oó]n|corrector", text, re.IGNORECASE)
    ]
    assert two_names == []
