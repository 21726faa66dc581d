"""Every validator of request input runs in time linear in the size of what it is given: each
field of every form and serializer the project defines (and Django's login and password forms),
the query-string filters of the API and the pages, the NUL refusal of the middleware, the
form body parsers Django runs for the project's pages (urlencoded and multipart, with the
project's limits) and the HTTP Basic header.

These are timing tests on purpose: issue 25 asks that no parser or validator of request input
take superlinear time, measured as the ratio of two sizes in one run (see
``tests/security/timing.py`` for why a ratio, and how it resists a busy machine). Hypothesis
picks the adversarial pattern repeated to a size: long runs of one character, escapes,
quotes, backslashes, separators, digits, dots and zeros (Django's integer fields strip a
trailing ``.0*`` with a regular expression), whitespace.
"""

from __future__ import annotations

import base64
import contextlib
import importlib
import inspect
import io
import pkgutil
import re
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from django import forms
from django.contrib.auth import forms as auth_forms
from django.core.exceptions import SuspiciousOperation
from django.core.exceptions import ValidationError as FormError
from django.http import QueryDict
from django.http.multipartparser import MultiPartParser, MultiPartParserError
from django.test import RequestFactory
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from rest_framework import serializers
from rest_framework.exceptions import APIException
from rest_framework.exceptions import ValidationError as SerializerError
from rest_framework.request import Request

from judgetrain.authentication import BasicAuthentication
from judgetrain.middleware import nul_refusal
from quizzes.api.serializers import QuestionFilterSerializer
from quizzes.committee.forms import PolicyCompareForm
from quizzes.practice.api import PracticeNextQuerySerializer
from quizzes.practice.views.practice import (
    PracticeFilterForm,
    carried_query,
    filter_initial,
    round_language,
)
from quizzes.reports.api import ReportFilterSerializer
from rulings.api.serializers import EvaluateQuerySerializer, PolicyFilterSerializer
from tests.security.timing import assert_linear, repeated

pytestmark = pytest.mark.django_db

TIMED = settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],  # shrinking would time a failure many times over
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
SIZE = 2_000
"""Characters of the smaller input; the larger is 8 times as long."""

UNITS = (
    "a",
    " ",
    "\n",
    "\t ",
    ".",
    ".0",
    "0",
    "9",
    "-",
    ",",
    ";",
    "&",
    "=",
    "%",
    "%2",
    "%00",
    "+",
    '"',
    "'",
    "\\",
    "\\\\",
    '\\"',
    "<",
    "[",
    "{",
    "@",
    "a@",
    "@a.",
    ":",
    "/",
    "é",
    "\U0001f600",
    "\ud800",
    "a,",
    "1e",
)
UNIT = st.sampled_from(UNITS) | st.text(alphabet=".0 ,;&=%\\\"'-@:a\n", min_size=1, max_size=5)


# --- every field of every form and serializer --------------------------------------------------


def _project_modules() -> Iterator[Any]:
    for package in ("judgetrain", "quizzes", "rulings"):
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, package + "."):
            name = info.name
            if any(part in name for part in (".migrations", ".management", "rulings.core")):
                continue
            if name.endswith("__main__"):
                continue
            yield importlib.import_module(name)


# A serializer validates input where a view builds it with ``data=`` or documents it as a
# request body; the others only render answers. (Every form class reads input.)
_READS_INPUT = re.compile(r"(\w+Serializer)\(data=|request=(\w+Serializer)\b")


def _source(module: Any) -> str:
    try:
        return inspect.getsource(module)
    except OSError:  # an empty file
        return ""


def _input_classes() -> list[type]:
    modules = list(_project_modules())
    inputs = {
        name
        for module in modules
        for pair in _READS_INPUT.findall(_source(module))
        for name in pair
        if name
    }
    found: dict[str, type] = {}
    for module in modules:
        for obj in vars(module).values():
            if not inspect.isclass(obj) or obj.__module__ != module.__name__:
                continue
            reads = issubclass(obj, forms.BaseForm) or (
                issubclass(obj, serializers.BaseSerializer) and obj.__name__ in inputs
            )
            if reads:
                found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    for form in (
        auth_forms.AuthenticationForm,
        auth_forms.PasswordChangeForm,
        auth_forms.SetPasswordForm,
    ):
        found[f"{form.__module__}.{form.__qualname__}"] = form
    return list(found.values())


