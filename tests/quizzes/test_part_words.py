"""One word per part in each language (walk 9, #16: Spanish said "Penalización" in the grader's
table and "Sanción" in the corrected-key form): the engine's headings name the parts as the
interface does."""

import pytest
from django.utils import translation

from quizzes.parts import PART_NAMES
from rulings.core.explain import labels


@pytest.mark.parametrize(("interface", "content"), [("en", "en"), ("pt-br", "pt-BR"), ("es", "es")])
@pytest.mark.parametrize("part", ["infraction", "penalty", "remedy"])
def test_the_engines_heading_for_a_part_is_the_interfaces_word(interface, content, part):
    with translation.override(interface):
        assert labels(content)["heading"][part] == str(PART_NAMES[part])
