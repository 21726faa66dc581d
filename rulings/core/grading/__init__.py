"""Grade free-form judge answers part by part (infraction, penalty, remedy).

Pure Python: reads only its own data files. Public entry points:

- grade_answer(text, expected, *, game, lang=None) -> Grade
- Expected, Grade, PartGrade, Span: frozen values in and out
- GradingError: every refusal (empty or overlong answer, too many terms or cue words to
  weigh, unknown id, game or language)
- MAX_ANSWER_CHARS: the size limit; MAX_TERMS, MAX_CUES: the most terms and cue words an
  answer may hold (reading weighs each against each); lexicon_version(): the data version
- warm_up(): load the lexicon and the second reading ahead of the first grading
- ruling_ids(game, part): the ids an expected ruling may name for that part in that game
"""

from .errors import GradingError
from .grader import MAX_ANSWER_CHARS, REVIEW_BELOW, grade_answer
from .lexicon import GAMES, LANGUAGES, PARTS, load_lexicon
from .matcher import MAX_CUES, MAX_TERMS
from .models import Expected, Grade, PartGrade, Span
from .second_reader import load_second_reader


def lexicon_version() -> str:
    """The version string of the lexicon data in use."""
    return load_lexicon().version


def ruling_ids(game: str, part: str) -> tuple[str, ...]:
    """The public ids a key may name for ``part`` in ``game``, in vocabulary order: what
    ``grade_answer`` accepts as expected (a Riftbound key names no Magic remedy)."""
    if game not in GAMES or part not in PARTS:
        raise GradingError(f"unknown game {game!r} or part {part!r}")
    table = load_lexicon().ids[part]
    return tuple(ident for ident, info in table.items() if not info.internal and game in info.games)


def warm_up() -> None:
    """Load the lexicon and the second reading's artefact now (about half a second), so
    that a process's first grading does not pay for it: the web server and the Celery
    worker call it when they start. Nothing is trained here (`grade-train` does that)."""
    load_lexicon()
    load_second_reader()


__all__ = [
    "GAMES",
    "LANGUAGES",
    "MAX_ANSWER_CHARS",
    "MAX_CUES",
    "MAX_TERMS",
    "PARTS",
    "REVIEW_BELOW",
    "Expected",
    "Grade",
    "GradingError",
    "PartGrade",
    "Span",
    "grade_answer",
    "lexicon_version",
    "ruling_ids",
    "warm_up",
]
