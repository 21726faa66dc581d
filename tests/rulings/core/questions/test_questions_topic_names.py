import re

import pytest

from rulings.core.questions import all_topics, topic_name


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es"])
def test_every_topic_has_a_name_in_every_language(lang):
    from rulings.core.questions.topics import _names

    assert set(all_topics()) <= set(_names()[lang])


def test_topic_names_follow_the_language_and_fall_back_sensibly():
    assert topic_name("missed_trigger", "pt-BR") == "Habilidades desencadeadas"
    assert topic_name("missed_trigger", "fr") == "Triggered abilities"
    assert topic_name("brand_new_topic", "es") == "Brand new topic"


@pytest.mark.parametrize("lang", ["pt-BR", "es"])
def test_every_template_says_what_it_asks_in_every_language(lang):
    from rulings.core.questions.template import REGISTRY
    from rulings.core.questions.topics import _summaries, summary_in

    assert set(_summaries()[lang]) == set(REGISTRY)
    for template_id, found in REGISTRY.items():
        translated = summary_in(template_id, lang)
        assert translated
        assert translated != found.summary
        # The references a committee member checks against survive the translation.
        for reference in re.findall(r"\b(?:TR|IPG|MTR|CR) [\d.a-z-]+\d", found.summary):
            assert reference in translated, (template_id, reference)
