"""One glossary per language (issue 10, point 6): every policy term in stems, options, keys,
explanations, the engine's labels and statements and the grader's feedback comes from
rulings/core/data/glossary.toml; a variant outside it fails."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rulings.core import load_policy
from rulings.core.policy import default_version
from rulings.core.questions import KINDS, build_question, templates
from rulings.core.questions.catalog import phrases
from tests.rulings.core.questions.offered import offered

ROOT = Path(__file__).resolve().parents[4]
LANGS = ("en", "pt-BR", "es")
TEMPLATES = tuple(templates())
POLICIES = (
    "riftbound-tr-2026-seed",
    "mtg-ipg-2.1-seed",
    "mtg-ipg-2.1-2024-09-23",
    "mtg-ipg-2.1-es-article",
)


@cache
def glossary() -> dict[str, Any]:
    return tomllib.loads((ROOT / "rulings/core/data/glossary.toml").read_text(encoding="utf-8"))


@cache
def _data(name: str) -> dict[str, Any]:
    return tomllib.loads((ROOT / name).read_text(encoding="utf-8"))


def outside(text: str, lang: str, game: str | None) -> list[str]:
    """The glossary violations in `text`: an avoided pattern, or a policy name in another case."""
    entry = glossary()[lang]
    patterns = list(entry["avoid"]["all"])
    if game:
        patterns += entry["avoid"].get(game, [])
    found = [p for p in patterns if re.search(p, text)]
    for part in ("infraction", "penalty"):
        for name in entry[part].values():
            for hit in re.finditer(re.escape(name), text, flags=re.IGNORECASE):
                # As a name, or as a common noun in lower case ("a missed trigger"); never
                # another capitalisation ("Fallo al Mantener el Estado de Juego").
                if hit.group(0) not in (name, name.lower(), name[:1].lower() + name[1:]):
                    found.append(f"{name!r} written {hit.group(0)!r}")
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_phrase_banks_labels_and_feedback_name_ids_as_the_glossary(lang: str) -> None:
    entry = glossary()[lang]
    terms = phrases(lang)["terms"]
    labels = _data("rulings/core/data/labels.toml")[lang]["id"]
    feedback = _data("rulings/core/grading/data/feedback.toml")[lang]
    for part in ("infraction", "penalty"):
        assert terms[part] == entry[part]
        for ident, name in entry[part].items():
            assert labels[ident] == name, (part, ident)
            if ident not in ("no_infraction", "no_penalty"):
                assert name in feedback[part][ident], (part, ident)


@pytest.mark.parametrize("lang", LANGS)
def test_engine_statements_labels_and_feedback_stay_inside_the_glossary(lang: str) -> None:
    problems: list[tuple[str, ...]] = []
    for version in POLICIES:
        policy = load_policy(version)
        for statement in policy.statements.values():
            problems += [
                (version, statement.id, p)
                for p in outside(statement.paraphrase(lang), lang, policy.game)
            ]
    for name in ("rulings/core/data/labels.toml", "rulings/core/grading/data/feedback.toml"):
        problems += [(name, p) for p in _strings_outside(_data(name)[lang], lang)]
    assert not problems


def _strings_outside(table: Any, lang: str) -> list[str]:
    if isinstance(table, dict):
        return [p for value in table.values() for p in _strings_outside(value, lang)]
    if isinstance(table, str):
        return outside(table, lang, None)
    return []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("template_id", [t.id for t in TEMPLATES])
def test_every_generated_text_stays_inside_the_glossary(template_id: str, lang: str) -> None:
    for kind in KINDS:
        for seed in range(8):
            if not offered(template_id, seed, lang, kind):
                continue
            q = build_question(template_id, seed, lang, kind)
            texts = [q.stem, q.key_text, q.explanation, *(o.text for o in q.options)]
            if q.wrong_part:
                texts += [q.wrong_part.stated_text, q.wrong_part.correct_text]
            for text in texts:
                assert not outside(text, lang, q.game), (seed, kind, outside(text, lang, q.game))


def test_the_check_catches_a_variant() -> None:
    assert outside("Disparo Olvidado — sanción", "es", "mtg")
    assert outside("un rebobinado simple", "es", "mtg")
    assert not outside("un rebobinado simple", "es", "riftbound")
    assert outside("Advertencia por Fallo al Mantener el Estado de Juego", "es", None)
    assert default_version("mtg") in POLICIES


def test_magic_player_names_are_ordinary_names() -> None:
    from rulings.core.questions.catalog import people

    fiction = {"Abelardo", "Nutella", "Acetona", "Neutrino", "Absinto", "Novocaína", "Elspeth"}
    fiction |= {"Tibalt", "Sorin", "Jace", "Tamiyo", "Nissa", "Garruk"}
    assert not fiction & set(people("mtg"))
