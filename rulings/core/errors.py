"""Exception types of the rulings engine."""


class RulingsError(Exception):
    """Base class of every error the rulings engine raises on purpose."""


# An error message never echoes more than this many characters of its input.
MAX_SHOWN = 80


def shown(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` cut to ``limit`` characters, marked with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


class SituationError(RulingsError, ValueError):
    """A situation is invalid; the message starts with the exact field path.

    Both parts are cut short: a path or problem may quote a hostile, huge input."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = shown(path or "(root)", 200)
        self.problem = shown(problem, 400)
        super().__init__(f"{self.path}: {self.problem}")


class PolicyError(RulingsError):
    """A policy document is missing or malformed."""
