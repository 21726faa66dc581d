"""Find what an answer mentions for each part, and how it mentions it.

A mention is a lexicon term or a citation found in the answer. Cue words around it say
whether the answer claims it (plain), denies it ("not a warning"), raises and rejects it
("Game Loss? No"), names it as the end of an upgrade ("upgraded to a Game Loss"), or only
considers it ("if it were advantageous, a Warning", "maybe", "otherwise").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .classify import (
    Context,
    attached_terms,
    between_options,
    choice_contents,
    classify,
    counterfactual_lists,
    denied_conditions,
    general_upgrades,
    mark_alternatives,
    or_nothing,
    resolve_generic,
)
from .errors import GradingError
from .lexicon import (
    GENERIC,
    LANGUAGES,
    Cue,
    Element,
    IdInfo,
    Lexicon,
    Pattern,
    Starting,
    load_lexicon,
)
from .mentions import CueHit, Mention
from .text import BREAK_CLAUSE, BREAK_NONE, BREAK_SENTENCE, Tokens, damerau, deletes

_GAP = 3
_CITED = "\x00"
_UNREAD_WORDS = 1
_GAP_STOP_BREAKS = (BREAK_SENTENCE, BREAK_CLAUSE)
_TIGHT_PARAPHRASE = 0.9
"""A paraphrase whose gaps skipped no word reads as firmly as an abbreviation."""
_PARAPHRASE = 0.85
_DID_WORDS = 8
"""How far after a name a colon or an arrow may introduce that player's ruling."""
_TERM_WORD = 5
"""The shortest word of a term that, unread in its clause, may state a part."""


@dataclass(slots=True)
class Analysis:
    """The tokens, mentions and detected language of one answer."""

    tokens: Tokens
    mentions: list[Mention]
    language: str
    unread: bool = False
    stated: frozenset[str] = frozenset()
    loose: tuple[int, ...] = ()
    sentence: tuple[int, ...] = ()
    odd: bool = False
    """Some short word (2-3 letters) is neither a term, a cue nor a known word ("Adv")."""
    clause: tuple[int, ...] = ()
    """The clause of each token (commas, colons and brackets end clauses; so do sentences)."""
    hedged_clauses: frozenset[int] = frozenset()
    """The clauses holding a hedge ("not sure", "não sei bem", "no sé si"), wherever it
    stands in them."""
    unsure_sentences: frozenset[int] = frozenset()
    """The sentences where the candidate says it does not know or cannot decide ("Fix:
    either the score gets corrected or we carry on, I'm not sure which")."""
    hinted: frozenset[tuple[str, str]] = frozenset()
    """(part, id) pairs the answer hints at outside any term (`Lexicon.hints`): "the HJ
    does it" hints at Riftbound's rewind beyond the last action."""
    corrections: tuple[int, ...] = ()
    """Where the answer corrects itself ("actually no", "na verdade", "mejor dicho"): the
    first token of each self-correction cue."""
    picks: tuple[tuple[int, int], ...] = ()
    """Where the answer picks one of the options it laid out by their order ("the latter",
    "lo segundo"), ending its clause: (token, 0 for the first option or -1 for the last)."""


def correct_token(word: str) -> tuple[str, int]:
    """The lexicon word a token stands for, allowing a typo, and the edit distance.

    A word longer than every lexicon word by more than the largest edit distance (2) can be
    none of them: it is returned as it is, without the deletions search (quadratic in its
    length) and without a place in the cache (long words would fill it)."""
    if len(word) > _longest_target() + 2:
        return word, 0
    return _corrected(word)


@lru_cache(maxsize=1)
def _longest_target() -> int:
    return max(len(word) for words in load_lexicon().fuzzy_keys.values() for word in words)


@lru_cache(maxsize=65536)
def _corrected(word: str) -> tuple[str, int]:
    lex = load_lexicon()
    if word in lex.vocab or word in lex.no_fuzzy or len(word) < 4 or not word.isalpha():
        return word, 0
    limit = 2 if len(word) >= 8 else 1
    best, best_dist = word, limit + 1
    for key in deletes(word):
        for candidate in lex.fuzzy_keys.get(key, ()):
            if len(word) < 5 and candidate[0] != word[0]:
                continue
            dist = damerau(word, candidate, limit)
            if dist < best_dist or (dist == best_dist and candidate < best):
                best, best_dist = candidate, dist
    return (best, best_dist) if best_dist <= limit else (word, 0)


def analyse(
    tokens: Tokens, text_tail_question: bool, game: str, lang: str | None = None
) -> Analysis:
    """Find and classify every mention in a tokenised answer.

    Cue words are read in the answer's language (`lang`, else detected), so that the
    Portuguese "no" ("in the") is not taken for the English or Spanish denial.
    """
    lex = load_lexicon()
    n = len(tokens.words)
    canon: list[str] = []
    dist: list[int] = []
    for word in tokens.words:
        fixed, d = correct_token(word)
        canon.append(fixed)
        dist.append(d)
    _named_choosers(lex, tokens, canon, dist)
    owner = [-1] * n
    mentions = _find_mentions(lex, tokens, canon, dist, owner, game)
    _section_fixes(tokens, owner, mentions, game)
    language = lang or _language(lex, tokens, mentions)
    cues = _find_cues(
        _cues_by_two_words(lex, language),
        tokens,
        owner,
        (lex.whether_verbs, lex.participles),
        lex.joins,
    )
    _check_readable(mentions, cues)
    sentence, clause = _segments(tokens)
    ctx = Context(tokens, owner, sentence, clause, cues, mentions, text_tail_question, lex)
    for index, mention in enumerate(mentions):
        classify(mention, index, ctx)
    counterfactual_lists(mentions, ctx)
    denied_conditions(mentions, ctx)
    mentions, stated = resolve_generic(mentions, tokens, owner, lex)
    mentions.extend(or_nothing(mentions, tokens, owner, lex))
    mentions.extend(between_options(mentions, tokens, owner, lex))
    general_upgrades(mentions, cues)
    mark_alternatives(mentions, cues, tokens, sentence)
    mentions = choice_contents(mentions, tokens, sentence, lex.whether_verbs)
    attached_terms(mentions, tokens)
    _cited_reasons(mentions, tokens)
    mentions = _infraction_cited_alone(mentions, tokens)
    _named_rulings(lex, tokens, owner, mentions, sentence, clause, cues)
    _others_not_at_fault(lex, tokens, owner, mentions, sentence)
    mentions = _foreign_remedies(lex, mentions, game, tokens.words)
    unread, loose = _unread_clause(lex, tokens, owner, cues, clause, sentence)
    if loose:
        # "se pone en la pila ahora o al comienzo de la próxima fase": a tight paraphrase
        # with words the lexicon did not place in its clause may be part of a longer one.
        unplaced = {clause[j] for j in loose}
        for m in mentions:
            if m.confidence == _TIGHT_PARAPHRASE and clause[m.first] in unplaced:
                m.confidence = _PARAPHRASE
    odd = _odd_short_word(lex, tokens, owner)
    return Analysis(
        tokens,
        mentions,
        language,
        unread,
        frozenset(stated),
        loose,
        tuple(sentence),
        odd,
        tuple(clause),
        _holding(lex.hedges[language], tokens, owner, clause, lex.participles),
        _holding(lex.unsure[language], tokens, owner, sentence),
        frozenset(
            (part, cue.kind)
            for part, by_language in lex.hints.items()
            for _, cue in _phrase_hits(by_language.get(language, {}), tokens, owner, names=True)
        ),
        _corrections(cues, tokens, lex.trailing_off.get(language, frozenset())),
        _picks(cues, tokens),
    )


