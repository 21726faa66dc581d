"""Read the cue words around each mention: denied, rejected, upgraded, hypothetical, ...

A mention is claimed plainly unless its context says otherwise; see docs/grading.md.
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from .lexicon import EMPTY_IDS, GENERIC, Lexicon
from .mentions import CueHit, Mention
from .reading.cues import CueScope, any_distance, nearest_reach, scope_table
from .text import BREAK_NONE, BREAK_SENTENCE, Tokens

_POST_WINDOW = 4
_OPENED_QUESTION = 14
_CONTRARY = frozenset({"but", "pero", "mas", "porem", "however"})
_QUESTION_FILLER = 5
_EMPTY = frozenset(EMPTY_IDS.values())
_PREDICATE_GAP = 1
_EITHER_REACH = 8
"""Tokens an "or" may join across when "either" opens the first option."""
"""Words (an article: "uma", "una") a rejection cue may stand before the option it names."""
_QUOTES = frozenset("\"'\u201c\u201d\u2018\u2019\u00ab\u00bb")
_IF_WORDS = frozenset({"if", "se", "si", "caso", "unless"})
_CONCESSIVE = frozenset({"even", "mesmo", "incluso", "aun", "ainda"})
"""Before "if" / "se" / "si", these make the condition concessive: the term still holds."""


def _free(owner: list[int], lo: int, hi: int, me: int) -> bool:
    """No other mention lies on tokens [lo, hi)."""
    return all(owner[j] in (-1, me) for j in range(max(lo, 0), hi))


@dataclass(slots=True)
class Context:
    """What classifying one mention needs to look at.

    Classifying visits every (mention, cue) pair; what a pair asks of all the cues or all the
    tokens is indexed once here (built on first use, from cues and positions that classifying
    does not change), so each question costs a lookup, not a scan."""

    toks: Tokens
    owner: list[int]
    sentence: list[int]
    clause: list[int]
    cues: list[CueHit]
    mentions: list[Mention]
    tail_question: bool
    lex: Lexicon
    _cue_starts: dict[tuple[str, ...], list[int]] = field(default_factory=dict)
    _sentence_sizes: Counter[int] | None = None
    _mentioned_sentences: frozenset[int] | None = None
    _bracketed: list[int] | None = None

    def cue_starts(self, kinds: tuple[str, ...]) -> list[int]:
        """Where each cue of these kinds starts, in order."""
        starts = self._cue_starts.get(kinds)
        if starts is None:
            starts = self._cue_starts[kinds] = sorted(c.first for c in self.cues if c.kind in kinds)
        return starts

    def sentence_size(self, which: int) -> int:
        """How many tokens the sentence holds."""
        if self._sentence_sizes is None:
            self._sentence_sizes = Counter(self.sentence)
        return self._sentence_sizes[which]

    def gap(self, lo: int, hi: int) -> int:
        """The tokens in [lo, hi) that count toward a cue's window: a parenthetical between
        cue and term does not ("depois, um juiz (ao acaso, no lugar do oponente) escolhe")."""
        if self._bracketed is None:
            self._bracketed = _bracketed_before(self.toks) if "(" in self.toks.source else []
        if not self._bracketed or hi <= lo:
            return hi - lo
        return hi - lo - (self._bracketed[hi] - self._bracketed[lo])

    def sentence_mentions_something(self, which: int) -> bool:
        if self._mentioned_sentences is None:
            self._mentioned_sentences = frozenset(self.sentence[o.first] for o in self.mentions)
        return which in self._mentioned_sentences


def _bracketed_before(toks: Tokens) -> list[int]:
    """For each token index i, how many tokens before it lie inside brackets."""
    counts = [0]
    depth, pos, source = 0, 0, toks.source
    for start in toks.starts:
        for ch in source[pos:start]:
            depth += ch == "("
            depth -= ch == ")" and depth > 0
        pos = max(pos, start)
        counts.append(counts[-1] + (depth > 0))
    return counts


def classify(m: Mention, me: int, ctx: Context) -> None:
    for cue in ctx.cues:
        if cue.last <= m.first:
            gap = m.first - cue.last
            if (
                gap <= _NEAR_REACH
                or cue.kind in _ANY_DISTANCE
                or ctx.gap(cue.last, m.first) <= _NEAR_REACH
            ):
                _cue_before(m, me, cue, ctx)
        elif cue.first >= m.last:
            _cue_after(m, me, cue, ctx)
        _cue_scope(m, cue, ctx)
    if m.counterfactual and not m.hypothetical:
        m.hypothetical = _condition_follows(m, ctx)
    if ctx.toks.arrow[m.first]:
        m.upgrade = True
    if m.ident and (m.upgrade or not m.rejected):
        _question(m, ctx)


def choice_contents(
    mentions: list[Mention], toks: Tokens, sentence: list[int], whether_verbs: frozenset[str]
) -> list[Mention]:
    """ "Jonas, as the next opponent, decides whether she draws now or the trigger is just
    missed": a fix that ends in a choosing verb followed by "whether" / "if" / "se" / "si"
    gives a player the choice, and the options after it in its sentence are what the player
    chooses between, not options the candidate leaves open: they are dropped. A choice
    that is itself one of the options ("either Odile chooses if it resolves or we play
    on", "Oscar chooses if it goes on the stack or we continue") opens nothing."""
    opened = [
        m for m in mentions if _opens_a_choice(m, mentions, toks.words, sentence, whether_verbs)
    ]
    if not opened:
        return mentions
    return [b for b in mentions if not any(_chosen_between(b, m, sentence) for m in opened)]


def _opens_a_choice(
    m: Mention,
    mentions: list[Mention],
    words: list[str],
    sentence: list[int],
    whether_verbs: frozenset[str],
) -> bool:
    if m.part != "remedy" or m.alternative or m.last >= len(words):
        return False
    if words[m.last - 1] not in whether_verbs:
        return False
    if words[m.last] not in _IF_WORDS and words[m.last] != "whether":
        return False
    return not any(
        b.ident == m.ident and b.alternative and sentence[b.first] == sentence[m.first]
        for b in mentions
    )


def _chosen_between(b: Mention, m: Mention, sentence: list[int]) -> bool:
    """An option after the choice `m` opens, in its sentence: what the player chooses."""
    return (
        b.part == "remedy"
        and b.alternative
        and b.first >= m.last
        and sentence[b.first] == sentence[m.first]
        and b.ident != m.ident
    )


def counterfactual_lists(mentions: list[Mention], ctx: Context) -> None:
    """ "Overpayment would be no penalty and a simple rewind if it had stopped there": a
    term joined to a counterfactual one by a list word alone ("and", "e", "y", an article),
    in its clause, with the same condition after it, is as hypothetical as the first."""
    ordered = sorted(mentions, key=lambda m: m.first)
    for a, b in itertools.pairwise(ordered):
        if not (a.counterfactual and a.hypothetical) or b.hypothetical:
            continue
        if ctx.clause[a.last - 1] != ctx.clause[b.first]:
            continue
        between = ctx.toks.words[a.last : b.first]
        if between and all(w in _LIST_WORDS for w in between) and _condition_follows(b, ctx):
            b.counterfactual = b.hypothetical = True


_LIST_WORDS = frozenset({"and", "a", "an", "e", "um", "uma", "y", "un", "una"})


def _condition_follows(m: Mention, ctx: Context) -> bool:
    """ "It would be a Warning if it had helped her": a condition after a counterfactual
    term, in the same sentence and before any conclusion ("; it didn't, so ...")."""
    sentence = ctx.sentence[m.first]
    for cue in ctx.cues:
        if cue.first < m.last or ctx.sentence[cue.first] != sentence:
            continue
        if cue.kind == "reset" and ctx.toks.words[cue.first] in _CONTRARY:
            # "Por sí sola sería Advertencia, pero ... Pérdida de juego": would be X, but
            return cue.first - m.last <= _POST_WINDOW
        if cue.kind in ("reset", "conclusion"):
            return False
        if cue.kind in ("conditional", "condition_after") and not _concessive(cue, ctx):
            return cue.first - m.last <= _POST_WINDOW
    # "o oponente pode levar FtMGS se percebeu": a bare "if" / "se" / "si" right after
    for j in range(m.last, min(m.last + _POST_WINDOW, len(ctx.toks.words))):
        if ctx.sentence[j] != sentence or ctx.owner[j] >= 0:
            break
        if ctx.toks.words[j] in _IF_WORDS and not (j and ctx.toks.words[j - 1] in _CONCESSIVE):
            return True
    return False


def _concessive(cue: CueHit, ctx: Context) -> bool:
    """ "Warning even if it didn't help": the condition does not suspend the term."""
    return cue.first > 0 and ctx.toks.words[cue.first - 1] in _CONCESSIVE


def _joins(ctx: Context, j: int, after_cue: int) -> bool:
    toks = ctx.toks
    word = toks.words[j]
    if word == "e":
        # Portuguese "e" joins, but "é" ("is") folds to the same token; right after a
        # denial ("nao e advertencia", typed without accents) it can only be "é".
        if j == after_cue and toks.words[j - 1] == "nao":
            return False
        return toks.source[toks.starts[j]] in "eE"
    return word in ctx.lex.joins


def _cue_before(m: Mention, me: int, cue: CueHit, ctx: Context) -> None:
    row = _BEFORE.get(cue.kind)
    if row is not None:
        _scope(row, m, me, cue, ctx, ctx.gap(cue.last, m.first), cue.last, m.first)


def _cue_after(m: Mention, me: int, cue: CueHit, ctx: Context) -> None:
    row = _AFTER.get(cue.kind)
    if row is not None:
        _scope(row, m, me, cue, ctx, ctx.gap(m.last, cue.first), m.last, cue.first)


def _scope(
    row: CueScope, m: Mention, me: int, cue: CueHit, ctx: Context, gap: int, lo: int, hi: int
) -> None:
    """The one scoper: a cue marks the term (`row.effect`) when the term is within the row's
    window, what lies between them fits its reach, and every guard holds."""
    if not row.within(gap) or not _REACHES[row.reach](m, me, cue, ctx, lo, hi):
        return
    if all(GUARDS[name](m, me, cue, ctx) for name in row.guards):
        EFFECTS[row.effect](m, cue, ctx, gap)


# -- reaches: what may lie between a cue and the term it reads -------------------------------

_Reach = Callable[[Mention, int, CueHit, Context, int, int], bool]


def _reach_free(m: Mention, me: int, cue: CueHit, ctx: Context, lo: int, hi: int) -> bool:
    return _free(ctx.owner, lo, hi, me)


def _reach_clause(m: Mention, me: int, cue: CueHit, ctx: Context, lo: int, hi: int) -> bool:
    return ctx.clause[cue.first] == ctx.clause[m.first]


def _reach_sentence(m: Mention, me: int, cue: CueHit, ctx: Context, lo: int, hi: int) -> bool:
    return ctx.sentence[cue.first] == ctx.sentence[m.first]


def _reach_near(m: Mention, me: int, cue: CueHit, ctx: Context, lo: int, hi: int) -> bool:
    """Same clause, no other term and no joining word between."""
    return (
        _free(ctx.owner, lo, hi, me)
        and ctx.clause[cue.first] == ctx.clause[m.first]
        and not any(_joins(ctx, j, cue.last) for j in range(lo, hi))
    )


def _reach_near_or_quoted(m: Mention, me: int, cue: CueHit, ctx: Context, lo: int, hi: int) -> bool:
    return _reach_near(m, me, cue, ctx, lo, hi) or _quoted(ctx, cue, m.first)


def _reach_near_own_noun(m: Mention, me: int, cue: CueHit, ctx: Context, lo: int, hi: int) -> bool:
    """Near, or only the part's own noun between ("ya no existe el remedio de la acción por
    defecto")."""
    if _reach_near(m, me, cue, ctx, lo, hi):
        return True
    return (
        ctx.clause[cue.first] == ctx.clause[m.first]
        and _own_noun_between(ctx, m, hi, me, lo)
        and not any(_joins(ctx, j, cue.last) for j in range(lo, hi))
    )


def _reach_free_clause(m: Mention, me: int, cue: CueHit, ctx: Context, lo: int, hi: int) -> bool:
    return _reach_clause(m, me, cue, ctx, lo, hi) and _free(ctx.owner, lo, hi, me)


def _reach_free_sentence(m: Mention, me: int, cue: CueHit, ctx: Context, lo: int, hi: int) -> bool:
    return _reach_sentence(m, me, cue, ctx, lo, hi) and _free(ctx.owner, lo, hi, me)


_REACHES: dict[str, _Reach] = {
    "near": _reach_near,
    "near_or_quoted": _reach_near_or_quoted,
    "near_or_own_noun": _reach_near_own_noun,
    "free": _reach_free,
    "clause": _reach_clause,
    "free_clause": _reach_free_clause,
    "free_sentence": _reach_free_sentence,
    "sentence": _reach_sentence,
}


# -- guards: further conditions a row names ---------------------------------------------------

_Guard = Callable[[Mention, int, CueHit, Context], bool]


def _no_conclusion_between(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    """ "Can't determine the score, so play continues": a conclusion ends a denial."""
    return not _ended_between(ctx, cue, m.first)


def _no_object_between(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    return not _object_between(ctx, cue.last, m.first)


def _says_no_longer_exists(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    """ "ya no existe la acción por defecto": what "no longer exists" names comes after it."""
    return _no_longer_exists(ctx, cue)


def _no_term_right_before_cue(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    return not _term_before(ctx, cue)


def _names_the_record(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    """ "two warnings already", "third GRV warning": the player's record, not the ruling;
    "her earlier MT Warning": an earlier infraction on the record, not the one ruled on."""
    if m.part == "penalty":
        return _only_infractions_between(ctx, cue.last, m.first, me)
    return (
        m.part == "infraction"
        and _names_a_record(ctx, cue)
        and _record_between(ctx, cue.last, m.first, me)
    )


def _not_concessive(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    return not _concessive(cue, ctx)


def _clause_ends_after_cue(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    """ "a GE but it isn't." rejects the GE; "Warning, but it's not a big deal" does not."""
    toks = ctx.toks
    return not (cue.last < len(toks.words) and not toks.breaks[cue.last])


def _bare_denial_right_after(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    """ "então Perda de Jogo não.": a bare denial rejects only the term right before it
    ("escolhe se coloca na pilha ou não" rejects nothing)."""
    return not (cue.last - cue.first == 1 and cue.first != m.last)


def _not_a_tag_question(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    """ "sin penalización, ¿no?", "sem penalidade, não?": a bare "no" that ends a question
    asks for agreement with the term before it (a tag question); it rejects nothing."""
    if cue.last - cue.first != 1:
        return True
    toks = ctx.toks
    if cue.last < len(toks.words):
        return not toks.question[cue.last]
    return not ctx.tail_question


def _no_reset_or_reason_between(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    """ "no penalty, but it is too late to fix" rejects the fix, not the penalty; "Warning,
    and since backing up no longer works, ..." rejects inside the reason."""
    return not any(
        c.kind in ("reset", "reason") and m.last <= c.first < cue.first for c in ctx.cues
    )


def _not_about_the_next_option(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    return not _predicates_next(m, me, cue, ctx)


def _free_or_own_noun(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    return _free(ctx.owner, m.last, cue.first, me) or _own_noun_between(ctx, m, cue.first, me)


def _same_part_term_right_after(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    """ "a missed trigger is a General Error": the copula names another id of the term's
    part next (an article may stand between), in the same clause."""
    words = ctx.toks.words
    for j in range(cue.last, min(cue.last + _PREDICATE_GAP + 1, len(words))):
        if ctx.clause[j] != ctx.clause[cue.first]:
            return False
        other = ctx.owner[j]
        if other not in (-1, me):
            found = ctx.mentions[other]
            return found.part == m.part and bool(found.ident) and found.ident != m.ident
    return False


_SUBJECT_POINTERS = frozenset(
    {
        "that",
        "thats",
        "that's",
        "it",
        "its",
        "it's",
        "this",
        "which",
        "isso",
        "isto",
        "o",
        "que",
        "eso",
        "esto",
        "lo",
        "ele",
        "ela",
        "el",
        "ella",
        "would",
        "seria",
        "sería",
    }
)
"""Words that may open the clause of a rejection after a term and still speak of it ("a
backup, that would do nothing"; "Nothing to rule, the extra flying wouldn't do anything"
speaks of the flying)."""


def _no_other_subject(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    """The rejection's clause says nothing before the cue but words pointing back at the
    term: another subject there is what the rejection is about."""
    clause = ctx.clause[cue.first]
    if clause == ctx.clause[m.first]:
        return True
    words = ctx.toks.words
    j = cue.first - 1
    while j >= m.last and ctx.clause[j] == clause:
        if (
            ctx.owner[j] < 0
            and words[j] not in _SUBJECT_POINTERS
            and words[j] not in ctx.lex.filler
        ):
            return False
        j -= 1
    return True


_ROLES = frozenset({"opponent", "oponente", "rival", "adversario", "the", "o", "el"})
"""Words a chooser's term may open with ("the opponent chooses"): a player's role."""


def _term_is_no_role(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    """ "Lia counts as the opponent and chooses whether ...": the cue speaks of the player,
    not of the remedy whose chooser it names."""
    return ctx.toks.words[m.first] not in _ROLES


def _cue_not_denied(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    """ "não fica na Advertência", "no se queda en sin penalización", "it doesn't stay at a
    Warning": a one-word denial right before the cue turns it around."""
    return not (cue.first and ctx.toks.words[cue.first - 1] in ctx.lex.denials)


GUARDS: dict[str, _Guard] = {
    "no_conclusion_between": _no_conclusion_between,
    "no_object_between": _no_object_between,
    "says_no_longer_exists": _says_no_longer_exists,
    "no_term_right_before_cue": _no_term_right_before_cue,
    "names_the_record": _names_the_record,
    "not_concessive": _not_concessive,
    "clause_ends_after_cue": _clause_ends_after_cue,
    "bare_denial_right_after": _bare_denial_right_after,
    "not_a_tag_question": _not_a_tag_question,
    "no_reset_or_reason_between": _no_reset_or_reason_between,
    "not_about_the_next_option": _not_about_the_next_option,
    "free_or_own_noun": _free_or_own_noun,
    "same_part_term_right_after": _same_part_term_right_after,
    "term_is_no_role": _term_is_no_role,
    "no_other_subject": _no_other_subject,
    "cue_not_denied": _cue_not_denied,
}
"""The named conditions a row of cues.toml may ask for."""


# -- effects: what a cue marks a term as ------------------------------------------------------

_Effect = Callable[[Mention, CueHit, Context, int], None]


def _negated(m: Mention, cue: CueHit, ctx: Context, gap: int) -> None:
    # "didn't help him, so there's no penalty": an empty id is never denied again, except
    # right after the denial ("a Warning, not no penalty").
    if m.ident not in _EMPTY or gap == 0:
        m.negated, m.neg_from = True, cue.first


def _rejected(m: Mention, cue: CueHit, ctx: Context, gap: int) -> None:
    m.rejected = True


def _concluded(m: Mention, cue: CueHit, ctx: Context, gap: int) -> None:
    m.concluded = True


def _step(m: Mention, cue: CueHit, ctx: Context, gap: int) -> None:
    m.step = m.step or ctx.sentence[cue.first] == ctx.sentence[m.first]


def _counted(m: Mention, cue: CueHit, ctx: Context, gap: int) -> None:
    m.counted = True


def _upgrade(m: Mention, cue: CueHit, ctx: Context, gap: int) -> None:
    if any(c.kind == "reject_pre" and 0 <= cue.first - c.last <= 1 for c in ctx.cues):
        # "rather than treat it as a missed trigger, I'd call it a GRV": the target of a
        # rejected upgrade is rejected.
        m.rejected = True
        return
    m.upgrade = m.upgrade or ctx.sentence[cue.first] == ctx.sentence[m.first]


def _counterfactual(m: Mention, cue: CueHit, ctx: Context, gap: int) -> None:
    m.counterfactual = True


def _reason(m: Mention, cue: CueHit, ctx: Context, gap: int) -> None:
    m.reason = True


def _hypothetical(m: Mention, cue: CueHit, ctx: Context, gap: int) -> None:
    m.hypothetical = True


EFFECTS: dict[str, _Effect] = {
    "negated": _negated,
    "rejected": _rejected,
    "concluded": _concluded,
    "step": _step,
    "counted": _counted,
    "upgrade": _upgrade,
    "counterfactual": _counterfactual,
    "reason": _reason,
    "hypothetical": _hypothetical,
}
"""What a row of cues.toml may mark a term as."""

_BEFORE = scope_table()["before"]
_AFTER = scope_table()["after"]


_OBJECTS = frozenset({"nothing", "anything", "nada", "nenhum", "nenhuma", "ninguno", "ninguna"})
"""Words that close a denied phrase ("no se puede reconstruir nada se sigue jugando"): the
denial reaches no term after them."""


_OBJECT_GOES_ON = frozenset({"que", "to", "a", "pra", "para", "de"})
"""After these the denied phrase goes on ("no hay nada que poner en la pila")."""


def _object_between(ctx: Context, lo: int, hi: int) -> bool:
    words = ctx.toks.words
    return any(
        words[j] in _OBJECTS
        and ctx.owner[j] < 0
        and j > lo
        and not (j + 1 < len(words) and words[j + 1] in _OBJECT_GOES_ON)
        for j in range(lo, hi)
    )


_NEAR_REACH = nearest_reach()
"""The widest gap at which a cue before a term reads it, except the categories of
`_ANY_DISTANCE` (cues.toml)."""
_ANY_DISTANCE = any_distance()
"""Categories that read a term after them at any distance within its clause ("two warnings
already for GRV", "since ... , the penalty is ...")."""


def _no_longer_exists(ctx: Context, cue: CueHit) -> bool:
    """ "ya no existe", "não existe mais", "no longer exists": a cue saying a thing is gone."""
    return any(w in ("existe", "exist", "exists") for w in ctx.toks.words[cue.first : cue.last])


def _term_before(ctx: Context, cue: CueHit) -> bool:
    """Whether a term ends right before the cue in its clause ("la acción por defecto ya no
    existe")."""
    j = cue.first - 1
    return j >= 0 and ctx.owner[j] >= 0 and ctx.clause[j] == ctx.clause[cue.first]


def _quoted(ctx: Context, cue: CueHit, s: int) -> bool:
    """ "No basta con 'seguir jugando'": only an opening quote breaks the clause between the
    cue and the term, so the quoted option is still the one rejected."""
    toks = ctx.toks
    between = toks.source[toks.ends[cue.last - 1] : toks.starts[s]]
    marks = [c for c in between if not (c.isalnum() or c.isspace())]
    return bool(marks) and all(c in _QUOTES for c in marks)


def _ended_between(
    ctx: Context, cue: CueHit, s: int, ends: tuple[str, ...] = ("conclusion",)
) -> bool:
    """ "Can't determine the score, so play continues": a cue of `ends` (a conclusion)
    between a cue and the term at `s` ends the cue's reach."""
    return _cue_between(ctx, cue.last, s, ends)


def _cue_between(ctx: Context, lo: int, hi: int, kinds: tuple[str, ...]) -> bool:
    """Whether a cue of `kinds` starts in [lo, hi) (the first such cue starting at or after
    `lo` starts before `hi`)."""
    starts = ctx.cue_starts(kinds)
    at = bisect_left(starts, lo)
    return at < len(starts) and starts[at] < hi


_RECORD_WORDS = frozenset(
    {"previous", "prior", "earlier", "anterior", "anteriores", "previa", "previas", "already"}
    | {"ja", "ya"}
)
"""Count cues that speak of the player's record ("previous", "anterior", "already has")."""
_RECORD_LINKS = frozenset(
    {"for", "of", "a", "an", "por", "de", "do", "da", "del", "um", "uma", "un", "una", "pra"}
)
_RECORD_REACH = 4


def _names_a_record(ctx: Context, cue: CueHit) -> bool:
    return any(w in _RECORD_WORDS for w in ctx.toks.words[cue.first : cue.last])


def _record_between(ctx: Context, lo: int, hi: int, me: int) -> bool:
    """Only penalties and linking words ("anterior por", "earlier MT") stand between."""
    if hi - lo > _RECORD_REACH:
        return False
    for j in range(lo, hi):
        other = ctx.owner[j]
        if other == -1:
            if ctx.toks.words[j] not in _RECORD_LINKS:
                return False
        elif other == me or ctx.mentions[other].part != "penalty":
            return False
    return True


def _only_infractions_between(ctx: Context, lo: int, hi: int, me: int) -> bool:
    """Every token in [lo, hi) belongs to an infraction's mention ("third GRV warning")."""
    for j in range(lo, hi):
        other = ctx.owner[j]
        if other in (-1, me) or ctx.mentions[other].part != "infraction":
            return False
    return True


def _predicates_next(m: Mention, me: int, cue: CueHit, ctx: Context) -> bool:
    """ "no pen — it would only be a Warning if ...", "sem penalidade: só seria Advertência
    se ...": a cue that goes on to name another option of the part speaks of that option,
    not of the one before it ("no penalty would only be right if ..." still rejects). Only
    for a rejection that is also a condition's cue: "no es un error de juego sino un GRV"
    still rejects the error."""
    if not any(c.kind == "conditional" and c.first == cue.first for c in ctx.cues):
        return False
    sentence = ctx.sentence[cue.first]
    for j in range(cue.last, min(cue.last + _PREDICATE_GAP + 1, len(ctx.toks.words))):
        if ctx.sentence[j] != sentence:
            return False
        other = ctx.owner[j]
        if other not in (-1, me):
            found = ctx.mentions[other]
            return found.part == m.part and bool(found.ident) and found.ident != m.ident
    return False


def _own_noun_between(ctx: Context, m: Mention, hi: int, me: int, lo: int = -1) -> bool:
    """ "the default-action remedy is gone": only the part's own noun stands between (from
    the term's end, or from `lo`)."""
    owners = {ctx.owner[j] for j in range(m.last if lo < 0 else lo, hi)} - {-1, me}
    return bool(owners) and all(
        ctx.mentions[o].part == m.part and not ctx.mentions[o].ident for o in owners
    )


def _cue_scope(m: Mention, cue: CueHit, ctx: Context) -> None:
    """Hedges cover their sentence; conditions and fallbacks run to its end or a reset."""
    if cue.kind == "hedge" and _hedges_previous_sentence(m, cue, ctx):
        m.hedged = True  # "Warning because he did it on purpose? Not sure."
        return
    if _second_thought(m, cue, ctx):
        m.hedged = True  # "Disparada olvidada... o quizá no cuenta como tal"
        return
    if ctx.sentence[cue.first] != ctx.sentence[m.first]:
        return
    scope = _SENTENCE_SCOPES.get(cue.kind)
    if scope is not None:
        scope(m, cue, ctx)


def _hedge_scope(m: Mention, cue: CueHit, ctx: Context) -> None:
    # "torn between X and Y, but I'll go with X": the conclusion ends the doubt
    if not _ended_between(ctx, cue, m.first):
        m.hedged = True


def _aside_scope(m: Mention, cue: CueHit, ctx: Context) -> None:
    if cue.first < m.first and _accent_kept(cue, ctx):
        m.aside = True  # "; other player Kai: no infraction": another player's ruling


def _accent_kept(cue: CueHit, ctx: Context) -> bool:
    """ "Caio sí se lleva la Advertencia" (Caio, for his part, gets it) is another player's
    ruling; "si se lleva" (if he gets) is a condition: folding drops the accent that tells
    them apart, so a cue opening with "si" asks the answer's own letters for it."""
    toks = ctx.toks
    if toks.words[cue.first] != "si":
        return True
    return toks.source[toks.starts[cue.first] + 1] in "\u00ed\u00cd"


def _refocus_scope(m: Mention, cue: CueHit, ctx: Context) -> None:
    if m.last <= cue.first:
        m.aside = True  # "a GRV, but the question is about the opponent: FtMGS"


def _baseline_scope(m: Mention, cue: CueHit, ctx: Context) -> None:
    # "normally no penalty, but ...": the usual ruling, stated within its own clause
    if cue.first >= m.first:
        return
    in_clause = ctx.clause[cue.first] == ctx.clause[m.first]
    if (in_clause and _free(ctx.owner, cue.last, m.first, -1)) or _baseline_until_but(m, cue, ctx):
        m.hypothetical = True


def _baseline_until_but(m: Mention, cue: CueHit, ctx: Context) -> bool:
    """ "On its face overpayment, no penalty, but ...": a baseline's sentence sets the
    usual ruling aside up to the "but" that turns to the answer's own, when one follows, in
    the sentence or opening the next ("... would normally be Overpayment, no penalty. But
    here ...")."""
    sentence = ctx.sentence[cue.first]
    if ctx.sentence[m.first] != sentence or _contrary_between(ctx, cue.last, m.first):
        return False
    if _ended_between(ctx, cue, m.first, ("reset", "conclusion")):
        return False
    end = m.last
    while end < len(ctx.sentence) and ctx.sentence[end] == sentence:
        if ctx.toks.words[end] in _CONTRARY:
            return True
        end += 1
    return end < len(ctx.sentence) and ctx.toks.words[end] in _CONTRARY


def _condition_scope(m: Mention, cue: CueHit, ctx: Context) -> None:
    """A condition or a fallback reads the terms after it, up to a reset or a conclusion."""
    if cue.first >= m.first:
        return
    if cue.kind == "fallback" and cue.first and ctx.toks.breaks[cue.first] == BREAK_NONE:
        return  # "would not otherwise have happened" is no second choice
    # "would have benefited the opponent, so it's a Warning": a conclusion ends the
    # condition's scope as a reset does.
    if _ended_between(ctx, cue, m.first, _CONDITION_ENDS) or _contrary_between(
        ctx, cue.last, m.first
    ):
        return
    if cue.kind == "conditional":
        m.hypothetical = True
    else:
        m.fallback = True


_CONDITION_ENDS = ("reset", "conclusion", "condition_denied")
"""The cues that end a condition's or a fallback's scope: "but", "so", and the answer
denying the condition ("se tivesse dado vantagem, e não deu: sem penalidade")."""


def denied_conditions(mentions: list[Mention], ctx: Context) -> None:
    """ "Só seria Advertência se tivesse dado vantagem, e não deu: sem penalidade", "it
    would only be a Warning if it had helped her, and it didn't": the answer denies the
    condition it set, so the terms that condition held, before the denial in its sentence
    with no reset or conclusion between, are not committed: rejected, not hypothetical
    (the condition's scope ends at the denial, `_CONDITION_ENDS`)."""
    for cue in ctx.cues:
        if cue.kind != "condition_denied":
            continue
        sentence = ctx.sentence[cue.first]
        for m in mentions:
            if (
                m.hypothetical
                and not m.fallback
                and m.last <= cue.first
                and ctx.sentence[m.first] == sentence
                and not _cue_between(ctx, m.last, cue.first, ("reset", "conclusion"))
            ):
                m.rejected = True


def _contrary_between(ctx: Context, start: int, end: int) -> bool:
    """ "If it could be rewound the HJ would do it, but nobody can, so play goes on": a
    "but" / "pero" / "mas" between ends a condition even where it opens a longer cue
    ("pero no", a rejection) that is not itself a reset."""
    return any(w in _CONTRARY for w in ctx.toks.words[start:end])


_SENTENCE_SCOPES: dict[str, Callable[[Mention, CueHit, Context], None]] = {
    "hedge": _hedge_scope,
    "aside": _aside_scope,
    "refocus": _refocus_scope,
    "baseline": _baseline_scope,
    "conditional": _condition_scope,
    "fallback": _condition_scope,
}
"""The cues whose reach is their sentence, by category: what each marks in it."""


def _hedges_previous_sentence(m: Mention, cue: CueHit, ctx: Context) -> bool:
    """A hedge standing alone in the sentence right after the mention's ("Not sure."), or
    after a sentence that trails on from the mention's by an ellipsis ("Probably no
    infraction... though if he attacked, MT. Not sure."): one thought, hedged whole."""
    here = ctx.sentence[cue.first]
    first = here - 1
    while first > ctx.sentence[m.first] and _trails_on(ctx, first):
        first -= 1
    if first != ctx.sentence[m.first]:
        return False
    if ctx.sentence_mentions_something(here):
        return False
    return ctx.sentence_size(here) <= cue.last - cue.first + 2


def _second_thought(m: Mention, cue: CueHit, ctx: Context) -> bool:
    """ "Missed trigger... or maybe it doesn't count as one", "Disparada olvidada... o quizá
    no cuenta como tal": the sentence right after the mention's trails on from it by an
    ellipsis and opens with a doubt ("or maybe", "o quizá", "ou talvez"): a second thought
    that doubts the term before it."""
    here = ctx.sentence[cue.first]
    if here != ctx.sentence[m.first] + 1 or not _trails_on(ctx, here):
        return False
    start = ctx.sentence.index(here)
    opening = ctx.toks.words[start : cue.first]
    if cue.kind == "hedge":
        return all(w in ctx.lex.or_words for w in opening)
    return cue.kind == "alternative" and cue.last - cue.first > 1 and not opening


def _trails_on(ctx: Context, which: int) -> bool:
    """Sentence `which` follows the one before it after an ellipsis ("... aunque si ...")."""
    start = ctx.sentence.index(which) if which in ctx.sentence else 0
    if start == 0:
        return False
    toks = ctx.toks
    return toks.source[toks.ends[start - 1] : toks.starts[start]].rstrip().endswith(_ELLIPSES)


_ELLIPSES = ("...", "\u2026")


def _replaces(other: Mention, m: Mention) -> bool:
    return other.part == m.part and other.ident != m.ident


def _question(m: Mention, ctx: Context) -> None:
    """ "X?" followed by "no" or by another option rejects X; left open, X is only asked."""
    toks, owner = ctx.toks, ctx.owner
    e = _question_end(m, ctx)
    n = len(toks.words)
    asked = toks.question[e] if e < n else ctx.tail_question
    if not asked:
        return
    if e >= n:
        m.questioned = True
        return
    word = toks.words[e]
    if (owner[e] == -1 and word in ctx.lex.deny) or _pointer_rejects(e, ctx):
        m.rejected = True
    elif owner[e] == -1 and word in ctx.lex.affirm:
        return
    elif owner[e] >= 0 and _replaces(ctx.mentions[owner[e]], m):
        m.rejected = True
    else:
        m.questioned = True


_RECORD_REACH = 2
"""Tokens between a term and the count cue that makes it the player's record."""


def _other_option(ctx: Context, o: int, m: Mention) -> bool:
    """Token owner `o` is another term of m's part that is no record of the player's: the
    option a question about m would stop before."""
    if o == -1 or ctx.mentions[o].part != m.part:
        return False
    return not _on_the_record(ctx, ctx.mentions[o])


def _on_the_record(ctx: Context, o: Mention) -> bool:
    """ "Game Loss for her earlier Warnings? No": a term of the player's record, beside a
    count cue ("earlier", "anteriores"), is what the question is about, not another option."""
    return any(
        c.kind == "count"
        and (0 <= o.first - c.last <= _RECORD_REACH or 0 <= c.first - o.last <= _RECORD_REACH)
        for c in ctx.cues
    )


_POINTERS = frozenset({"that", "thats", "that's", "this", "isso", "isto", "eso", "esto"})
"""Words pointing back at the option just asked ("Default action? That no longer exists")."""
_POINTER_REACH = 2


def _pointer_rejects(e: int, ctx: Context) -> bool:
    """ "¿Acción por defecto? Eso ya no existe": the answer to the question points back at
    the option asked and a rejection follows it closely."""
    if ctx.toks.words[e] not in _POINTERS or ctx.owner[e] >= 0:
        return False
    return any(
        e < start <= e + _POINTER_REACH and ctx.sentence[start] == ctx.sentence[e]
        for start in ctx.cue_starts(("reject_post", "reject_end"))
    )


def _question_end(m: Mention, ctx: Context) -> int:
    """Where the question a term may stand in ends: the token after its "?" when a few
    words of the same clause lead there, else right after the term."""
    toks, owner = ctx.toks, ctx.owner
    e = m.last
    n = len(toks.words)
    # "¿Pérdida de juego por acumular Advertencias? No": a term right after an opening "¿"
    # is what the question asks, however long the question runs.
    before = toks.starts[m.first]
    opened = "\u00bf" in toks.source[toks.ends[m.first - 1] if m.first else 0 : before]
    window = _OPENED_QUESTION if opened else _QUESTION_FILLER
    # "a backup first? No": a word or two of the same clause may stand before the "?".
    for j in range(e, min(e + window, n)):
        # "Game Loss for the third FtMGS? No": another part's term may stand there too.
        other = not opened and _other_option(ctx, owner[j], m)
        ended = toks.breaks[j] == BREAK_SENTENCE or (toks.breaks[j] != BREAK_NONE and not opened)
        if other or ended or toks.question[j]:
            break
        if (j + 1 < n and toks.question[j + 1]) or (j + 1 == n and ctx.tail_question):
            return j + 1
    return e


def resolve_generic(
    mentions: list[Mention], toks: Tokens, owner: list[int], lex: Lexicon
) -> tuple[list[Mention], set[str]]:
    """Turn "no penalty"-like and "Penalty: none"-like part nouns into the empty id.

    Also returns the parts named by a noun that claims nothing ("the fix is ..."): the
    answer states such a part, in words the lexicon may lack.
    """
    out: list[Mention] = []
    dangling: set[str] = set()
    for m in mentions:
        if m.ident != GENERIC:
            out.append(m)
            continue
        if m.negated and not (m.hypothetical or m.fallback):
            m.ident, m.negated = EMPTY_IDS[m.part], False
            m.first = m.neg_from if m.neg_from >= 0 else m.first
            out.append(m)
            continue
        if m.live:  # "Penalidade, depende: ...": stated, if in doubt
            dangling.add(m.part)
            if not m.hedged:
                _fill_slot(m, mentions, toks, lex)
        end = _none_end(m, toks, owner, lex)
        if end >= 0:
            m.ident, m.last, m.confidence = EMPTY_IDS[m.part], end, 0.9
            out.append(m)
    return out, dangling


def _none_end(m: Mention, toks: Tokens, owner: list[int], lex: Lexicon) -> int:
    """Where a "none" right after a part's noun ends ("Penalty: none", "Penalty - N/A",
    "the penalty would be none"), or -1."""
    n = len(toks.words)
    for j in range(m.last, min(m.last + 3, n)):
        if owner[j] != -1:
            return -1
        if _not_applicable(toks, j):  # "Penalty - N/A"
            return j + 2
        if toks.words[j] not in lex.none_words:
            if toks.words[j] in lex.copula:
                continue  # "the penalty would be none"
            return -1
        if j + 1 < n and toks.breaks[j + 1] == BREAK_NONE and toks.words[j + 1] not in _SIDE_WORDS:
            return -1  # "Penalty: none." ends the slot; "Remedy: not sure" does not
        return j + 1
    return -1


_SIDE_WORDS = frozenset(
    {"on", "for", "por", "pra", "para", "da", "do", "de", "del", "yet", "ainda", "todavia", "aun"}
)
"""Words that may follow a label's "none" and keep it ("Corrección: ninguna por su parte",
"Fix: none on her side", "Infração? Nenhuma ainda": none so far is none)."""
_SLOT_REACH = 2
"""Tokens after a part's label where its value may start ("Penalty: Warning", "the
infraction is a GRV")."""


def _fill_slot(label: Mention, mentions: list[Mention], toks: Tokens, lex: Lexicon) -> None:
    """Mark the term filling a label's slot: "Penalidade: Advertência", "Infraction is
    Looking at Secret Information". In a conflict, the slot's value is the answer's (the
    other term is a related error or an effect told in passing: "(Dolores perde o jogo)")."""
    n = len(toks.words)
    j = label.last
    if j >= n:
        return
    colon = ":" in toks.source[toks.ends[j - 1] : toks.starts[j]]
    reach = j + _SLOT_REACH
    while j < min(reach, n) and not colon and toks.words[j] in lex.copula:
        j += 1
    if not colon and j == label.last:
        return
    for other in mentions:
        if other.part == label.part and other.ident != GENERIC and other.first == j:
            other.slot = True
            return


def _not_applicable(toks: Tokens, j: int) -> bool:
    """Whether tokens j, j + 1 are "N/A" ending a label slot."""
    n = len(toks.words)
    if j + 1 >= n or toks.words[j] != "n" or toks.words[j + 1] != "a" or not toks.slash[j + 1]:
        return False
    return j + 2 >= n or toks.breaks[j + 2] != BREAK_NONE


def general_upgrades(mentions: list[Mention], cues: list[CueHit]) -> None:
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


def or_nothing(
    mentions: list[Mention], toks: Tokens, owner: list[int], lex: Lexicon
) -> list[Mention]:
    """ "Warning or nothing": the empty id of the same part, offered as an alternative."""
    extra: list[Mention] = []
    n = len(toks.words)
    for m in mentions:
        j = m.last
        if not m.ident or m.ident in _EMPTY or j + 1 >= n or owner[j + 1] != -1:
            continue
        if (
            toks.words[j] in lex.or_words
            and toks.words[j + 1] in lex.nothing
            and not toks.breaks[j + 1]
        ):
            m.alternative = True
            extra.append(
                Mention(m.part, EMPTY_IDS[m.part], j + 1, j + 2, 0.5, "", alternative=True)
            )
    return extra


_BETWEEN_ARTICLES = frozenset({"a", "an", "the", "um", "uma", "o", "un", "una", "el", "la"})
"""Articles that may open an option named after "between" ("between a Warning and ...")."""


def between_options(
    mentions: list[Mention], toks: Tokens, owner: list[int], lex: Lexicon
) -> list[Mention]:
    """ "Entre nada y Advertencia", "between a Warning and no penalty", "fico entre
    Advertência e nenhuma": two options of one part named right after "between" / "entre"
    and joined by "and" / "e" / "y", in one clause, are offered as "X or Y" are (left open
    unless the answer picks one); a nothing word among them is the part's empty id, as in
    "Warning or nothing" (`or_nothing`). Returns the empty ids so offered."""
    starts: dict[int, Mention] = {}
    for m in mentions:
        starts.setdefault(m.first, m)
    extra: list[Mention] = []
    for i, word in enumerate(toks.words):
        if word in lex.between and owner[i] < 0:
            extra.extend(_between_pair(i + 1, starts, toks, owner, lex))
    return extra


def _between_pair(
    j: int, starts: dict[int, Mention], toks: Tokens, owner: list[int], lex: Lexicon
) -> list[Mention]:
    """The options named from token j on ("nada y Advertencia"), marked as alternatives;
    returns the empty id made for a nothing word among them."""
    first = _between_option(j, starts, toks, owner, lex)
    if first is None or first[1] >= len(toks.words):
        return []
    k = first[1]
    if toks.words[k] not in lex.between_and or toks.breaks[k]:
        return []
    second = _between_option(k + 1, starts, toks, owner, lex)
    if second is None:
        return []
    a, b = first[0], second[0]
    if a is not None and b is not None:
        if a.part == b.part and a.ident != b.ident:
            a.alternative = b.alternative = True
        return []
    named = a or b
    if named is None or named.ident in _EMPTY:
        return []
    span = (j, first[1]) if a is None else (k + 1, second[1])
    named.alternative = True
    return [Mention(named.part, EMPTY_IDS[named.part], *span, 0.5, "", alternative=True)]


def _between_option(
    j: int, starts: dict[int, Mention], toks: Tokens, owner: list[int], lex: Lexicon
) -> tuple[Mention | None, int] | None:
    """The option at token j (an article may open it), in the clause: (its mention, or
    None for a nothing word; the token after it), or None when no option stands there."""
    n = len(toks.words)
    if j < n and toks.words[j] in _BETWEEN_ARTICLES and owner[j] < 0:
        j += 1
    if j >= n or toks.breaks[j]:
        return None
    found = starts.get(j)
    if found is not None:
        return found, found.last
    if owner[j] < 0 and toks.words[j] in lex.nothing:
        return None, j + 1
    return None


_ATTACHING = frozenset({"with", "com", "con", "a", "an", "um", "uma", "un", "una", "and", "y"})
"""Words that may stand between an infraction and the penalty or fix that comes with it
("a missed trigger with a Warning", "MT and a Warning"); Portuguese "e" too, spelt so."""
_ATTACHED_PARTS = {"infraction": ("penalty", "remedy"), "penalty": ("remedy",)}
"""What may come attached to a term of each part, in the order a ruling is told."""


def attached_terms(mentions: list[Mention], toks: Tokens) -> None:
    """ "No es solo sobrepago sin penalización: ...", "sería sobrepago sin penalización,
    pero ...", "not just a missed trigger with a Warning": a denied, rejected or
    hypothetical infraction sets aside with it the penalty (and the fix) told right after it
    in its clause, joined by nothing, "with" / "com" / "con", "and" or an article; attached
    to a hypothetical one ("aí seria MT com Adv, mas por enquanto nada a fazer"), they are
    hypothetical with it."""
    by_start: dict[int, Mention] = {}
    for m in mentions:
        if m.part != "infraction":
            by_start.setdefault(m.first, m)
    for m in mentions:
        if m.part != "infraction" or not (m.negated or m.rejected or m.hypothetical):
            continue
        held = m
        while (nxt := _attached_after(held, by_start, toks)) is not None:
            nxt.negated = nxt.negated or m.negated
            nxt.rejected = nxt.rejected or m.rejected
            nxt.hypothetical = nxt.hypothetical or m.hypothetical
            held = nxt


_ATTACH_REACH = 2
"""The most attaching words between a term and the next one told with it."""


def _attached_after(m: Mention, by_start: dict[int, Mention], toks: Tokens) -> Mention | None:
    """The penalty or fix told right after `m` in its clause (see `attached_terms`)."""
    n = len(toks.words)
    for k in range(m.last, min(m.last + _ATTACH_REACH + 1, n)):
        if toks.breaks[k]:
            return None
        nxt = by_start.get(k)
        if nxt is not None:
            return nxt if nxt.part in _ATTACHED_PARTS.get(m.part, ()) else None
        if not _attaching(toks, k):
            return None
    return None


def _attaching(toks: Tokens, k: int) -> bool:
    word = toks.words[k]
    if word == "e":  # Portuguese "e" ("and"), not "é" ("is"), which folds to it
        return toks.source[toks.starts[k]] in "eE"
    return word in _ATTACHING


def _opened_as_options(a: Mention, cues: list[CueHit]) -> bool:
    """ "either back up the untap or have him discard now": an "either" / "ou" / "o" right
    before the first option lets the "or" reach a farther second one."""
    return any(c.kind == "alternative" and 0 <= a.first - c.last <= 1 for c in cues)


def _options_near(a: Mention, b: Mention, cues: list[CueHit]) -> bool:
    """Two mentions close enough to be options: three tokens apart at most, or up to
    `_EITHER_REACH` when "either" opens the first."""
    gap = b.first - a.last
    return gap <= _EITHER_REACH and (gap <= 3 or _opened_as_options(a, cues))


def _joined_as_options(a: Mention, b: Mention, cues: list[CueHit], toks: Tokens) -> bool:
    """A slash right between the mentions, or an "or" cue between them."""
    if b.first == a.last and toks.slash[b.first]:
        return True
    return any(c.kind == "alternative" and a.last <= c.first < b.first for c in cues)


def mark_alternatives(
    mentions: list[Mention], cues: list[CueHit], toks: Tokens, sentence: list[int]
) -> None:
    """Flag neighbouring mentions of one part joined by "or" / "ou" / "o" / a slash."""
    ordered = sorted(mentions, key=lambda m: m.first)
    for a, b in itertools.pairwise(ordered):
        if a.part != b.part or a.ident == b.ident or sentence[a.first] != sentence[b.first]:
            continue
        if not _options_near(a, b, cues):
            continue
        joined = _joined_as_options(a, b, cues, toks)
        if joined and a.negated and not (b.negated or b.rejected):
            # "it isn't cheating or a GE": the denial covers the whole list.
            b.negated, b.neg_from = True, a.neg_from
        elif joined:
            a.alternative = b.alternative = True
    _mark_options_carrying_parts(ordered, cues, toks, sentence)


def _carried_gap(a: Mention, b: Mention, between: list[Mention]) -> int:
    """The tokens between two mentions that no mention of another part covers."""
    return b.first - a.last - sum(m.last - m.first for m in between)


def _mark_options_carrying_parts(
    ordered: list[Mention], cues: list[CueHit], toks: Tokens, sentence: list[int]
) -> None:
    """ "a GRV with a Warning or Cheating with a DQ": options that each carry their other
    parts. Two mentions of one part in one sentence with only other parts' mentions between
    them, joined by "or" and close once those are left out, are options (and so are the
    parts they carry, which meet the same way)."""
    for i, a in enumerate(ordered):
        between: list[Mention] = []
        for b in ordered[i + 1 :]:
            if sentence[b.first] != sentence[a.first]:
                break
            if b.part != a.part:
                between.append(b)
                continue
            if (
                between
                and b.ident != a.ident
                and _carried_gap(a, b, between) <= 3
                and _joined_as_options(between[-1], b, cues, toks)
                and not (a.negated or a.rejected or b.negated or b.rejected)
            ):
                a.alternative = b.alternative = True
            break
