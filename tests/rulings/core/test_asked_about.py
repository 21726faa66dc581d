"""Who is asked about (issue 30, point 1): a question may ask the ruling for a player other
than the one who erred, such as a silent witness. That player's ruling (the policy's witness
rule) becomes the main one, each step cited, and the erring player's comes as additional.
The stories are written for these tests."""

from __future__ import annotations

from typing import Any

import pytest

from rulings.core import Situation, SituationError, evaluate, explain, load_policy


def _rule(data: dict[str, Any]) -> dict[str, Any]:
    ruling: dict[str, Any] = evaluate(Situation.from_dict(data)).to_dict()
    return ruling


def _unscored(players: list[str], witnesses: list[str], **extra: Any) -> dict[str, Any]:
    """Ana forgets to score a point she conquered; the witnesses see it and say nothing."""
    return {
        "game": "riftbound",
        "players": players,
        "turn_player": "ana",
        "score": {"player": "ana", "source": "conquer"},
        "silent_witnesses": witnesses,
        **extra,
    }


def _missed(game: str, players: list[str], witnesses: list[str], **extra: Any) -> dict[str, Any]:
    """Ana misses her own board-changing trigger by acting on; a judge notices it."""
    kind = "board_change" if game == "riftbound" else "visible_change"
    return {
        "game": game,
        "players": players,
        "turn_player": "ana",
        "trigger": {"kind": kind, "controller": "ana"},
        "events": [
            {"by": "ana", "action": "sorcery_speed_action"},
            {"by": "judge", "action": "noticed"},
        ],
        "silent_witnesses": witnesses,
        **extra,
    }


def _additional(ruling: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(a["player"], a["infraction"], a["penalty"]) for a in ruling["additional_penalties"]]


def _assert_every_step_cited(ruling: dict[str, Any]) -> None:
    policy = load_policy(ruling["policy_version"])
    steps = [
        *ruling["penalty"]["steps"],
        *ruling["remedy"],
        *ruling["additional_remedy"],
        *ruling["additional_penalties"],
        *ruling["explanation"],
    ]
    for step in steps:
        assert step["citation"] == policy.statement(step["statement"]).section


def test_riftbound_silent_opponent_asked_about_gets_ftmgs_warning() -> None:
    ruling = _rule(_unscored(["ana", "ben"], ["ben"], asked_about="ben"))
    assert ruling["asked_about"] == "ben"
    assert ruling["infraction"] == "failure_to_maintain_game_state"
    assert ruling["infraction_statement"] == "tr-702.17"
    assert ruling["penalty"]["final"] == "warning"
    assert [s["statement"] for s in ruling["penalty"]["steps"]] == ["tr-702.17"]
    assert [s["remedy"] for s in ruling["remedy"]] == ["none"]
    assert ruling["accountable_player"] == "ana"
    assert _additional(ruling) == [("ana", "forgetting_to_score", "no_penalty")]
    assert [s["remedy"] for s in ruling["additional_remedy"]] == ["correct_score"]
    assert ruling["judge_intervenes"] is True
    assert ruling["explanation"][0] == {
        "role": "infraction",
        "statement": "tr-702.17",
        "citation": "TR 702.17",
    }
    _assert_every_step_cited(ruling)


def test_riftbound_third_player_asked_about_an_unscored_point() -> None:
    ruling = _rule(_unscored(["ana", "ben", "cara"], ["cara"], asked_about="cara"))
    assert ruling["infraction"] == "failure_to_maintain_game_state"
    assert ruling["penalty"]["final"] == "warning"
    assert _additional(ruling) == [("ana", "forgetting_to_score", "no_penalty")]
    _assert_every_step_cited(ruling)


def test_riftbound_third_player_silent_about_a_missed_trigger_commits_nothing() -> None:
    ruling = _rule(_missed("riftbound", ["ana", "ben", "cara"], ["cara"], asked_about="cara"))
    assert ruling["infraction"] == "no_infraction"
    assert ruling["infraction_statement"] == "tr-506.2"
    assert ruling["penalty"]["final"] == "no_penalty"
    assert ruling["remedy"] == [
        {"remedy": "none", "params": {}, "statement": "tr-506.2", "citation": "TR 506.2"}
    ]
    assert _additional(ruling) == [("ana", "missed_trigger", "no_penalty")]
    assert [s["remedy"] for s in ruling["additional_remedy"]] == [
        "opponent_chooses_resolve_or_skip"
    ]
    assert ruling["judge_intervenes"] is False
    _assert_every_step_cited(ruling)


def test_riftbound_third_player_silent_about_a_mispayment_gets_ftmgs() -> None:
    data = {
        "game": "riftbound",
        "players": ["ana", "ben", "cara"],
        "turn_player": "ana",
        "payment": {"player": "ana", "cost": 3, "paid": 2},
        "silent_witnesses": ["ben", "cara"],
        "asked_about": "cara",
    }
    ruling = _rule(data)
    assert ruling["infraction"] == "failure_to_maintain_game_state"
    assert ruling["penalty"]["final"] == "warning"
    assert _additional(ruling) == [
        ("ana", "mispayment_for_cost", "warning"),
        ("ben", "failure_to_maintain_game_state", "warning"),
    ]
    assert [s["remedy"] for s in ruling["additional_remedy"]] == ["simple_rewind"]
    _assert_every_step_cited(ruling)