def _corrections(cues: list[CueHit], toks: Tokens, retractions: frozenset[str]) -> tuple[int, ...]:
    """Where the answer corrects itself: each self-correction cue, and a bare retraction
    that follows an ellipsis and ends its clause ("fix the score... no, a whole round has
    gone by": the trailing off is the hesitation the cue words would otherwise say)."""
    found = {c.first for c in cues if c.kind == "self_correction"}
    n = len(toks.words)
    found.update(
        i
        for i in range(1, n)
        if toks.words[i] in retractions
        and (i + 1 == n or toks.breaks[i + 1] != BREAK_NONE)
        and toks.source[toks.ends[i - 1] : toks.starts[i]].rstrip().endswith(_ELLIPSES)
    )
    return tuple(sorted(found))


_ELLIPSES = ("...", "\u2026")


def _picks(cues: list[CueHit], toks: Tokens) -> tuple[tuple[int, int], ...]:
    """The ordinal choices ("the latter", "o primeiro") that end their clause: "a segunda
    Advertência" names a record, not an option."""
    n = len(toks.words)
    return tuple(
        (c.first, 0 if c.kind == "pick_former" else -1)
        for c in cues
        if c.kind in ("pick_former", "pick_latter") and (c.last >= n or toks.breaks[c.last])
    )


def _foreign_remedies(
    lex: Lexicon, mentions: list[Mention], game: str, words: list[str]
) -> list[Mention]:
    """ "Priya gets to choose: put it on the stack or at the bottom" in Riftbound: a remedy
    of the other game, read from words of its own procedure (`IdInfo.marks`) and plainly
    claimed (not only offered as an option), is what the answer commits to; the generic
    words ("Priya gets to choose") that this game reads as its own counterpart
    (`IdInfo.counterparts`) give way to it. The counterpart named in its own words
    ("resolves now or is missed") stays."""
    table = lex.ids["remedy"]
    foreign = {
        m.ident
        for m in mentions
        if m.part == "remedy"
        and m.live
        and not m.alternative
        and m.ident in table
        and _foreign(table[m.ident], game)
    }
    if not foreign:
        return mentions
    yielding = set().union(*(table[i].counterparts for i in foreign))
    return [
        m
        for m in mentions
        if not (
            m.part == "remedy"
            and m.ident in yielding
            and table[m.ident].marks.isdisjoint(words[m.first : m.last])
        )
    ]


def _foreign(info: IdInfo, game: str) -> bool:
    return info.only_in_games and bool(info.marks) and game not in info.games


MAX_TERMS = 48
MAX_CUES = 96
"""The most terms (infractions, penalties, remedies, citations) and cue words ("not", "maybe",
"if", "so", ...) one answer may hold. Reading weighs every term against every cue, so its
time grows with their product: past these, an answer is refused (GradingError) rather than
read. The longest of the 21,991 labelled answers (devset and blind batches) held 13 terms and
28 cues; a run of "warning maybe " to 5,000 characters held 340 of each and took 2.5 s."""


def _check_readable(mentions: list[Mention], cues: list[CueHit]) -> None:
    if len(mentions) > MAX_TERMS or len(cues) > MAX_CUES:
        raise GradingError(
            f"the answer holds {len(mentions)} terms and {len(cues)} cue words; at most "
            f"{MAX_TERMS} terms and {MAX_CUES} cue words can be graded: state the ruling in "
            "fewer words"
        )


_ATTRIBUTION_REACH = 4
"""Tokens after an infraction where "for <name>" may give it to a player ("FtMGS
(Warning) for Ana")."""


def _named_rulings(
    lex: Lexicon,
    toks: Tokens,
    owner: list[int],
    mentions: list[Mention],
    sentence: list[int],
    clause: list[int],
    cues: list[CueHit],
) -> None:
    """ "FtMGS, no penalty ... Inês gets a Warning for FtMGS.": another player's ruling.

    A sentence or clause after the answer's first infraction that opens with a capitalised
    name followed by a colon, a word giving that player a ruling (`named_ruling_verbs`:
    "gets", "also", "leva", "recibe") or straight by a term, or by what the player did and
    then a colon or an arrow ("Inês saw it and said nothing: FtMGS"), and that names an
    infraction the rest of the answer does not, is that player's ruling: from the name to
    the end of its sentence, its infraction and penalty are set aside like another
    player's ("other player Kai: ...").
    """
    infractions = [m for m in mentions if m.part == "infraction" and not (m.aside or m.described)]
    if len(infractions) < 2:
        return
    first_end = _first_claimed_end(infractions)
    in_reason = _in_reasons(toks, clause, cues)
    units = [
        (i, sentence[i])
        for i in range(first_end, len(toks.words) - 1)
        if i not in in_reason
        and _opens_named_ruling(lex, toks, owner, mentions, sentence, clause, i)
    ]
    units += _attributed(lex, toks, owner, infractions, sentence)
    units = _naming_an_infraction(units, infractions, sentence)
    if units:
        _set_named_aside(mentions, infractions, units, sentence)


def _first_claimed_end(infractions: list[Mention]) -> int:
    """Where the answer's first infraction ends: one it claims, not one it denies ("No es
    disparo olvidado, Marcos lo anunció: es GRV" gives no ruling to Marcos)."""
    claimed = [m for m in infractions if not (m.negated or m.rejected)] or infractions
    return min(claimed, key=lambda m: m.first).last


def _naming_an_infraction(
    units: list[tuple[int, int]], infractions: list[Mention], sentence: list[int]
) -> list[tuple[int, int]]:
    """The players' rulings that name an infraction ("pra Lucía - Advertência" gives no
    other ruling)."""
    return [
        (i, s) for i, s in units if any(m.first > i and sentence[m.first] == s for m in infractions)
    ]


def _in_reasons(toks: Tokens, clause: list[int], cues: list[CueHit]) -> set[int]:
    """The tokens after a reason cue in its clause.

    "Esto no es HDO, porque Dolores sí anunció la habilidad: es VRJ": a name inside a
    reason says why, it opens no other player's ruling.
    """
    return {
        j
        for cue in cues
        if cue.kind == "reason"
        for j in range(cue.last, len(toks.words))
        if clause[j] == clause[cue.first]
    }


def _opens_named_ruling(
    lex: Lexicon,
    toks: Tokens,
    owner: list[int],
    mentions: list[Mention],
    sentence: list[int],
    clause: list[int],
    i: int,
) -> bool:
    """Token i is a capitalised name opening a clause that gives that player a ruling."""
    if not _opens_named(toks, clause, i, lex) or not _capitalised_name(lex, toks, owner, i):
        return False
    after = _past_relative_clause(toks, clause, sentence, i + 1)
    return (
        _after_colon(toks, after)
        or toks.words[after] in lex.named_ruling_verbs
        or owner[after] >= 0
        or _did_then_ruling(toks, owner, mentions, sentence, i)
    )


