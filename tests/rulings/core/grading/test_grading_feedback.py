"""Feedback speaks the answer's language and cites the section for each part to fix."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from rulings.core.grading import Expected, grade_answer

MT_RB = Expected("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip")


@pytest.mark.parametrize(
    ("text", "lang", "phrase"),
    [
        ("It is a missed trigger and the player gets a warning.", "en", "Penalty:"),
        (
            "É uma habilidade desencadeada esquecida e o jogador leva advertência.",
            "pt-BR",
            "Penalidade:",
        ),
        (
            "Es un evento de disparo olvidado y el jugador recibe una advertencia.",
            "es",
            "Penalización:",
        ),
    ],
)
def test_feedback_is_in_the_answer_language(text: str, lang: str, phrase: str) -> None:
    grade = grade_answer(text, MT_RB, game="riftbound")
    assert grade.language == lang
    assert phrase in grade.feedback


def test_feedback_cites_the_section_of_each_wrong_part() -> None:
    grade = grade_answer("Missed trigger, warning, rewind.", MT_RB, game="riftbound")
    assert "TR 701.2" in grade.feedback
    assert "TR 702.2.f.2" in grade.feedback
    assert "TR 702.2 " not in grade.feedback.replace("TR 702.2)", "")


def test_feedback_explains_a_missing_part() -> None:
    grade = grade_answer("Missed trigger, no penalty.", MT_RB, game="riftbound")
    assert "Remedy:" in grade.feedback
    assert "does not state" in grade.feedback


def test_portuguese_feedback_names_the_remedy_as_the_pages_do() -> None:
    # The pages (locale pt_BR, "Remedy") and the key call the part "Correção" (UX walk 2 #2).
    grade = grade_answer(
        "Habilidade desencadeada esquecida, sem penalidade.", MT_RB, game="riftbound"
    )
    assert grade.language == "pt-BR"
    assert "Correção:" in grade.feedback
    assert "Remédio" not in grade.feedback


def test_feedback_for_mtg_cites_the_ipg() -> None:
    grade = grade_answer(
        "Game rule violation, warning.", Expected(infraction="missed_trigger"), game="mtg"
    )
    assert "IPG 2.1" in grade.feedback


def test_lang_argument_overrides_detection() -> None:
    grade = grade_answer("Missed trigger, warning.", MT_RB, game="riftbound", lang="es")
    assert grade.language == "es"
    assert "Penalización:" in grade.feedback


def test_caller_citation_overrides_the_lexicon() -> None:
    expected = Expected(remedy="continue_play", citations=MappingProxyType({"remedy": "TR 9.9"}))
    grade = grade_answer("Rewind.", expected, game="riftbound")
    assert "TR 9.9" in grade.feedback


def test_remedy_citation_follows_the_infraction() -> None:
    expected = Expected("forgetting_to_score", remedy="continue_play")
    grade = grade_answer("Forgetting to score, fix the score.", expected, game="riftbound")
    assert "TR 702.3.b.2" in grade.feedback


def test_all_correct_feedback_says_so() -> None:
    grade = grade_answer("MT, no penalty, opponent chooses", MT_RB, game="riftbound")
    assert grade.feedback == "All graded parts are correct."


def test_review_is_announced_in_the_feedback() -> None:
    grade = grade_answer("Talvez advertência.", MT_RB, game="riftbound")
    assert grade.needs_review
    assert "mentor" in grade.feedback


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("I think it might be a missed trigger. No penalty, continue.", "says Missed Trigger"),
        (
            "Perhaps the trigger was missed here; I would give no penalty and let it be.",
            "says Missed Trigger",
        ),
    ],
)
def test_a_hedged_wrong_claim_is_said_as_what_it_says_not_as_no_commitment(
    text: str, said: str
) -> None:
    """UX walk 1, finding 9: "your answer does not commit to one option" for an answer that
    named one (hedged), which the same page showed as read."""
    expected = Expected("no_infraction", "no_penalty", "continue_play")
    grade = grade_answer(text, expected, game="riftbound")

    assert grade.parts["infraction"].found == "missed_trigger"
    assert grade.parts["infraction"].hedged
    assert f"Infraction: your answer {said}, with a hedge" in grade.feedback
    assert "does not commit" not in grade.feedback
