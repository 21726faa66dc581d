from django import template
from django.utils.translation import get_language

from quizzes.languages import content_language
from rulings.core.explain import labels

register = template.Library()


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
