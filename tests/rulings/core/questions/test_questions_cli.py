"""`run_generate` and `run_coverage`: JSONL out, exit code 2 with a message on bad arguments."""

from __future__ import annotations

import io
import json

import pytest

from rulings.core.questions import run_coverage, run_generate


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_generate(argv, out, err)
    return code, out.getvalue(), err.getvalue()


def test_generate_writes_one_json_question_per_line() -> None:
    code, out, err = _run(
        [
            "--game",
            "mtg",
            "--topic",
            "time_bar",
            "--lang",
            "pt-BR",
            "--kind",
            "multiple_choice",
            "--count",
            "5",
            "--seed",
            "7",
        ]
    )
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert len(lines) == 5
    for line in lines:
        data = json.loads(line)
        assert data["game"] == "mtg"
        assert "time_bar" in data["topics"]
        assert data["lang"] == "pt-BR"
        assert sum(o["correct"] for o in data["options"]) == 1


def test_generate_is_deterministic() -> None:
    argv = ["--kind", "find_the_wrong_part", "--count", "6", "--seed", "11"]
    assert _run(argv)[1] == _run(argv)[1]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--lang", "fr"], "--lang"),
        (["--kind", "essay"], "--kind"),
        (["--game", "chess"], "--game"),
        (["--topic", "nope"], "unknown topic nope"),
        (["--count", "0"], "--count"),
        (["--count", "many"], "--count"),
        (["--seed", "x"], "--seed"),
        (["--frobnicate"], "unrecognized arguments"),
        (["--game", "riftbound", "--topic", "turn_control"], "no template matches"),
        (["--policy-version", "mtg-ipg-9"], "unknown policy version"),
        (["--game", "riftbound", "--policy-version", "mtg-ipg-2.1-seed"], "not a riftbound"),
    ],
)
def test_generate_rejects_bad_arguments_with_exit_code_2(argv: list[str], message: str) -> None:
    code, out, err = _run(argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert err.startswith("generate: error:")


def test_generate_lists_topics_and_help() -> None:
    code, out, _ = _run(["--list-topics"])
    assert code == 0
    assert "round_cycle" in out.split()
    code, out, _ = _run(["--help"])
    assert code == 0
    assert "--count" in out


def test_coverage_rejects_bad_arguments() -> None:
    err = io.StringIO()
    assert run_coverage(["--samples", "0"], io.StringIO(), err) == 2
    assert "--samples" in err.getvalue()


def test_generate_rules_under_a_requested_policy_version() -> None:
    code, out, _ = _run(["--policy-version", "mtg-ipg-2.1-seed", "--count", "10", "--seed", "2"])
    assert code == 0
    versions = {json.loads(line)["policy_version"] for line in out.splitlines()}
    assert versions == {"mtg-ipg-2.1-seed"}
