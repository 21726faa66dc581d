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


def _value(key: str, value: object) -> str:
    if value is None or value == "":
        return "—"
    if "score" in key and isinstance(value, float | int) and not isinstance(value, bool):
        return f"{round(value * 100)}%"
    if key == "parts" and isinstance(value, dict):
        return ", ".join(
            f"{name} {part.get('percent')}% ({part.get('decision')})"
            for name, part in value.items()
            if isinstance(part, dict)
        )
    return str(value)


@register.filter
def audit_values(values: dict[str, object]) -> list[tuple[str, str]]:
    """An audit entry's before or after as readable (name, value) pairs, scores in percent."""
    pairs: list[tuple[str, str]] = []
    for key, value in (values or {}).items():
        if isinstance(value, dict) and key != "parts":
            pairs.extend((f"{key}.{k}", _value(k, v)) for k, v in value.items())
        else:
            pairs.append((key, _value(key, value)))
    return pairs
