"""One term per outcome in every language (walk 3, #22: the same appeal outcome read
"rejeitado" on the candidate's page and "Indeferido" on the mentor's)."""

import pytest
from django.utils import translation

OUTCOMES = (("Upheld", "upheld"), ("Rejected", "rejected"))


@pytest.mark.parametrize("lang", ["en", "pt-br", "es"])
@pytest.mark.parametrize(("title", "lower"), OUTCOMES)
def test_an_appeal_outcome_has_one_word_on_every_page(lang, title, lower):
    with translation.override(lang):
        assert translation.gettext(title).lower() == translation.gettext(lower).lower()
