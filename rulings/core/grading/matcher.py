"""Find what an answer mentions for each part, and how it mentions it.

A mention is a lexicon term or a citation found in the answer. Cue words around it say
whether the answer claims it (plain), denies it ("not a warning"), raises and rejects it
("Game Loss? No"), names it as the end of an upgrade ("upgraded to a Game Loss"), or only
considers it ("if it were advantageous, a Warning", "maybe", "otherwise").
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from .lexicon import EMPTY_IDS, GENERIC, LANGUAGES, Cue, Lexicon, Pattern, load_lexicon
from .text import BREAK_NONE, BREAK_SENTENCE, Tokens, damerau, deletes

_NEG_WINDOW = 3
_PRE_WINDOW = 2
_POST_WINDOW = 4
_UPGRADE_WINDOW = 2
_GAP = 3
_CITED = "\x00"
_EMPTY = frozenset(EMPTY_IDS.values())
_OR = frozenset({"or", "ou", "o", "u"})
# A denial does not reach past a conjunction: "no penalty at all and the opponent decides".
_JOINS = frozenset(
    {
        "and",
        "but",
        "because",
        "since",
        "then",
        "e",
        "mas",
        "porque",
        "pois",
        "entao",
        "y",
        "pero",
        "entonces",
    }
)
_COPULA = frozenset(
    {"is", "would", "be", "will", "should", "e", "seria", "sera", "es", "deve", "debe", "fica"}
)
_NOTHING = frozenset({"nothing", "none", "nada", "nenhuma", "nenhum", "ninguna", "ninguno"})
# A phrase's "*" never skips a denial: "score cannot be fixed" is not "fix the score".
_GAP_STOP = frozenset(
    {
        "not",
        "no",
        "never",
        "can't",
        "cant",
        "cannot",
        "isn't",
        "won't",
        "nao",
        "nem",
        "sem",
        "nunca",
        "ni",
        "sin",
        "jamas",
    }
)


@dataclass(slots=True)
class Mention:
    """One term or citation found in the answer, with what its context says about it."""

    part: str
    ident: str
    first: int
    last: int
    confidence: float
    lang: str
    negated: bool = False
    rejected: bool = False
    upgrade: bool = False
    hypothetical: bool = False
    fallback: bool = False
    hedged: bool = False
    questioned: bool = False
    alternative: bool = False
    concluded: bool = False
    neg_from: int = -1

    @property
    def live(self) -> bool:
        """Whether the answer plainly claims this id."""
        return not (
            self.negated or self.rejected or self.hypothetical or self.fallback or self.questioned
        )


@dataclass(slots=True)
class CueHit:
    """A cue phrase found at tokens [first, last)."""

    first: int
    last: int
    kind: str


@dataclass(slots=True)
class Analysis:
    """The tokens, mentions and detected language of one answer."""

    tokens: Tokens
    mentions: list[Mention]
    language: str


@lru_cache(maxsize=65536)
def correct_token(word: str) -> tuple[str, int]:
    """The lexicon word a token stands for, allowing a typo, and the edit distance."""
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
    owner = [-1] * n
    mentions = _find_mentions(lex, tokens, canon, dist, owner, game)
    language = lang or _language(lex, tokens, mentions)
    cues = _find_cues(lex.cues[language], tokens, owner)
    sentence, clause = _segments(tokens)
    ctx = _Context(tokens, owner, sentence, clause, cues, mentions, text_tail_question, lex)
    for index, mention in enumerate(mentions):
        _classify(mention, index, ctx)
    mentions = _resolve_generic(mentions, tokens, owner, lex)
    mentions.extend(_or_nothing(mentions, tokens, owner))
    _general_upgrades(mentions, cues)
    _mark_alternatives(mentions, cues, tokens, sentence)
    return Analysis(tokens, mentions, language)


def _find_mentions(
    lex: Lexicon,
    toks: Tokens,
    canon: list[str],
    dist: list[int],
    owner: list[int],
    game: str,
) -> list[Mention]:
    index = lex.index_for(game)
    mentions: list[Mention] = []
    n = len(canon)
    i = 0
    while i < n:
        if canon[i].startswith(_CITED):
            found = _citation_mentions(lex, toks, i, game)
            for m in found:
                mentions.append(m)
            if found:
                owner[i] = len(mentions) - 1
            i += 1
            continue
        best: Pattern | None = None
        best_end = -1
        candidates = index.get(canon[i], ())
        if canon[i] != toks.words[i]:
            candidates = candidates + index.get(toks.words[i], ())
        for pattern in candidates:
            end = _match(pattern, canon, toks.words, toks.breaks, i + 1, 1, n)
            if end > best_end or (end == best_end and best and pattern.rank > best.rank):
                best, best_end = pattern, end
        if best is None:
            i += 1
            continue
        typo = max(dist[i:best_end])
        conf = best.confidence - 0.1 * typo
        mentions.append(
            Mention(best.part, best.ident, i, best_end, conf, "" if typo else best.lang)
        )
        for j in range(i, best_end):
            owner[j] = len(mentions) - 1
        i = best_end
    return mentions


def _match(
    pattern: Pattern,
    canon: list[str],
    raw: list[str],
    breaks: list[int],
    pos: int,
    k: int,
    n: int,
) -> int:
    elements = pattern.elements
    if k == len(elements):
        return pos
    element = elements[k]
    if element.gap:
        for skip in range(_GAP + 1):
            if skip:
                j = pos + skip - 1
                if j >= n or breaks[j] == BREAK_SENTENCE or raw[j] in _GAP_STOP:
                    break
                if canon[j].startswith(_CITED):
                    break
            end = _match(pattern, canon, raw, breaks, pos + skip, k + 1, n)
            if end >= 0:
                return end
        return -1
    alts = element.alts
    if pos < n and breaks[pos] != BREAK_SENTENCE and (canon[pos] in alts or raw[pos] in alts):
        end = _match(pattern, canon, raw, breaks, pos + 1, k + 1, n)
        if end >= 0:
            return end
    if element.optional:
        return _match(pattern, canon, raw, breaks, pos, k + 1, n)
    return -1


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
            out.append(Mention(part, ident, i, i + 1, conf, ""))
    return out


def _find_cues(
    index: Mapping[str, tuple[Cue, ...]], toks: Tokens, owner: list[int]
) -> list[CueHit]:
    words = toks.words
    n = len(words)
    hits: list[CueHit] = []
    i = 0
    while i < n:
        if owner[i] >= 0:
            i += 1
            continue
        length = 0
        for cue in index.get(words[i], ()):
            size = len(cue.words)
            if length and size < length:
                break
            if _cue_fits(cue.words, words, toks.breaks, owner, i, n):
                length = size
                hits.append(CueHit(i, i + size, cue.kind))
        i += length or 1
    return hits


def _cue_fits(
    cue: tuple[str, ...], words: list[str], breaks: list[int], owner: list[int], i: int, n: int
) -> bool:
    if i + len(cue) > n:
        return False
    for k in range(1, len(cue)):
        j = i + k
        if words[j] != cue[k] or breaks[j] != BREAK_NONE or owner[j] >= 0:
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


def _free(owner: list[int], lo: int, hi: int, me: int) -> bool:
    """No other mention lies on tokens [lo, hi)."""
    return all(owner[j] in (-1, me) for j in range(max(lo, 0), hi))


@dataclass(slots=True)
class _Context:
    """What classifying one mention needs to look at."""

    toks: Tokens
    owner: list[int]
    sentence: list[int]
    clause: list[int]
    cues: list[CueHit]
    mentions: list[Mention]
    tail_question: bool
    lex: Lexicon


def _classify(m: Mention, me: int, ctx: _Context) -> None:
    for cue in ctx.cues:
        if cue.last <= m.first:
            _cue_before(m, me, cue, ctx)
        elif cue.first >= m.last:
            _cue_after(m, me, cue, ctx)
        _cue_scope(m, cue, ctx)
    if ctx.toks.arrow[m.first]:
        m.upgrade = True
    if m.ident and (m.upgrade or not m.rejected):
        _question(m, ctx)


def _joins(toks: Tokens, j: int, after_cue: int) -> bool:
    word = toks.words[j]
    if word == "e":
        # Portuguese "e" joins, but "é" ("is") folds to the same token; right after a
        # denial ("nao e advertencia", typed without accents) it can only be "é".
        if j == after_cue and toks.words[j - 1] == "nao":
            return False
        return toks.source[toks.starts[j]] in "eE"
    return word in _JOINS


def _cue_before(m: Mention, me: int, cue: CueHit, ctx: _Context) -> None:
    s = m.first
    gap = s - cue.last
    free = _free(ctx.owner, cue.last, s, me)
    near = (
        free
        and ctx.clause[cue.first] == ctx.clause[s]
        and not any(_joins(ctx.toks, j, cue.last) for j in range(cue.last, s))
    )
    if cue.kind == "negation" and gap <= _NEG_WINDOW and near:
        # "didn't help him, so there's no penalty": an empty id is never denied again.
        if m.ident not in _EMPTY:
            m.negated, m.neg_from = True, cue.first
    elif cue.kind == "reject_pre" and gap <= _PRE_WINDOW and near:
        m.rejected = True
    elif cue.kind == "conclusion" and gap <= _NEG_WINDOW and near:
        m.concluded = True
    elif cue.kind == "upgrade" and gap <= _UPGRADE_WINDOW and free:
        m.upgrade = m.upgrade or ctx.sentence[cue.first] == ctx.sentence[s]


def _cue_after(m: Mention, me: int, cue: CueHit, ctx: _Context) -> None:
    if cue.kind != "reject_post" or cue.first - m.last > _POST_WINDOW:
        return
    if ctx.sentence[cue.first] != ctx.sentence[m.first]:
        return
    if any(c.kind == "reset" and m.last <= c.first < cue.first for c in ctx.cues):
        return  # "no penalty, but it is too late to fix" rejects the fix, not the penalty
    if _free(ctx.owner, m.last, cue.first, me):
        m.rejected = True


def _cue_scope(m: Mention, cue: CueHit, ctx: _Context) -> None:
    """Hedges cover their sentence; conditions and fallbacks run to its end or a reset."""
    if ctx.sentence[cue.first] != ctx.sentence[m.first]:
        return
    if cue.kind == "hedge":
        m.hedged = True
    elif cue.kind in ("conditional", "fallback") and cue.first < m.first:
        if cue.kind == "fallback" and cue.first and ctx.toks.breaks[cue.first] == BREAK_NONE:
            return  # "would not otherwise have happened" is no second choice
        if any(c.kind == "reset" and cue.last <= c.first < m.first for c in ctx.cues):
            return
        if cue.kind == "conditional":
            m.hypothetical = True
        else:
            m.fallback = True


def _replaces(other: Mention, m: Mention) -> bool:
    return other.part == m.part and other.ident != m.ident


def _question(m: Mention, ctx: _Context) -> None:
    """ "X?" followed by "no" or by another option rejects X; left open, X is only asked."""
    toks, owner = ctx.toks, ctx.owner
    e = m.last
    n = len(toks.words)
    asked = toks.question[e] if e < n else ctx.tail_question
    if not asked:
        return
    if e >= n:
        m.questioned = True
        return
    word = toks.words[e]
    if owner[e] == -1 and word in ctx.lex.deny:
        m.rejected = True
    elif owner[e] == -1 and word in ctx.lex.affirm:
        return
    elif owner[e] >= 0 and _replaces(ctx.mentions[owner[e]], m):
        m.rejected = True
    else:
        m.questioned = True


def _resolve_generic(
    mentions: list[Mention], toks: Tokens, owner: list[int], lex: Lexicon
) -> list[Mention]:
    """Turn "no penalty"-like and "Penalty: none"-like part nouns into the empty id."""
    out: list[Mention] = []
    n = len(toks.words)
    for m in mentions:
        if m.ident != GENERIC:
            out.append(m)
            continue
        if m.negated and not (m.hypothetical or m.fallback):
            m.ident, m.negated = EMPTY_IDS[m.part], False
            m.first = m.neg_from if m.neg_from >= 0 else m.first
            out.append(m)
            continue
        for j in range(m.last, min(m.last + 3, n)):
            if owner[j] != -1:
                break
            if toks.words[j] not in lex.none_words:
                if toks.words[j] in _COPULA:
                    continue  # "the penalty would be none"
                break
            if j + 1 < n and toks.breaks[j + 1] == BREAK_NONE:
                break  # "Penalty: none." ends the slot; "Remedy: not sure" does not
            m.ident, m.last, m.confidence = EMPTY_IDS[m.part], j + 1, 0.9
            out.append(m)
            break
    return out


def _general_upgrades(mentions: list[Mention], cues: list[CueHit]) -> None:
    """ "Warnings upgrade to a Game Loss on the third, but here: Warning" states a rule."""
    for u in mentions:
        if not u.upgrade:
            continue
        for v in mentions:
            if v.part != u.part or v.ident == u.ident or v.first < u.last or not v.live:
                continue
            if any(c.kind in ("reset", "conclusion") and u.last <= c.first < v.first for c in cues):
                u.upgrade, u.hypothetical = False, True
                break


def _or_nothing(mentions: list[Mention], toks: Tokens, owner: list[int]) -> list[Mention]:
    """ "Warning or nothing": the empty id of the same part, offered as an alternative."""
    extra: list[Mention] = []
    n = len(toks.words)
    for m in mentions:
        j = m.last
        if not m.ident or m.ident in _EMPTY or j + 1 >= n or owner[j + 1] != -1:
            continue
        if toks.words[j] in _OR and toks.words[j + 1] in _NOTHING and toks.breaks[j + 1] == 0:
            m.alternative = True
            extra.append(
                Mention(m.part, EMPTY_IDS[m.part], j + 1, j + 2, 0.5, "", alternative=True)
            )
    return extra


def _mark_alternatives(
    mentions: list[Mention], cues: list[CueHit], toks: Tokens, sentence: list[int]
) -> None:
    """Flag neighbouring mentions of one part joined by "or" / "ou" / "o" / a slash."""
    ordered = sorted(mentions, key=lambda m: m.first)
    for a, b in itertools.pairwise(ordered):
        if a.part != b.part or a.ident == b.ident or sentence[a.first] != sentence[b.first]:
            continue
        if b.first - a.last > 3:
            continue
        joined = b.first == a.last and toks.slash[b.first]
        joined = joined or any(
            c.kind == "alternative" and a.last <= c.first < b.first for c in cues
        )
        if joined:
            a.alternative = b.alternative = True


def _language(lex: Lexicon, toks: Tokens, mentions: list[Mention]) -> str:
    scores = dict.fromkeys(LANGUAGES, 0.0)
    for word in toks.words:
        for code in LANGUAGES:
            if word in lex.detect[code]:
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
