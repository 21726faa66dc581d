"""Every form field's aria-describedby names ids the page has (walk 3, #3: "id_percent_helptext"
pointed at nothing, the help text being "id_percent-help", so screen readers never read it).
Each form of the site, unbound and bound with nothing (so with its errors), is rendered field
by field through ``includes/field.html``, the one field template the pages use."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest
from django import forms
from django.template.loader import render_to_string

import judgetrain.accounts
import quizzes

pytestmark = pytest.mark.django_db

PACKAGES = (quizzes, judgetrain.accounts)


def every_form_class() -> list[type[forms.BaseForm]]:
    for package in PACKAGES:
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if ".migrations" not in module.name and ".management" not in module.name:
                importlib.import_module(module.name)
    found: set[type[forms.BaseForm]] = set()
    stack: list[type] = [forms.Form, forms.ModelForm]
    while stack:
        for sub in stack.pop().__subclasses__():
            stack.append(sub)
            if sub.__module__.startswith(("quizzes.", "judgetrain.")):
                found.add(sub)
    return sorted(found, key=lambda c: f"{c.__module__}.{c.__qualname__}")


def rendered(form: forms.BaseForm) -> str:
    return "".join(
        render_to_string("includes/field.html", {"field": field})
        for field in form
        if not field.is_hidden
    )


def test_the_site_has_forms_to_check():
    assert len(every_form_class()) >= 20


@pytest.mark.parametrize("form_class", every_form_class(), ids=lambda c: c.__qualname__)
def test_every_described_by_id_is_on_the_page(form_class):
    built = []
    for data in (None, {}):
        try:
            built.append(form_class(data))
        except (TypeError, ValueError):  # needs more than data (a user, a question)
            continue
    if not built:
        pytest.skip("needs arguments to build")
    for form in built:
        if form.is_bound:
            form.is_valid()
        html = rendered(form)
        ids = set(re.findall(r'\sid="([^"]+)"', html))
        for described in re.findall(r'aria-describedby="([^"]+)"', html):
            missing = [name for name in described.split() if name not in ids]
            assert not missing, f"{form_class.__qualname__}: {missing} not on the page"
