"""Practice: choosing the next question, grading an answer and scheduling topics (FSRS).

Practice never touches exam variants: a question with ``for_exams`` is neither served nor
accepted, so an exam's key cannot leak through practice feedback. Nor a question sealed for the
user (``quizzes.access.sealed_question_ids``): one of their own exam's, whatever their roles.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import fsrs
from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from judgetrain.accounts.models import User
from quizzes import access
from quizzes.grading import citations_from_ruling, grade_response, question_key
from quizzes.models import (
    PracticeAnswer,
    Question,
    QuestionKind,
    QuestionPool,
    Topic,
    TopicMastery,
)
from quizzes.services.bank import bank_store
from quizzes.services.pools import pools_applied
from quizzes.services.question_reports import is_withdrawn, servable
from quizzes.services.review import review_flag_practice
from rulings.core import RulingsError
from rulings.core import questions as generator
from rulings.core.explain import labels
from rulings.models import Language, PolicyStatement

# A question answered within this window is not served again while the bank has others.
RECENT_WINDOW = timedelta(days=1)
# Weight of the newest score in the exponential moving average of a topic's mastery.
MASTERY_WEIGHT = 0.3
# How many of the weakest topics a "weakest topics" round draws from, most urgent first.
WEAKEST_TOPICS = 3
# Fresh seeds tried before giving up: a seed may land on a question already banked for exams.
GENERATION_ATTEMPTS = 3
# Fuzzing only spreads due dates of many cards; one card per topic needs none, and tests
# need a schedule they can predict.
SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)

_seeds = random.SystemRandom()


class PracticeError(Exception):
    """Practice cannot do what was asked; the message is safe to show."""


class QuestionNotPractisable(PracticeError):
    """The question never takes part in practice (withdrawn, or hidden: below)."""


class QuestionHidden(QuestionNotPractisable):
    """No question the user may practise has this id: none at all, an exam variant, or one
    sealed for them. The three are answered alike, so an id tells nothing."""

    def __init__(self) -> None:
        super().__init__("No question has this id.")


class NoPracticeQuestion(PracticeError):
    """Neither the bank nor the generator has a question fitting the filters."""


@dataclass(frozen=True)
class PracticeFilters:
    lang: str = Language.EN
    game: str | None = None
    topics: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    weakest: bool = False


@dataclass(frozen=True)
class PracticeResult:
    answer: PracticeAnswer
    masteries: list[TopicMastery] = field(default_factory=list)


def practice_question_check(*, question: Question, user: User | None = None) -> None:
    """Refuse exam variants and questions sealed for ``user``: their keys must never reach
    them through practice feedback (QuestionHidden); then withdrawn questions."""
    if question.for_exams:
        raise QuestionHidden
    if user is not None and access.question_sealed(user, question.pk):
        raise QuestionHidden
    if is_withdrawn(question):
        raise QuestionNotPractisable("This question was withdrawn by the committee.")


def practice_question_get(*, user: User, pk: int) -> Question:
    """The bank question ``pk`` for ``user`` to practise, in one query: QuestionHidden when
    there is none, it is an exam variant or it is sealed for them (alike);
    QuestionNotPractisable when it was withdrawn."""
    question = (
        Question.objects.select_related("policy_version")
        .filter(pk=pk, for_exams=False)
        .exclude(pk__in=access.sealed_question_ids(user))
        .first()
    )
    if question is None:
        raise QuestionHidden
    if is_withdrawn(question):
        raise QuestionNotPractisable("This question was withdrawn by the committee.")
    return question


# --- choosing the next question ----------------------------------------------------------


def weakest_topic_slugs(*, user: User, among: Sequence[str] = ()) -> list[str]:
    """The user's topics most in need of practice: due ones first, then the lowest mastery."""
    masteries = TopicMastery.objects.filter(user=user).select_related("topic")
    if among:
        masteries = masteries.filter(topic__slug__in=among)
    now = timezone.now()
    ranked = sorted(
        masteries,
        key=lambda m: (m.due_at is None or m.due_at > now, m.mastery, m.due_at or now),
    )
    return [mastery.topic.slug for mastery in ranked[:WEAKEST_TOPICS]]


