from django import template
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from quizzes.languages import content_language
from quizzes.models import AttemptItem, QuestionKind
from rulings.core import questions as generator
from rulings.core.explain import labels

register = template.Library()

PART_NAMES = {
    "infraction": _("The infraction"),
    "penalty": _("The penalty"),
    "remedy": _("The remedy"),
}


@register.filter
def vocab(value: str | None, lang: str | None = None) -> str:
    """The judge-community name of a vocabulary id in the page's (or the given) language."""
    if not value:
        return "—"
    names = labels(content_language(lang or get_language()))["id"]
    return str(names.get(value, value.replace("_", " ")))


@register.filter
def percent(value: float | None) -> str:
    return "—" if value is None else f"{round(value * 100)}%"


@register.filter
def response_display(item: AttemptItem) -> str:
    """A saved response as the candidate chose it: an option's text, a part's name."""
    question, response = item.question, item.response
    if not response:
        return ""
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        texts = {option["label"]: option["text"] for option in question.options}
        return f"{response}. {texts[response]}" if response in texts else response
    if question.kind == QuestionKind.FIND_THE_WRONG_PART:
        return str(PART_NAMES.get(response, response))
    return response


@register.filter
def topic_name(slug: str) -> str:
    """A question topic's name in the page's language."""
    return generator.topic_name(slug, content_language(get_language()))
