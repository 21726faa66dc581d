"""One application error: every refusal a service raises is an ``ApplicationError``.

It carries a stable ``code`` (snake_case, for clients), an optional ``field`` (the input at
fault, named as the service's keyword argument), a ``message`` already translated for the
reader, and an HTTP ``status`` (400; 403, 404 and 409 through ``Forbidden``, ``NotFound`` and
``Conflict``). An error that finds several problems at once lists them all in ``problems``,
the error's own first. The API maps it once (``judgetrain.api_errors.exception_handler``);
pages once (``quizzes.common.refusals``). Domain errors subclass it and keep their names
(``ExamError``, ``AppealError``...); a test checks every service's exception does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Problem:
    """One rule broken: the message for the reader, its code and the field at fault."""

    message: str
    code: str
    field: str | None = None


class ApplicationError(Exception):
    """A request the rules refuse; nothing was changed. Subclasses set ``code`` (and, through
    the classes below, ``status``); a raise may name its own ``code`` and ``field``."""

    status: int = 400
    code: str = "invalid"
    field: str | None = None

    def __init__(
        self,
        message: str = "",
        *,
        code: str | None = None,
        field: str | None = None,
        also: Sequence[Problem] = (),
    ) -> None:
        super().__init__(message)
        self.message = str(message)
        if code is not None:
            self.code = code
        if field is not None:
            self.field = field
        self.also: tuple[Problem, ...] = tuple(also)

    def __str__(self) -> str:
        return self.message

    @property
    def problem(self) -> Problem:
        return Problem(self.message, self.code, self.field)

    @property
    def problems(self) -> tuple[Problem, ...]:
        """This error's problem and the others found with it, in the order they were checked."""
        return (self.problem, *self.also)

    def payload(self) -> dict[str, Any]:
        """Data a client needs beside the message (the text saved meanwhile, a preview): the
        API adds it to the error's body. None by default."""
        return {}

    @classmethod
    def first_of(cls, problems: Sequence[ApplicationError]) -> ApplicationError | None:
        """The first of several errors found together, the others as its ``also``; None when
        there are none."""
        if not problems:
            return None
        first, *rest = problems
        first.also = tuple(problem.problem for problem in rest)
        return first


class NotFound(ApplicationError):
    """Nothing the user may see has this id: answered as an unknown one."""

    status = 404
    code = "not_found"


class Forbidden(ApplicationError):
    """The user may not do this."""

    status = 403
    code = "permission_denied"


class Conflict(ApplicationError):
    """The request is valid but the state changed under it (or it was already done)."""

    status = 409
    code = "conflict"
