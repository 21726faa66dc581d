"""grade-eval on any labelled file (--file) and on blind batches (--blind, --record)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from rulings.cli import main
from rulings.core.grading import GradingError
from rulings.grading_eval import BLIND_DIR
from rulings.grading_eval.evaluation import (
    Figures,
    Recorded,
    evaluate,
    parse_items,
    parse_record,
    record_batch,
    render_record,
)

MT = {
    "infraction": "missed_trigger",
    "penalty": "no_penalty",
    "remedy": "opponent_chooses_resolve_or_skip",
}


def _line(ident: str, lang: str, answer: str, label: dict[str, Any] | None = None) -> str:
    return json.dumps(
        {
            "id": ident,
            "game": "riftbound",
            "lang": lang,
            "topic": "MT",
            "expected": MT,
            "answer": answer,
            "label": MT if label is None else label,
        },
        ensure_ascii=False,
    )


RIGHT = [
    _line("s-en-1", "en", "Missed trigger for Ilse, no penalty, her opponent chooses."),
    _line(
        "s-pt-1",
        "pt-BR",
        "Habilidade esquecida pela Ilse, sem penalidade, o oponente dela escolhe.",
    ),
    _line("s-es-1", "es", "Disparo olvidado, sin penalización, el oponente elige."),
]
# Labelled as a Game Loss on purpose: the grader reads no penalty, so this answer is misgraded
# with respect to its (synthetic) label, and graded with confidence: it is not flagged.
MISLABELLED = _line(
    "s-en-2",
    "en",
    "Missed trigger for Ilse, no penalty, her opponent chooses.",
    {**MT, "penalty": "game_loss"},
)


def _write(path: Path, *lines: str) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["grade-eval", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_it_evaluates_any_file_in_the_devset_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "mentors.jsonl", *RIGHT, "")
    code, out, _ = _run(capsys, "--file", str(path))
    assert code == 0
    assert "grade-eval: 3 answers" in out
    assert str(path) in out
    assert "part agreement: 100.00%" in out


def test_a_file_below_target_exits_1_and_lists_its_misses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "mentors.jsonl", MISLABELLED)
    code, out, _ = _run(capsys, "--file", str(path))
    assert code == 1
    assert "miss s-en-2 penalty: label game_loss read no_penalty (NOT flagged)" in out


def test_a_malformed_or_missing_file_is_refused_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "bad.jsonl", RIGHT[0], '{"id": "x"}')
    code, _, err = _run(capsys, "--file", str(path))
    assert code == 2
    assert "bad.jsonl:2" in err
    code, _, err = _run(capsys, "--file", str(tmp_path / "absent.jsonl"))
    assert code == 2
    assert "cannot read" in err


def test_parse_items_refuses_duplicate_ids_and_unknown_languages() -> None:
    with pytest.raises(GradingError, match="duplicate id"):
        parse_items("\n".join([RIGHT[0], RIGHT[0]]))
    with pytest.raises(GradingError, match=r"<input>:1"):
        parse_items(RIGHT[0].replace('"en"', '"fr"'))


def test_blind_prints_each_batch_and_the_pool_and_says_what_is_not_recorded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(tmp_path / "b1.jsonl", *RIGHT)
    _write(tmp_path / "b2.jsonl", MISLABELLED)
    code, out, _ = _run(capsys, "--blind", "--blind-dir", str(tmp_path))
    assert "b1 now" in out
    assert "b2 now" in out
    assert "POOLED now" in out
    assert "b1 pre-fix: NOT RECORDED" in out
    assert "miss b2/s-en-2 penalty" in out
    # pooled: 11 of 12 parts agree; 1 of 4 answers misgraded and it is not flagged
    pooled = next(line for line in out.splitlines() if "POOLED now" in line)
    assert "91.67%" in pooled
    assert "0/1" in pooled
    assert code == 1


def test_record_writes_the_pre_fix_figures_once_and_refuses_to_overwrite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(tmp_path / "b1.jsonl", *RIGHT, MISLABELLED)
    code, out, _ = _run(capsys, "--blind", "--record", "b1", "--blind-dir", str(tmp_path))
    assert "recorded batch b1" in out
    record = tomllib.loads((tmp_path / "RECORD.toml").read_text(encoding="utf-8"))
    entry = record["batch"]["b1"]
    assert entry["answers"] == 4
    assert entry["parts"] == 12
    assert entry["parts_agreed"] == 11
    assert entry["language_parts"]["en"] == [5, 6]
    assert entry["wrong"] == 1
    assert entry["wrong_flagged"] == 0
    assert entry["language_answers"] == {"en": 2, "pt-BR": 1, "es": 1}
    assert "pre-fix pool: 4 answers (en 2, pt-BR 1, es 1)" in out
    assert entry["version"]
    assert entry["date"]
    assert "b1 pre-fix" in out
    assert "POOLED pre-fix (1)" in out

    before = (tmp_path / "RECORD.toml").read_text(encoding="utf-8")
    code, _, err = _run(capsys, "--blind", "--record", "b1", "--blind-dir", str(tmp_path))
    assert code == 2
    assert "already recorded" in err
    assert (tmp_path / "RECORD.toml").read_text(encoding="utf-8") == before


def test_recorded_figures_are_shown_beside_the_current_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(tmp_path / "b1.jsonl", *RIGHT)
    old = Figures(3, 6, 9, {"en": (1, 3), "pt-BR": (2, 3), "es": (3, 3)}, 2, 1, 1)
    (tmp_path / "RECORD.toml").write_text(
        render_record(Recorded("b1", "2026-11-01", "2026.11.01", old)), encoding="utf-8"
    )
    code, out, _ = _run(capsys, "--blind", "--blind-dir", str(tmp_path))
    assert code == 0
    prefix = next(line for line in out.splitlines() if "b1 pre-fix" in line)
    assert "66.67%" in prefix
    assert "33.33%" in prefix
    assert "1/2" in prefix
    assert "recorded 2026-11-01, grader 2026.11.01" in out
    assert "targets met pre-fix (the honest measure): NO" in out


def test_record_needs_blind_and_an_existing_batch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(capsys, "--record", "b1")
    assert code == 2
    assert "--record needs --blind" in err
    _write(tmp_path / "b1.jsonl", *RIGHT)
    code, _, err = _run(capsys, "--blind", "--record", "b9", "--blind-dir", str(tmp_path))
    assert code == 2
    assert "no batch file" in err
    assert not (tmp_path / "RECORD.toml").exists()


def test_blind_with_no_batches_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "--blind", "--blind-dir", str(tmp_path))
    assert code == 2
    assert "no blind batches" in err


def test_pooled_figures_add_counts_not_percentages() -> None:
    a = Figures(10, 27, 30, {"en": (27, 30)}, 3, 3, 2)
    b = Figures(90, 268, 270, {"en": (88, 90), "es": (180, 180)}, 2, 1, 8)
    pooled = Figures.pooled([a, b])
    assert pooled.agreement == pytest.approx(295 / 300)
    assert pooled.language_agreement("en") == pytest.approx(115 / 120)
    assert pooled.language_agreement("pt-BR") is None
    assert pooled.wrong_flagged_share == pytest.approx(4 / 5)
    assert pooled.flagged_share == pytest.approx(10 / 100)


def test_record_round_trips_and_a_malformed_record_is_refused() -> None:
    items = parse_items("\n".join(RIGHT))
    recorded = record_batch("b1", items, {}, "2026-11-30")
    assert recorded.figures == Figures.of(evaluate(items))
    parsed = parse_record(render_record(recorded))
    assert parsed["b1"].figures == recorded.figures
    assert parsed["b1"].date == "2026-11-30"
    with pytest.raises(GradingError, match="already recorded"):
        record_batch("b1", items, parsed, "2026-12-01")
    with pytest.raises(GradingError, match="malformed"):
        parse_record('[batch.b1]\ndate = "x"\n')
    with pytest.raises(GradingError, match=r"RECORD\.toml"):
        parse_record("[batch")


def test_the_shipped_blind_record_parses() -> None:
    path = BLIND_DIR / "RECORD.toml"
    assert isinstance(parse_record(path.read_text(encoding="utf-8")), dict)


def test_batches_are_listed_in_the_order_they_were_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("blind10", "blind2", "blind1"):
        _write(tmp_path / f"{name}.jsonl", *RIGHT)
    _, out, _ = _run(capsys, "--blind", "--blind-dir", str(tmp_path))
    order = [line.split()[0] for line in out.splitlines() if line.split()[1:2] == ["now"]]
    assert order == ["blind1", "blind2", "blind10", "POOLED"]


def test_batches_reads_and_pools_only_the_named_batches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(tmp_path / "b1.jsonl", *RIGHT)
    _write(tmp_path / "b2.jsonl", MISLABELLED)
    _write(tmp_path / "b3.jsonl", *RIGHT)
    _run(capsys, "--blind", "--record", "b2", "--blind-dir", str(tmp_path))
    code, out, _ = _run(capsys, "--blind", "--batches", "b1, b3", "--blind-dir", str(tmp_path))
    assert "b1 now" in out
    assert "b3 now" in out
    assert "b2" not in out  # not even as "recorded, but its batch file is missing"
    assert "100.00%" in next(line for line in out.splitlines() if "POOLED now" in line)
    assert code == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--batches", "b1"), "--batches needs --blind"),
        (("--blind", "--batches", " , "), "--batches names no batch"),
        (("--blind", "--batches", "b1,b7"), "no batch file for b7"),
        (("--blind", "--batches", "b1", "--record", "b2"), "--record b2 is not among --batches"),
    ],
)
def test_batches_refuses_what_it_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    _write(tmp_path / "b1.jsonl", *RIGHT)
    _write(tmp_path / "b2.jsonl", *RIGHT)
    code, _, err = _run(capsys, *args, "--blind-dir", str(tmp_path))
    assert code == 2
    assert message in err
    assert not (tmp_path / "RECORD.toml").exists()  # nothing recorded on a refusal


def test_a_label_is_judged_by_meaning_as_the_grader_credits() -> None:
    from rulings.grading_eval.evaluation import labelled_by_meaning

    expected = {"infraction": "general_error", "penalty": "warning", "remedy": "continue_play"}
    label = {"infraction": "general_error", "penalty": "warning", "remedy": "none"}
    assert labelled_by_meaning(label, expected)["remedy"] == "continue_play"
    other = {"infraction": "general_error", "penalty": "warning", "remedy": "simple_rewind"}
    assert labelled_by_meaning(other, expected)["remedy"] == "simple_rewind"
    assert labelled_by_meaning({"remedy": None}, expected) == {"remedy": None}


def test_a_reading_is_compared_with_its_label_by_meaning_whatever_the_key() -> None:
    from rulings.grading_eval.evaluation import read_as_labelled

    # the key is another remedy: "no fix" read where the label says "play continues"
    assert read_as_labelled("remedy", "none", "continue_play")
    assert read_as_labelled("remedy", "continue_play", "none")
    assert read_as_labelled("remedy", None, None)
    assert not read_as_labelled("remedy", "none", None)
    assert not read_as_labelled("remedy", None, "none")
    assert not read_as_labelled("remedy", "simple_rewind", "continue_play")
    assert not read_as_labelled("penalty", "no_penalty", "warning")


def test_evaluate_counts_no_fix_read_for_play_continues_as_agreeing() -> None:
    from rulings.grading_eval.evaluation import evaluate, parse_items

    line = json.dumps(
        {
            "id": "meaning-1",
            "game": "mtg",
            "lang": "en",
            "expected": {
                "infraction": "missed_trigger",
                "penalty": "no_penalty",
                "remedy": "opponent_chooses_put_on_stack",
            },
            "answer": "Missed trigger, no penalty, and there is nothing to fix.",
            "label": {
                "infraction": "missed_trigger",
                "penalty": "no_penalty",
                "remedy": "continue_play",
            },
        }
    )
    result = evaluate(parse_items(line))
    assert result.misses == ()