def _practice_bank(*, user: User, filters: PracticeFilters) -> QuerySet[Question]:
    recent = PracticeAnswer.objects.filter(
        user=user, answered_at__gte=timezone.now() - RECENT_WINDOW
    ).values("question_id")
    questions = (
        servable(Question.objects.filter(for_exams=False, language=filters.lang))
        .exclude(id__in=recent)
        .exclude(id__in=access.sealed_question_ids(user))
    )
    if filters.game:
        questions = questions.filter(game=filters.game)
    if filters.kinds:
        questions = questions.filter(kind__in=filters.kinds)
    return questions


def _pick_from_bank(questions: QuerySet[Question], topics: Iterable[str | None]) -> Question | None:
    for topic in topics:
        narrowed = questions.filter(topics__slug=topic) if topic else questions
        found = _random_row(narrowed)
        if found is not None:
            return found
    return None


def _random_row(questions: QuerySet[Question]) -> Question | None:
    """One row at random by offset: two indexed queries, not ORDER BY RANDOM()'s full sort."""
    total = questions.count()
    if not total:
        return None
    return questions.order_by("pk")[secrets.randbelow(total)]


def _topic_plan(*, user: User, filters: PracticeFilters) -> list[str | None]:
    """Topics to try in order; ``None`` means any topic."""
    if filters.weakest:
        weakest = weakest_topic_slugs(user=user, among=filters.topics)
        if weakest:
            return [*weakest, None]  # then any topic, so a round never stalls
    if filters.topics:
        return list(_shuffled(filters.topics))
    return [None]


def _shuffled(items: Sequence[str]) -> list[str]:
    shuffled = list(items)
    _seeds.shuffle(shuffled)
    return shuffled


def _generate(*, filters: PracticeFilters, topic: str | None) -> generator.Question | None:
    try:
        batch = generator.generate_questions(
            game=filters.game,
            topics=[topic] if topic else None,
            lang=filters.lang,
            kind=_seeds.choice(list(filters.kinds) or QuestionKind.values),
            count=1,
            seed=_seeds.randrange(2**31),
        )
    except RulingsError:
        return None  # no template of this game covers the topic
    return batch[0] if batch else None


def _generate_fresh(*, filters: PracticeFilters, topics: Sequence[str | None]) -> Question | None:
    with pools_applied(use=QuestionPool.Use.BANK):
        return _generate_fresh_pooled(filters=filters, topics=topics)


def _generate_fresh_pooled(
    *, filters: PracticeFilters, topics: Sequence[str | None]
) -> Question | None:
    for topic in topics:
        for _attempt in range(GENERATION_ATTEMPTS):
            generated = _generate(filters=filters, topic=topic)
            if generated is None:
                break
            stored = bank_store(questions=[generated])[0]
            if not stored.for_exams and not is_withdrawn(stored):
                return stored
    return None


def practice_question_next(*, user: User, filters: PracticeFilters) -> Question:
    """The next practice question: from the bank if one fits, else freshly generated."""
    topics = _topic_plan(user=user, filters=filters)
    found = _pick_from_bank(_practice_bank(user=user, filters=filters), topics)
    if found is None:
        found = _generate_fresh(filters=filters, topics=topics)
    if found is None:
        raise NoPracticeQuestion("No practice question fits these choices yet.")
    return found


# --- answering ---------------------------------------------------------------------------


def rating_for_score(score: float, *, mastery: float) -> fsrs.Rating:
    """Fully right is Good (Easy once the topic is already mastered); partial is Hard."""
    if score >= 1.0:
        return fsrs.Rating.Easy if mastery >= 0.8 else fsrs.Rating.Good
    return fsrs.Rating.Hard if score > 0 else fsrs.Rating.Again


def _review(mastery: TopicMastery, *, score: float, now: datetime) -> None:
    card = fsrs.Card.from_dict(mastery.card) if mastery.card else fsrs.Card(card_id=mastery.pk)
    rating = rating_for_score(score, mastery=mastery.mastery)
    card, _log = SCHEDULER.review_card(card, rating, review_datetime=now)
    if mastery.answered:
        mastery.mastery = (1 - MASTERY_WEIGHT) * mastery.mastery + MASTERY_WEIGHT * score
    else:
        mastery.mastery = score
    mastery.answered += 1
    mastery.correct += int(score >= 1.0)
    mastery.card = card.to_dict()
    mastery.due_at = card.due
    mastery.updated_at = now


