from django import template

from quizzes.services.cohorts import mastery_band as band

register = template.Library()


@register.filter
def mastery_band(value: float) -> str:
    """The heatmap colour class of a mastery (high, mid, low); the cell shows the text too."""
    return band(value)


@register.filter
def whole_percent(value: int | None) -> str:
    """A percentage already stored as a whole number (a reviewer's part score)."""
    return "—" if value is None else f"{value}%"
