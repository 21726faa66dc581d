"""Reads for the what-if explorer (issue 30, point 4): who may explore which answered question,
and the explorer's facts and variant for a page.

A question is explored from one answer: a practice answer, or an exam answer (an attempt item).
Its candidate may, once the feedback is theirs to see (practice: always; an exam: once its
review policy has released the keys); so may their mentors and the committee, once the attempt
is graded. An exam in progress never shows it. Everything else answers 404, and a question
sealed for the viewer (their own exam not released) is never explored, whatever their roles.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.urls import reverse
from django.utils import translation

from judgetrain.accounts.models import User
from quizzes import access
from quizzes.bank.models.questions import Question
from quizzes.cohorts.selectors import candidate_visible
from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.grading import engine_key
from quizzes.languages import content_language
from quizzes.practice.models import PracticeAnswer
from rulings import RulingsError
from rulings import questions as generator


@dataclass(frozen=True)
class FactLink:
    fact: generator.Fact
    url: str  # the variant's permalink


@dataclass(frozen=True)
class Explorer:
    """What the explorer shows for one answered question: its deciding facts (each with its
    permalink) and, when one is chosen, the story's ruling with that fact changed."""

    question: Question
    base_url: str
    facts: tuple[FactLink, ...]
    variant: generator.Variant | None = None
    # The committee corrected the key: the engine's ruling of the story is not the key that
    # counts, so the explorer (which reasons from the story) is not offered.
    key_corrected: bool = False

    @property
    def variant_url(self) -> str:
        return f"{self.base_url}/{self.variant.fact.name}" if self.variant else self.base_url


def page_language() -> str:
    return content_language(translation.get_language())


def may_explore_for(user: User, candidate_id: int) -> bool:
    """The candidate themselves, their mentors and the committee."""
    if user.pk == candidate_id:
        return True
    return candidate_visible(user, candidate_id)


def whatif_practice_answer(*, user: User, answer_id: int) -> PracticeAnswer:
    answer = (
        PracticeAnswer.objects.select_related("question")
        .exclude(question_id__in=access.sealed_question_ids(user))
        .filter(pk=answer_id, question__for_exams=False)
        .first()
    )
    if answer is None or not may_explore_for(user, answer.user_id):
        raise Http404("No such practice answer.")
    return answer


def whatif_attempt_item(*, user: User, attempt_id: int, position: int) -> AttemptItem:
    item = (
        AttemptItem.objects.select_related("question", "attempt__assignment__blueprint")
        .exclude(question_id__in=access.sealed_question_ids(user))
        .filter(attempt_id=attempt_id, position=position)
        .first()
    )
    if item is None or not exam_item_explorable(user, item.attempt):
        raise Http404("No such question in this attempt.")
    return item


def exam_item_explorable(user: User, attempt: Attempt) -> bool:
    """Never before grading; the candidate only once the review policy releases the keys."""
    if attempt.status != Attempt.Status.GRADED:
        return False
    if attempt.candidate_id == user.pk:
        return access.details_visible(attempt)
    return candidate_visible(user, attempt.candidate_id)


def base_url(source: PracticeAnswer | AttemptItem) -> str:
    if isinstance(source, PracticeAnswer):
        return reverse("whatif-practice", args=[source.pk])
    return reverse("whatif-exam", args=[source.attempt_id, source.position])


def key_corrected(question: Question) -> bool:
    """Whether the question's key is no longer the engine's ruling of its story: the
    committee corrected it (walk 3, #16). No query."""
    engine = engine_key(question.ruling)
    stored = {
        "infraction": question.key_infraction,
        "penalty": question.key_penalty,
        "remedy": question.key_remedy,
    }
    return bool(engine) and engine != stored


def explorer(*, source: PracticeAnswer | AttemptItem, fact: str | None = None) -> Explorer:
    """The explorer of `source`'s question in the page's language; `fact` chooses a variant
    (Http404 when it is not one of the question's deciding facts). No query of its own.

    A question whose key the committee corrected offers no fact: every variant would start
    from the engine's ruling, which the corrected key contradicts; the page says why."""
    question = source.question
    url = base_url(source)
    if key_corrected(question):
        return Explorer(question, url, (), key_corrected=True)
    lang = page_language()
    try:
        facts = generator.deciding_facts(
            question.situation, question.ruling, question.template_id, lang
        )
    except RulingsError:  # a story stored under rules the engine no longer reads
        facts = ()
    links = tuple(FactLink(f, f"{url}/{f.name}") for f in facts)
    if fact is None:
        return Explorer(question, url, links)
    try:
        variant = generator.what_if(
            question.situation, question.ruling, question.template_id, fact, lang
        )
    except RulingsError:
        raise Http404("No such fact to change.") from None
    return Explorer(question, url, links, variant)
