from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from quizzes.bank.models.questions import Question

pytestmark = pytest.mark.django_db


def build(*args: str) -> str:
    out = StringIO()
    call_command("build_question_bank", "--no-progress", *args, stdout=out)
    return out.getvalue()


def test_the_bank_is_built_from_every_template_and_rebuilding_adds_nothing():
    first = build("--game", "mtg", "--lang", "es", "--kind", "free_form")
    count = Question.objects.count()
    second = build("--game", "mtg", "--lang", "es", "--kind", "free_form")

    assert count > 0
    assert f"{count} new in the bank" in first
    assert "0 new in the bank" in second
    assert Question.objects.count() == count
    assert set(Question.objects.values_list("language", "kind", "game").distinct()) == {
        ("es", "free_form", "mtg")
    }
    assert not Question.objects.filter(for_exams=True).exists()


def test_each_banked_key_is_the_engines_ruling_of_its_situation():
    from rulings import core as engine

    build("--game", "riftbound", "--lang", "en", "--kind", "multiple_choice")

    for question in Question.objects.all()[:30]:
        ruling = engine.evaluate(engine.Situation.from_dict(question.situation))
        assert question.key_infraction == ruling.infraction
        assert question.key_penalty == ruling.penalty.final
        assert question.options
        assert "correct" not in question.options[0]  # candidates never see which is right


def test_a_bad_argument_is_a_clear_error():
    with pytest.raises(CommandError, match="at least 1"):
        build("--per-template", "0")
