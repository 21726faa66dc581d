"""grade-eval --lint-lexicon: a lexicon entry earns its place only if leaving it out changes
a grade or a flag on answers nobody tuned the grader on.

The answers and the extra lexicon entries here are made up for these tests; the lexicon
they are added to is the shipped one (a copy)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulings.cli import main
from rulings.core.grading import Expected, grade_answer
from rulings.core.grading.lexicon import lexicon_data
from rulings.grading_eval.evaluation import DevItem
from rulings.grading_eval.lexicon_lint import Entry, lexicon_entries, lint_lexicon, without

KEY = Expected("missed_trigger", "warning", "opponent_chooses_resolve_or_skip")
LABEL = {"infraction": "missed_trigger", "penalty": "warning", "remedy": None}


def _item(ident: str, answer: str) -> DevItem:
    return DevItem(ident, "riftbound", "en", KEY, answer, LABEL)


def _with_misspellings(*phrases: str) -> tuple[dict[str, Any], dict[str, Any]]:
    lex, lang = lexicon_data()
    lex["penalty"]["warning"]["en"]["misspellings"] = [*phrases]
    return lex, lang


def _effects(data: tuple[dict[str, Any], dict[str, Any]], *answers: str) -> dict[str, Any]:
    items = [_item(f"a{n}", text) for n, text in enumerate(answers)]
    effects = lint_lexicon(items, ["misspellings"], data=data)
    return {
        e.entry.phrase: e for e in effects if e.entry.ident == "warning" and e.entry.lang == "en"
    }


def test_a_misspelling_the_fuzzy_matcher_already_reads_changes_nothing() -> None:
    effects = _effects(_with_misspellings("wxrning"), "Missed trigger and a wxrning.")
    assert effects["wxrning"].could_match == 1
    assert effects["wxrning"].changes_nothing


def test_a_misspelling_only_the_list_reads_earns_its_place() -> None:
    effects = _effects(_with_misspellings("qzvw"), "Missed trigger and a qzvw.")
    assert effects["qzvw"].regraded == ("a0",)
    assert not effects["qzvw"].changes_nothing


def test_an_entry_no_answer_could_match_is_not_graded_again_and_changes_nothing() -> None:
    effects = _effects(_with_misspellings("qzvw"), "Missed trigger, Warning.")
    assert effects["qzvw"].could_match == 0
    assert effects["qzvw"].changes_nothing


def test_of_two_copies_of_an_entry_one_is_idle_and_the_last_earns_its_place() -> None:
    """Left out in turn, each copy alone changes nothing; found idle, the first stays out
    while the second is tried, so what is reported idle is idle all together."""
    effects = lint_lexicon(
        [_item("a0", "Missed trigger and a qzvw.")],
        ["misspellings"],
        data=_with_misspellings("qzvw", "qzvw"),
    )
    mine = [e for e in effects if e.entry.phrase == "qzvw"]
    assert [e.changes_nothing for e in mine] == [True, False]


def test_the_shipped_lexicon_is_in_use_again_after_a_lint() -> None:
    lint_lexicon(
        [_item("a0", "Missed trigger and a qzvw.")],
        ["misspellings"],
        data=_with_misspellings("qzvw"),
    )
    grade = grade_answer("Missed trigger and a qzvw.", KEY, game="riftbound")
    assert grade.parts["penalty"].found is None


def test_entries_are_every_phrase_of_the_kinds_asked_and_one_is_left_out_at_a_time() -> None:
    lex, _ = _with_misspellings("qzvw", "qzvw")
    entries = lexicon_entries(lex, ["misspellings"])
    assert {e.kind for e in entries} == {"misspellings"}
    mine = Entry("penalty", "warning", "misspellings", "en", "qzvw")
    assert entries.count(mine) == 2
    assert without(lex, mine)["penalty"]["warning"]["en"]["misspellings"] == ["qzvw"]
    assert lex["penalty"]["warning"]["en"]["misspellings"] == ["qzvw", "qzvw"]  # a copy
    kinds = {e.kind for e in lexicon_entries(lex)}
    assert kinds == {
        "names",
        "paraphrases",
        "misspellings",
        "descriptions",
        "abbreviations",
        "capitals",
        "generic",
    }


def test_the_command_lists_idle_entries_and_exits_1_when_there_are_some(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "answers.jsonl"
    parts = {"infraction": "missed_trigger", "penalty": "warning"}
    line = {
        "id": "a0",
        "game": "riftbound",
        "lang": "en",
        "expected": parts,
        "answer": "Missed trigger, Warning.",
        "label": parts,
    }
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    code = main(["grade-eval", "--lint-lexicon", "--kinds", "capitals", "--file", str(path)])
    out = capsys.readouterr().out
    assert code == 1
    assert "entries whose removal changes nothing" in out
    assert "capitals" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--lint-lexicon", "--kinds", "spellings"], "unknown kinds"),
        (["--kinds", "names"], "--kinds needs --lint-lexicon"),
        (["--lint-lexicon", "--blind"], "drop --blind"),
    ],
)
def test_the_lint_refuses_what_it_cannot_do(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["grade-eval", *argv]) == 2
    assert message in capsys.readouterr().err
