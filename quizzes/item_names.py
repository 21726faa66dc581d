"""Item analysis in plain words, translated: a template by the topics it trains, a choice by
what it is ("the key", "wrong penalty and remedy"), a flag by what it means. The report
tables and the committee's item page name them alike; the codes stay in the API."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from quizzes.parts import PART_NAMES
from rulings import questions as generator
from rulings.questions import summary_in

TEMPLATES_BY_ID = {template.id: template for template in generator.all_templates()}

FLAG_NAMES = {
    "too_hard": _("too hard"),
    "too_easy": _("too easy"),
    "negative_discrimination": _("stronger candidates do worse"),
    "low_discrimination": _("does not tell strong from weak"),
    "unchosen_option": _("an option nobody chooses"),
}

# A multiple-choice option by the parts it gets wrong against the key (``option_roles``), one
# whole phrase per combination so that each language can agree its words.
OPTION_NAMES = {
    "key": _("the key"),
    "infraction": _("wrong infraction"),
    "penalty": _("wrong penalty"),
    "remedy": _("wrong remedy"),
    "infraction+penalty": _("wrong infraction and penalty"),
    "infraction+remedy": _("wrong infraction and remedy"),
    "penalty+remedy": _("wrong penalty and remedy"),
    "infraction+penalty+remedy": _("wrong infraction, penalty and remedy"),
}

# Find the wrong part: which part the candidate said was wrong.
WRONG_PART_NAMES = {
    "infraction": _("says the infraction is wrong"),
    "penalty": _("says the penalty is wrong"),
    "remedy": _("says the remedy is wrong"),
}


def flag_names(flags: list[str]) -> list[str]:
    return [str(FLAG_NAMES.get(flag, flag)) for flag in flags]


def choice_name(name: str) -> str:
    """A choice as pages name it: "option:key" → "the key", "option:penalty+remedy" →
    "wrong penalty and remedy", "wrong:remedy" → "says the remedy is wrong", "A" → "A"."""
    kind, _sep, rest = name.partition(":")
    if kind == "option" and rest in OPTION_NAMES:
        return str(OPTION_NAMES[rest])
    if kind == "wrong" and rest in WRONG_PART_NAMES:
        return str(WRONG_PART_NAMES[rest])
    return str(PART_NAMES.get(name, name))


def template_name(template_id: str, lang: str) -> str:
    """A template by the topics it trains, in ``lang`` ("Missed Trigger · Copies"); an id no
    template has any more (answers outlive templates) stays as it is."""
    found = TEMPLATES_BY_ID.get(template_id)
    if found is None or not found.topics:
        return template_id
    return " · ".join(generator.topic_name(topic, lang) for topic in found.topics)


def template_summary(template_id: str, lang: str = "en") -> tuple[str, str]:
    """What the template asks, in ``lang`` when translated, else in the generator's English
    words, with the language it is in (for the page's ``lang`` attribute)."""
    found = TEMPLATES_BY_ID.get(template_id)
    if found is None:
        return "", "en"
    translated = summary_in(template_id, lang)
    return (translated, lang) if translated else (found.summary, "en")
