"""The grading package's own exception type."""


class GradingError(ValueError):
    """An answer or an expected ruling that cannot be graded, with a message saying why."""
