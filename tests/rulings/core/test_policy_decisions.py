"""The policy decisions recorded in docs/rulings.md ("Policy decisions") and the list of every
id the engine uses beyond the shared vocabulary (issue 10, point 9)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulings.core import Situation, evaluate, vocabulary
from rulings.core import situation as model

DOCS = Path(__file__).resolve().parents[3] / "docs" / "rulings.md"
SEED_REMEDIES = (
    "opponent_chooses_resolve_or_skip",
    "continue_play",
    "simple_rewind",
    "correct_cost",
    "correct_score",
    "opponent_chooses_put_on_stack",
    "opponent_chooses_default_action",
    "resolve_now_or_next_phase",
    "none",
)


def _score(players: list[str], turns: int, **noticed: Any) -> Any:
    data = {
        "game": "riftbound",
        "players": players,
        "turn_player": players[turns % len(players)],
        "score": {"player": players[0], "source": "hold"},
        "noticed": {
            "when": "previous_turn",
            "turns_elapsed": turns,
            "error_turn_player": players[0],
            **noticed,
        },
    }
    return evaluate(Situation.from_dict(data))


@pytest.mark.parametrize("players", [["ana", "ben"], ["ana", "ben", "cy"], ["a", "b", "c", "d"]])
def test_a_score_noticed_as_its_player_begins_the_next_turn_is_corrected(
    players: list[str],
) -> None:
    ruling = _score(players, len(players), at_start_of_turn=True)
    assert [s.remedy for s in ruling.remedy] == ["correct_score"]
    assert ruling.round_cycle is not None
    assert ruling.round_cycle.passed is False
    assert "tr-702.1.e-begin" in {s.statement for s in ruling.explanation}


@pytest.mark.parametrize("players", [["ana", "ben"], ["ana", "ben", "cy"]])
def test_once_that_player_has_acted_in_the_new_turn_play_continues(players: list[str]) -> None:
    ruling = _score(players, len(players), at_start_of_turn=False)
    assert [s.remedy for s in ruling.remedy] == ["continue_play"]
    assert ruling.round_cycle is not None
    assert ruling.round_cycle.passed is True


def test_the_start_of_another_players_turn_changes_nothing() -> None:
    before = _score(["ana", "ben", "cy"], 1, at_start_of_turn=True)
    assert [s.remedy for s in before.remedy] == ["correct_score"]
    after = _score(["ana", "ben"], 3, at_start_of_turn=True)
    assert [s.remedy for s in after.remedy] == ["continue_play"]


def test_skipping_ones_own_mandatory_trigger_on_purpose_is_cheating_citing_both_sections() -> None:
    data = {
        "game": "riftbound",
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "trigger": {"kind": "board_change", "controller": "ana"},
        "play": {"following_action": "new_game_action"},
        "intent": "intentional",
    }
    ruling = evaluate(Situation.from_dict(data))
    assert ruling.infraction == "cheating"
    assert ruling.penalty.final == "disqualification"
    cited = [s.citation for s in ruling.explanation]
    assert "TR 704.8" in cited
    assert "TR 506.3.c" in cited


def _ids_section() -> str:
    text = DOCS.read_text(encoding="utf-8")
    start = text.index("## Ids beyond the vocabulary")
    return text[start : text.index("\n## ", start + 1)]


def test_docs_list_every_id_the_engine_uses_beyond_the_vocabulary() -> None:
    section = _ids_section()
    ids = [r for r in vocabulary.REMEDIES if r not in SEED_REMEDIES]
    ids += list(vocabulary.REWIND_AUTHORITIES)
    ids += [*model.TRIGGER_KINDS, *model.FOLLOWING_ACTIONS, *model.NOTICED]
    ids += [*model.NOTICED_BY, *model.PARTIAL_FIXES]
    missing = [i for i in ids if f"`{i}`" not in section]
    assert not missing


def test_docs_record_the_policy_decisions() -> None:
    text = DOCS.read_text(encoding="utf-8")
    decisions = text[text.index("## Policy decisions") : text.index("## Ids beyond")]
    assert "at_start_of_turn" in decisions
    assert "TR 704.8" in decisions
    assert "TR 506.3.c" in decisions


def _trigger_missed_last_turn() -> dict[str, Any]:
    return {
        "game": "riftbound",
        "players": ["ana", "ben"],
        "turn_player": "ben",
        "trigger": {"kind": "board_change", "controller": "ana"},
        "play": {"following_action": "new_game_action"},
        "noticed": {"when": "previous_turn", "error_turn_player": "ana"},
    }


def test_explanations_cite_the_round_cycle_only_where_the_fix_turns_on_it() -> None:
    trigger = evaluate(Situation.from_dict(_trigger_missed_last_turn()))
    cited = {s.citation for s in trigger.explanation}
    assert "TR 702.1.e" not in cited
    assert "TR 206" not in cited
    score = _score(["ana", "ben"], 1)
    assert {"TR 702.1.e", "TR 206"} <= {s.citation for s in score.explanation}


def _error_after_miss(rewind: str, **noticed: Any) -> Any:
    data = {
        "game": "riftbound",
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "trigger": {"controller": "ana", "kind": "board_change", "name": "Treasure Hunter"},
        "play": {"following_action": "new_game_action", "error_after_miss": True},
        "rewind": rewind,
        **({"noticed": noticed} if noticed else {}),
    }
    return evaluate(Situation.from_dict(data))


@pytest.mark.parametrize(("rewind", "first"), [("simple", "simple_rewind"), ("complex", "rewind")])
def test_a_missed_trigger_applied_wrongly_is_rewound_then_fixed_as_a_missed_trigger(
    rewind: str, first: str
) -> None:
    # Policy notes, "Committee decisions for exam items" (2026-12-06): "A self-applied trigger
    # (General Error, rewind) that was also missed needs the Missed Trigger's own remedy after
    # the rewind; the key names both". TR 702.2.b makes it a General Error; TR 702.2.f.2 is the
    # Missed Trigger's remedy that follows.
    ruling = _error_after_miss(rewind)

    assert ruling.infraction == "general_error"
    assert [step.remedy for step in ruling.remedy] == [first, "opponent_chooses_resolve_or_skip"]
    assert "TR 702.2.f.2" in {step.citation for step in ruling.explanation}


def test_without_a_rewind_the_missed_triggers_own_remedy_still_follows() -> None:
    # Only the rewind is impossible: the trigger is still missed this turn, so the committee's
    # "the key names both, or the story makes one of them moot" keeps TR 702.2.f.2.
    ruling = _error_after_miss("none")

    assert ruling.infraction == "general_error"
    assert [step.remedy for step in ruling.remedy] == [
        "continue_play",
        "opponent_chooses_resolve_or_skip",
    ]
    assert "TR 702.2.f.2" in {step.citation for step in ruling.explanation}


def test_a_trigger_missed_on_an_earlier_turn_and_misapplied_leaves_play_as_it_is() -> None:
    ruling = _error_after_miss("none", when="previous_turn")

    assert ruling.infraction == "general_error"
    assert [step.remedy for step in ruling.remedy] == ["continue_play"]