def _fields() -> dict[str, tuple[Any, Callable[[Any], object]]]:
    """label: (field, the call that validates one value with it)."""
    fields: dict[str, tuple[Any, Callable[[Any], object]]] = {}
    for cls in _input_classes():
        if issubclass(cls, forms.BaseForm):
            for name, field in getattr(cls, "base_fields", {}).items():
                if not field.disabled:
                    fields[f"{cls.__qualname__}.{name}"] = (field, field.clean)
        else:
            try:
                declared = cls().fields  # type: ignore[attr-defined]
            except Exception:  # a serializer that needs arguments to exist
                continue
            for name, field in declared.items():
                if not field.read_only:
                    fields[f"{cls.__qualname__}.{name}"] = (field, field.run_validation)
    return fields


FIELDS = _fields()
MULTIPLE_FORM_FIELDS = (forms.MultipleChoiceField, forms.ModelMultipleChoiceField)


# What a refusal may raise here. OverflowError: SQLite cannot bind an id past 64 bits, which a
# many-choice model field passes to its query (PostgreSQL matches nothing); not a matter of time.
REFUSALS = (FormError, SerializerError, APIException, TypeError, ValueError, OverflowError)


def _quietly(validate: Callable[[Any], object]) -> Callable[[Any], None]:
    def run(value: Any) -> None:
        with contextlib.suppress(*REFUSALS):
            validate(value)

    return run


def test_the_sweep_finds_the_project_s_forms_and_serializers():
    assert len(FIELDS) > 100
    assert "SaveSerializer.response" in FIELDS
    assert "PracticeNextQuerySerializer.topics" in FIELDS
    assert "AuthenticationForm.username" in FIELDS


