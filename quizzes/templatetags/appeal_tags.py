"""What a committee's key decision on an appeal means for the candidate who appealed (walk 7,
#21): a withdrawal or key correction is for everyone, and the appeal's own outcome follows
from the regrade of this candidate's answer, said in words."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from quizzes.grading import engine_key, question_key
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import QuestionCorrection
from quizzes.review.services.appeals import key_outcome

register = template.Library()


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{round(value * 100)}%"


def _scores(outcome: dict[str, Any]) -> dict[str, str]:
    """The question's and the attempt's score before and after the regrade, as percentages."""
    return {
        "question_before": _percent(outcome["question_before"]),
        "question_after": _percent(outcome["question_after"]),
        "before": _percent(outcome["score_before"]),
        "after": _percent(outcome["score_after"]),
    }


def _parts(names: list[str]) -> str:
    """ "the infraction, the remedy" in the page's language."""
    from quizzes.templatetags.mentor_tags import the_part

    return ", ".join(the_part(name) for name in names)


def _why_unchanged(outcome: dict[str, Any], values: dict[str, str], *, candidate: bool) -> str:
    """Why the question's score stays although the key now agrees (walk 11, #3 and #5): a
    grade set by hand still counts, a part the grader could not read, or one still wrong."""
    if not outcome["score_same"]:
        return ""
    if outcome["manual_kept"]:
        text = (
            _("The score does not change: your answer keeps the grade a person gave it, %(q)s.")
            if candidate
            else _("The score does not change: the grade set by hand, %(q)s, is kept.")
        )
        return text % {"q": values["question_after"]}
    if outcome["unread"]:
        text = (
            _("The score does not change: the grader could not read %(parts)s in your answer.")
            if candidate
            else _("The score does not change: the grader could not read %(parts)s.")
        )
        return text % {"parts": _parts(outcome["unread"])}
    if outcome["still_wrong"]:
        text = (
            _("The score does not change: your answer is still wrong on %(parts)s.")
            if candidate
            else _("The score does not change: the answer is still wrong on %(parts)s.")
        )
        return text % {"parts": _parts(outcome["still_wrong"])}
    return ""


@register.simple_tag
def correction_verdict(outcome: dict[str, Any], who: Any) -> str:
    """The committee's preview of an appeal the corrected key now agrees with (walk 11, #3):
    which part is now right, the question's and the attempt's score before and after, and
    why a score stays."""
    values = {"who": str(who), "parts": _parts(outcome["now_right"]), **_scores(outcome)}
    text = (
        _(
            "upheld: the corrected key now agrees with the answer of %(who)s on %(parts)s. "
            "This question: %(question_before)s → %(question_after)s; the attempt: %(before)s "
            "→ %(after)s."
        )
        % values
    )
    why = _why_unchanged(outcome, values, candidate=False)
    return f"{text} {why}" if why else text


@register.simple_tag
def appeal_outcome(appeal: Appeal, attempt_id: int) -> str:
    """The sentence for the appeal's key decision ("" when the committee decided no
    withdrawal or correction): withdrawn or corrected for everyone, then what it did to this
    answer's score."""
    corrections = list(appeal.corrections.all())
    if not corrections:
        return ""
    correction = corrections[0]
    withdraw = correction.action == QuestionCorrection.Action.WITHDRAW
    outcome: dict[str, Any] = key_outcome(correction.changes, attempt_id, correction.action)
    if not outcome["applied"]:
        if withdraw:
            return _(
                "The committee withdrew this question for everyone: your score is being "
                "recounted without it."
            )
        return _(
            "The committee corrected the key for everyone: your answer is being regraded "
            "against it."
        )
    values = _scores(outcome)
    if withdraw:
        return (
            _(
                "The committee withdrew this question for everyone: it no longer counts in your "
                "score (%(before)s before, %(after)s now)."
            )
            % values
        )
    if outcome["now_right"]:
        # Walk 11, #5: which part the key now agrees on, the scores, and why one stays.
        text = _(
            "Upheld: the committee corrected the key for everyone, as you argued: your "
            "answer is now right on %(parts)s. This question: %(question_before)s before, "
            "%(question_after)s now. Your score: %(before)s before, %(after)s now."
        ) % {**values, "parts": _parts(outcome["now_right"])}
        why = _why_unchanged(outcome, values, candidate=True)
        return f"{text} {why}" if why else text
    if outcome["upheld"] and outcome["agrees"]:
        return (
            _(
                "Upheld: the committee corrected the key for everyone, as you argued, and your "
                "answer, regraded against it, now earns %(question_after)s (%(question_before)s "
                "before). Your score: %(after)s."
            )
            % values
        )
    if outcome["upheld"]:
        return (
            _(
                "Upheld: the committee corrected the key for everyone, and your answer, regraded "
                "against it, now earns %(question_after)s (%(question_before)s before). Your "
                "score: %(after)s."
            )
            % values
        )
    if outcome["question_after"] == outcome["question_before"] == 1:
        return _(
            "The committee corrected the key for everyone; your answer keeps its full "
            "credit. Your score does not change."
        )
    if outcome["question_after"] == outcome["question_before"]:
        return (
            _(
                "Not upheld: the committee corrected the key for everyone, but your answer still "
                "does not earn the credit (%(question_after)s for this question). Your score does "
                "not change."
            )
            % values
        )
    return (
        _(
            "Not upheld: the committee corrected the key for everyone, and your answer, regraded "
            "against it, now earns %(question_after)s (%(question_before)s before). Your score: "
            "%(after)s."
        )
        % values
    )


@register.filter
def key_corrected(question: Any) -> bool:
    """Whether the committee corrected the question's key: its explanation, written by the
    engine for the earlier key, was not rewritten (walk 7, #21)."""
    engine = engine_key(question.ruling)
    return bool(engine) and engine != question_key(question)
