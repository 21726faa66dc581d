"""A key part the committee corrected is not cited with the section of the engine's old part
(walk 3, #23: the corrected remedy "the opponent chooses" was cited as the section of the old
remedy, "continue playing")."""

import pytest

from quizzes.practice.services import practice_key
from tests.factories import question

pytestmark = pytest.mark.django_db


def test_an_uncorrected_key_keeps_the_engines_citations():
    key = practice_key(question=question(), lang="en")

    assert key["remedy"]["citation"]
    assert not key["remedy"]["corrected"]


def test_a_corrected_part_is_not_cited_with_the_old_parts_section():
    item = question()
    before = practice_key(question=item, lang="en")
    item.key_remedy = "opponent_chooses_put_on_stack"
    item.save(update_fields=["key_remedy"])

    key = practice_key(question=item, lang="en")

    assert key["remedy"]["citation"] == ""
    assert key["remedy"]["corrected"] == "yes"
    assert key["penalty"]["citation"] == before["penalty"]["citation"]
