"""Steps that change something are POSTs; opened again by URL, Back or history, they lead to
the page they belong to with a word, never to an empty 405 (walk 4, #15)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

View = Callable[..., HttpResponse]


def post_or_back(page: str, **names: str) -> Callable[[View], View]:
    """A POST goes to the view; any other method is redirected to the URL named ``page``,
    its arguments taken from the view's (``names``: the page's argument → the view's)."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method == "POST":
                return view(request, *args, **kwargs)
            messages.info(request, _("Nothing was changed: start again from this page."))
            return redirect(page, **{name: kwargs[arg] for name, arg in names.items()})

        return wrapped

    return decorate