def _set_named_aside(
    mentions: list[Mention],
    infractions: list[Mention],
    units: list[tuple[int, int]],
    sentence: list[int],
) -> None:
    """Set aside what the named players' rulings say, when their infractions are not the
    answer's own ones."""

    def named(m: Mention) -> bool:
        return any(m.first > i and sentence[m.first] == s for i, s in units)

    inside = {m.ident for m in infractions if named(m)}
    outside = {m.ident for m in infractions if not named(m)}
    if not outside or inside & outside:
        return
    for m in mentions:
        if m.part != "remedy" and named(m):
            m.aside = True


def _others_not_at_fault(
    lex: Lexicon, toks: Tokens, owner: list[int], mentions: list[Mention], sentence: list[int]
) -> None:
    """ "Missed Trigger for Mateo, Warning. ... Sanne herself did nothing wrong", "Que Joaquim
    lo viera y callara no es infracción", "No penalty for Sanne, it's not her trigger": after
    the answer claims an infraction, a later sentence that clears another named player of
    any infraction (or penalty) speaks of that player, not of the ruling asked for. A
    sentence clearing a player counts when it names someone, and, for a penalty, someone
    the infraction's sentence does not name."""
    claimed = [m for m in mentions if _claims_infraction(m)]
    if not claimed:
        return
    first = min(claimed, key=lambda m: m.first)
    named_there = _names_in(lex, toks, owner, sentence, sentence[first.first])
    for m in mentions:
        if m.ident not in (_NO_INFRACTION, _NO_PENALTY) or m.aside or m.first <= first.last:
            continue
        if sentence[m.first] == sentence[first.first]:
            continue
        if m.ident == _NO_INFRACTION:
            m.aside = bool(_names_in(lex, toks, owner, sentence, sentence[m.first]))
            continue
        player = _player_after(lex, toks, owner, m.last)  # "No penalty for Sanne"
        if player is not None and named_there and player not in named_there:
            m.aside = True


def _claims_infraction(m: Mention) -> bool:
    """The mention claims an infraction as the answer's own ruling."""
    return (
        m.part == "infraction"
        and m.ident != _NO_INFRACTION
        and not (m.negated or m.rejected or m.aside or m.hypothetical or m.described)
        and not (m.reason or m.cited or m.counted)
    )


_NO_INFRACTION = "no_infraction"
_NO_PENALTY = "no_penalty"


def _names_in(
    lex: Lexicon, toks: Tokens, owner: list[int], sentence: list[int], which: int
) -> frozenset[str]:
    """The players' names (capitalised words that are no term, cue or common word) in one
    sentence."""
    return frozenset(
        toks.words[i]
        for i in range(len(toks.words))
        if sentence[i] == which
        and _capitalised_name(lex, toks, owner, i)
        and not toks.source[toks.starts[i] : toks.ends[i]].isupper()  # "NI", "GL"
    )


def _capitalised_name(lex: Lexicon, toks: Tokens, owner: list[int], i: int) -> bool:
    """Whether token i may be a player's name: a capitalised word outside every term that is
    no lexicon word, role, cue ("Prior Warnings: 2+1+1") or common word of a language."""
    word = toks.words[i]
    if owner[i] >= 0 or not word.isalpha() or not toks.source[toks.starts[i]].isupper():
        return False
    return not (
        word in lex.vocab
        or word in lex.not_names
        or any(word in cues for cues in lex.cues.values())
        or word in lex.detect_any
    )


def _attributed(
    lex: Lexicon,
    toks: Tokens,
    owner: list[int],
    infractions: list[Mention],
    sentence: list[int],
) -> list[tuple[int, int]]:
    """ "GRV for Sofia and FtMGS for Ana", "VRJ pro Hugo, Advertência, e FtMGS pro Caio":
    when the answer's first infraction is given to a named player, a later infraction given
    to another named player is that player's ruling (from just before it to the end of its
    sentence)."""
    ordered = sorted(infractions, key=lambda m: m.first)
    first = _player_after(lex, toks, owner, ordered[0].last)
    if first is None:
        return []
    units: list[tuple[int, int]] = []
    for m in ordered[1:]:
        player = _player_after(lex, toks, owner, m.last)
        if player is not None and player != first and m.ident != ordered[0].ident:
            units.append((m.first - 1, sentence[m.first]))
    return units


def _player_after(lex: Lexicon, toks: Tokens, owner: list[int], j: int) -> str | None:
    """The capitalised name right after an attribution word at token j ("for Sofia", "pro
    o Hugo"), a penalty or a bracket allowed between the term and the word."""
    words, n = toks.words, len(toks.words)
    for k in range(j, min(j + _ATTRIBUTION_REACH, n)):
        if words[k] not in lex.attribution or owner[k] >= 0:
            continue
        name = k + 1
        if name < n and words[name] in lex.name_articles:
            name += 1
        if (
            name < n
            and owner[name] < 0
            and words[name].isalpha()
            and toks.source[toks.starts[name]].isupper()
            and words[name] not in lex.vocab
            and words[name] not in lex.not_names
        ):
            return words[name]
        return None
    return None


_RELATIVE = frozenset({"who", "which", "que", "quien", "quem"})
"""Words opening a relative clause after a name ("A Odile, que viu e ficou quieta, leva")."""
_POINTERS = frozenset(
    {"that's", "thats", "that", "this", "isso", "isto", "eso", "esto", "so", "entao", "asi"}
)
"""Words pointing back at what a player did ("Rafael watched and said nothing, that's
FtMGS")."""


def _past_relative_clause(toks: Tokens, clause: list[int], sentence: list[int], j: int) -> int:
    """The token after a relative clause opening at token j ("Marcos, que no lo notó, se
    lleva FtMGS"), or j itself when none opens there."""
    n = len(toks.words)
    if j >= n or toks.words[j] not in _RELATIVE or clause[j] == clause[j - 1]:
        return min(j, n - 1)
    k = j
    while k + 1 < n and clause[k + 1] == clause[j] and sentence[k + 1] == sentence[j]:
        k += 1
    return min(k + 1, n - 1) if sentence[min(k + 1, n - 1)] == sentence[j] else j


def _opens_named(toks: Tokens, clause: list[int], i: int, lex: Lexicon) -> bool:
    """Token i opens its clause, or only an article, a conjunction or an attribution word
    stands before it there ("A Sanne leva Advertência por FtMGS", "..., e Ígor leva FtMGS",
    "Para Lucía, que lo vio y se calló: FMEJ")."""
    if i == 0 or clause[i - 1] != clause[i]:
        return True
    return toks.words[i - 1] in _before_names(lex) and (i == 1 or clause[i - 2] != clause[i])


@lru_cache(maxsize=4)
def _before_names(lex: Lexicon) -> frozenset[str]:
    """The words that may stand before a name opening a player's ruling: an article, a
    conjunction or an attribution word."""
    return lex.name_articles | lex.joins | lex.attribution


def _did_then_ruling(
    toks: Tokens, owner: list[int], mentions: list[Mention], sentence: list[int], i: int
) -> bool:
    """ "Inês saw it and said nothing: FtMGS", "Lena viu e ficou calada → FMEJ": after a
    name, a few words with no term, then a colon or an arrow before the first term."""
    for j in range(i + 1, min(i + _DID_WORDS, len(toks.words))):
        if sentence[j] != sentence[i]:
            return False
        if toks.arrow[j] or _after_colon(toks, j):
            return True
        if toks.words[j] in _POINTERS and j > i + 2 and toks.breaks[j]:
            return True  # "Rafael watched and said nothing, that's FtMGS"
        if owner[j] >= 0 and any(
            m.first <= j < m.last and m.part != "infraction" for m in mentions
        ):
            return False  # "Lena viu e ficou calada →": what she did may name it
    return False


