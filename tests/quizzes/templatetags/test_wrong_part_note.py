"""The note under a stated ruling names the parts its stem leaves open (walk 9, #3): a stem that
gives the infraction as right is not followed by "the infraction, the penalty or the remedy"."""

from types import SimpleNamespace

import pytest

from quizzes.templatetags.quizzes_tags import wrong_part_note


def _offering(*parts):
    corrections = [{"part": part, "id": f"{part}-x", "text": "x"} for part in parts]
    return SimpleNamespace(part_corrections=corrections)


@pytest.mark.parametrize(
    ("parts", "note"),
    [
        (("penalty", "remedy"), "the penalty or the remedy."),
        (("remedy", "infraction"), "the infraction or the remedy."),
        (("infraction", "penalty"), "the infraction or the penalty."),
        (("infraction", "penalty", "remedy"), "the infraction, the penalty or the remedy."),
        ((), "the infraction, the penalty or the remedy."),  # a question stored before
    ],
)
def test_the_note_names_only_the_parts_the_question_offers(parts, note):
    assert wrong_part_note(_offering(*parts)).endswith(note)
