"""`python -m rulings`: evaluate, explain, schema; clear errors and exit code 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulings import Situation, evaluate
from rulings.cli import COMMANDS, main
from tests.rulings.core.fixture_cases import FIXTURES

EXAMPLE = FIXTURES / "tr-worked-example-treasure-hunter.json"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_evaluate_rules_a_fixture_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["evaluate", str(EXAMPLE)], capsys)
    assert code == 0
    ruling = json.loads(out)
    assert ruling["infraction"] == "missed_trigger"
    assert ruling["remedy"][0]["remedy"] == "opponent_chooses_resolve_or_skip"


def test_evaluate_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    situation = json.loads(EXAMPLE.read_text())["situation"]
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(situation)))
    code, out, _ = _run(["evaluate", "-"], capsys)
    assert code == 0
    assert json.loads(out)["accountable_player"] == "ana"


def test_invalid_situation_exits_2_naming_the_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "game": "riftbound",
                "players": ["a", "b"],
                "turn_player": "a",
                "trigger": {"kind": "nope", "controller": "a"},
            }
        )
    )
    code, out, err = _run(["evaluate", str(bad)], capsys)
    assert code == 2
    assert out == ""
    error = json.loads(err)
    assert error["field"] == "trigger.kind"
    assert error["error"].startswith("trigger.kind: must be one of")


def test_asked_about_a_player_with_no_ruling_exits_2_naming_the_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    story = tmp_path / "witness.json"
    story.write_text(
        json.dumps(
            {
                "game": "riftbound",
                "players": ["ana", "ben", "cara"],
                "turn_player": "ana",
                "score": {"player": "ana", "source": "conquer"},
                "silent_witnesses": ["ben"],
                "asked_about": "cara",
            }
        )
    )
    code, out, err = _run(["evaluate", str(story)], capsys)
    assert code == 2
    assert out == ""
    assert json.loads(err)["field"] == "asked_about"


def test_malformed_json_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, _, err = _run(["evaluate", str(bad)], capsys)
    assert code == 2
    assert "cannot read JSON" in json.loads(err)["error"]


def test_missing_file_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["evaluate", "/no/such/file.json"], capsys)
    assert code == 2
    assert "Traceback" not in err


def test_schema_prints_the_situation_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["schema"], capsys)
    schema = json.loads(out)
    assert code == 0
    assert schema["additionalProperties"] is False
    assert "trigger" in schema["properties"]


def test_explain_speaks_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["explain", str(EXAMPLE), "--lang", "pt-BR"], capsys)
    assert code == 0
    assert "Infração: Habilidade Desencadeada Esquecida" in out
    assert "[TR 702.2.f.2]" in out


def test_commands_are_a_registry_of_small_functions() -> None:
    assert {"evaluate", "explain", "schema"} <= set(COMMANDS)
    assert all(callable(command.run) for command in COMMANDS.values())


def test_python_dash_m_rulings_runs_without_django() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rulings", "evaluate", str(EXAMPLE)],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["penalty"]["final"] == "no_penalty"


def test_absurdly_nested_json_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    code, _, err = _run(["evaluate", str(deep)], capsys)
    assert code == 2
    assert json.loads(err)["field"] is None


def test_events_tells_a_fixture_as_events_that_rule_the_same(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(["events", str(EXAMPLE)], capsys)
    assert code == 0
    told = json.loads(out)
    assert told["events"]
    assert "acknowledged" not in told.get("play", {})
    code, out, _ = _run(["evaluate", str(EXAMPLE)], capsys)
    before = json.loads(out)
    after = evaluate(Situation.from_dict(told)).to_dict()
    assert (after["infraction"], after["penalty"]["final"]) == (
        before["infraction"],
        before["penalty"]["final"],
    )


def test_events_refuses_a_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "list.json"
    path.write_text("[1, 2]")
    code, _, err = _run(["events", str(path)], capsys)
    assert code == 2
    assert "must be a JSON object" in err