def _odd_short_word(lex: Lexicon, toks: Tokens, owner: list[int]) -> bool:
    """Whether a 2-3 letter word outside every term is unknown to the lexicon and cues.

    Abbreviations the lexicon lacks ("Adv" for advertência) are too short to count as
    unread content words, yet may state a part.
    """
    for i, word in enumerate(toks.words):
        if owner[i] >= 0 or not 2 <= len(word) <= 3 or not word.isalpha():
            continue
        if word in lex.vocab or word in lex.no_fuzzy or word in lex.filler:
            continue
        if word not in lex.detect_any:
            return True
    return False


def _named_choosers(lex: Lexicon, toks: Tokens, canon: list[str], dist: list[int]) -> None:
    """ "Dolores chooses whether ...": a capitalised name choosing stands for the opponent.

    The remedies say who chooses ("the opponent"); answers, like question keys, often name
    the player instead. A capitalised word that is no term, pronoun or role, right before a
    choosing verb ("chooses", "decides", "escolhe", "elige", "may", "pode"), is read as the
    opponent word of the verb's language. A name is no typo: "Tomás" is not a
    misspelt "tomar", so the phrase it joins is read as firmly as "the opponent chooses".
    """
    words, source, starts = toks.words, toks.source, toks.starts
    n = len(words)
    for i in range(n - 1):
        if not source[starts[i]].isupper():
            continue
        word = words[i]
        if not word.isalpha() or word in lex.not_names or word in lex.vocab:
            continue
        verb = i + 1
        if toks.breaks[verb] != BREAK_NONE:
            # "Sofia (next in turn order) picks": the verb follows a short aside
            verb = _after_aside(toks, i)
            if verb < 0:
                continue
        if words[verb] in lex.chooser_verbs:
            # the word right before the verb speaks for the name ("opponent picks")
            canon[verb - 1] = lex.chooser_verbs[words[verb]]
            dist[i] = dist[verb - 1] = 0


def _after_aside(toks: Tokens, i: int) -> int:
    """The token after a bracketed or comma-framed aside right after token i, or -1."""
    source, end = toks.source, toks.ends[i]
    opener = source[end : end + 3].lstrip()[:1]
    closer = {"(": ")", ",": ",", "[": "]"}.get(opener)
    if closer is None:
        return -1
    for j in range(i + 2, min(i + 8, len(toks.words))):
        gap = source[toks.ends[j - 1] : toks.starts[j]]
        if closer in gap:
            return j
        if toks.breaks[j] == BREAK_SENTENCE:
            return -1
    return -1


def _find_mentions(
    lex: Lexicon,
    toks: Tokens,
    canon: list[str],
    dist: list[int],
    owner: list[int],
    game: str,
) -> list[Mention]:
    index = lex.index_for(game)
    words = _Words(canon, toks.words, toks.breaks, lex.gap_stop, _gap_stops(lex))
    mentions: list[Mention] = []
    citing = {j for j in toks.citations if canon[j].startswith(_CITED)}
    resume = 0  # the first token not yet inside a phrase read
    for i in _phrase_starts(index, toks, canon, citing):
        if i < resume:
            continue
        if i in citing:
            found = _citation_mentions(lex, toks, i, game)
            mentions.extend(found)
            if found:
                owner[i] = len(mentions) - 1
            resume = i + 1
            continue
        starting = index.get(canon[i])
        typed = index.get(toks.words[i]) if canon[i] != toks.words[i] else None
        if starting is None and typed is None:
            continue
        candidates = _candidates(starting, typed, toks, canon, i)
        best, best_end = _best_pattern(lex, toks, canon, words, candidates, i)
        if best is None or (best.kind == "descriptions" and _after_before(toks, i)):
            resume = i + 1  # "reconheceu a habilidade antes de seguir": a time, not the fix
            continue
        _add_mention(lex, toks, canon, dist, owner, game, mentions, best, i, best_end)
        # A description ("se le olvidó") leaves its words to a named phrase starting
        # inside it ("olvidó anotar el punto"): a named id wins over it anyway.
        resume = i + 1 if best.kind == "descriptions" else best_end
    return mentions


def _phrase_starts(
    index: Mapping[str, Starting], toks: Tokens, canon: list[str], citing: set[int]
) -> list[int]:
    """The tokens that may start a phrase or cite a section, in order.

    Most words start no phrase: only these are visited.
    """
    starts = [j for j, word in enumerate(canon) if word in index]
    if canon != toks.words:  # a typo corrected: the word as typed may start a phrase too
        starts = [j for j, word in enumerate(toks.words) if word in index or canon[j] in index]
    if citing:
        starts = sorted({*starts, *citing})
    return starts


def _candidates(
    starting: Starting | None, typed: Starting | None, toks: Tokens, canon: list[str], i: int
) -> Sequence[Pattern]:
    """The patterns worth trying at token i, by its word as read and as typed."""
    n = len(canon)
    after, raw_after = (canon[i + 1], toks.words[i + 1]) if i + 1 < n else ("", "")
    candidates = starting.tried(after, raw_after) if starting is not None else ()
    if typed is not None:
        candidates = [*candidates, *typed.tried(after, raw_after)]
    return candidates


def _best_pattern(
    lex: Lexicon,
    toks: Tokens,
    canon: list[str],
    words: _Words,
    candidates: Sequence[Pattern],
    i: int,
) -> tuple[Pattern | None, int]:
    """The candidate reaching furthest from token i (the higher rank on a tie), and its end."""
    n = len(canon)
    best: Pattern | None = None
    best_end = -1
    cut = _denial_cut(lex, toks, i)
    for pattern in candidates:
        # a cheap test first, as `tried` did for the next word
        if pattern.follows_gap and _beyond_gap_reach(pattern, toks, canon, i):
            continue
        if pattern.kind == "capitals" and not _in_capitals(toks, i):
            continue  # "DE" is the Portuguese missed trigger; "de" is "of"
        if not pattern.fixed:
            end = _match(pattern, words, i + 1, 1, n)
        elif len(pattern.elements) == 1:
            end = i + 1  # one word, already read
        else:
            end = _match_fixed(pattern.elements, words, i + 1, n)
        if cut and end > i + 1:
            continue
        if end > best_end or (end == best_end and best and pattern.rank > best.rank):
            best, best_end = pattern, end
    return best, best_end


def _denial_cut(lex: Lexicon, toks: Tokens, i: int) -> bool:
    """Token i is a denial followed by a break, so no phrase reads past it.

    "É erro geral? Não, tem infração": a denial answering a question is no part of the
    phrase after the comma ("não tem infração").
    """
    n = len(toks.words)
    return i + 1 < n and toks.breaks[i + 1] != BREAK_NONE and toks.words[i] in lex.denials


def _in_capitals(toks: Tokens, i: int) -> bool:
    """Token i is typed in capitals, and not as part of a shouted stretch."""
    return toks.source[toks.starts[i] : toks.ends[i]].isupper() and not _shouted(toks, i)


