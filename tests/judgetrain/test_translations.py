"""Every interface string is translated in pt-BR and es: no msgid missing from a catalog, left
empty or fuzzy, with the placeholders of its msgid, and the committed .mo files compiled from
the committed .po files.

The catalogs are refreshed the way ``make messages`` does (makemessages over a copy of the
sources, so the working tree is never touched): a string added to the code but not to the
catalogs shows up here as empty.
"""

from __future__ import annotations

import gettext
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import require

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("pt_BR", "es")
SOURCES = ("judgetrain", "quizzes", "rulings", "manage.py")

# msgid -> why it may stay untranslated or fuzzy. Add one only with its reason; none needed now.
EXCEPTIONS: dict[str, str] = {}

PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|%[sdif]")


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    context: str | None = None
    msgstr: dict[str, str] = field(default_factory=dict)
    fuzzy: bool = False
    obsolete: bool = False

    def __str__(self) -> str:
        return f"{self.context + ' | ' if self.context else ''}{self.msgid!r}"


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def parse_po(path: Path) -> list[Entry]:
    """The entries of a .po file (the header excluded)."""
    entries: list[Entry] = []
    current: Entry | None = None
    key = ""
    for raw in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = raw.strip()
        if not line:
            if current is not None and current.msgid:
                entries.append(current)
            current = None
            continue
        current = current or Entry()
        if line.startswith("#~"):
            current.obsolete = True
            continue
        if line.startswith("#,"):
            current.fuzzy = current.fuzzy or "fuzzy" in line
            continue
        if line.startswith("#"):
            continue
        match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+"(.*)"$', line)
        if match:
            key, text = match.group(1), _unquote(match.group(2))
        else:
            text = _unquote(re.match(r'^"(.*)"$', line).group(1))  # type: ignore[union-attr]
        if key == "msgid":
            current.msgid += text
        elif key == "msgid_plural":
            current.msgid_plural = (current.msgid_plural or "") + text
        elif key == "msgctxt":
            current.context = (current.context or "") + text
        else:
            current.msgstr[key] = current.msgstr.get(key, "") + text
    return entries


def placeholders(text: str) -> set[str]:
    return {match.group(0) for match in PLACEHOLDER.finditer(text.replace("%%", ""))}


def problems(entries: list[Entry]) -> list[str]:
    found = []
    for entry in entries:
        if entry.obsolete or entry.msgid in EXCEPTIONS:
            continue
        if entry.fuzzy:
            found.append(f"fuzzy: {entry}")
        elif not entry.msgstr or any(not text for text in entry.msgstr.values()):
            found.append(f"untranslated: {entry}")
        else:
            wanted = placeholders(entry.msgid) | placeholders(entry.msgid_plural or "")
            for text in entry.msgstr.values():
                given = placeholders(text)
                if given - wanted or (entry.msgid_plural is None and given != wanted):
                    found.append(f"placeholders {sorted(given)} != {sorted(wanted)}: {entry}")
    return found


