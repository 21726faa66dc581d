"""Names, abbreviations, typos, casing, citations and markup."""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core.grading import Expected, grade_answer

MT_RB = Expected("missed_trigger", "no_penalty", "opponent_chooses_resolve_or_skip")


@pytest.mark.parametrize(
    "text",
    [
        "Missed Trigger, no penalty, the opponent chooses whether it resolves now or is missed.",
        "Habilidade desencadeada esquecida, sem penalidade, e o oponente é quem escolhe.",
        "Evento de disparo olvidado, sin penalización, el oponente elige.",
        "MT, NP, opponent's choice",
    ],
)
def test_full_answer_in_each_language_scores_one(text: str) -> None:
    grade = grade_answer(text, MT_RB, game="riftbound")
    assert grade.score == 1.0
    assert not grade.needs_review


@pytest.mark.parametrize(
    "text",
    [
        "Misssed triger, no penaly, oponent chooses",
        "habilidade desencadiada esquesida, sem penalidad, openente escolhe",
        "evento de disparo olbidado, sin penalizacion, openente elige",
    ],
)
def test_typos_are_read_as_the_intended_terms(text: str) -> None:
    assert grade_answer(text, MT_RB, game="riftbound").score == 1.0


@pytest.mark.parametrize("text", ["MISSED TRIGGER. NO PENALTY.", "mIsSeD tRiGgEr, No PeNaLtY"])
def test_any_casing_is_read(text: str) -> None:
    grade = grade_answer(text, Expected("missed_trigger", "no_penalty"), game="mtg")
    assert grade.score == 1.0


@pytest.mark.parametrize(
    ("text", "part", "ident"),
    [
        ("TR 702.9", "infraction", "mispayment_for_cost"),
        ("702.3", "infraction", "forgetting_to_score"),
        ("TR 702.2.f.2", "remedy", "opponent_chooses_resolve_or_skip"),
        ("TR 702.2.f.2", "infraction", "missed_trigger"),
        ("TR 702.3.b.1", "remedy", "correct_score"),
        ("IPG 2.5", "infraction", "game_rule_violation"),
        ("ipg 2.1", "infraction", "missed_trigger"),
    ],
)
def test_citation_alone_names_its_id(text: str, part: str, ident: str) -> None:
    game = "mtg" if "ipg" in text.lower() else "riftbound"
    parts: dict[str, Any] = {part: ident}
    expected = Expected(**parts)
    assert grade_answer(text, expected, game=game).parts[part].found == ident


@pytest.mark.parametrize(
    ("text", "ident"),
    [
        ("GE, W, rewind", "general_error"),
        ("FtMGS", "failure_to_maintain_game_state"),
        ("GRV", "game_rule_violation"),
        ("USC-C, DQ", "cheating"),
        ("MfC", "mispayment_for_cost"),
    ],
)
def test_abbreviations_name_infractions(text: str, ident: str) -> None:
    game = "mtg" if ident in ("game_rule_violation", "cheating") else "riftbound"
    grade = grade_answer(text, Expected(infraction=ident), game=game)
    assert grade.parts["infraction"].found == ident


def test_markup_is_ignored_and_spans_point_at_the_original() -> None:
    text = "<p><b>Missed&nbsp;trigger</b></p> **no penalty**, [rewind](http://x.y/warning)"
    grade = grade_answer(
        text, Expected("missed_trigger", "no_penalty", "simple_rewind"), game="mtg"
    )
    assert grade.score == 1.0
    for part in grade.parts.values():
        span = part.evidence
        assert span is not None
        assert text[span.start : span.end] == span.text
    assert grade.parts["penalty"].evidence is not None
    assert grade.parts["penalty"].evidence.text == "no penalty"


def test_markdown_list_answer_is_read_line_by_line() -> None:
    text = "- Infração: HDE\n- Penalidade: nenhuma\n- Remédio: o oponente escolhe"
    grade = grade_answer(text, MT_RB, game="riftbound")
    assert grade.score == 1.0


@pytest.mark.parametrize("text", ["No infraction.", "Nenhuma infração.", "Ninguna infracción."])
def test_no_infraction_implies_no_penalty_and_no_remedy(text: str) -> None:
    grade = grade_answer(text, Expected("no_infraction", "no_penalty", "none"), game="mtg")
    assert [p.found for p in grade.parts.values()] == ["no_infraction", "no_penalty", "none"]


def test_with_abbreviation_is_not_a_warning() -> None:
    grade = grade_answer("MT w/ no penalty", Expected(penalty="no_penalty"), game="mtg")
    assert grade.parts["penalty"].found == "no_penalty"
    assert not grade.needs_review


def test_remind_is_not_a_typo_of_rewind() -> None:
    grade = grade_answer(
        "No infraction: you need not remind the opponent.", Expected(remedy="none"), game="mtg"
    )
    assert grade.parts["remedy"].found == "none"


def test_score_gives_partial_credit() -> None:
    grade = grade_answer("Missed trigger, warning, opponent chooses", MT_RB, game="riftbound")
    assert grade.score == pytest.approx(2 / 3, abs=1e-3)
    assert grade.parts["penalty"].found == "warning"
    assert not grade.parts["penalty"].correct


def test_ungraded_parts_are_left_out() -> None:
    grade = grade_answer("Missed trigger, warning", Expected(penalty="warning"), game="mtg")
    assert list(grade.parts) == ["penalty"]
    assert grade.score == 1.0