def _beyond_gap_reach(pattern: Pattern, toks: Tokens, canon: list[str], i: int) -> bool:
    """The word a phrase needs after its gap is none of the words the gap after token i
    may reach."""
    if pattern.follows is None:
        return False
    reach = set(canon[i + 1 : i + 2 + _GAP])
    reach.update(toks.words[i + 1 : i + 2 + _GAP])
    return pattern.follows.isdisjoint(reach)


def _add_mention(
    lex: Lexicon,
    toks: Tokens,
    canon: list[str],
    dist: list[int],
    owner: list[int],
    game: str,
    mentions: list[Mention],
    best: Pattern,
    i: int,
    best_end: int,
) -> None:
    """Record the phrase read from token i to best_end, and the sections cited inside it."""
    typo = max(dist[i:best_end])
    conf = best.confidence - 0.1 * typo
    if best.kind == "paraphrases" and not typo and _tight(best, canon, i, best_end):
        conf = _TIGHT_PARAPHRASE  # "we back up": every word is the phrase's own
    mentions.append(
        Mention(
            best.part,
            best.ident,
            i,
            best_end,
            conf,
            "" if typo else best.lang,
            typo=typo > 0,
            described=best.kind == "descriptions",
        )
    )
    me = len(mentions) - 1
    for j in range(i, best_end):
        owner[j] = me
        if canon[j].startswith(_CITED):
            # "remedy per 702.2.f.2": the section says which id of the phrase's part;
            # the citation still names its other parts.
            for cited in _citation_mentions(lex, toks, j, game):
                if cited.part == best.part:
                    mentions[me].ident = cited.ident
                else:
                    mentions.append(cited)


@lru_cache(maxsize=4)
def _gap_stops(lex: Lexicon) -> Mapping[str, frozenset[str]]:
    """Per phrase language: every word its gaps never skip (shared and its own)."""
    return {code: lex.gap_stop | own for code, own in lex.gap_stop_own.items()}


def _tight(pattern: Pattern, canon: list[str], first: int, last: int) -> bool:
    """Whether every token of a match is one of the phrase's own words (no gap was used)."""
    words: set[str] = set()
    for element in pattern.elements:
        words.update(element.alts)
    return all(canon[j] in words for j in range(first, last))


@dataclass(frozen=True, slots=True)
class _Words:
    """The token views a phrase is matched against."""

    canon: list[str]
    raw: list[str]
    breaks: list[int]
    stop: frozenset[str]
    stop_own: Mapping[str, frozenset[str]]


def _match(pattern: Pattern, w: _Words, pos: int, k: int, n: int) -> int:
    """End of the phrase matched from token `pos` (element `k` on), or -1."""
    canon, raw, breaks = w.canon, w.raw, w.breaks
    elements = pattern.elements
    if k == len(elements):
        return pos
    element = elements[k]
    if element.gap:
        return _match_gap(pattern, w, pos, k, n)
    if element.end or element.cite:
        return _match_mark(pattern, w, pos, k, n)
    alts = element.alts
    if pos < n and breaks[pos] != BREAK_SENTENCE and (canon[pos] in alts or raw[pos] in alts):
        end = _match(pattern, w, pos + 1, k + 1, n)
        if end >= 0:
            return end
    if element.optional:
        return _match(pattern, w, pos, k + 1, n)
    return -1


def _match_mark(pattern: Pattern, w: _Words, pos: int, k: int, n: int) -> int:
    """`_match` at a clause end ("$") or a citation ("<cite>"), element `k`."""
    breaks = w.breaks
    if pattern.elements[k].end:  # "$": only where the clause ends ("→ segue.")
        if pos >= n or breaks[pos] != BREAK_NONE:
            return _match(pattern, w, pos, k + 1, n)
        return -1
    # "<cite>": any rule citation ("whatever 702.6 prescribes")
    if pos < n and breaks[pos] != BREAK_SENTENCE and w.canon[pos].startswith(_CITED):
        return _match(pattern, w, pos + 1, k + 1, n)
    return -1


def _match_gap(pattern: Pattern, w: _Words, pos: int, k: int, n: int) -> int:
    """`_match` at a gap (element `k`): the rest matched after skipping up to `_GAP` words.

    A gap stays inside one clause: "Game Loss - play continues" is no "game ... continues".
    """
    canon, raw, breaks = w.canon, w.raw, w.breaks
    stop = w.stop_own.get(pattern.lang, w.stop)
    for skip in range(_GAP + 1):
        if skip:
            j = pos + skip - 1
            if j >= n or breaks[j] in _GAP_STOP_BREAKS or raw[j] in stop:
                break
            if canon[j].startswith(_CITED):
                break
        if pos + skip < n and breaks[pos + skip] in _GAP_STOP_BREAKS:
            break
        end = _match(pattern, w, pos + skip, k + 1, n)
        if end >= 0:
            return end
    return -1


def _match_fixed(elements: tuple[Element, ...], w: _Words, pos: int, n: int) -> int:
    """`_match` for a phrase of words only (no gap, optional word, citation or clause end):
    where it ends, or -1."""
    canon, raw, breaks = w.canon, w.raw, w.breaks
    for element in elements[1:]:
        if pos >= n or breaks[pos] == BREAK_SENTENCE:
            return -1
        alts = element.alts
        if canon[pos] not in alts and raw[pos] not in alts:
            return -1
        pos += 1
    return pos


def _citation_mentions(lex: Lexicon, toks: Tokens, i: int, game: str) -> list[Mention]:
    doc, section = toks.citations[i]
    if doc in ("", "section", "secao", "seccion", "\u00a7"):
        doc = "tr" if int(section.split(".", 1)[0]) >= 100 or game == "riftbound" else "ipg"
    pieces = section.split(".")
    seen: set[str] = set()
    out: list[Mention] = []
    for cut in range(len(pieces), 1, -1):
        key = f"{doc} {'.'.join(pieces[:cut])}"
        exact = cut == len(pieces)
        for part, ident in lex.section_ids.get(key, ()):
            if part in seen:
                continue
            seen.add(part)
            conf = 0.9 if exact else 0.85
            out.append(Mention(part, ident, i, i + 1, conf, "", cited=not exact))
    return out


def _phrase_hits(
    phrases: Mapping[str, tuple[Cue, ...]], toks: Tokens, owner: list[int], *, names: bool = False
) -> Iterator[tuple[int, Cue]]:
    """Each of `phrases` standing in the answer outside any term, with its first token, even
    inside a cue ("mas não sei bem": the rejection "mas não" takes the words the hedge starts
    with in `_find_cues`). A capitalised word inside a sentence is a name ("the +2 Might"),
    not a phrase, unless `names` ("Head Judge", "HJ")."""
    words, n = toks.words, len(toks.words)
    for i in [i for i, word in enumerate(words) if word in phrases]:
        if owner[i] < 0 and (names or not _proper_noun(toks, i)):
            for cue in phrases[words[i]]:
                if _cue_fits(cue.words, words, toks.breaks, owner, i, n, cue.kind in _SPAN_COMMAS):
                    yield i, cue