@pytest.fixture(scope="module")
def refreshed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the sources and catalogs, with the catalogs refreshed from the code."""
    require(shutil.which("xgettext") is not None, "GNU gettext (xgettext) is not installed")
    copy = tmp_path_factory.mktemp("messages")
    for name in (*SOURCES, "locale"):
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, copy / name)
    command = [sys.executable, "manage.py", "makemessages", "--no-obsolete"]
    command += [f"--locale={language}" for language in LANGUAGES]
    command += ["--ignore=rulings/core"]  # the engine's texts are data, with their own tests
    subprocess.run(command, cwd=copy, check=True, capture_output=True, timeout=300)
    return copy


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_interface_string_is_translated(refreshed: Path, language: str) -> None:
    entries = parse_po(refreshed / "locale" / language / "LC_MESSAGES" / "django.po")

    assert len(entries) > 500  # the refresh really read the code
    assert problems(entries) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_catalog_has_nothing_untranslated_or_fuzzy(language: str) -> None:
    assert problems(parse_po(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_file_is_compiled_from_the_committed_po(
    tmp_path: Path, language: str
) -> None:
    require(shutil.which("msgfmt") is not None, "GNU gettext (msgfmt) is not installed")
    folder = ROOT / "locale" / language / "LC_MESSAGES"
    fresh = tmp_path / "django.mo"
    # --check: placeholders, the header, and as many plural forms as the header declares.
    subprocess.run(
        ["msgfmt", "--check", "-o", str(fresh), str(folder / "django.po")],
        check=True,
        capture_output=True,
    )

    with fresh.open("rb") as compiled, (folder / "django.mo").open("rb") as committed:
        assert gettext.GNUTranslations(committed)._catalog == (  # type: ignore[attr-defined]
            gettext.GNUTranslations(compiled)._catalog  # type: ignore[attr-defined]
        ), "run: python manage.py compilemessages --ignore=.venv"


# Formal address ("usted") as the UX walks found it in the Spanish interface, which otherwise
# says "tú": walk 1 #13, walk 5 #17, walk 6 #7, #17 and #21 (docs/reviews/ux-walk-*.md), and the
# sweep that followed them. Only forms that cannot be third person are listed: a sentence-opening
# formal imperative, a formal imperative with its pronoun attached, and a sentence-opening "Su"
# with a thing the reader owns. "su cuenta", "su respuesta", "Puede…" or "Dejará…" are left out:
# "Quien es nuevo crea su cuenta" or "Puede tardar unos minutos" are third person.
FORMAL_IMPERATIVES = (
    "Cambie|Corrija|Elija|Entregue|Escanee|Escriba|Haga clic|Indique|Introduzca|Invite|Lea"
    "|Marque|Pegue|Pulse|Seleccione|Siga|Use|Vuelva"
)
FORMAL_ADDRESS = re.compile(
    r"\busted(?:es)?\b"
    rf"|(?:^|[.:;!?¿¡(]\s*)(?:{FORMAL_IMPERATIVES})\b"
    r"|\b(?:ábral|acéptel|cópiel|elíjal|entréguel|guárdel|véal|vuélval)[oa]s?\b"
    r"|^Su (?:apelación|certificado|contraseña|cuenta|informe|mentor|respuesta|resultado)\b",
    re.IGNORECASE,
)
SENTENCE_START = " \n.:;!?¿¡("


def formal_address(entries: list[Entry]) -> list[str]:
    """The entries whose Spanish addresses the reader as "usted", each with the form found."""
    return [
        f"{match.group(0).lstrip(SENTENCE_START)!r} in {entry}"
        for entry in entries
        if not entry.obsolete
        for text in entry.msgstr.values()
        if (match := FORMAL_ADDRESS.search(text))
    ]


def test_spanish_addresses_the_reader_as_tu_never_usted() -> None:
    assert formal_address(parse_po(ROOT / "locale" / "es" / "LC_MESSAGES" / "django.po")) == []


def test_the_register_check_catches_usted_and_spares_third_person(tmp_path: Path) -> None:
    catalog = tmp_path / "django.po"
    catalog.write_text(
        'msgid ""\nmsgstr "Language: es\\n"\n\n'
        'msgid "a"\nmsgstr "Cambie un hecho de esta historia y vea cómo cambia."\n\n'
        'msgid "b"\nmsgstr "Intentos y notas. Elija el encabezado de una columna."\n\n'
        'msgid "c"\nmsgstr "Su certificado: guárdelo en una billetera."\n\n'
        'msgid "d"\nmsgstr "Gracias a usted."\n\n'
        'msgid "e"\nmsgstr "Quien es nuevo crea su cuenta allí; su mentor puede revisarla."\n\n'
        'msgid "f"\nmsgstr "Se resuelve ahora o al inicio de la fase, según elija el oponente."\n\n'
        'msgid "g"\nmsgstr "Puede tardar unos minutos; usa el enlace y elige a quién."\n',
        encoding="utf-8",
    )

    assert formal_address(parse_po(catalog)) == [
        "'Cambie' in 'a'",
        "'Elija' in 'b'",
        "'Su certificado' in 'c'",
        "'usted' in 'd'",
    ]


def test_the_checks_catch_an_empty_a_fuzzy_and_a_broken_translation(tmp_path: Path) -> None:
    catalog = tmp_path / "django.po"
    catalog.write_text(
        'msgid ""\nmsgstr "Language: es\\n"\n\n'
        'msgid "Saved"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Save"\nmsgstr "Guardado"\n\n'
        'msgid "Question %(n)s"\nmsgstr "Pregunta %(m)s"\n\n'
        'msgid "%(counter)s question"\nmsgid_plural "%(counter)s questions"\n'
        'msgstr[0] "una pregunta"\nmsgstr[1] "%(counter)s preguntas"\n\n'
        'msgid "Long"\nmsgstr ""\n"Lar"\n"go"\n',
        encoding="utf-8",
    )

    assert problems(parse_po(catalog)) == [
        "untranslated: 'Saved'",
        "fuzzy: 'Save'",
        "placeholders ['%(m)s'] != ['%(n)s']: 'Question %(n)s'",
    ]