@pytest.mark.parametrize("label", sorted(FIELDS))
@TIMED
@given(unit=UNIT, shape=st.sampled_from(("text", "list", "long key", "many keys")))
def test_every_field_validates_in_linear_time(label, unit, shape):
    field, validate = FIELDS[label]
    # A page form's field gets a list only from a multiple widget, never an object; JSON may
    # send any field either.
    if isinstance(field, forms.Field) and not isinstance(field, MULTIPLE_FORM_FIELDS):
        shape = "text"

    def make(size: int) -> Any:
        count = max(1, size // len(unit))
        if shape == "list":
            return [unit] * count
        if shape == "long key":
            return {unit * count: {"response": unit, "revision": 0}}
        if shape == "many keys":
            return {f"{n}{unit}": {"response": unit, "revision": 0} for n in range(count)}
        return unit * count

    assert_linear(_quietly(validate), make, SIZE, label=f"{label} with {unit!r}")


# --- query strings: the API's filters and the pages' ---------------------------------------------

QUERY_SERIALIZERS = {
    "questions": QuestionFilterSerializer,
    "practice-next": PracticeNextQuerySerializer,
    "policies": PolicyFilterSerializer,
    "evaluate": EvaluateQuerySerializer,
    "reports": ReportFilterSerializer,
}
QUERY_NAMES = ("topic", "topics", "kinds", "policy_version", "game", "lang", "blueprint", "status")


def _query(name: str, unit: str) -> Callable[[int], str]:
    def make(size: int) -> str:
        return f"{name}=" + unit * max(1, size // len(unit))

    return make


@pytest.mark.parametrize("view", sorted(QUERY_SERIALIZERS))
@TIMED
@given(
    unit=UNIT | st.sampled_from(("&topics=a", "&a=", ",a", "&", "=&")),
    name=st.sampled_from(QUERY_NAMES),
)
def test_api_query_filters_read_a_query_string_in_linear_time(view, unit, name):
    serializer = QUERY_SERIALIZERS[view]

    def run(query: str) -> None:
        with contextlib.suppress(SuspiciousOperation):
            serializer(data=QueryDict(query)).is_valid()

    assert_linear(run, _query(name, unit), SIZE, label=f"{view} {name}={unit!r}")


@TIMED
@given(
    unit=UNIT | st.sampled_from(("&topics=a", "&kinds=a", ",", "&")),
    name=st.sampled_from(("topics", "kinds", "lang", "game", "weakest")),
)
def test_the_practice_pages_read_their_query_string_in_linear_time(unit, name):
    def run(query: str) -> None:
        with contextlib.suppress(SuspiciousOperation):
            data = QueryDict(query)
            PracticeFilterForm(data).is_valid()
            carried_query(data)
            filter_initial(data)
            round_language(data, SimpleNamespace(language="en"))  # type: ignore[arg-type]

    assert_linear(run, _query(name, unit), SIZE, label=f"{name}={unit!r}")


@TIMED
@given(unit=UNIT, name=st.sampled_from(("old", "new")))
def test_the_policy_comparison_reads_its_query_string_in_linear_time(unit, name):
    def run(query: str) -> None:
        with contextlib.suppress(SuspiciousOperation):
            PolicyCompareForm(QueryDict(query)).is_valid()

    assert_linear(run, _query(name, unit), SIZE, label=f"{name}={unit!r}")


# --- the middleware's NUL refusal and Django's form parsers ------------------------------------

FORM_UNITS = UNIT | st.sampled_from(("a=b&", "&", "=", "%00", "a%00=", "%", "+", "%%"))


@TIMED
@given(unit=FORM_UNITS)
def test_the_nul_refusal_reads_a_query_string_in_linear_time(unit):
    factory = RequestFactory()

    def run(query: str) -> None:
        with contextlib.suppress(SuspiciousOperation):
            nul_refusal(factory.get("/practice/", QUERY_STRING=query))

    assert_linear(run, repeated("q=", unit), SIZE, label=repr(unit))


@TIMED
@given(unit=FORM_UNITS)
def test_the_nul_refusal_reads_an_urlencoded_form_in_linear_time(unit):
    factory = RequestFactory()

    def run(body: str) -> None:
        request = factory.post("/practice/", body, content_type="application/x-www-form-urlencoded")
        with contextlib.suppress(SuspiciousOperation):
            nul_refusal(request)

    assert_linear(run, repeated("comment=", unit), SIZE, label=repr(unit))


BOUNDARY = "BoUnDaRy"
MULTIPART_UNITS = st.sampled_from(
    ("-", "--", "\r\n", "\r", "\n", "--BoUnDaRy", "\r\n--BoUnDaRy", "BoUnDaR", "a", "\x00", " ")
)


@TIMED
@given(unit=MULTIPART_UNITS, where=st.sampled_from(("value", "headers")))
def test_the_multipart_parser_reads_a_form_in_linear_time(unit, where):
    factory = RequestFactory()

    def make(size: int) -> bytes:
        filler = unit * max(1, size // len(unit))
        if where == "headers":
            part = f'Content-Disposition: form-data; name="a{filler}"\r\n\r\nx\r\n'
        else:
            part = f'Content-Disposition: form-data; name="comment"\r\n\r\n{filler}\r\n'
        return f"--{BOUNDARY}\r\n{part}--{BOUNDARY}--\r\n".encode()

    def run(body: bytes) -> None:
        request = factory.post(
            "/practice/", body, content_type=f"multipart/form-data; boundary={BOUNDARY}"
        )
        meta = {**request.META, "CONTENT_LENGTH": str(len(body))}
        parser = MultiPartParser(meta, io.BytesIO(body), request.upload_handlers, "utf-8")
        with contextlib.suppress(SuspiciousOperation, MultiPartParserError):
            parser.parse()

    assert_linear(run, make, SIZE, label=f"{unit!r} in the {where}")


# --- HTTP Basic --------------------------------------------------------------------------------


@TIMED
@given(
    unit=UNIT | st.sampled_from((":", "::", "\x00", "a:", " ")),
    encoded=st.booleans(),
)
def test_the_basic_header_is_read_in_linear_time(unit, encoded, monkeypatch):
    """The header's decoding and the credentials' checks up to the password lookup, whose cost
    is the password hasher's (linear, and not a parser of this project)."""
    factory = RequestFactory()
    auth = BasicAuthentication()
    monkeypatch.setattr(
        "rest_framework.authentication.BasicAuthentication.authenticate_credentials",
        lambda self, userid, password, request=None: (None, None),
    )

    def make(size: int) -> str:
        credentials = unit * max(1, size // len(unit))
        if encoded:
            return "Basic " + base64.b64encode(credentials.encode("utf-8", "replace")).decode()
        return "Basic " + credentials

    def run(header: str) -> None:
        request = Request(factory.get("/api/v1/me", HTTP_AUTHORIZATION=header))
        with contextlib.suppress(APIException):
            auth.authenticate(request)

    assert_linear(run, make, SIZE, label=f"{unit!r} encoded={encoded}")
