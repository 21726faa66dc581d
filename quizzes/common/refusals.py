"""Application errors on pages, mapped once (``judgetrain.errors``).

A page calls its service inside ``refused(...)``: an ``ApplicationError`` the service raises
lands on the page's form (each problem under its field when the form has that field, else
above the form, so the user's input is kept) or, for a page that redirects, as an error
message for the next page. The block's outcome says whether it was refused, so the view
re-renders or redirects as it always did::

    with refused(form) as refusal:
        review.review_decide(review=found, by=request.user, decisions=form.decisions())
    if refusal:
        return _render_review(request, found, form, status=400)

An application error no page handles answers the site's 404, 403 or 400 page
(``judgetrain.middleware.ErrorPagesMiddleware``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.http import HttpRequest

from judgetrain.errors import ApplicationError


@dataclass
class Refusal:
    """What a ``refused`` block caught: the application error, or None (true when refused)."""

    error: ApplicationError | None = None

    def __bool__(self) -> bool:
        return self.error is not None

    @property
    def message(self) -> str:
        return self.error.message if self.error is not None else ""


def refuse_into(form: forms.BaseForm, error: ApplicationError) -> None:
    """Every problem of ``error`` on ``form``: under its field when the form has it, else as
    an error of the whole form."""
    for problem in error.problems:
        form.add_error(problem.field if problem.field in form.fields else None, problem.message)


@contextmanager
def refused(
    form: forms.BaseForm | None = None, *, request: HttpRequest | None = None
) -> Iterator[Refusal]:
    """Run the block; an application error it raises goes on ``form`` (``refuse_into``) or,
    given ``request``, into an error message; the block's ``Refusal`` holds it."""
    outcome = Refusal()
    try:
        yield outcome
    except ApplicationError as error:
        outcome.error = error
        if form is not None:
            refuse_into(form, error)
        if request is not None:
            messages.error(request, error.message)
