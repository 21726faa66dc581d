"""Exception types of the rulings engine."""


class RulingsError(Exception):
    """Base class of every error the rulings engine raises on purpose."""


class SituationError(RulingsError, ValueError):
    """A situation is invalid; the message starts with the exact field path."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path or "(root)"
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class PolicyError(RulingsError):
    """A policy document is missing or malformed."""
