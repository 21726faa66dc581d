"""Private pools kept as files outside the repository, in the directory the
``JUDGETRAIN_PRIVATE_POOLS`` setting names:

    <directory>/exams/*.toml    drawn with for exam variants
    <directory>/bank/*.toml     drawn with for the bank and practice (optional)

Each file holds one pool in the format of ``rulings.core.questions.pools``. Anything the
directory holds that is not such a file (a pool at the top, a misspelt folder, a file that
does not parse) is an error naming the path: an installation never draws exams from public
material because of a typo. Files are parsed again only when one of them changes."""

from __future__ import annotations

import json
import random
import re
import threading
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from rulings.questions import POOL_GAMES, POOL_LANGS, Pools, QuestionError

USES = ("exams", "bank")
MAX_FILE_BYTES = 1_048_576
_Signature = tuple[tuple[str, int, int], ...]

_lock = threading.Lock()
_parsed: dict[tuple[Path, str], tuple[_Signature, list[Pools]]] = {}


class PoolDirectoryError(ImproperlyConfigured):
    """The private pools directory, or a file in it, cannot be used; the message names it."""


def pool_directory() -> Path | None:
    found = settings.PRIVATE_POOLS_DIR
    return Path(found) if found else None


def directory_pools(*, use: str, directory: Path | None = None) -> list[Pools]:
    """The pools of every file for ``use`` (none when no directory is set), in name order."""
    directory = directory if directory is not None else pool_directory()
    if directory is None:
        return []
    files = _pool_files(directory, use)
    signature = tuple(_stat(path) for path in files)
    with _lock:
        cached = _parsed.get((directory, use))
        if cached is not None and cached[0] == signature:
            return cached[1]
    pools = [_read(path) for path in files]
    with _lock:
        _parsed[(directory, use)] = (signature, pools)
    return pools


def directory_check(directory: Path) -> None:
    """Parse every pool file of ``directory``; PoolDirectoryError on the first problem."""
    for use in USES:
        directory_pools(use=use, directory=directory)


def _pool_files(directory: Path, use: str) -> list[Path]:
    if use not in USES:
        raise ValueError(f"use must be one of {', '.join(USES)}")
    if not directory.is_dir():
        raise PoolDirectoryError(f"private pools: {directory} is not a directory")
    try:
        top = sorted(directory.iterdir())
    except OSError as error:
        raise PoolDirectoryError(f"private pools: {directory} cannot be read: {error}") from None
    for entry in top:
        if entry.name.startswith(".") or (entry.name in USES and entry.is_dir()):
            continue
        raise PoolDirectoryError(
            f"private pools: {entry} is not expected here; put pool files (*.toml) in "
            f"{directory / 'exams'} or {directory / 'bank'}"
        )
    folder = directory / use
    if not folder.exists():
        return []
    files = []
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith("."):
            continue
        if entry.suffix != ".toml" or not entry.is_file():
            raise PoolDirectoryError(f"private pools: {entry} is not a pool file (*.toml)")
        files.append(entry)
    return files


def _stat(path: Path) -> tuple[str, int, int]:
    try:
        found = path.stat()
    except OSError as error:
        raise PoolDirectoryError(f"private pools: {path} cannot be read: {error}") from None
    return (str(path), found.st_mtime_ns, found.st_size)


def _read(path: Path) -> Pools:
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise PoolDirectoryError(f"private pools: {path} is larger than {MAX_FILE_BYTES} bytes")
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise PoolDirectoryError(f"private pools: {path} is not UTF-8 text") from None
    except OSError as error:
        raise PoolDirectoryError(f"private pools: {path} cannot be read: {error}") from None
    try:
        pools = Pools.from_toml(text)
    except QuestionError as error:
        raise PoolDirectoryError(f"private pools: {path}: {error}") from None
    if pools.empty:
        raise PoolDirectoryError(f"private pools: {path} holds no names, cards or sentences")
    return pools


# --- a random pool for a demo or a first sitting -------------------------------------------

_ONSETS = ("b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "dr", "tr")
_VOWELS = ("a", "e", "i", "o", "u", "ai", "ou")
_CODAS = ("", "", "n", "r", "l", "s", "th", "k")
PEOPLE_PER_GAME = 40


def _public_words() -> set[str]:
    """Every word of the public question and policy data, lower-cased: a random name must be
    none of them, or a public stem could contain it by chance."""
    from rulings import questions as generator_package

    questions_data = generator_package.DATA_DIR
    words: set[str] = set()
    for root in (questions_data, questions_data.parent.parent / "data"):
        for path in root.rglob("*.toml"):
            words.update(w.lower() for w in re.findall(r"\w+", path.read_text(encoding="utf-8")))
    return words


def _invented(rng: random.Random, taken: set[str], syllables: int = 3) -> str:
    while True:
        name = "".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) for _ in range(syllables))
        name = (name + rng.choice(_CODAS)).capitalize()
        if name.lower() not in taken:
            taken.add(name.lower())
            return name


def random_exam_pool(rng: random.Random) -> str:
    """An exam pool as TOML: invented player names for both games and an invented name for
    every public card (its text keeps the public facts, with the new name where it named
    itself). Names are three syllables drawn from ``rng``, never a word of the public data.
    Sentences stay public: wording is the committee's to write (docs/operations.md)."""
    from rulings.questions import public_cards

    taken = _public_words()
    lines = ["# Generated at random for this installation: keep it private.", "[people]"]
    for game in POOL_GAMES:
        names = [_invented(rng, taken) for _ in range(PEOPLE_PER_GAME)]
        lines.append(f"{game} = {_toml_list(names)}")
    for card_id, card in sorted(public_cards().items()):
        new = f"{_invented(rng, taken)} {_invented(rng, taken, 2)}"
        lines.append(f"\n[cards.{card_id}]")
        lines.append("name = " + _toml_table(dict.fromkeys(POOL_LANGS, new)))
        texts = {lang: card["text"][lang].replace(card["name"][lang], new) for lang in POOL_LANGS}
        lines.append("text = " + _toml_table(texts))
    return "\n".join(lines) + "\n"


def _toml_list(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(item, ensure_ascii=False) for item in items) + "]"


def _toml_table(values: dict[str, str]) -> str:
    pairs = ", ".join(f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in values.items())
    return "{ " + pairs + " }"