def _holding(
    phrases: Mapping[str, tuple[Cue, ...]],
    toks: Tokens,
    owner: list[int],
    segment: list[int],
    participles: frozenset[str] = frozenset(),
) -> frozenset[int]:
    """The segments (clauses or sentences) holding one of `phrases` anywhere, less a
    phrase ending in "ser" that a participle makes a passive ("pode ser feito")."""
    return frozenset(
        segment[i]
        for i, cue in _phrase_hits(phrases, toks, owner)
        if not (cue.words[-1] == "ser" and _passive_after(toks, i + len(cue.words), participles))
    )


_CueIndex = tuple[Mapping[tuple[str, str], tuple[Cue, ...]], Mapping[str, tuple[Cue, ...]]]
"""A language's cues of two words or more by their first two words, and its one-word cues."""


@lru_cache(maxsize=8)
def _cues_by_two_words(lex: Lexicon, language: str) -> _CueIndex:
    """A language's cues split by their first two words (those of one word by it), keeping
    their order (longest first): `_find_cues` tries only those whose second word is next."""
    pairs: dict[tuple[str, str], list[Cue]] = {}
    singles: dict[str, list[Cue]] = {}
    for first, cues in lex.cues[language].items():
        for cue in cues:
            if len(cue.words) > 1:
                pairs.setdefault((first, cue.words[1]), []).append(cue)
            else:
                singles.setdefault(first, []).append(cue)
    return (
        {key: tuple(found) for key, found in pairs.items()},
        {key: tuple(found) for key, found in singles.items()},
    )


def _find_cues(
    index: _CueIndex,
    toks: Tokens,
    owner: list[int],
    verbs: tuple[frozenset[str], frozenset[str]],
    joins: frozenset[str],
) -> list[CueHit]:
    words = toks.words
    n = len(words)
    hits: list[CueHit] = []
    quoted = _quoted_tokens(toks)
    pairs, singles = index
    i = 0
    while i < n:
        if owner[i] >= 0 or i in quoted:
            # a trigger's own words quoted ("an 'if you don't' trigger", "'a menos que'")
            # are the card's text, not the answer's conditions
            i += 1
            continue
        length = 0
        for cue in _cues_at(pairs, singles, words, i):
            size = len(cue.words)
            if length and size < length:
                break
            if _cue_refused(cue, toks, i, verbs):
                continue
            if _cue_fits(cue.words, words, toks.breaks, owner, i, n, cue.kind in _SPAN_COMMAS):
                length = size
                kind = "reject_pre" if cue.kind == "reject_open" else cue.kind
                hits.append(CueHit(i, i + size, kind))
        i += length or 1
    return _kept_cues(hits, toks, joins)


def _cues_at(
    pairs: Mapping[tuple[str, str], tuple[Cue, ...]],
    singles: Mapping[str, tuple[Cue, ...]],
    words: list[str],
    i: int,
) -> tuple[Cue, ...]:
    """The cues starting at token i, longest first, less those whose second word is not
    next (`_cue_fits` would refuse them)."""
    pair = pairs.get((words[i], words[i + 1])) if i + 1 < len(words) else None
    return (pair + singles.get(words[i], ())) if pair else singles.get(words[i], ())


def _cue_refused(
    cue: Cue, toks: Tokens, i: int, verbs: tuple[frozenset[str], frozenset[str]]
) -> bool:
    """The cue's words at token i say something else than the cue (`verbs`: the
    whether-verbs and the participles of the lexicon)."""
    whether_verbs, participles = verbs
    if (
        cue.kind == "hedge"
        and cue.words[-1] == "ser"
        and _passive_after(toks, i + len(cue.words), participles)
    ):
        return True  # "pode ser feito por qualquer juiz": can be done, not "could be"
    if cue.kind == "conditional" and _whether(toks.words, toks.breaks, i, whether_verbs):
        return True  # "escolhe se", "elige si", "decides if": whether, not a condition
    if cue.kind == "conditional" and _stressed_si(toks, i):
        return True  # "Dolores sí anunció": the stressed "sí" affirms, it is no "if"
    if cue.kind == "condition_denied":
        # "..., e não deu: sem penalidade" ends its clause; "and it didn't matter" does not
        end = i + len(cue.words)
        return end < len(toks.words) and toks.breaks[end] == BREAK_NONE
    # "No basta con X" opens a clause; "W no basta con cinco W" does not
    return cue.kind == "reject_open" and bool(i) and toks.breaks[i] == BREAK_NONE


def _passive_after(toks: Tokens, j: int, participles: frozenset[str]) -> bool:
    """A past participle right after a hedge ending in "be" / "ser": a passive voice."""
    return j < len(toks.words) and toks.words[j] in participles and toks.breaks[j] == BREAK_NONE


def _kept_cues(hits: list[CueHit], toks: Tokens, joins: frozenset[str]) -> list[CueHit]:
    """The cues kept once their clause is known: a reason opens its clause ("Warning, as
    the miss was advantageous" gives a reason; "treat it as a GE" does not), a hedge is no
    proper noun's word."""
    return [
        CueHit(h.first, h.last, "reason") if h.kind == "reason_start" else h
        for h in hits
        if (h.kind != "reason_start" or _opens_clause(toks, h.first, joins))
        and not (h.kind == "hedge" and _proper_noun(toks, h.first))
    ]


_OPEN_QUOTES = frozenset('"\u201c\u00ab\u2018')  # straight, curly and angle quotes
_CLOSE_QUOTES = frozenset('"\u201d\u00bb\u2019')
_QUOTED_WORDS = 6
"""The longest quotation whose words are taken as quoted text (a card's "if you don't")."""


def _quoted_tokens(toks: Tokens) -> frozenset[int]:
    """Tokens inside a short quotation: between an opening quote (or an apostrophe after a
    space) and the matching closing one, at most `_QUOTED_WORDS` words."""
    src = toks.source
    if "'" not in src and _OPEN_QUOTES.isdisjoint(src):
        return frozenset()  # most answers quote nothing
    inside: set[int] = set()
    for i in range(len(toks.words)):
        if not _opens_quote(toks, i):
            continue
        last = _quote_closed_after(toks, i)
        if last >= 0:
            inside.update(range(i, last + 1))
    return frozenset(inside)


def _opens_quote(toks: Tokens, i: int) -> bool:
    """An opening quote (or an apostrophe after a space) stands right before token i."""
    src = toks.source
    before = src[toks.ends[i - 1] if i else 0 : toks.starts[i]]
    if not before:
        return False
    mark = before[-1]
    return mark in _OPEN_QUOTES or (mark == "'" and (len(before) < 2 or not before[-2].isalnum()))


def _quote_closed_after(toks: Tokens, i: int) -> int:
    """The token a quotation opened before token i closes after (within `_QUOTED_WORDS`
    words and its sentence), or -1."""
    src = toks.source
    n = len(toks.words)
    for j in range(i, min(i + _QUOTED_WORDS, n)):
        after = src[toks.ends[j] : toks.starts[j + 1] if j + 1 < n else len(src)]
        if after[:1] in _CLOSE_QUOTES or after[:1] == "'":
            return j
        if j + 1 < n and toks.breaks[j + 1] == BREAK_SENTENCE:
            return -1  # a quotation does not run past its sentence
    return -1


def _proper_noun(toks: Tokens, i: int) -> bool:
    """ "the +2 Might", "o Might sem o bônus": a capitalised word inside a sentence is a
    name (Riftbound's Might), not the hedge "might"."""
    return i > 0 and toks.breaks[i] != BREAK_SENTENCE and toks.source[toks.starts[i]].isupper()


