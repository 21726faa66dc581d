"""Grading responses to bank questions: the one path exams, practice and the API share.

A free-form response is graded part by part by the engine's grader; a multiple-choice
response is the chosen option's label; a find-the-wrong-part response is the part's name.
Every result has the same shape (``grade_as_dict``), so pages and the API show it alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from quizzes.bank.models.questions import Question, QuestionKind
from rulings.grading import (
    LANGUAGES,
    PARTS,
    Expected,
    Grade,
    GradingError,
    PartGrade,
    grade_answer,
    load_lexicon,
    render_feedback,
    review_sentence,
)
from rulings.questions import KeyParts, remedy_asked


def citations_from_ruling(ruling: Mapping[str, Any]) -> dict[str, str]:
    """The section the engine cited for each part of its ruling."""
    citations: dict[str, str] = {}
    for step in ruling.get("explanation", ()):
        if step.get("statement") == ruling.get("infraction_statement"):
            citations["infraction"] = step["citation"]
    if ruling.get("penalty", {}).get("steps"):
        citations["penalty"] = ruling["penalty"]["steps"][-1]["citation"]
    if ruling.get("remedy"):
        citations["remedy"] = ruling["remedy"][0]["citation"]
    return citations


def engine_key(ruling: Mapping[str, Any]) -> dict[str, str]:
    """The key the engine's ruling gives, as a question stores it (the first remedy, "none"
    without one); {} for a ruling in a shape it cannot read. A stored key that differs was
    corrected by the committee."""
    try:
        remedy = ruling["remedy"]
        return {
            "infraction": str(ruling["infraction"]),
            "penalty": str(ruling["penalty"]["final"]),
            "remedy": str(remedy[0]["remedy"]) if remedy else "none",
        }
    except (KeyError, TypeError, IndexError):
        return {}


# The remedy of a question whose key names no concrete fix is not asked (docs/questions.md).
_NOT_ASKED = "apply_section_procedure"


# A Game Loss or more ends the game: the remedy is moot and not asked either.
_GAME_ENDING = frozenset({"game_loss", "match_loss", "disqualification"})


def _remedy_not_asked(question: Question) -> bool:
    return question.key_remedy == _NOT_ASKED or question.key_penalty in _GAME_ENDING


def _citations_of_key(question: Question) -> dict[str, str]:
    """The engine's citation of each part the question's key still shares with the engine's
    ruling. A part the committee corrected cites nothing: the engine's section was about the
    old part (walk 7, #21: a corrected "no penalty" still cited the Warning clause)."""
    citations = citations_from_ruling(question.ruling)
    engine = engine_key(question.ruling)
    stored = {
        "infraction": question.key_infraction,
        "penalty": question.key_penalty,
        "remedy": question.key_remedy,
    }
    return {
        part: citation
        for part, citation in citations.items()
        if not engine or engine.get(part) == stored.get(part)
    }


def expected_for_question(question: Question) -> Expected:
    """The question's key, with its policy version and near misses where the bank stored
    them (free-form questions built since the grader takes them)."""
    detail = question.key_detail or {}
    return Expected(
        infraction=question.key_infraction,
        penalty=question.key_penalty,
        remedy=None if _remedy_not_asked(question) else question.key_remedy,
        citations=_citations_of_key(question),
        policy_version=detail.get("policy_version"),
        near_misses=tuple(_near_misses(detail.get("near_misses"))),
    )


def _near_misses(stored: Any) -> list[dict[str, str]]:
    """The stored near misses that name known parts with string ids (others are skipped)."""
    if not isinstance(stored, list):
        return []
    return [
        {part: ident for part, ident in miss.items() if part in PARTS and isinstance(ident, str)}
        for miss in stored
        if isinstance(miss, dict)
    ]


def grade_for_question(question: Question, answer: str, *, lang: str | None = None) -> Grade:
    """Grade a free-form answer against the question's engine key (GradingError if unusable)."""
    return grade_answer(answer, expected_for_question(question), game=question.game, lang=lang)


def grade_as_dict(grade: Grade) -> dict[str, Any]:
    """The CLI contract's fields plus what a person reviewing the grade needs."""
    return {
        "parts": {
            name: {
                "expected": part.expected,
                "found": part.found,
                "correct": part.correct,
                "confidence": part.confidence,
                "rule": part.rule,
                # the named doubt the part was read with ("" for none): shown to mentors
                "doubt": part.doubt,
                # how the answer said it: feedback rebuilt in another language and the
                # part lines ("your answer hedged") need them
                "hedged": part.hedged,
                "conflict": part.conflict,
                "candidates": list(part.candidates),
                "evidence": None
                if part.evidence is None
                else {
                    "start": part.evidence.start,
                    "end": part.evidence.end,
                    "text": part.evidence.text,
                },
            }
            for name, part in grade.parts.items()
        },
        "score": grade.score,
        "confidence": grade.confidence,
        "needs_review": grade.needs_review,
        "review_reasons": list(grade.review_reasons),
        "feedback": grade.feedback,
        "language": grade.language,
        "lexicon_version": grade.lexicon_version,
    }


def stored_part_grade(name: str, part: Mapping[str, Any]) -> PartGrade:
    """One part of a stored ``grade_as_dict`` read back (its evidence is not). A grade stored
    before a field was kept reads that field's default: no rule, no doubt, no hedge.
    KeyError, TypeError or ValueError on a part without its expected id or verdict."""
    return PartGrade(
        part=name,
        expected=str(part["expected"]),
        found=part.get("found"),
        correct=bool(part["correct"]),
        confidence=float(part.get("confidence", 1.0)),
        evidence=None,
        hedged=bool(part.get("hedged", False)),
        conflict=bool(part.get("conflict", False)),
        candidates=tuple(part.get("candidates", ())),
        rule=str(part.get("rule") or ""),
        doubt=str(part.get("doubt") or ""),
    )


def _exact_grade(
    question: Question, chosen: str, parts: Mapping[str, str | None]
) -> dict[str, Any]:
    expected = {
        "infraction": question.key_infraction,
        "penalty": question.key_penalty,
        "remedy": question.key_remedy,
    }
    graded = {
        part: {
            "expected": expected[part],
            "found": parts.get(part),
            "correct": parts.get(part) == expected[part],
            "confidence": 1.0,
            "evidence": None,
        }
        for part in PARTS
    }
    return {
        "parts": graded,
        "chosen": chosen,
        "confidence": 1.0,
        "needs_review": False,
        "review_reasons": [],
        "language": question.language,
        "lexicon_version": "",
    }


def _grade_choice(question: Question, label: str) -> dict[str, Any]:
    detail = question.key_detail
    if label not in detail.get("option_parts", {}):
        raise GradingError(f"{label!r} is not one of this question's options")
    chosen = detail["option_parts"][label]
    parts = {
        "infraction": chosen["infraction"],
        "penalty": chosen["penalty"],
        "remedy": (chosen["remedy"] or ["none"])[0],
    }
    result = _exact_grade(question, label, parts)
    correct = label == detail["correct_option"]
    result.update(score=1.0 if correct else 0.0, feedback=detail.get("key_text", ""))
    return result


def _grade_wrong_part(question: Question, response: str) -> dict[str, Any]:
    """Find the wrong part: ``part`` or ``part:correction``. Where the question offers
    corrections, naming the wrong part earns half the score and saying what it should be (the
    key's value for that part) the other half; a correction counts only for the right part."""
    part, _sep, correction = response.partition(":")
    if part not in PARTS:
        raise GradingError(f"the answer must name one part: {', '.join(PARTS)}")
    offered = {(c["part"], c["id"]) for c in question.part_corrections}
    if correction and (part, correction) not in offered:
        raise GradingError(f"{correction!r} is not a correction offered for the {part}")
    wrong = question.key_detail["wrong_part"]
    key = question_key(question)
    result = _exact_grade(question, response, {p: key[p] for p in PARTS})
    for name, graded in result["parts"].items():
        graded["found"] = "wrong" if name == part else "right"
        graded["expected"] = "wrong" if name == wrong else "right"
        graded["correct"] = graded["found"] == graded["expected"]
    if not question.part_corrections:
        score = 1.0 if part == wrong else 0.0
    else:
        fixed = part == wrong and correction == key[wrong]
        score = (0.5 if part == wrong else 0.0) + (0.5 if fixed else 0.0)
        result["correction"] = {
            "found": correction or None,
            "expected": key[wrong],
            "correct": fixed,
        }
    result.update(score=score, feedback=question.key_detail.get("correct_text", ""))
    return result


def question_key(question: Question) -> dict[str, str]:
    return {
        "infraction": question.key_infraction,
        "penalty": question.key_penalty,
        "remedy": question.key_remedy,
    }


def grade_response(question: Question, response: str, *, lang: str | None = None) -> dict[str, Any]:
    """Grade any kind of question's response; GradingError on an unusable response."""
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        return _grade_choice(question, response.strip())
    if question.kind == QuestionKind.FIND_THE_WRONG_PART:
        return _grade_wrong_part(question, response.strip())
    return grade_as_dict(grade_for_question(question, response, lang=lang))


def feedback_in(
    question: Question, grade: Mapping[str, Any], lang: str, *, reviewed: bool = False
) -> str:
    """A free-form grade's sentences in ``lang`` (the page's language, not the attempt's).

    Rebuilt from the stored parts, so switching the interface language never re-grades; the
    stored sentences are kept when the grade lacks what is needed or is already in ``lang``.
    """
    stored = str(grade.get("feedback", ""))
    if reviewed:  # a person has graded it: no "A mentor will review this grading"
        pending = review_sentence(str(grade.get("language", "")))
        stored = stored.replace(pending, "").strip() if pending else stored
    if question.kind != QuestionKind.FREE_FORM or grade.get("language") == lang:
        return stored
    if lang not in LANGUAGES or not grade.get("parts"):
        return stored
    try:
        parts = {name: stored_part_grade(name, part) for name, part in grade["parts"].items()}
        reasons = () if reviewed else tuple(grade.get("review_reasons", ()))
        expected = expected_for_question(question)
        return render_feedback(parts, expected, question.game, lang, reasons, load_lexicon())
    except (KeyError, TypeError, ValueError):
        return stored


def remedy_is_asked(question: Question) -> bool:
    """Whether the question asks for the remedy (the engine's ``remedy_asked``: not where the
    seeds give no concrete fix, nor after a Game Loss or more), so the answer field asks for
    what the stem asks."""
    key = question.key_detail.get("key") or {}
    if not key:
        return True
    parts = KeyParts(
        infraction=str(key.get("infraction", "")),
        penalty=str(key.get("penalty", "")),
        remedy=tuple(key.get("remedy") or ()),
    )
    return remedy_asked(parts)
