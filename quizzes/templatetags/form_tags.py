"""A form's errors summed up at the top of its page: each one a link to its field, so a
failed save is seen at once on a phone (the fields may be thousands of pixels down)."""

from __future__ import annotations

from typing import Any

from django import forms, template
from django.utils.translation import gettext as _

register = template.Library()


def _field_anchor(bound: forms.BoundField) -> str:
    """The id a link can move to: the input, or a radio or checkbox list's first choice."""
    if bound.id_for_label:
        return str(bound.id_for_label)
    return str(bound.field.widget.id_for_label(bound.auto_id, 0)) if bound.auto_id else ""


def summary_items(*forms_given: Any) -> list[tuple[str, str]]:
    """(anchor, message) for every error of the forms given (None skipped): the form-wide
    ones first, then each field's in the order of the form, named by its label (a form may
    name them better with ``error_label(name)``)."""
    items: list[tuple[str, str]] = []
    for form in forms_given:
        if isinstance(form, forms.BaseFormSet):  # each row's errors, named by row
            items.extend(_formset_items(form))
            continue
        if form is None or not form.errors:
            continue
        first = next(iter(form), None)
        for error in form.non_field_errors():
            items.append((_field_anchor(first) if first is not None else "", str(error)))
        for bound in form:
            if not bound.errors:
                continue
            label = form.error_label(bound.name) if hasattr(form, "error_label") else bound.label
            for error in bound.errors:
                items.append((_field_anchor(bound), f"{label}: {error}"))
    return items


def _formset_items(formset: forms.BaseFormSet[Any]) -> list[tuple[str, str]]:
    if not formset.is_bound:
        return []
    first = next(iter(formset.forms[0]), None) if formset.forms else None
    items = [
        (_field_anchor(first) if first is not None else "", str(error))
        for error in formset.non_form_errors()
    ]
    for number, form in enumerate(formset.forms, start=1):
        for bound in form:
            for error in bound.errors:
                row = _("Row %(number)s") % {"number": number}
                items.append((_field_anchor(bound), f"{row}, {bound.label}: {error}"))
    return items


@register.inclusion_tag("includes/error_summary.html")
def error_summary(*forms_given: Any, saving: bool = True) -> dict[str, Any]:
    """``saving`` False: the step saves nothing (a preview, "Rule it"), so the heading does not
    say "Nothing was saved" (walk 5, #15 and #23)."""
    return {"errors": summary_items(*forms_given), "saving": saving}


@register.simple_tag
def error_title(*forms_given: Any) -> str:
    """The page title's prefix when a save failed: a screen reader says it first."""
    failed = any(
        f is not None and (f.total_error_count() if isinstance(f, forms.BaseFormSet) else f.errors)
        for f in forms_given
    )
    return _("Error: ") if failed else ""