@pytest.mark.parametrize("version", ["mtg-ipg-2.1-seed", "mtg-ipg-2.1-2024-09-23"])
def test_magic_opponent_silent_about_a_missed_trigger_commits_nothing(version: str) -> None:
    data = _missed("mtg", ["ana", "ben"], ["ben"], asked_about="ben", policy_version=version)
    ruling = _rule(data)
    assert ruling["infraction"] == "no_infraction"
    assert ruling["infraction_statement"] == "ipg-2.1-opponent-silent"
    assert ruling["penalty"]["final"] == "no_penalty"
    assert [s["remedy"] for s in ruling["remedy"]] == ["none"]
    assert _additional(ruling) == [("ana", "missed_trigger", "no_penalty")]
    assert [s["remedy"] for s in ruling["additional_remedy"]] == ["opponent_chooses_put_on_stack"]
    _assert_every_step_cited(ruling)


def test_magic_opponent_who_did_not_notice_a_game_rule_violation_is_asked_about() -> None:
    data = {
        "game": "mtg",
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "game_error": {"kind": "game_rule_violation", "player": "ana"},
        "noticed": {"by": "judge"},
        "asked_about": "ben",
    }
    ruling = _rule(data)
    assert ruling["infraction"] == "failure_to_maintain_game_state"
    assert ruling["infraction_statement"] == "ipg-2.5-opponent"
    assert ruling["penalty"]["final"] == "warning"
    assert [s["statement"] for s in ruling["remedy"]] == ["ipg-2.6"]
    assert _additional(ruling) == [("ana", "game_rule_violation", "warning")]
    assert [s["remedy"] for s in ruling["additional_remedy"]] == ["simple_backup"]
    _assert_every_step_cited(ruling)


def test_a_witness_s_warning_upgrades_on_their_own_record_when_instructed() -> None:
    earlier = {"failure_to_maintain_game_state": 2}
    record = {"other_records": [{"player": "ben", "warnings": earlier}]}
    exempt = _rule(_unscored(["ana", "ben"], ["ben"], asked_about="ben", **record))
    assert exempt["penalty"]["final"] == "warning"
    assert [s["reason"] for s in exempt["penalty"]["steps"]] == [
        "base",
        "exempt_from_upgrade",
        "exempt_from_upgrade",
    ]
    instructed = _rule(
        _unscored(
            ["ana", "ben"],
            ["ben"],
            asked_about="ben",
            history={"head_judge_instructs_upgrade": True},
            **record,
        )
    )
    assert instructed["penalty"]["final"] == "game_loss"
    assert instructed["penalty"]["steps"][-1]["reason"] == "repeated_warnings_same_category"
    assert _additional(instructed)[0] == ("ana", "forgetting_to_score", "no_penalty")
    cited = {s["statement"] for s in instructed["explanation"]}
    assert {"tr-701.2", "tr-701.3.a"} <= cited  # the ladder and the report to the head judge
    _assert_every_step_cited(instructed)


def test_asking_about_the_player_who_erred_is_the_ruling_as_before() -> None:
    plain = _rule(_unscored(["ana", "ben"], ["ben"]))
    asked = _rule(_unscored(["ana", "ben"], ["ben"], asked_about="ana"))
    assert asked == plain
    assert "asked_about" not in plain
    assert "additional_remedy" not in plain


def test_asked_about_a_player_the_policy_does_not_rule_on_names_the_field() -> None:
    data = _unscored(["ana", "ben", "cara"], ["ben"], asked_about="cara")
    with pytest.raises(SituationError) as error:
        evaluate(Situation.from_dict(data))
    assert error.value.path == "asked_about"
    assert "silent_witnesses" in error.value.problem


def test_asked_about_another_player_where_the_policy_states_nothing_names_the_field() -> None:
    data = {
        "game": "riftbound",
        "players": ["ana", "ben"],
        "turn_player": "ana",
        "payment": {"player": "ana", "cost": 2, "paid": 3},
        "silent_witnesses": ["ben"],
        "asked_about": "ben",
    }
    with pytest.raises(SituationError) as error:
        evaluate(Situation.from_dict(data))
    assert error.value.path == "asked_about"
    assert "states nothing" in error.value.problem


def test_asked_about_must_be_one_of_the_players() -> None:
    with pytest.raises(SituationError) as error:
        Situation.from_dict(_unscored(["ana", "ben"], ["ben"], asked_about="zed"))
    assert error.value.path == "asked_about"
    assert "ana, ben" in error.value.problem


@pytest.mark.parametrize(
    ("lang", "asked", "fix"),
    [
        ("en", "Ruling for: ben", "Remedy of the error: "),
        ("pt-BR", "Decisão para: ben", "Correção do erro: "),
        ("es", "Resolución para: ben", "Corrección del error: "),
    ],
)
def test_the_explanation_says_whom_it_rules_for_and_the_error_s_fix(
    lang: str, asked: str, fix: str
) -> None:
    ruling = evaluate(Situation.from_dict(_unscored(["ana", "ben"], ["ben"], asked_about="ben")))
    text = explain(ruling, lang)
    assert asked in text
    assert fix in text
    assert "[TR 702.3.b.1]" in text
    assert asked not in explain(evaluate(Situation.from_dict(_unscored(["ana", "ben"], ["ben"]))))
