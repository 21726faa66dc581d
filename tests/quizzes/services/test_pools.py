"""Private pools from the database, the bank's secret master seed, rebuilding a question."""

from __future__ import annotations

import logging
import re

import pytest
from django.core.exceptions import ValidationError

from quizzes.bank.models.pools import BankSeed, PoolSnapshot, QuestionPool
from quizzes.bank.models.questions import Question
from quizzes.bank.services.bank import bank_build
from quizzes.bank.services.pools import pools_active, question_rebuild
from quizzes.exams.services import exams
from rulings.core.questions.catalog import people
from tests.factories import assignment

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

EXAM_NAMES = ["Ximena", "Yago", "Zuleica", "Wander", "Valquíria", "Ubirajara"]
BANK_NAMES = ["Quésia", "Rodolfo", "Severina", "Teodoro", "Ulisses", "Vitória"]


def pool(use: str, names: list[str], **kwargs) -> QuestionPool:
    quoted = ", ".join(f'"{name}"' for name in names)
    content = f"[people]\nriftbound = [{quoted}]\nmtg = [{quoted}]\n"
    return QuestionPool.objects.create(name=f"{use} names", use=use, content=content, **kwargs)


def names_in(text: str, names) -> set[str]:
    return {name for name in names if re.search(rf"\b{re.escape(name)}\b", text)}


def build_small_bank() -> set[int]:
    bank_build(games=["riftbound"], languages=["en"], kinds=["free_form"], per_template=1)
    return set(Question.objects.values_list("seed", flat=True))


def test_two_bank_builds_from_a_fresh_database_do_not_share_seeds():
    first = build_small_bank()
    Question.objects.all().delete()
    BankSeed.objects.all().delete()  # a fresh database

    second = build_small_bank()

    assert first
    assert second
    assert first.isdisjoint(second)


def test_rebuilding_the_bank_in_the_same_database_adds_nothing():
    first = build_small_bank()
    count = Question.objects.count()

    assert build_small_bank() == first
    assert Question.objects.count() == count
    assert BankSeed.objects.count() == 1


def test_exam_variants_are_drawn_with_the_active_exam_pools_and_can_be_rebuilt():
    pool("exams", EXAM_NAMES)
    pool("bank", BANK_NAMES)

    attempt = exams.attempt_start(assignment=assignment(), language="pt-BR")

    items = list(attempt.items.select_related("question__pools", "question__policy_version"))
    snapshot = PoolSnapshot.objects.get()
    for item in items:
        assert names_in(item.question.stem, EXAM_NAMES)
        assert not names_in(item.question.stem, [*BANK_NAMES, *people("riftbound")])
        assert item.question.pools == snapshot
        rebuilt = question_rebuild(question=item.question)
        assert (rebuilt.stem, rebuilt.content_hash) == (
            item.question.stem,
            item.question.content_hash,
        )


def test_the_bank_uses_the_bank_pools_never_the_exam_pools():
    pool("exams", EXAM_NAMES)
    pool("bank", BANK_NAMES)
    pool("bank", ["Ana", "Bia", "Caio", "Duda"], active=False)

    build_small_bank()

    stems = " ".join(Question.objects.values_list("stem", flat=True))
    assert names_in(stems, BANK_NAMES)
    assert not names_in(stems, [*EXAM_NAMES, "Ana", "Bia", "Caio", "Duda"])
    question = Question.objects.first()
    assert question_rebuild(question=question).stem == question.stem


def test_without_pools_questions_record_none_and_still_rebuild():
    attempt = exams.attempt_start(assignment=assignment(), language="en")

    question = attempt.items.first().question
    assert question.pools is None
    assert question_rebuild(question=question).content_hash == question.content_hash


def test_an_unusable_pool_is_skipped_and_logged(caplog):
    pool("exams", EXAM_NAMES)
    QuestionPool.objects.create(name="broken", use="exams", content="[people\n")

    with caplog.at_level(logging.ERROR):
        pools = pools_active(use="exams")

    assert pools is not None
    assert pools.people["riftbound"] == tuple(EXAM_NAMES)
    assert "broken" in caplog.text


def test_a_pool_is_checked_before_it_is_saved():
    invalid = QuestionPool(name="typo", use="exams", content='[people]\nmtg = ["Ana"]\n')
    broken = QuestionPool(
        name="unknown advantage",
        use="exams",
        content=(
            "[cards.grim]\n"
            'game = "riftbound"\nkind = "draw_or_discard"\n'
            'advantage_reason = "no_such_reason"\n'
            'name = { en = "Grim", pt-BR = "Grim", es = "Grim" }\n'
            'text = { en = "When I move to a battlefield, draw 1.", '
            'pt-BR = "Ao se mover para um campo de batalha, compre 1.", '
            'es = "Al moverme a un campo de batalla, roba 1." }\n'
        ),
    )

    with pytest.raises(ValidationError, match="at least 4 names"):
        invalid.full_clean()
    with pytest.raises(ValidationError) as error:
        broken.full_clean()
    assert any(m.startswith("rb-") for m in error.value.message_dict["content"])
    pool("exams", EXAM_NAMES).full_clean()  # a valid one passes


def test_the_rebuild_command_says_each_question_comes_out_the_same():
    from io import StringIO

    from django.core.management import CommandError, call_command

    pool("exams", EXAM_NAMES)
    attempt = exams.attempt_start(assignment=assignment(), language="es")
    ids = [str(pk) for pk in attempt.items.values_list("question_id", flat=True)]
    out = StringIO()

    call_command("rebuild_question", *ids, stdout=out)

    assert out.getvalue().count(": the same") == len(ids)
    with pytest.raises(CommandError):
        call_command("rebuild_question", "999999", stdout=out, stderr=StringIO())


def test_the_committee_adds_a_pool_in_the_admin_and_sees_what_is_still_public(client):
    from tests.factories import committee_member

    client.force_login(committee_member())
    content = "[people]\nmtg = [" + ", ".join(f'"{n}"' for n in EXAM_NAMES) + "]\n"

    response = client.post(
        "/admin/quizzes/questionpool/add/",
        {"name": "Spring sitting", "use": "exams", "active": "on", "content": content},
        follow=True,
    )

    assert response.status_code == 200
    assert QuestionPool.objects.get().name == "Spring sitting"
    assert "riftbound: stems use the public player names" in response.content.decode().lower()
    refused = client.post(
        "/admin/quizzes/questionpool/add/",
        {"name": "Typo", "use": "exams", "active": "on", "content": "[people]\nmtg = 3\n"},
    )
    assert "people.mtg must be a list of names" in refused.content.decode()
    assert QuestionPool.objects.count() == 1
