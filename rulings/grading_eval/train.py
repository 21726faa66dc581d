"""`grade-train`: learn the second reader from the labelled answers into its artefact.

The runtime (`rulings.core.grading.second_reader`) only loads
`rulings/core/grading/data/second_reader.json`; this module builds it, deterministically,
from the development set (`evaluation/grading/devset.jsonl`) and the question generator's
wordings, and records the SHA-256 of both. A test rebuilds it and compares, so a change to
the training data (or to how answers are tokenised) without a retraining fails.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from rulings.core.grading import LANGUAGES, GradingError
from rulings.core.grading.second_reader import ARTEFACT, answer_words, count, dump_counts
from rulings.core.questions import KeyParts, build_question, templates
from rulings.core.questions.distractors import JUDGE_REMINDS

from . import DEVSET_PATH
from .evaluation import parse_items

GENERATED_SEEDS = range(100, 104)
"""The question generator's seeds whose key texts and options the second reading learns
from (the generator's own tests grade seeds 0-3)."""

Example = tuple[Sequence[str], Mapping[str, str | None]]


def labelled_answers(devset_text: str) -> list[Example]:
    """The development set's answers, as (words, label)."""
    return [(answer_words(i.answer), i.label) for i in parse_items(devset_text, DEVSET_PATH.name)]


def generated_wordings(seeds: Iterable[int] = GENERATED_SEEDS) -> list[Example]:
    """The question generator's key texts and multiple-choice options for every template and
    language, labelled by the parts each states: a candidate may write a ruling the way the
    generator does, and such an answer must not be doubted for its wording."""
    out: list[Example] = []
    for template in templates():
        for lang in LANGUAGES:
            for seed in seeds:
                question = build_question(template.id, seed, lang, "free_form")
                out.append((answer_words(question.key_text), _stated(question.key)))
                choice = build_question(template.id, seed, lang, "multiple_choice")
                out.extend((answer_words(o.text), _stated(o.parts)) for o in choice.options)
    return out


# A distractor's fix no ruling has, labelled as the id an answer in those words reads as: "No
# infraction — the judge reminds X of the trigger" has nothing to fix (review 16).
READ_AS = {JUDGE_REMINDS: "none"}


def _stated(parts: KeyParts) -> dict[str, str | None]:
    remedy = READ_AS.get(parts.remedy[0], parts.remedy[0])
    return {"infraction": parts.infraction, "penalty": parts.penalty, "remedy": remedy}


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _examples_sha256(examples: Sequence[Example]) -> str:
    """The hash of what the counts are learnt from, as the reader sees it (words, label)."""
    canonical = "\n".join(
        json.dumps([list(words), dict(sorted(label.items()))], ensure_ascii=False)
        for words, label in examples
    )
    return _sha256(canonical)


def build_artefact(devset_text: str | None = None) -> str:
    """The artefact's text, learnt from the development set and the generator's wordings."""
    text = DEVSET_PATH.read_text(encoding="utf-8") if devset_text is None else devset_text
    answers = labelled_answers(text)
    wordings = generated_wordings()
    trained_on: dict[str, Any] = {
        "devset": {
            "path": "evaluation/grading/devset.jsonl",
            "sha256": _sha256(text),
            "answers": len(answers),
        },
        "generator": {
            "seeds": list(GENERATED_SEEDS),
            "sha256": _examples_sha256(wordings),
            "wordings": len(wordings),
        },
        "examples_sha256": _examples_sha256([*answers, *wordings]),
    }
    return dump_counts(count([*answers, *wordings]), trained_on)


def shipped_artefact() -> str:
    """The artefact the runtime loads, as committed."""
    ref = resources.files("rulings.core.grading").joinpath("data", ARTEFACT)
    return ref.read_text(encoding="utf-8")


def artefact_path() -> Path:
    return Path(str(resources.files("rulings.core.grading").joinpath("data", ARTEFACT)))


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 when the shipped artefact differs from a retraining",
    )


def run(args: argparse.Namespace) -> int:
    try:
        built = build_artefact()
    except (OSError, GradingError) as exc:
        sys.stderr.write(f"grade-train: {exc}\n")
        return 2
    path = artefact_path()
    if args.check:
        same = path.is_file() and path.read_text(encoding="utf-8") == built
        sys.stdout.write(f"{path}: {'up to date' if same else 'STALE: run grade-train'}\n")
        return 0 if same else 1
    path.write_text(built, encoding="utf-8")
    sys.stdout.write(f"wrote {path} ({len(built.encode('utf-8')):,} bytes)\n")
    return 0