def _opens_clause(toks: Tokens, i: int, joins: frozenset[str]) -> bool:
    """Token i opens a clause, or follows a conjunction that does ("Mas como ninguém sabe
    o placar, ...", "but as nobody knows the score, ...")."""
    if i == 0 or toks.breaks[i] != BREAK_NONE:
        return True
    return toks.words[i - 1] in joins and (i == 1 or toks.breaks[i - 1] != BREAK_NONE)


def _whether(words: list[str], breaks: list[int], i: int, verbs: frozenset[str]) -> bool:
    return i > 0 and breaks[i] == BREAK_NONE and words[i - 1] in verbs


_SPAN_COMMAS = frozenset({"self_correction"})
"""Cue kinds whose words may stand on either side of a comma: a hesitation is punctuated
("hmm, no", "no, espera", "bueno, no")."""


def _cue_fits(
    cue: tuple[str, ...],
    words: list[str],
    breaks: list[int],
    owner: list[int],
    i: int,
    n: int,
    commas: bool = False,
) -> bool:
    if i + len(cue) > n:
        return False
    allowed = (BREAK_NONE, BREAK_CLAUSE) if commas else (BREAK_NONE,)
    for k in range(1, len(cue)):
        j = i + k
        if words[j] != cue[k] or breaks[j] not in allowed or owner[j] >= 0:
            return False
    return True


def _segments(toks: Tokens) -> tuple[list[int], list[int]]:
    sentence: list[int] = []
    clause: list[int] = []
    s = c = 0
    for brk in toks.breaks:
        if brk == BREAK_SENTENCE:
            s += 1
        if brk != BREAK_NONE:
            c += 1
        sentence.append(s)
        clause.append(c)
    return sentence, clause


def _unread_clause(
    lex: Lexicon,
    toks: Tokens,
    owner: list[int],
    cues: list[CueHit],
    clause: list[int],
    sentence: list[int],
) -> tuple[bool, tuple[int, ...]]:
    """Whether some clause has content words but no term or cue the grader recognised.

    Such a clause may state a part in words the lexicon lacks ("so leave it"), so a part
    the grader found nothing for is then sent to review instead of being marked missing;
    not a clause that a conclusion later in its sentence draws from ("only her second one,
    so Warning"): it is the reason for the term concluded, not a ruling of its own.
    Also returns the positions of all such unrecognised content words.
    """
    content, touched, loose = _content_words(lex, toks, owner, cues, clause)
    if not loose and all(c in touched for c in content):
        return False, ()
    concluding = _concluding_clauses(toks, owner, cues, clause, sentence, lex.between_and)
    unread = any(
        n >= _UNREAD_WORDS and c not in touched and c not in concluding for c, n in content.items()
    )
    return unread, tuple(i for i in loose if clause[i] not in concluding)


def _content_words(
    lex: Lexicon, toks: Tokens, owner: list[int], cues: list[CueHit], clause: list[int]
) -> tuple[dict[int, int], set[int], list[int]]:
    """Per clause, how many content words no term or cue read; the clauses holding a term;
    and the positions of the unrecognised words."""
    cue_word = _cue_words(toks, owner, cues)
    content: dict[int, int] = {}
    touched: set[int] = set()
    loose: list[int] = []
    for i, word in enumerate(toks.words):
        if owner[i] >= 0:
            touched.add(clause[i])
        elif len(word) < 4 or cue_word[i] or word in lex.filler or _a_name(toks, i):
            continue  # too short to state a part, a cue's, common or a player's name
        elif _names_a_ruled_player(lex, toks, owner, i):
            continue  # "Tiago: FtMGS", "; Sofia FtMGS Warning": whose ruling follows
        elif word.isalpha() and word not in lex.detect_any:
            content[clause[i]] = content.get(clause[i], 0) + 1
            loose.append(i)
        elif len(word) >= _TERM_WORD and word.isalpha() and word in lex.vocab:
            # "opponent chooses", "trigger forgotten": words of the lexicon's terms that also
            # tell the language apart, in a clause where no term was read, may state a part
            # in a form the lexicon lacks.
            content[clause[i]] = content.get(clause[i], 0) + 1
    return content, touched, loose


def _concluding_clauses(
    toks: Tokens,
    owner: list[int],
    cues: list[CueHit],
    clause: list[int],
    sentence: list[int],
    ands: frozenset[str],
) -> frozenset[int]:
    """The clauses that stand before a conclusion cue followed by a term, in one sentence
    ("it's only her second, so Warning"; "ninguém lembrou, então fica Advertência"): the
    reasons a conclusion is drawn from."""
    found: set[int] = set()
    for cue in cues:
        if cue.kind == "conclusion" and _concludes_a_term(toks, owner, cue.last, ands):
            here, own = sentence[cue.first], clause[cue.first]
            j = cue.first - 1
            while j >= 0 and sentence[j] == here:
                if clause[j] != own:
                    found.add(clause[j])
                j -= 1
    return frozenset(found)


def _concludes_a_term(toks: Tokens, owner: list[int], start: int, ands: frozenset[str]) -> bool:
    """Whether a term follows within `_CONCLUDED_GAP` tokens of `start` and ends its clause,
    alone or with terms joined to it by "and" ("so Warning.", "então fica sem penalidade;",
    "así que habilidad olvidada y sin penalización."), so nothing unread is concluded with
    it."""
    n = len(owner)
    j = next((k for k in range(start, min(n, start + _CONCLUDED_GAP + 1)) if owner[k] >= 0), n)
    if j >= n or (j > start and toks.breaks[j] != BREAK_NONE):
        return False
    end = _term_end(owner, j)
    while end + 1 < n and toks.words[end] in ands and owner[end + 1] >= 0:
        if toks.breaks[end] != BREAK_NONE or toks.breaks[end + 1] != BREAK_NONE:
            break
        end = _term_end(owner, end + 1)  # "... y sin penalización": one more term of the list
    return end >= n or toks.breaks[end] != BREAK_NONE


def _term_end(owner: list[int], j: int) -> int:
    """The token after the term that owns token j."""
    end = j
    while end < len(owner) and owner[end] == owner[j]:
        end += 1
    return end


_CONCLUDED_GAP = 2
"""Words that may stand between a conclusion cue and its term ("so it's a Warning")."""


def _cue_words(toks: Tokens, owner: list[int], cues: list[CueHit]) -> list[bool]:
    """Per token: whether it is a cue's word, or inside a reason's clause after its cue.

    "for not pointing out the trigger", "porque esquecer foi vantajoso": a reason, to the
    end of its clause, states why, not which ruling.
    """
    cue_word = [False] * len(owner)
    for cue in cues:
        for i in range(cue.first, cue.last):
            cue_word[i] = True
        if cue.kind == "reason":
            for i in range(cue.last, len(owner)):
                if toks.breaks[i] != BREAK_NONE or owner[i] >= 0:
                    break
                cue_word[i] = True
    return cue_word


def _names_a_ruled_player(lex: Lexicon, toks: Tokens, owner: list[int], i: int) -> bool:
    """A capitalised name opening a sentence, right before a colon or a term ("Tiago: FtMGS,
    Warning.", "; Sofia FtMGS Warning"): the player the ruling after it is for, which
    states no part, so never an unread word."""
    if toks.breaks[i] != BREAK_SENTENCE and i > 0:
        return False
    after = i + 1
    if after >= len(owner) or not (_after_colon(toks, after) or owner[after] >= 0):
        return False
    return _capitalised_name(lex, toks, owner, i)


