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
