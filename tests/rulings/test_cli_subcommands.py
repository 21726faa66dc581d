"""The engine CLI's grading and generation commands, run as a user would run them."""

import argparse
import json
import subprocess
import sys
from pathlib import Path

from rulings.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rulings", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_every_subcommand_prints_its_help():
    parser = build_parser()
    subcommands = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )

    for name, sub in subcommands.choices.items():
        assert sub.format_help().startswith(f"usage: python -m rulings {name}"), name


def test_grade_reads_jsonl_and_answers_each_line_in_order_even_after_a_bad_line():
    lines = [
        {
            "id": "a",
            "game": "riftbound",
            "expected": {"infraction": "missed_trigger", "penalty": "no_penalty"},
            "answer": "Missed trigger, no penalty",
        },
        "not json",
        {"id": "c", "game": "mtg", "expected": {"penalty": "warning"}, "answer": "Advertência"},
    ]
    stdin = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n"

    result = run("grade", stdin=stdin)

    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 1  # some line was malformed; every other line was graded
    assert [row.get("id") for row in out] == ["a", None, "c"]
    assert set(out[0]) == {"id", "parts", "score", "confidence", "needs_review", "feedback"}
    assert out[0]["parts"]["infraction"] == {
        **out[0]["parts"]["infraction"],
        "found": "missed_trigger",
        "correct": True,
    }
    assert out[1]["line"] == 2
    assert "error" in out[1]
    assert out[2]["parts"]["penalty"]["correct"] is True


# Three labelled answers the grader reads right, one per language: enough for the command's
# report and its exit code (tests/rulings/grading_eval/ measures the development set itself).
MISSED_TRIGGER = {
    "infraction": "missed_trigger",
    "penalty": "no_penalty",
    "remedy": "opponent_chooses_resolve_or_skip",
}
LABELLED = [
    ("cli-en", "en", "Missed trigger for Ilse, no penalty, her opponent chooses."),
    ("cli-pt", "pt-BR", "Habilidade esquecida pela Ilse, sem penalidade, o oponente dela escolhe."),
    ("cli-es", "es", "Disparo olvidado, sin penalización, el oponente elige."),
]


def _labelled_file(path: Path, label: dict[str, str]) -> Path:
    rows = [
        {
            "id": ident,
            "game": "riftbound",
            "lang": lang,
            "topic": "MT",
            "expected": MISSED_TRIGGER,
            "answer": answer,
            "label": label,
        }
        for ident, lang, answer in LABELLED
    ]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_grade_eval_prints_the_figures_and_exits_by_its_targets(tmp_path):
    met = run("grade-eval", "--file", str(_labelled_file(tmp_path / "met.jsonl", MISSED_TRIGGER)))
    # Labelled as a Game Loss: the grader reads no penalty, confidently, so a miss goes unflagged.
    missed = run(
        "grade-eval",
        "--file",
        str(_labelled_file(tmp_path / "missed.jsonl", {**MISSED_TRIGGER, "penalty": "game_loss"})),
    )

    assert met.returncode == 0, met.stdout + met.stderr
    assert "part agreement" in met.stdout
    assert "penalty confusion" in met.stdout
    assert missed.returncode == 1, missed.stdout + missed.stderr


def test_generate_writes_keyed_questions_as_jsonl():
    result = run(
        "generate",
        "--game",
        "mtg",
        "--lang",
        "pt-BR",
        "--kind",
        "multiple_choice",
        "--count",
        "3",
        "--seed",
        "5",
    )

    questions = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 0
    assert len(questions) == 3
    assert all(q["lang"] == "pt-BR" and q["kind"] == "multiple_choice" for q in questions)


def test_generate_rejects_a_bad_argument_with_exit_code_2():
    result = run("generate", "--count", "many")

    assert result.returncode == 2
    assert "count" in result.stderr


def test_coverage_reports_every_statement_reached():
    result = run("coverage")

    assert result.returncode == 0
    assert "unreached: none" in result.stdout