def _a_name(toks: Tokens, i: int) -> bool:
    """A capitalised word (not all capitals) inside a sentence and not after a colon, like
    "Priya" or "Inês": a player's name, which states no part, so never an unread word."""
    if i == 0 or toks.breaks[i] == BREAK_SENTENCE:
        return False
    if _after_colon(toks, i):
        return False  # "Fix: Leave it": a label's value starts with a capital
    text = toks.source[toks.starts[i] : toks.ends[i]]
    return text[:1].isupper() and not text[1:2].isupper()


_SECTION_WORDS = frozenset({"section", "seccion", "secao", "seccao"})
_FIX_TO_SECTION = 10
"""Tokens from the word of the fix (the lexicon's remedy noun, or the bare "fix it" / "se
arregla") to the section it points at, in one sentence."""
_SECTION_PROCEDURE_ID = "apply_section_procedure"
_VAGUE_FIX = "correct_it"
"""The bare "fix it" / "se arregla": it says a fix follows, not which."""


def _section_fixes(toks: Tokens, owner: list[int], mentions: list[Mention], game: str) -> None:
    """ "Fix as per the mulligan section", "Fix: as described in the Drawing Extra Cards
    section", "se arregla con lo que dice la propia sección": the fix pointed at a section,
    in words no phrase lists, is the section's procedure (Riftbound's TR 702.4-702.15)."""
    if game != "riftbound":
        return
    words = toks.words
    # only a citation or the word "section" can point at one
    for i in [i for i, word in enumerate(words) if word in _SECTION_WORDS or i in toks.citations]:
        cited = _game_play_error_section(toks, i)
        if not cited and (words[i] not in _SECTION_WORDS or owner[i] >= 0):
            continue
        fix = _fix_before(toks, owner, mentions, i)
        if fix is not None and fix.ident in (GENERIC, _VAGUE_FIX):  # "Fix: ...", "se arregla"
            mentions.append(Mention("remedy", _SECTION_PROCEDURE_ID, i, i + 1, 0.85, ""))
            if not cited:
                owner[i] = len(mentions) - 1


def _fix_before(toks: Tokens, owner: list[int], mentions: list[Mention], i: int) -> Mention | None:
    """The nearest fix read before token i in its sentence, within `_FIX_TO_SECTION` tokens.

    A named fix there is backed by the section ("rewind, as the section says"); a bare
    one ("Fix: ...") is the section's procedure.
    """
    for j in range(i - 1, max(-1, i - _FIX_TO_SECTION), -1):
        if toks.breaks[j + 1] == BREAK_SENTENCE:
            return None
        other = mentions[owner[j]] if owner[j] >= 0 else None
        if other is not None and other.part == "remedy":
            return other
    return None


def _game_play_error_section(toks: Tokens, i: int) -> bool:
    """Whether token i cites one of the sections TR 702.4-702.15 ("Fix it the way TR 702.14
    says", "según dice la sección 702.6")."""
    if i not in toks.citations:
        return False
    doc, section = toks.citations[i]
    pieces = section.split(".")
    return (
        doc in ("tr", "", "section", "secao", "seccion", "\u00a7")
        and len(pieces) >= 2
        and pieces[0] == "702"
        and pieces[1].isdigit()
        and 4 <= int(pieces[1]) <= 15
    )


def _cited_reasons(mentions: list[Mention], toks: Tokens) -> None:
    """ "não pode apressar o jogo pra fazer a outra esquecer a habilidade (702.2.c)": a
    citation right after a reason's term cites the reason, and is no claim of its own."""
    ends = {m.last: m for m in mentions if m.reason and m.first not in toks.citations}
    for m in mentions:
        if m.first in toks.citations and not m.reason and m.first in ends:
            m.reason = True


def _infraction_cited_alone(mentions: list[Mention], toks: Tokens) -> list[Mention]:
    """ "Forgetting to Ready (702.15). No penalty.": a citation right after the infraction's
    name cites that infraction; where the answer says nothing else of a fix, it claims none
    (3 of 3 labelled answers so worded leave the fix unstated)."""
    if any(m.part == "remedy" and m.first not in toks.citations for m in mentions):
        return mentions
    named = {
        (m.last, m.ident)
        for m in mentions
        if m.part == "infraction" and m.first not in toks.citations
    }
    after_name = {
        m.first for m in mentions if m.part == "infraction" and (m.first, m.ident) in named
    }
    return [m for m in mentions if not (m.part == "remedy" and m.first in after_name)]


def _after_colon(toks: Tokens, i: int) -> bool:
    """Whether a colon stands between token `i` and the one before it (i >= 1)."""
    return ":" in toks.source[toks.ends[i - 1] : toks.starts[i]]


@lru_cache(maxsize=4)
def _languages_of(lex: Lexicon) -> Mapping[str, tuple[str, ...]]:
    """Each word of `Lexicon.detect`: the languages it tells (in `LANGUAGES` order)."""
    return {
        word: tuple(code for code in LANGUAGES if word in lex.detect[code])
        for word in lex.detect_any
    }


def _language(lex: Lexicon, toks: Tokens, mentions: list[Mention]) -> str:
    scores = dict.fromkeys(LANGUAGES, 0.0)
    languages_of = _languages_of(lex)
    for word in toks.words:
        for code in languages_of.get(word, ()):
            scores[code] += 1.0
    for m in mentions:
        if m.lang:
            scores[m.lang] += 1.5
    best = max(scores.values())
    if best == 0:
        return lex.default_language
    for code in (lex.default_language, *LANGUAGES):
        if scores[code] == best:
            return code
    return lex.default_language


def _shouted(toks: Tokens, i: int) -> bool:
    """ "EL OPONENTE ELIGE SI SE RESUELVE": in a sentence written in capitals, capitals say
    nothing, so "SI" is "if" there, not "sem infração" (a neighbouring word of four letters
    or more in capitals, in the same sentence, tells)."""
    for j in (i - 1, i + 1):
        if j < 0 or j >= len(toks.words) or toks.breaks[max(i, j)] == BREAK_SENTENCE:
            continue
        word = toks.source[toks.starts[j] : toks.ends[j]]
        if len(word) >= 4 and word.isalpha() and word.isupper():
            return True
    return False


def _stressed_si(toks: Tokens, i: int) -> bool:
    """The Spanish "sí" (yes, indeed) folds to "si" (if); the answer's own accent tells."""
    return toks.source[toks.starts[i] : toks.ends[i]].lower() == "s\u00ed"


_BEFORE = (("before",), ("antes", "de"), ("antes", "do"), ("antes", "da"))


def _after_before(toks: Tokens, i: int) -> bool:
    """A description right after "before" / "antes de" says when something happened ("he
    acknowledged the trigger before moving on", "antes de seguir"), not the ruling."""
    words = toks.words
    for cue in _BEFORE:
        lo = i - len(cue)
        if (
            lo >= 0
            and tuple(words[lo:i]) == cue
            and all(toks.breaks[j] == BREAK_NONE for j in range(lo + 1, i + 1))
        ):
            return True
    return False