def _masteries_for_update(*, user: User, topics: list[Topic]) -> list[TopicMastery]:
    TopicMastery.objects.bulk_create(
        [TopicMastery(user=user, topic=topic) for topic in topics], ignore_conflicts=True
    )
    return list(
        TopicMastery.objects.select_for_update()
        .filter(user=user, topic__in=topics)
        .select_related("topic")
        .order_by("topic__slug")
    )


def practice_answer_submit(
    *, user: User, question: Question, response: str, lang: str | None = None
) -> PracticeResult:
    """Grade a practice answer, store it and move each of the question's topics on.

    Raises QuestionHidden for an exam variant or a question sealed for ``user``,
    QuestionNotPractisable for a withdrawn one and GradingError for an unusable response;
    none stores anything.
    """
    practice_question_check(question=question, user=user)
    grade = grade_response(question, response, lang=lang)
    score = float(grade["score"])
    now = timezone.now()
    with transaction.atomic():
        answer = PracticeAnswer.objects.create(
            user=user, question=question, response=response, grade=grade, score=score
        )
        review_flag_practice(answer=answer)  # a person sees every grading the grader doubts
        masteries = _masteries_for_update(user=user, topics=list(question.topics.all()))
        for mastery in masteries:
            _review(mastery, score=score, now=now)
        TopicMastery.objects.bulk_update(
            masteries, ["mastery", "answered", "correct", "card", "due_at", "updated_at"]
        )
    return PracticeResult(answer=answer, masteries=masteries)


# --- feedback ----------------------------------------------------------------------------


def _statement_citations(ruling: dict[str, Any]) -> list[tuple[str, str]]:
    """(statement id, citation) of every step the ruling rests on, in order, once each."""
    steps: list[dict[str, Any]] = [
        *ruling.get("explanation", ()),
        *ruling.get("penalty", {}).get("steps", ()),
        *ruling.get("remedy", ()),
    ]
    if ruling.get("round_cycle"):
        steps.append(ruling["round_cycle"])
    seen: dict[str, str] = {}
    for step in steps:
        if step.get("statement") and step["statement"] not in seen:
            seen[step["statement"]] = step.get("citation", "")
    return list(seen.items())


def practice_statements(*, question: Question, lang: str) -> list[dict[str, str]]:
    """The policy statements the question's ruling cites, with their text in ``lang``."""
    cited = _statement_citations(question.ruling)
    rows = PolicyStatement.objects.filter(
        version_id=question.policy_version_id, statement_id__in=[sid for sid, _ in cited]
    )
    by_id = {row.statement_id: row for row in rows}
    return [
        {
            "statement": sid,
            "citation": citation,
            "section": by_id[sid].section,
            "text": by_id[sid].text(lang),
        }
        for sid, citation in cited
        if sid in by_id
    ]


def practice_key(*, question: Question, lang: str) -> dict[str, dict[str, str]]:
    """The keyed ruling's parts: vocabulary id, its name in ``lang`` and its citation."""
    names = labels(lang if lang in Language.values else Language.EN)["id"]
    citations = citations_from_ruling(question.ruling)
    return {
        part: {
            "id": value,
            "name": str(names.get(value, value)),
            "citation": citations.get(part, ""),
        }
        for part, value in question_key(question).items()
    }


def practice_feedback(*, answer: PracticeAnswer, key_lang: str, text_lang: str) -> dict[str, Any]:
    """What the feedback page and the API show after an answer.

    The key's parts are named in ``key_lang`` (the judge's practice language); the policy
    statements are quoted in ``text_lang`` (the language the page is shown in).
    """
    question = answer.question
    return {
        "grade": answer.grade,
        "key": practice_key(question=question, lang=key_lang),
        "explanation": question.explanation,
        "citations": citations_from_ruling(question.ruling),
        "statements": practice_statements(question=question, lang=text_lang),
    }


def mastery_list(*, user: User) -> QuerySet[TopicMastery]:
    """The user's standing per topic, due topics first."""
    return (
        TopicMastery.objects.filter(user=user)
        .select_related("topic")
        .order_by(F("due_at").asc(nulls_last=True), "mastery", "topic__slug")
    )
