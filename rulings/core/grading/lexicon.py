"""The grading lexicon: versioned TOML data compiled once into token indexes."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from operator import itemgetter
from typing import Any

from .errors import GradingError
from .text import deletes, fold, fold_phrase

PARTS: tuple[str, ...] = ("infraction", "penalty", "remedy")
GAMES: tuple[str, ...] = ("riftbound", "mtg")
LANGUAGES: tuple[str, ...] = ("en", "pt-BR", "es")
EMPTY_IDS: Mapping[str, str] = {
    "infraction": "no_infraction",
    "penalty": "no_penalty",
    "remedy": "none",
}
GENERIC = ""

_KIND_CONFIDENCE = {
    "names": 0.95,
    "abbreviations": 0.9,
    "misspellings": 0.85,
    "paraphrases": 0.85,
    "generic": 0.85,
    "descriptions": 0.8,
    "capitals": 0.9,
}
_KIND_RANK = {
    "names": 4,
    "abbreviations": 3,
    "misspellings": 2,
    "paraphrases": 1,
    "generic": 0,
    "descriptions": 0,
    "capitals": 3,
}
_CUE_KINDS = (
    "negation",
    "reject_pre",
    "reject_open",
    "reject_post",
    "reject_end",
    "upgrade",
    "conditional",
    "baseline",
    "fallback",
    "count",
    "reset",
    "conclusion",
    "hedge",
    "alternative",
    "aside",
    "sequence",
    "condition_after",
    "counterfactual",
    "reason",
    "reason_start",
    "after_event",
    "refocus",
    "self_correction",
    "pick_former",
    "pick_latter",
    "decisive",
    "predicate",
    "condition_denied",
    "stays",
)
_FUZZY_MIN = 4


@dataclass(frozen=True, slots=True)
class Element:
    """One slot of a phrase pattern: a set of accepted tokens, optional, or a gap."""

    alts: frozenset[str]
    optional: bool = False
    gap: bool = False
    cite: bool = False
    end: bool = False
    """ "$": the clause ends here ("→ segue." but not "segue sendo Advertência")."""


@dataclass(frozen=True, slots=True)
class Pattern:
    """A compiled lexicon phrase naming one id of one part (or the part itself)."""

    part: str
    ident: str
    kind: str
    lang: str
    elements: tuple[Element, ...]
    confidence: float
    rank: int
    follows: frozenset[str] | None = None
    """The words one of which must come next after the first ("missed" in "missed
    trigger"), or None where the second element may be skipped or there is none: a cheap
    test before matching the whole phrase."""
    follows_gap: bool = False
    """`follows` stands after a gap ("game * continues"): within the gap's reach, not next."""
    fixed: bool = False
    """Every slot is a word that must match (no gap, optional word, citation or clause end):
    matched word by word, with no backtracking."""


@dataclass(frozen=True, slots=True)
class Starting:
    """The phrases of one game that start with one word, each with its place in the order
    they are tried (longest first, then by rank)."""

    anywhere: tuple[tuple[int, Pattern], ...]
    """Those whose next word is not fixed (`Pattern.follows` unset, or after a gap)."""
    anywhere_patterns: tuple[Pattern, ...]
    """`anywhere` without the places: what `tried` returns, uncopied, when no phrase is keyed
    by the next word (most tokens)."""
    by_next: Mapping[str, tuple[tuple[int, Pattern], ...]]
    """The others, by each word that may come right after the first."""
    tried_after: Mapping[str, tuple[Pattern, ...]]
    """What `tried` returns when the word after is read as typed, for each word of `by_next`
    (merged in order once, when the lexicon is compiled)."""

    def tried(self, after: str, raw_after: str) -> Sequence[Pattern]:
        """The phrases worth matching when `after` (read as typed: `raw_after`) comes next,
        in order: a phrase whose next word is another cannot match."""
        if raw_after == after:
            return self.tried_after.get(after, self.anywhere_patterns)
        nexts = self.by_next.get(after, ()) + self.by_next.get(raw_after, ())
        if not nexts:
            return self.anywhere_patterns
        return _in_place_order(self.anywhere + nexts)


@dataclass(frozen=True, slots=True)
class IdInfo:
    """Where an id is a legal ruling, and which ids override it when both are claimed.

    `satisfies`: expected ids this id also counts as when claimed (the broad "rewind"
    counts as a simple rewind, a longer rewind or a simple backup; in Magic a simple
    rewind is the IPG's simple backup). An id with no game is internal: it is never
    expected, and a claim of it that satisfies nothing is reported as `reported_as`.
    `reported_in` maps a game to the id a claim counting as no expected id is reported
    as there: in Magic, a wrong "rewind" or "simple rewind" is the IPG's simple backup.
    """

    games: tuple[str, ...]
    only_in_games: bool
    yields_to: frozenset[str]
    satisfies: frozenset[str] = frozenset()
    reported_as: str = ""
    reported_in: tuple[tuple[str, str], ...] = ()
    implies_infraction: str = ""
    """A remedy that belongs to one infraction only ("the opponent chooses whether it goes
    on the stack"): an answer that commits to it and names no infraction commits to it."""
    alike: frozenset[str] = frozenset()
    """Ids that, stated together with this one, make one ruling in two words ("nothing to
    do, carry on": no fix and play continuing): the answer counts as either."""
    neighbours: frozenset[str] = frozenset()
    """Ids judges confuse with this one (Magic's default action and the opponent choosing
    whether the trigger goes on the stack; a simple rewind and a longer one): a wrong
    grading between neighbours on a weak cue goes to a mentor. Symmetric."""
    implies_remedy: str = ""
    """An infraction whose ruling has no fix of its own (FtMGS, Cheating): an answer that
    commits to it and states no remedy commits to this one ("FtMGS, Warning": no fix)."""
    ambiguous: tuple[tuple[tuple[str, ...], str], ...] = ()
    """Names of this id that judges also use for another id (`ambiguous` in lexicon.toml:
    the folded tokens of the phrase, the other id): a part read from one of them alone
    goes to a mentor."""
    record_upgrade: tuple[tuple[tuple[str, ...], str], ...] = ()
    """Names of this id that, reached by upgrading the player's record of Warnings ("the
    third Warning -> Pérdida de partida"), mean another id (`record_upgrade` in
    lexicon.toml: the folded tokens of the phrase, the other id): a record of Warnings
    upgrades to a Game Loss, never to a Match Loss."""
    record_sections: tuple[str, ...] = ()
    """Sections (folded, "tr 702.1.b") by which a record of Warnings upgrades to this id: a
    penalty read only from the record, beside a citation under one of them, is this id."""
    then_within: frozenset[str] = frozenset()
    """Remedies that, stated as a later step after this one, are part of its own procedure:
    Magic's simple backup is a backup and then the opponent's choice of whether the trigger
    goes on the stack, so "a simple backup, then Vera chooses" commits to the backup."""
    marks: frozenset[str] = frozenset()
    """Words that name this remedy's own procedure ("stack" for Magic's put-on-the-stack
    choice, "missed" for Riftbound's resolve-now-or-miss choice). In a game where the id is
    no ruling (`only_in_games`), its phrases holding one of them are still read: the
    candidate gave the other game's remedy, and that is what the answer commits to."""
    counterparts: frozenset[str] = frozenset()
    """The ids of the other game this one stands for when only generic words name it ("the
    opponent chooses"): a live mention of this id read in a game where it is no ruling
    wins over them (`matcher._foreign_remedies`)."""
    yields_when_offered: bool = True
    """Whether `yields_to` holds among options offered as alternatives too. Play continuing
    yields to a fix only as narrative ("he pays the rest and play continues"); offered as an
    option ("either the score gets corrected or we carry on") it stays one."""

    @property
    def internal(self) -> bool:
        """An id of the lexicon only (a broad term), never a public ruling."""
        return not self.games


@dataclass(frozen=True, slots=True)
class Cue:
    """A multi-token cue phrase of one kind."""

    words: tuple[str, ...]
    kind: str
    lang: str


@dataclass(frozen=True, slots=True, eq=False)
class Lexicon:
    """Everything the grader reads from data, compiled for fast lookup."""

    version: str
    ids: Mapping[str, Mapping[str, IdInfo]]
    citations: Mapping[tuple[str, str, str], str]
    remedy_for: Mapping[tuple[str, str, str], str]
    section_ids: Mapping[str, tuple[tuple[str, str], ...]]
    vocab: frozenset[str]
    fuzzy_keys: Mapping[str, tuple[str, ...]]
    no_fuzzy: frozenset[str]
    cues: Mapping[str, Mapping[str, tuple[Cue, ...]]]
    hedges: Mapping[str, Mapping[str, tuple[Cue, ...]]]
    """The hedge cues of `cues`, by language and first word."""
    unsure: Mapping[str, Mapping[str, tuple[Cue, ...]]]
    """Words saying the candidate does not know or cannot decide ("not sure", "não sei
    se"), by language and first word; not cues of the reading (`unsure` in language.toml)."""
    hints: Mapping[str, Mapping[str, Mapping[str, tuple[Cue, ...]]]]
    """By part, language and first word: words that hint at an id without claiming it (the
    head judge, for Riftbound's rewind beyond the last action). A hint's `kind` is the id it
    hints at; a part read as a neighbour of that id goes to a mentor (`hints` in
    lexicon.toml)."""
    deny: frozenset[str]
    affirm: frozenset[str]
    none_words: frozenset[str]
    nothing: frozenset[str]
    copula: frozenset[str]
    joins: frozenset[str]
    gap_stop: frozenset[str]
    gap_stop_own: Mapping[str, frozenset[str]]
    """Per language: words a gap of that language's phrases never skips ("no" in English
    and Spanish phrases; in Portuguese "no" is "in the")."""
    or_words: frozenset[str]
    whether_verbs: frozenset[str]
    participles: frozenset[str]
    """Past participles after which a hedge "could be" is a passive "can be done"."""
    chooser_verbs: Mapping[str, str]
    not_names: frozenset[str]
    named_ruling_verbs: frozenset[str]
    """ "Inês gets a Warning for FtMGS": after a player's name at a sentence start, these
    words give that player a ruling of their own."""
    name_articles: frozenset[str]
    attribution: frozenset[str]
    """ "GRV for Sofia and FtMGS for Ana", "VRJ pro Hugo": words giving a ruling to a player."""
    """Articles that may stand before a player's name ("A Sanne leva Advertência", "la
    Ana recibe ..."): the name still opens its clause."""
    section_procedure: Mapping[str, frozenset[str]]
    detect: Mapping[str, frozenset[str]]
    detect_any: frozenset[str]
    """The words of `detect` in any language: common words, never a player's name."""
    filler: frozenset[str]
    """Common words that state no part ("para", "today", "whether"): never unread words."""
    default_language: str
    patterns: tuple[Pattern, ...]
    denials: frozenset[str] = frozenset()
    """One-word denials ("não", "no", "not", "sin"): a phrase never runs past one into
    the next clause."""
    nothing_beside: frozenset[str] = frozenset()
    """Words that may stand beside a bare "nothing" ruling ("Nothing yet.", "Nada todavía.",
    "Nada ainda."): with a player's name and the attribution words, the ruling stays bare."""
    between: frozenset[str] = frozenset()
    """ "between" / "entre": two options named right after it, joined by `between_and`,
    are offered as alternatives ("entre nada y Advertencia")."""
    between_and: frozenset[str] = frozenset()
    """The words joining the two options after `between` ("and", "e", "y")."""
    trailing_off: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Per language: one-word retractions that correct the answer when they follow an
    ellipsis and end their clause ("fix the score... no, a whole round went by")."""

    def index_for(self, game: str) -> Mapping[str, Starting]:
        """Patterns usable in one game, keyed by every token that may start them."""
        return _game_index(self, game)

    def citation(self, game: str, part: str, ident: str, infraction: str | None) -> str:
        """The section to quote for an id, preferring the infraction-specific one."""
        if part == "remedy" and infraction is not None:
            specific = self.remedy_for.get((game, infraction, ident))
            if specific:
                return specific
        return self.citations.get((game, part, ident), "")


def _read_data(name: str) -> dict[str, Any]:
    ref = resources.files("rulings.core.grading").joinpath("data", name)
    return tomllib.loads(ref.read_text(encoding="utf-8"))


def lexicon_data() -> tuple[dict[str, Any], dict[str, Any]]:
    """The lexicon's and the language cues' data as read from their TOML files (a fresh
    copy each call: `compile_lexicon` of an edited copy measures an edit)."""
    return _read_data("lexicon.toml"), _read_data("language.toml")


_IN_USE: ContextVar[Lexicon | None] = ContextVar("lexicon", default=None)


def load_lexicon() -> Lexicon:
    """The lexicon grading uses: the shipped one (compiled once per process) unless
    `using_lexicon` set another."""
    return _IN_USE.get() or _shipped_lexicon()


@contextmanager
def using_lexicon(lexicon: Lexicon) -> Iterator[None]:
    """Grade with `lexicon` inside the block (to measure what an entry adds: the grader's
    caches keyed by word alone must be cleared when its vocabulary differs)."""
    token = _IN_USE.set(lexicon)
    try:
        yield
    finally:
        _IN_USE.reset(token)


@lru_cache(maxsize=1)
def _shipped_lexicon() -> Lexicon:
    return compile_lexicon(*lexicon_data())


def compile_lexicon(lex: dict[str, Any], lang: dict[str, Any]) -> Lexicon:
    """Compile lexicon and language-cue data into the indexes grading reads."""
    if lex.get("version") is None:
        raise GradingError("lexicon.toml has no version")
    ids, patterns = _compile_terms(lex)
    citations, remedy_for = _compile_citations(lex)
    every_cue = _every_cue(lang)
    cue_words = {word for cue in every_cue for word in cue.words}
    cues = _by_first_word(every_cue)
    detect = {code: frozenset(_folded_words(lang[code]["detect"])) for code in LANGUAGES}
    no_fuzzy = _never_corrected(lang, cue_words, detect)
    vocab = _vocabulary(patterns)
    targets = _fuzzy_targets(patterns, cue_words)
    cue_index = {code: _cue_index(cues, code, lang[code]) for code in LANGUAGES}
    unsure = _unsure_cues(lang)
    return Lexicon(
        version=str(lex["version"]),
        ids=ids,
        citations=citations,
        remedy_for=remedy_for,
        section_ids=_compile_sections(lex, citations),
        vocab=vocab,
        fuzzy_keys=_fuzzy_keys(targets),
        no_fuzzy=frozenset(no_fuzzy - vocab),
        cues=cue_index,
        hedges={code: _of_kind(index, "hedge") for code, index in cue_index.items()},
        unsure={code: _cue_index(unsure, code, lang[code]) for code in LANGUAGES},
        hints=_compile_hints(lex),
        deny=frozenset(_folded_words(w for c in LANGUAGES for w in lang[c]["deny"])),
        affirm=frozenset(_folded_words(w for c in LANGUAGES for w in lang[c]["affirm"])),
        none_words=_all_words(lang, "none_word"),
        nothing=_all_words(lang, "nothing"),
        copula=_all_words(lang, "copula"),
        joins=_all_words(lang, "joins"),
        gap_stop=_all_words(lang, "gap_stop"),
        gap_stop_own={
            code: frozenset(_folded_words(lang[code].get("gap_stop_own", []))) for code in LANGUAGES
        },
        or_words=_all_words(lang, "alternative"),
        whether_verbs=_all_words(lang, "whether_verbs"),
        participles=_all_words(lang, "participles"),
        chooser_verbs=_chooser_verbs(lang),
        not_names=_all_words(lang, "not_names"),
        named_ruling_verbs=_all_words(lang, "named_ruling_verbs"),
        name_articles=_all_words(lang, "name_articles"),
        attribution=_all_words(lang, "attribution"),
        section_procedure={
            inf: frozenset(remedies) for inf, remedies in lex.get("section_procedure", {}).items()
        },
        detect=detect,
        detect_any=frozenset().union(*detect.values()),
        filler=_all_words(lang, "filler"),
        default_language=str(lang["default_language"]),
        patterns=tuple(patterns),
        denials=_all_words(lang, "deny") | _all_words(lang, "gap_stop"),
        nothing_beside=_all_words(lang, "nothing_beside"),
        between=_all_words(lang, "between"),
        between_and=_all_words(lang, "between_and"),
        trailing_off={
            code: frozenset(_folded_words(lang[code].get("trailing_off", []))) for code in LANGUAGES
        },
    )


def _every_cue(lang: dict[str, Any]) -> list[Cue]:
    """Every cue phrase of every language, of the kinds the reading scopes."""
    return [
        cue
        for code in LANGUAGES
        for kind in _CUE_KINDS
        for cue in _phrase_cues(lang[code].get(kind, []), kind, code)
    ]


def _unsure_cues(lang: dict[str, Any]) -> dict[str, list[Cue]]:
    """Every language's words of doubt about a ruling, by first word."""
    return _by_first_word(
        cue
        for code in LANGUAGES
        for cue in _phrase_cues(lang[code].get("unsure", []), "unsure", code)
    )


def _never_corrected(
    lang: dict[str, Any], cue_words: set[str], detect: dict[str, frozenset[str]]
) -> set[str]:
    """The words never read as a typo of another: cue words, protected words and the
    words that tell a language apart."""
    no_fuzzy = set(cue_words)
    for code in LANGUAGES:
        no_fuzzy.update(_folded_words(lang[code]["protected"]))
        no_fuzzy.update(detect[code])
    return no_fuzzy


def _vocabulary(patterns: list[Pattern]) -> frozenset[str]:
    """Every word of the terms' phrases, misspellings aside."""
    return frozenset(
        w for p in patterns if p.kind != "misspellings" for el in p.elements for w in el.alts
    )


def _fuzzy_targets(patterns: list[Pattern], cue_words: set[str]) -> set[str]:
    """The words a typo may be corrected to: long enough words of the terms' phrases that
    are no abbreviation, misspelling or cue word."""
    return {
        w
        for p in patterns
        if p.kind not in ("abbreviations", "misspellings")
        for el in p.elements
        for w in el.alts
        if len(w) >= _FUZZY_MIN and w.isalpha() and w not in cue_words
    }


def _chooser_verbs(lang: dict[str, Any]) -> dict[str, str]:
    """Each choosing verb, with the opponent word of its language."""
    return {
        verb: str(lang[code]["opponent_word"])
        for code in LANGUAGES
        for verb in _folded_words(lang[code].get("chooser_verbs", []))
    }


def _phrase_cues(phrases: Iterable[str], kind: str, code: str) -> Iterable[Cue]:
    """The cues of a list of phrases, folded (a phrase folding to nothing is dropped)."""
    for phrase in phrases:
        words = tuple(fold_phrase(phrase))
        if words:
            yield Cue(words, kind, code)


def _by_first_word(cues: Iterable[Cue]) -> dict[str, list[Cue]]:
    index: dict[str, list[Cue]] = {}
    for cue in cues:
        index.setdefault(cue.words[0], []).append(cue)
    return index


def _compile_hints(lex: dict[str, Any]) -> dict[str, dict[str, dict[str, tuple[Cue, ...]]]]:
    """Each part's hint phrases by language and first word (a hint's kind is its id)."""
    hints: dict[str, dict[str, dict[str, tuple[Cue, ...]]]] = {}
    for part in PARTS:
        for code in LANGUAGES:
            index = _by_first_word(
                cue
                for ident, entry in lex[part].items()
                for cue in _phrase_cues(entry.get(code, {}).get("hints", []), ident, code)
            )
            if index:
                hints.setdefault(part, {})[code] = {w: tuple(c) for w, c in index.items()}
    return hints


def _cue_index(
    cues: dict[str, list[Cue]], code: str, table: dict[str, Any]
) -> dict[str, tuple[Cue, ...]]:
    """Cues usable in one language: its own, and other languages' less its false friends."""
    skip = set(_folded_words(table.get("foreign_cues_ignored", [])))
    index: dict[str, tuple[Cue, ...]] = {}
    for first, found in cues.items():
        kept = [c for c in found if c.lang == code or first not in skip]
        if kept:
            index[first] = tuple(sorted(kept, key=lambda c: -len(c.words)))
    return index


def _of_kind(index: dict[str, tuple[Cue, ...]], kind: str) -> dict[str, tuple[Cue, ...]]:
    found = {first: tuple(c for c in cues if c.kind == kind) for first, cues in index.items()}
    return {first: cues for first, cues in found.items() if cues}


def _all_words(lang: dict[str, Any], key: str) -> frozenset[str]:
    """The one-word entries of a cue list, over every language."""
    return frozenset(_folded_words(w for code in LANGUAGES for w in lang[code].get(key, [])))


def _folded_words(items: Iterable[str]) -> list[str]:
    out: list[str] = []
    for item in items:
        words = fold_phrase(item)
        if len(words) == 1:
            out.append(words[0])
    return out


def _compile_terms(lex: dict[str, Any]) -> tuple[dict[str, dict[str, IdInfo]], list[Pattern]]:
    ids: dict[str, dict[str, IdInfo]] = {}
    patterns: list[Pattern] = []
    for part in PARTS:
        ids[part] = {}
        for ident, entry in lex[part].items():
            ids[part][ident] = _id_info(entry)
            patterns.extend(_entry_patterns(part, ident, entry))
        for code in LANGUAGES:
            for noun in lex["generic"][part].get(code, []):
                patterns.append(_pattern(part, GENERIC, "generic", code, noun))
    patterns = _shared_phrases_unattributed(patterns)
    for part in PARTS:  # neighbours and alike are symmetric: declared once, read both ways
        _mirror_symmetric(ids[part])
    for part in PARTS:
        for ident, info in ids[part].items():
            _check_named_ids(ids, part, ident, info)
    return ids, patterns


def _id_info(entry: dict[str, Any]) -> IdInfo:
    """One id's entry of lexicon.toml, less its phrases."""
    return IdInfo(
        games=tuple(entry["games"]),
        only_in_games=bool(entry.get("only_in_games", False)),
        yields_to=frozenset(entry.get("yields_to", [])),
        satisfies=frozenset(entry.get("satisfies", [])),
        reported_as=str(entry.get("reported_as", "")),
        reported_in=tuple((str(g), str(i)) for g, i in entry.get("reported_in", {}).items()),
        implies_infraction=str(entry.get("implies_infraction", "")),
        implies_remedy=str(entry.get("implies_remedy", "")),
        alike=frozenset(entry.get("alike", [])),
        neighbours=frozenset(entry.get("neighbours", [])),
        then_within=frozenset(entry.get("then_within", [])),
        yields_when_offered=bool(entry.get("yields_when_offered", True)),
        marks=frozenset(entry.get("marks", [])),
        counterparts=frozenset(entry.get("counterparts", [])),
        ambiguous=tuple(
            (tuple(fold_phrase(phrase)), str(other))
            for other, phrases in entry.get("ambiguous", {}).items()
            for phrase in phrases
        ),
        record_upgrade=tuple(
            (tuple(fold_phrase(phrase)), str(other))
            for other, phrases in entry.get("record_upgrade", {}).items()
            for phrase in phrases
        ),
        record_sections=tuple(fold(str(s)) for s in entry.get("record_sections", [])),
    )


def _entry_patterns(part: str, ident: str, entry: dict[str, Any]) -> list[Pattern]:
    """One id's phrases: abbreviations, then each language's names, paraphrases,
    misspellings and descriptions."""
    patterns = [
        _pattern(part, ident, "abbreviations", "", a) for a in entry.get("abbreviations", [])
    ]
    patterns += [
        _pattern(part, ident, "capitals", "", a) for a in entry.get("capital_abbreviations", [])
    ]
    for code in LANGUAGES:
        for kind in ("names", "paraphrases", "misspellings", "descriptions"):
            for phrase in entry.get(code, {}).get(kind, []):
                patterns.append(_pattern(part, ident, kind, code, phrase))
    return patterns


def _mirror_symmetric(table: dict[str, IdInfo]) -> None:
    """Neighbours and alike ids, declared once, read both ways."""
    for ident, info in list(table.items()):
        for other in info.neighbours & table.keys():
            mirror = table[other]
            table[other] = replace(mirror, neighbours=mirror.neighbours | {ident})
        for other in info.alike & table.keys():
            mirror = table[other]
            table[other] = replace(mirror, alike=mirror.alike | {ident})


def _check_named_ids(
    ids: dict[str, dict[str, IdInfo]], part: str, ident: str, info: IdInfo
) -> None:
    """Every id an entry names (yields to, satisfies, implies, ...) is in the lexicon."""
    named = info.yields_to | info.satisfies | info.alike | info.neighbours
    named |= info.then_within
    named |= {i for _, i in info.reported_in}
    named |= {i for _, i in info.ambiguous}
    unknown = named - ids[part].keys()
    if unknown:
        raise GradingError(f"lexicon: {part}.{ident} names unknown ids {unknown}")
    for other, implied in (
        ("infraction", info.implies_infraction),
        ("remedy", info.implies_remedy),
    ):
        if implied and implied not in ids[other]:
            raise GradingError(f"lexicon: {part}.{ident} implies an unknown {other}")
    if info.internal and info.reported_as not in ids[part]:
        raise GradingError(f"lexicon: internal {part}.{ident} needs reported_as")


def _shared_phrases_unattributed(patterns: list[Pattern]) -> list[Pattern]:
    """A phrase written alike in two languages ("advertencia", "oponente decide") says
    nothing about the answer's language: it keeps no language, so that it does not weigh
    in detecting it."""
    langs: dict[tuple[Element, ...], set[str]] = {}
    for p in patterns:
        if p.lang:
            langs.setdefault(p.elements, set()).add(p.lang)
    return [replace(p, lang="") if p.lang and len(langs[p.elements]) > 1 else p for p in patterns]


def phrase_pattern(part: str, ident: str, kind: str, lang: str, phrase: str) -> Pattern:
    """One lexicon phrase compiled as `compile_lexicon` compiles it (before a phrase
    written alike in two languages loses its language)."""
    return _pattern(part, ident, kind, lang, phrase)


def _pattern(part: str, ident: str, kind: str, lang: str, phrase: str) -> Pattern:
    elements = [_element(raw) for raw in phrase.replace("-", " ").replace("/", " ").split()]
    if not elements or elements[0].gap or elements[0].optional or elements[0].cite:
        raise GradingError(f"lexicon: pattern {phrase!r} must start with a word")
    # the slot after the first word, or after a gap right after it ("game * continues")
    gap = len(elements) > 2 and elements[1].gap
    second = elements[2] if gap else elements[1] if len(elements) > 1 else None
    follows = _required_word(second)
    return Pattern(
        part,
        ident,
        kind,
        lang,
        tuple(elements),
        _KIND_CONFIDENCE[kind],
        _KIND_RANK[kind],
        follows,
        gap and follows is not None,
        all(_required_word(element) is not None for element in elements),
    )


_MARKS = {
    "*": Element(frozenset(), gap=True),
    "<cite>": Element(frozenset(), cite=True),
    "$": Element(frozenset(), end=True),
}
"""The slots a phrase writes as a mark: a gap, any citation, the clause's end."""


def _element(raw: str) -> Element:
    """One slot of a phrase: a mark, or a word ("[word]" optional, "a|b" either)."""
    mark = _MARKS.get(raw)
    if mark is not None:
        return mark
    optional = raw.startswith("[") and raw.endswith("]")
    alts = frozenset(w for alt in raw.strip("[]").split("|") for w in fold_phrase(alt)[:1])
    return Element(alts, optional=optional)


def _required_word(element: Element | None) -> frozenset[str] | None:
    """The words of a slot one of which must match it, or None where the slot is optional,
    a gap, a citation or the clause's end (or there is no slot)."""
    if element is None or element.optional or element.gap or element.cite or element.end:
        return None
    return element.alts


def _compile_citations(
    lex: dict[str, Any],
) -> tuple[dict[tuple[str, str, str], str], dict[tuple[str, str, str], str]]:
    citations: dict[tuple[str, str, str], str] = {}
    remedy_for: dict[tuple[str, str, str], str] = {}
    for game in GAMES:
        table = lex["citations"][game]
        for part in PARTS:
            for ident, section in table.get(part, {}).items():
                if isinstance(section, str):
                    citations[(game, part, ident)] = section
        for infraction, remedies in table.get("remedy", {}).get("for", {}).items():
            for ident, section in remedies.items():
                remedy_for[(game, infraction, ident)] = section
        for infraction, remedies in table.get("remedy_for", {}).items():
            for ident, section in remedies.items():
                remedy_for[(game, infraction, ident)] = section
    return citations, remedy_for


def _compile_sections(
    lex: dict[str, Any], citations: Mapping[tuple[str, str, str], str]
) -> dict[str, tuple[tuple[str, str], ...]]:
    """Map "TR 702.2" style keys to the (part, id) they name, skipping ambiguous ones."""
    named: dict[str, dict[str, set[str]]] = {}
    for (_game, part, ident), section in citations.items():
        if section and part != "penalty":
            named.setdefault(normalize_section(section), {}).setdefault(part, set()).add(ident)
    out: dict[str, list[tuple[str, str]]] = {}
    for key, parts in named.items():
        for part, idents in parts.items():
            if len(idents) == 1:
                out.setdefault(key, []).append((part, next(iter(idents))))
    for section, target in lex.get("citation_aliases", {}).items():
        part, ident = str(target).split(":", 1)
        key = normalize_section(section)
        out[key] = [pair for pair in out.get(key, []) if pair[0] != part] + [(part, ident)]
    return {key: tuple(value) for key, value in out.items()}


def normalize_section(section: str) -> str:
    """ "TR 702.2.f.2" -> "tr 702.2.f.2" (document in lower case, one space)."""
    doc, _, number = section.strip().partition(" ")
    return f"{doc.lower()} {number.strip().lower()}"


def _fuzzy_keys(targets: set[str]) -> dict[str, tuple[str, ...]]:
    keys: dict[str, set[str]] = {}
    for word in targets:
        for key in deletes(word):
            keys.setdefault(key, set()).add(word)
    return {key: tuple(sorted(words)) for key, words in keys.items()}


@lru_cache(maxsize=4)
def _game_index(lex: Lexicon, game: str) -> dict[str, Starting]:
    index: dict[str, list[Pattern]] = {}
    for pattern in lex.patterns:
        if pattern.ident:
            info = lex.ids[pattern.part][pattern.ident]
            if info.only_in_games and game not in info.games and not _marked(pattern, info):
                continue
        for word in pattern.elements[0].alts:
            index.setdefault(word, []).append(pattern)
    return {
        word: _starting(sorted(pats, key=lambda p: (-len(p.elements), -p.rank)))
        for word, pats in index.items()
    }


def _marked(pattern: Pattern, info: IdInfo) -> bool:
    """Whether a phrase holds one of its id's `marks` (words of its own procedure)."""
    return any(element.alts & info.marks for element in pattern.elements)


def _starting(ordered: list[Pattern]) -> Starting:
    anywhere: list[tuple[int, Pattern]] = []
    by_next: dict[str, list[tuple[int, Pattern]]] = {}
    for place, pattern in enumerate(ordered):
        if pattern.follows is None or pattern.follows_gap:
            anywhere.append((place, pattern))
        else:
            for word in pattern.follows:
                by_next.setdefault(word, []).append((place, pattern))
    return Starting(
        tuple(anywhere),
        tuple(pattern for _, pattern in anywhere),
        {word: tuple(pats) for word, pats in by_next.items()},
        {word: _in_place_order([*anywhere, *pats]) for word, pats in by_next.items()},
    )


def _in_place_order(placed: Sequence[tuple[int, Pattern]]) -> tuple[Pattern, ...]:
    """Phrases by their place in the order they are tried."""
    return tuple(pattern for _, pattern in sorted(placed, key=itemgetter(0)))
