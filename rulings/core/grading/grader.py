"""grade_answer: read what a free-form answer claims for each part and grade it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from types import MappingProxyType
from typing import Final

from .errors import GradingError
from .feedback import render_feedback
from .lexicon import EMPTY_IDS, GAMES, LANGUAGES, PARTS, Lexicon, load_lexicon
from .matcher import Analysis, analyse
from .mentions import Mention
from .models import Expected, Grade, PartGrade, Span
from .reading.calibration import REVIEW_THRESHOLD, calibrated, load_table, part_bucket
from .reading.nearmiss import unseparated
from .reading.rules import CONCLUDED, NAMED, Reading, decide
from .reasons import NOTHING_STATED, OPTIONS_SEPARATOR, read_reason, reason_text, ruled_parts
from .second_reader import Doubt, Plain, current_second_reader
from .text import BREAK_SENTENCE, Tokens, blank_markup, fold, fold_phrase, tokenize

MAX_ANSWER_CHARS = 5000
"""Answers longer than this (in characters, before any markup is removed) are refused."""

REVIEW_BELOW = 0.5
"""A part graded with less confidence than this sends the answer to a mentor."""

_UNREAD = 0.45
_ONLY_DENIED = 0.8
_IMPLIED = 0.8
_BY_REMEDY = 0.8
_SECTION_PROCEDURE = "apply_section_procedure"
_LONGER_PHRASE = 3
"""Tokens after a description where an unplaced word may continue it."""
_PARAPHRASED = 0.85
"""A right id read from a paraphrase with gaps (0.85) is as firm as a name: the second
reading does not doubt it (`_beyond_second_reading`)."""


@dataclass(frozen=True, slots=True)
class _Reason:
    """Why a part goes to a mentor."""

    part: str
    text: str
    about_words: bool = False
    """A doubt about how well the words were read (words not understood, a typo or a loose
    paraphrase, low confidence), which a second reading that firmly agrees settles. The other
    rules' doubts are about commitment (a hedge, which may cover two options: "backup or let
    it go on, both work") or rulings judges confuse, which a reading of the words cannot
    settle."""

    def __str__(self) -> str:
        return f"{self.part}: {self.text}"


def grade_answer(text: str, expected: Expected, *, game: str, lang: str | None = None) -> Grade:
    """Grade a free-form answer against an expected ruling, part by part.

    Raises GradingError for an empty or overlong answer, an unknown game or language,
    or an expected ruling with no graded part or with an id unknown for the game.
    """
    lex = load_lexicon()
    _check(text, expected, game, lang, lex)
    blanked = blank_markup(text)
    prepared = fold(blanked)
    tokens = tokenize(prepared, blanked)
    if not tokens.words:
        raise GradingError("the answer has no words to grade")
    tail = prepared.rstrip()
    tail_question = tail.endswith("?") and (not tokens.ends or tokens.ends[-1] < len(tail))
    analysis = analyse(tokens, tail_question, game, lang)
    readings = _read_parts(analysis, lex)
    if analysis.unread:
        readings = {part: _unread(r) for part, r in readings.items()}
    for part in analysis.stated:  # "the fix is ...": stated, in words not understood
        readings[part] = _unread(readings[part])
    readings = _hinted_ids(readings, analysis, lex, game)
    language = lang or analysis.language
    to_a_point = _to_a_point(analysis, lex)  # read once: the remedy and its doubt use it
    parts = {
        part: _part_grade(
            part,
            str(expected.part(part)),
            _as_expected(
                part,
                readings[part],
                expected,
                game,
                lex,
                part == "remedy" and to_a_point,
            ),
            tokens,
            text,
        )
        for part in expected.graded_parts()
    }
    parts = _with_doubts(parts, readings, analysis, lex, text)
    reasons = _with_second_reading(
        _review_reasons(parts, _only_asked(readings))
        + _doubtful_wrong(parts, analysis, expected, lex, to_a_point)
        + _in_doubtful_words(parts, readings, analysis)
        + _hinted_neighbours(parts, readings, analysis, lex, game)
        + _near_misses(parts, analysis, expected)
        + _infraction_left_to_the_story(parts)
        + _ambiguous_words(parts, lex)
        + _nothing_placed(parts, readings, analysis)
        + _claim_beside_open_options(parts, analysis),
        parts,
        {part for part, reading in readings.items() if reading.implied},
        analysis.unread,
        tokens.words,
        partial(_plain_part, parts, readings, tokens.words, lex),
    )
    reasons = _not_alone(reasons, parts)
    parts, reasons = _calibrated(parts, reasons)
    score = sum(1 for p in parts.values() if p.correct) / len(parts)
    confidence = min(p.confidence for p in parts.values())
    return Grade(
        parts=MappingProxyType(parts),
        score=round(score, 4),
        confidence=round(confidence, 3),
        needs_review=bool(reasons),
        feedback=render_feedback(parts, expected, game, language, reasons, lex),
        language=language,
        review_reasons=reasons,
        lexicon_version=lex.version,
    )


def _hinted_ids(
    readings: dict[str, Reading], analysis: Analysis, lex: Lexicon, game: str
) -> dict[str, Reading]:
    """A broad term ("rewind", "backup") that the answer pins down outside any term: "Fix:
    rewind, done by the head judge" is Riftbound's rewind beyond the last action, which only
    the head judge performs (`hints` in the lexicon); every labelled answer read so is
    labelled the longer rewind (11 of 11 over the devset and blind1-35)."""
    for part, ident in sorted(analysis.hinted):
        reading = readings[part]
        evidence = reading.evidence
        if evidence is None or reading.found != evidence.ident:
            continue
        broad = lex.ids[part].get(reading.found)
        if broad is None or not broad.internal or ident not in broad.satisfies:
            continue
        if game in lex.ids[part][ident].games and not (reading.hedged or reading.conflict):
            readings[part] = replace(reading, found=ident, rule="hinted_id")
    return readings


_FTMGS = "failure_to_maintain_game_state"


def _other_players_ftmgs(grade: PartGrade) -> bool:
    """Two infractions standing, the one read the key's and the other Failure to Maintain
    Game State: the opponent's own infraction for letting the error pass ("GRV for Rui,
    FtMGS for Paula"), which the answer rules on beside the key's."""
    return (
        grade.part == "infraction"
        and grade.correct
        and grade.found != _FTMGS
        and _FTMGS in grade.candidates
    )


def _hedged_reading(grade: PartGrade) -> bool:
    """An infraction or a fix read as the key from a hypothetical a hedge covers; or two
    ids doubted with none chosen (`undecided`): the answer commits to neither and is
    graded so, as options left open are."""
    if grade.rule == "undecided":
        return True
    return grade.part != "penalty" and grade.correct and grade.rule == "hypothetical"


def _hinted_rewind(grade: PartGrade) -> bool:
    """A rewind pinned down as the head judge's longer one, said too late for a simple one."""
    return grade.rule == "hinted_id"


_REWINDS = frozenset({"simple_rewind", "rewind", "simple_backup"})


def _key_beside_a_step(grade: PartGrade) -> bool:
    """The other player's FtMGS beside the key's infraction, or one fix and a rewind or
    backup standing, the one read the key's: the rewind is the step that takes the game
    back before the fix ("simple rewind, then she readies the unit")."""
    if _other_players_ftmgs(grade):
        return True
    rewinds = _REWINDS.intersection(grade.candidates)
    return grade.part == "remedy" and grade.correct and len(grade.candidates) - len(rewinds) == 1


_NOT_ALONE: Final[Mapping[str, Callable[[PartGrade], bool]]] = MappingProxyType(
    {
        "two_candidates": _key_beside_a_step,
        "hedged": _hedged_reading,
        "rewind_too_late": _hinted_rewind,
    }
)
"""Doubts that send an answer to a mentor only beside another reason: the reason's code,
and which parts it holds for. Over blind1-39 each was the answer's only reason on right
gradings far more often than on misgrades: the other player's FtMGS beside the key's
infraction (81 right, 1 misgraded), a hypothetical infraction or fix read as the key under
a hedge (58, 2), two ids doubted and none chosen (29, 0), a rewind beside the key's fix,
a rewind of the head judge's length said too late for a simple one (15, 0). Held out, the
answers flagged went from 8.6% to 7.5% (blind32-39: 10.9% to 9.8%), the misgraded answers
flagged from 528 to 527 of 549. The part still reads with the record of doubted parts
(`part_bucket`), so never at 0.9 or more. A penalty's two candidates still flag alone: "GRV.
Warning. Game Loss." must not earn the first one unseen."""


def _not_alone(reasons: tuple[str, ...], parts: Mapping[str, PartGrade]) -> tuple[str, ...]:
    """No reasons when every one is a doubt of `_NOT_ALONE` (the calibration table may
    still flag a part whose record is weak)."""
    return () if reasons and all(_weak_alone(r, parts) for r in reasons) else reasons


def _weak_alone(reason: str, parts: Mapping[str, PartGrade]) -> bool:
    read = read_reason(reason)
    grade = parts.get(read.part) if read is not None else None
    holds = _NOT_ALONE.get(read.code) if read is not None else None
    return grade is not None and holds is not None and holds(grade)


@dataclass(frozen=True, slots=True)
class _Doubted:
    """What a named doubt reads: one part's grade and reading, the answer's other parts, its
    analysis and the lexicon."""

    grade: PartGrade
    reading: Reading
    parts: Mapping[str, PartGrade]
    analysis: Analysis
    lex: Lexicon
    text: str


def _rewind_length_unsaid(d: _Doubted) -> bool:
    """A fix read from a rewind of unstated length ("rewind", "back up", "retrocesso") where
    the key is no rewind: it is reported as the game's simple one, but the words do not say
    which rewind the answer means (the writers label it either length)."""
    evidence = d.reading.evidence
    if d.grade.correct or evidence is None or d.reading.found != evidence.ident:
        return False
    info = d.lex.ids[d.grade.part].get(evidence.ident)
    return info is not None and info.internal and _LONGER in info.satisfies


def _another_ruling_in_brackets(d: _Doubted) -> bool:
    """Read inside brackets that also name an infraction other than the one read: "Cleo:
    FtMGS, Warning. (Ben: Forgetting to Score, no penalty, correct the score.)" rules on
    another player there, and the part may be that ruling's."""
    span = d.grade.evidence
    if span is None or d.grade.part == "infraction":
        return False
    opened = d.text.rfind("(", 0, span.start)
    if opened < 0 or d.text.rfind(")", 0, span.start) > opened:
        return False
    closed = d.text.find(")", span.end)
    end = len(d.text) if closed < 0 else closed
    infraction = d.parts.get("infraction")
    read = infraction.found if infraction is not None else None
    starts = d.analysis.tokens.starts
    return any(
        m.part == "infraction"
        and (m.live or m.aside)
        and m.ident != read
        and opened < starts[m.first] < end
        for m in d.analysis.mentions
    )


def _unstated_beside_open_infraction(d: _Doubted) -> bool:
    """A part the answer leaves unstated while its infraction is undecided or unread: the
    label convention may settle it from the infraction the answer meant."""
    infraction = d.parts.get("infraction")
    if d.grade.part == "infraction" or d.grade.found is not None or infraction is None:
        return False
    return infraction.conflict or infraction.found is None


def _two_infractions(d: _Doubted) -> bool:
    """An infraction read where the answer plainly names two ("two infractions: X and Y")."""
    if d.grade.part != "infraction":
        return False
    named = {m.ident for m in d.analysis.mentions if m.part == "infraction" and m.live}
    named.discard(EMPTY_IDS["infraction"])
    return len(named) >= 2


def _alternative_folded(d: _Doubted) -> bool:
    """Read from one of two options offered as alternatives ("either it goes on the stack
    or the default action happens") where the other gave way to it: the answer may be
    leaving the choice open."""
    evidence = d.reading.evidence
    if evidence is None or not evidence.alternative or d.grade.rule != "one_claim":
        return False
    return any(
        m.part == d.grade.part and m.alternative and m.live and m.ident != evidence.ident
        for m in d.analysis.mentions
    )


DOUBTS: Final[Mapping[str, Callable[[_Doubted], bool]]] = MappingProxyType(
    {
        "rewind_length_unsaid": _rewind_length_unsaid,
        "another_ruling_in_brackets": _another_ruling_in_brackets,
        "unstated_beside_open_infraction": _unstated_beside_open_infraction,
        "two_infractions": _two_infractions,
        "alternative_folded": _alternative_folded,
    }
)
"""Named doubts over a part the rules clear, in order: the first that holds gives the
part its bucket in the confidence table (`calibration.part_bucket`), so the part reads
with the record of parts read so, not with the record of its rule's plain readings."""


def _with_doubts(
    parts: dict[str, PartGrade],
    readings: Mapping[str, Reading],
    analysis: Analysis,
    lex: Lexicon,
    text: str,
) -> dict[str, PartGrade]:
    """Each part with the first named doubt (`DOUBTS`) that holds for its reading."""
    out: dict[str, PartGrade] = {}
    for name, grade in parts.items():
        doubted = _Doubted(grade, readings[name], parts, analysis, lex, text)
        doubt = next((d for d, holds in DOUBTS.items() if holds(doubted)), "")
        out[name] = replace(grade, doubt=doubt) if doubt else grade
    return out


def _calibrated(
    parts: dict[str, PartGrade], reasons: tuple[str, ...]
) -> tuple[dict[str, PartGrade], tuple[str, ...]]:
    """Each part's confidence from its rule's track record (reading/calibration.py), and a
    review reason for a part the rules cleared whose record is below the review threshold.
    The rules above read the raw confidences of the words; a grade reports calibrated ones."""
    table = load_table()
    out: dict[str, PartGrade] = {}
    extra: list[str] = []
    ruled = ruled_parts(reasons) if reasons else frozenset()
    for name, grade in parts.items():
        reviewed = name in ruled
        key = part_bucket(grade.rule, reviewed, grade.hedged, grade.conflict, grade.doubt)
        confidence = calibrated(table, key)
        if not reviewed and confidence < REVIEW_THRESHOLD:
            extra.append(str(_Reason(name, reason_text("weak_record", rule=grade.rule))))
        out[name] = replace(grade, confidence=confidence)
    return out, (*reasons, *extra)


def _as_expected(
    part: str,
    reading: Reading,
    expected: Expected,
    game: str,
    lex: Lexicon,
    to_a_point: bool = False,
) -> Reading:
    """The claimed id in the expected ruling's terms.

    A claim counts as the expected id when it is that id, one of the steps of a remedy
    stated in sequence ("simple backup, then the opponent chooses"), an id that satisfies
    it (the broad "rewind" satisfies a simple rewind), an id of the same meaning (`alike`:
    "no fix" and "play continues from the current state"), or, for "apply the section's
    procedure", the concrete fix that section prescribes for the expected infraction (a
    single fix is reported as claimed and graded right; among steps or candidates it is
    reported as the procedure). Otherwise an internal broad id is reported as the public id
    it stands for.
    """
    if reading.candidates:
        reading = _candidates_reported(part, reading, lex)
    found = reading.found
    if found is None:
        return reading
    want = str(expected.part(part))
    if reading.conflict and all(
        _counts_as(part, ident, want, expected, lex) for ident in reading.candidates
    ):
        # "A simple backup undoes the last action": every id left standing is the
        # expected one in other words, so nothing is left to decide.
        return replace(
            reading,
            found=want,
            conflict=False,
            confidence=CONCLUDED,
            rule="candidates_all_expected",
        )
    if (
        want == "apply_section_procedure"
        and not reading.steps
        and found in lex.section_procedure.get(expected.infraction or "", ())
    ):
        # "He draws the cards he missed": the answer claims the concrete fix, which is
        # the section's procedure; report what it claims and grade it right. Where it
        # also names the procedure ("Forgetting to Draw Cards (TR 702.4) ... draws now"),
        # the two are one claim, reported as the procedure asked for.
        if reading.procedure_named:
            return replace(reading, found=want)
        return replace(reading, counts=True)
    for ident in reading.steps or (found,):
        if _counts_as(part, ident, want, expected, lex):
            return reading if found == want else replace(reading, found=want)
    return _reported(part, reading, found, game, lex, to_a_point)


def _candidates_reported(part: str, reading: Reading, lex: Lexicon) -> Reading:
    """The reading with its candidates as reported: an internal broad id as the public id
    it stands for, each once."""
    table = lex.ids[part]
    shown = (table[i].reported_as if table[i].internal else i for i in reading.candidates)
    return replace(reading, candidates=tuple(dict.fromkeys(shown)))


def _reported(
    part: str, reading: Reading, found: str, game: str, lex: Lexicon, to_a_point: bool
) -> Reading:
    """A claim that does not count as the expected id, as reported: an internal broad id
    as the public id it stands for (in the game, where it has one there)."""
    info = lex.ids[part]
    if to_a_point and info[found].internal and _LONGER in info[found].satisfies:
        # "Rewind back to the discard", "backup hasta justo después del daño": a rewind
        # back to a point the answer names is the longer rewind (blind8/9's writers).
        return replace(reading, found=_LONGER)
    in_game = dict(info[found].reported_in).get(game)
    if in_game:
        return replace(reading, found=in_game)
    if info[found].internal:
        return replace(reading, found=info[found].reported_as)
    return reading


def _counts_as(part: str, ident: str, want: str, expected: Expected, lex: Lexicon) -> bool:
    """Whether a claim of `ident` counts as the expected id `want`."""
    if ident == want:
        return True
    info = lex.ids[part].get(ident)
    if info is None:
        return False
    if want in info.satisfies or want in info.alike:
        return True  # "no fix" where the key says play continues: one meaning
    procedure = lex.section_procedure.get(expected.infraction or "", frozenset())
    return want == "apply_section_procedure" and ident in procedure


@dataclass(frozen=True, slots=True)
class _Wrong:
    """A part graded wrong, and what the checks of `_WRONG_CHECKS` may look at."""

    name: str
    grade: PartGrade
    parts: Mapping[str, PartGrade]
    analysis: Analysis
    expected: Expected
    lex: Lexicon
    to_a_point: bool


def _doubtful_wrong(
    parts: Mapping[str, PartGrade],
    analysis: Analysis,
    expected: Expected,
    lex: Lexicon,
    to_a_point: bool,
) -> tuple[_Reason, ...]:
    """Wrong gradings a mentor should confirm: for each part graded wrong (not hedged, in
    conflict or already of low confidence), the first of `_WRONG_CHECKS` that doubts it.

    When the grader errs, it mostly fails to see the expected answer; so a part graded
    wrong goes to review when the answer also mentions the expected id in a way that is
    not a plain denial (as a hypothetical, a fallback, a question, the losing side of a
    conflict), when some clause of the answer went unread, when the part was not found
    while some words of the answer were not understood (they may state it), when a
    rewind or a play-on is read where the words may mean its neighbour, or when the wrong
    id was read only from a description that unplaced words follow.

    Since 2026.12.07.8 a wrong id read on a weak cue (a paraphrase with gaps or a corrected
    typo), alone or as a neighbour of the expected id, is no doubt: held out over blind1-38
    those flags fell on 44 answers, every misgrade among them also flagged by another
    reason; without them the same 531 of 552 misgraded answers are flagged and 1,176
    answers are flagged, not 1,220 (devset: 774, not 800; the same 324 misgrades).
    """
    reasons: list[_Reason] = []
    for name, grade in parts.items():
        if grade.correct or grade.hedged or grade.conflict or grade.confidence < REVIEW_BELOW:
            continue
        wrong = _Wrong(name, grade, parts, analysis, expected, lex, to_a_point)
        reason = next((r for check in _WRONG_CHECKS if (r := check(wrong)) is not None), None)
        if reason is not None:
            reasons.append(reason)
    return tuple(reasons)


def _names_expected(w: _Wrong) -> _Reason | None:
    """The answer also mentions the expected id, not as a plain denial."""
    considered = any(
        m.part == w.name
        and m.ident
        and not (m.negated or m.rejected or m.counted)
        and _counts_as(w.name, m.ident, w.grade.expected, w.expected, w.lex)
        and not (
            _yielded(w.name, m.ident, w.grade.found, w.lex)
            and not _later_neighbour(w.name, m, w.grade.found, w.analysis, w.lex)
        )
        and not _set_aside_for_reading(w, m)
        for m in w.analysis.mentions
    )
    return _Reason(w.name, reason_text("names_expected")) if considered else None


def _set_aside_for_reading(w: _Wrong, m: Mention) -> bool:
    """The expected id named only where the answer set it aside for what it was read as:
    before the correction the part's reading follows ("fix the score... wait, a round has
    gone by, so play on"), or as a hypothetical that a later conclusion answers ("it would
    only be a Warning if it had helped her, so no penalty"). On blind1-34 these flags fell
    on 18 answers read as labelled and on no misgrade."""
    a = w.analysis
    if w.grade.rule == "self_correction" and a.corrections and m.first < max(a.corrections):
        return True
    return m.hypothetical and any(
        k.part == w.name and k.ident == w.grade.found and k.concluded and k.live
        for k in a.mentions
        if k.first >= m.last
    )


def _unread_while_missing(w: _Wrong) -> _Reason | None:
    a = w.analysis
    if w.grade.found is None and (a.unread or a.loose or a.odd):
        return _Reason(w.name, reason_text("unread_words"), about_words=True)
    return None


def _too_late_rewind(w: _Wrong) -> _Reason | None:
    if _rewind_too_late(w.name, w.grade, w.analysis, w.lex):
        return _Reason(w.name, reason_text("rewind_too_late", found=str(w.grade.found)))
    return None


def _rewind_to_named_point(w: _Wrong) -> _Reason | None:
    if w.name == "remedy" and w.grade.found is not None and w.to_a_point:
        return _Reason(w.name, reason_text("rewind_to_a_point", found=w.grade.found))
    return None


def _no_fix_or_play_on(w: _Wrong) -> _Reason | None:
    if _play_on_or_nothing(w.name, w.grade, w.parts):
        found, want = str(w.grade.found), w.grade.expected
        return _Reason(w.name, reason_text("no_fix_or_play_on", found=found, want=want))
    return None


def _described_before_unread(w: _Wrong) -> _Reason | None:
    """A wrong id read only from a description that unplaced words follow closely: those
    words may continue it into another id's name (a loose paraphrase)."""
    if w.grade.found is not None and _only_described(w.name, w.analysis, w.lex):
        return _Reason(w.name, reason_text("typo_or_paraphrase"), about_words=True)
    return None


_WRONG_CHECKS: tuple[Callable[[_Wrong], _Reason | None], ...] = (
    _names_expected,
    _unread_while_missing,
    _too_late_rewind,
    _rewind_to_named_point,
    _no_fix_or_play_on,
    _described_before_unread,
)
"""The doubts about a part graded wrong, in the order they are asked; the first that
applies is its review reason."""


def _later_neighbour(
    part: str, m: Mention, found: str | None, analysis: Analysis, lex: Lexicon
) -> bool:
    """ "Não existe mais a ação padrão; a Irene escolhe se a habilidade vai pra pilha": the
    expected id, a neighbour of the id read that yields to it, stated after every claim
    of that id, apart from them, may be what the answer finally commits to; a mentor
    weighs the two (a yield between neighbours settles nothing when the reading is wrong).
    The generic choice inside the specific one ("escolhe se resolve agora ou na próxima
    fase") lies within the claim read and still yields."""
    info = lex.ids[part].get(m.ident)
    if found is None or info is None or found not in info.neighbours:
        return False
    claims = [o for o in analysis.mentions if o.part == part and o.live and o.ident == found]
    return bool(claims) and all(o.last <= m.first for o in claims)


def _rewind_too_late(part: str, grade: PartGrade, analysis: Analysis, lex: Lexicon) -> bool:
    """ "Hay que hacer un retroceso hasta el ataque" where play continues: a rewind of
    unstated length is reported as the simple one, but where the ruling is that play goes
    on (too late to undo the last action), a candidate who rewinds anyway may mean the
    longer rewind, so a mentor reads it. Measured on the 3,376 dev answers: 6 right
    gradings flagged (all wrong answers), 1 misgrade caught."""
    if grade.expected != "continue_play" or grade.found is None:
        return False
    table = lex.ids[part]
    live = [m for m in analysis.mentions if m.part == part and m.live and m.ident in table]
    # a broad id that a longer rewind also satisfies ("rewind", "retroceso", "back up")
    return bool(live) and all(
        table[m.ident].internal and "rewind" in table[m.ident].satisfies for m in live
    )


_POINT_WORDS = frozenset({"until", "till", "ate", "hasta", "antes", "before"})
_PLACE_WORDS = frozenset({"where", "point", "moment", "onde", "ponto", "momento", "donde", "punto"})
"""After "to" / "ao" / "al": the point a rewind goes back to ("back up to where the discard
should have happened", "hasta el punto en que ...")."""
_TO_WORDS = frozenset({"to", "ao", "a", "al"})
_STEP_WORDS = frozenset(
    {
        "upkeep",
        "untap",
        "combat",
        "beginning",
        "start",
        "draw",
        "main",
        "declare",
        "turn",
        "manutencao",
        "inicio",
        "combate",
        "compra",
        "turno",
        "mantenimiento",
        "comienzo",
        "robo",
        "fase",
        "etapa",
        "step",
        "phase",
        # the game event a rewind goes back to ("rewind to the attack", "volver al ataque",
        # "retroceder ao bloqueio"): in Riftbound as in Magic, a point before other actions
        # ("back up to the damage" is left out: the writers label it either way, 3 to 2)
        "attack",
        "attacks",
        "attackers",
        "block",
        "blockers",
        "showdown",
        "ataque",
        "bloqueio",
        "bloqueo",
    }
)
"""Words naming a step, phase or game event a rewind may go back to ("back up to the
upkeep", "rewind to the attack")."""
_POINT_AFTER = 4
"""Tokens after a rewind where the point it goes back to may be named."""


_LONGER = "rewind"


def _to_a_point(analysis: Analysis, lex: Lexicon) -> bool:
    """Whether every remedy claimed is a rewind of unstated length going back to a point
    the answer names ("rewind back to the discard", "hago un rebobinado hasta antes de que
    jugara la otra carta"). Such a rewind is reported as the longer one (2026.12.01.5; it
    counts as a simple one where that is expected); graded wrong, a mentor reads it, since
    the blind writers label it either way. A point named inside the rewind's own words
    ("back up to before the untap") is neither: the writers label that phrase either way
    too (blind1-41: 8 times the simple backup, 3 times the longer rewind), and doubting it
    flagged 8 more answers to catch 1 misgrade (measured for h26j, then dropped)."""
    table = lex.ids["remedy"]
    live = [m for m in analysis.mentions if m.part == "remedy" and m.live and m.ident in table]
    if not live or not all(
        table[m.ident].internal and _LONGER in table[m.ident].satisfies for m in live
    ):
        return False
    toks = analysis.tokens
    for m in live:
        for j in range(m.last, min(m.last + _POINT_AFTER, len(toks.words))):
            if toks.breaks[j] == BREAK_SENTENCE:
                break
            if _names_a_point(toks.words, j):
                return True
    return False


def _names_a_point(words: list[str], j: int) -> bool:
    """Token j starts naming a point to go back to ("back to", "hasta antes", "to the
    upkeep", "to the discard")."""
    return (
        words[j] in _POINT_WORDS
        or (words[j] == "back" and j + 1 < len(words) and words[j + 1] == "to")
        or (words[j] in _TO_WORDS and _names_a_step(words, j + 1))
        or (words[j] in _TO_WORDS and _names_a_place(words, j + 1))
    )


def _play_on_or_nothing(part: str, grade: PartGrade, parts: Mapping[str, PartGrade]) -> bool:
    """ "Sin infracción, sin pen, seguimos": where there is nothing to fix, play going on is
    the no-fix ruling in other words, and the blind writers label it either way (blind4
    "no infraction, play continues" as play continuing, blind6 "sin infracción ...
    seguimos" as no fix). Read as play continuing where no fix is expected, the grading
    goes to a mentor, however firm the words ("the game continues"). After an infraction
    ("missed trigger, no penalty, play continues") playing on is the ruling committed to."""
    infraction = parts.get("infraction")
    return (
        part == "remedy"
        and grade.found == "continue_play"
        and grade.expected == "none"
        and infraction is not None
        and infraction.found == EMPTY_IDS["infraction"]
    )


def _names_a_place(words: list[str], j: int) -> bool:
    """ "to where ...", "to the point where ...", "ao momento em que ..." (within two tokens)."""
    return any(w in _PLACE_WORDS for w in words[j : j + 2])


def _names_a_step(words: list[str], j: int) -> bool:
    """A step or phase named within two tokens ("the upkeep", "o início do turno")."""
    return any(w in _STEP_WORDS for w in words[j : j + 2])


def _only_described(part: str, analysis: Analysis, lex: Lexicon) -> bool:
    """Whether the part was only described ("he forgot it", "so fix it"), never named, by a
    description that words the lexicon did not place follow closely in its sentence: it
    may be the start of a longer phrase the lexicon lacks ("Esquecer de marcar" is
    Forgetting to Score, not a forgotten trigger). A description standing alone ("so he
    missed it.", "too late, continue.") is as firm as a name: on blind3 that reading sent
    five right gradings to a mentor and caught one misreading, the one this keeps."""
    claims = [m for m in analysis.mentions if m.part == part and m.live]
    if not claims or not all(m.described for m in claims):
        return False
    if any(lex.ids[part][m.ident].internal for m in claims):
        return True  # "fix it" that fits no expected correction says too little
    loose = set(analysis.loose)
    return any(
        j in loose and analysis.sentence[j] == analysis.sentence[m.first]
        for m in claims
        for j in range(m.last, min(m.last + _LONGER_PHRASE, len(analysis.sentence)))
    )


def _yielded(part: str, ident: str, found: str | None, lex: Lexicon) -> bool:
    """Whether `ident` lost to the id read because it yields to it: "the opponent chooses
    whether it resolves now or at the start of the next phase" names the generic choice
    only as part of the specific one. With counted penalties ("five warnings in total"),
    these made 10 of the 11 flags of this rule they now skip on blind1 and the devset
    right gradings (the eleventh was flagged for another reason). So does a later step
    that is part of the id read's own procedure (`then_within`)."""
    info = lex.ids[part].get(ident)
    if found is None or info is None or ident == EMPTY_IDS[part]:
        # "nada a corrigir" beside a fix the explanation names: saying there is nothing to
        # fix is no generic id within a specific one, so a mentor weighs the two
        return False
    # "a simple backup, then Vera chooses ...": the choice is a step of the backup read
    return found in info.yields_to or ident in lex.ids[part][found].then_within


def _unread(reading: Reading) -> Reading:
    """Nothing found for a part while some clause went unread: a mentor should look."""
    if reading.found is None and not reading.hedged and reading.confidence >= _ONLY_DENIED:
        return Reading(None, _UNREAD, None, rule="unread_words")
    return reading


def _part_grade(part: str, want: str, reading: Reading, tokens: Tokens, text: str) -> PartGrade:
    span = None
    if reading.evidence is not None:
        start = tokens.starts[reading.evidence.first]
        end = tokens.ends[reading.evidence.last - 1]
        span = Span(start, end, text[start:end])
    return PartGrade(
        part=part,
        expected=want,
        found=reading.found,
        correct=reading.found == want or reading.counts,
        confidence=round(reading.confidence, 3),
        evidence=span,
        hedged=reading.hedged,
        conflict=reading.conflict,
        candidates=reading.candidates,
        left_open=reading.left_open,
        rule=reading.rule,
    )


def _check(text: object, expected: object, game: str, lang: str | None, lex: Lexicon) -> None:
    if not isinstance(text, str):
        raise GradingError("the answer must be a string")
    if not isinstance(expected, Expected):
        raise GradingError("expected must be an Expected")
    if not text.strip():
        raise GradingError("the answer is empty")
    if len(text) > MAX_ANSWER_CHARS:
        raise GradingError(
            f"the answer is {len(text)} characters long; the limit is {MAX_ANSWER_CHARS}"
        )
    if game not in GAMES:
        raise GradingError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")
    if lang is not None and lang not in LANGUAGES:
        raise GradingError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    _check_parts(expected, game, lex)
    _check_near_misses(expected)
    for part, section in expected.citations.items():
        if part not in PARTS or not isinstance(section, str):
            raise GradingError(f"citations must map a part name to a section, got {part!r}")


def _check_parts(expected: Expected, game: str, lex: Lexicon) -> None:
    """Every graded part of the expected ruling is a public id of the game."""
    graded = expected.graded_parts()
    if not graded:
        raise GradingError("the expected ruling names no part to grade")
    for part in graded:
        ident = expected.part(part)
        info = lex.ids[part].get(str(ident))
        if not isinstance(ident, str) or info is None or info.internal:
            raise GradingError(f"unknown {part} id {ident!r}")
        if game not in info.games:
            raise GradingError(f"{part} {ident!r} is not a ruling in game {game!r}")


def _check_near_misses(expected: Expected) -> None:
    if expected.policy_version is not None and not isinstance(expected.policy_version, str):
        raise GradingError("policy_version must be a string or None")
    for miss in expected.near_misses:
        if not isinstance(miss, Mapping) or not all(
            part in PARTS and isinstance(ident, str) for part, ident in miss.items()
        ):
            raise GradingError("each near miss must map part names to ids")


def _read_parts(analysis: Analysis, lex: Lexicon) -> dict[str, Reading]:
    """Each part's reading: the decision rules per part (`reading.rules.decide`), then the
    rules across parts (`_ACROSS_PARTS`), in order."""
    by_part = _mentions_by_part(analysis, lex)
    readings = {
        part: decide(part, by_part[part], lex, analysis.corrections, analysis.picks)
        for part in PARTS
    }
    for rule in _ACROSS_PARTS:
        rule(readings, by_part, analysis, lex)
    return readings


def _mentions_by_part(analysis: Analysis, lex: Lexicon) -> dict[str, list[Mention]]:
    by_part: dict[str, list[Mention]] = {part: [] for part in PARTS}
    for mention in analysis.mentions:
        by_part[mention.part].append(mention)
    own_ruling = _no_infraction_whole_ruling(by_part)
    for part, mentions in by_part.items():
        # Another player's ruling is set aside only when the answer gives one of its own
        # for that part, or says there is no infraction (the whole ruling): "Other player:
        # FtMGS, Warning." alone is the ruling asked for; "Sin infracción. Caio sí se lleva
        # Advertencia" is not.
        if any(not m.aside for m in mentions) or (mentions and own_ruling):
            by_part[part] = [m for m in mentions if not m.aside]
        else:
            for m in mentions:
                m.aside = False
    by_part["remedy"] = _without_infractions_citation(by_part["remedy"], by_part, analysis, lex)
    return by_part


def _no_infraction_whole_ruling(by_part: Mapping[str, list[Mention]]) -> bool:
    """The answer names no infraction as its own ruling and states no fix (a fix would be
    for an infraction): another player's penalty after it is set aside ("Sin infracción.
    Caio sí se lleva Advertencia")."""
    return any(
        m.ident == EMPTY_IDS["infraction"] and m.live and m.confidence >= NAMED
        for m in by_part["infraction"]
    ) and not any(m.live and m.ident not in ("", EMPTY_IDS["remedy"]) for m in by_part["remedy"])


_Readings = dict[str, Reading]
_ByPart = Mapping[str, list[Mention]]


def _replaced_unread(
    readings: _Readings, by_part: _ByPart, analysis: Analysis, lex: Lexicon
) -> None:
    """An option denied, then words the lexicon lacks: they may state the one chosen."""
    for part, reading in readings.items():
        if reading.found is None and _replaced_in_unknown_words(by_part[part], analysis):
            readings[part] = _unread(reading)


def _alike_remedies(
    readings: _Readings, by_part: _ByPart, analysis: Analysis, lex: Lexicon
) -> None:
    """ "Nothing to do, carry on": no fix and play continuing, said together, are one ruling
    in two words; it counts as either (read like steps of one remedy)."""
    remedy = readings["remedy"]
    if not remedy.found or remedy.conflict or remedy.hedged or remedy.steps:
        return
    alike = lex.ids["remedy"][remedy.found].alike
    said = tuple(m.ident for m in by_part["remedy"] if m.live and m.ident in alike)
    if said:
        readings["remedy"] = replace(remedy, steps=(remedy.found, *dict.fromkeys(said)))


def _procedure_named(
    readings: _Readings, by_part: _ByPart, analysis: Analysis, lex: Lexicon
) -> None:
    """The answer names the section's procedure beside the concrete fix it states."""
    remedy = readings["remedy"]
    if remedy.found in lex.ids["remedy"][_SECTION_PROCEDURE].yields_to and any(
        m.live and m.ident == _SECTION_PROCEDURE for m in by_part["remedy"]
    ):
        readings["remedy"] = replace(remedy, procedure_named=True)


def _pending_trigger_resolves(
    readings: _Readings, by_part: _ByPart, analysis: Analysis, lex: Lexicon
) -> None:
    """ "Sem infração ... é só resolver a habilidade agora e seguir": nothing went wrong, the
    trigger still pending resolves now and the game goes on: the no-fix ruling."""
    if _pending_resolves_now(readings, analysis, lex):
        readings["remedy"] = replace(
            readings["remedy"], found=EMPTY_IDS["remedy"], steps=(), rule="pending_resolves_now"
        )


def _implied_by_remedy(
    readings: _Readings, by_part: _ByPart, analysis: Analysis, lex: Lexicon
) -> None:
    """ "Anna chooses whether it goes on the stack": a remedy of one infraction only commits
    to that infraction when the answer names none."""
    infraction, remedy = readings["infraction"], readings["remedy"]
    implied = lex.ids["remedy"][remedy.found].implies_infraction if remedy.found else ""
    if (
        implied
        and infraction.found is None
        and not (infraction.hedged or infraction.conflict or remedy.hedged or remedy.conflict)
        and not any(m.live or m.hypothetical for m in by_part["infraction"])
    ):
        readings["infraction"] = Reading(
            implied, _BY_REMEDY, remedy.evidence, implied=True, rule="implied_by_remedy"
        )


def _only_nothing_to_do(
    readings: _Readings, by_part: _ByPart, analysis: Analysis, lex: Lexicon
) -> None:
    """ "Rui remembered in time. Nothing to do.": an answer whose only ruling is that there
    is nothing to do, with no word of an infraction or a penalty, says there is no
    infraction (every such labelled answer, 3 of 3 over the devset and blind1-35)."""
    remedy = readings["remedy"]
    if (
        remedy.found == EMPTY_IDS["remedy"]
        and remedy.rule == "one_claim"
        and not by_part["infraction"]
        and not by_part["penalty"]
        and not analysis.stated & {"infraction", "penalty"}
    ):
        readings["infraction"] = Reading(
            EMPTY_IDS["infraction"],
            _BY_REMEDY,
            remedy.evidence,
            implied=True,
            rule="implied_by_remedy",
        )


def _bare_nothing(readings: _Readings, by_part: _ByPart, analysis: Analysis, lex: Lexicon) -> None:
    """ "Nada." / "Caio, nothing." / "Nada para Bia." / "Nothing yet. ... No penalty": an
    answer that names no infraction, and no penalty or fix but the empty ones, and rules
    "nothing" in a sentence (or the answer's opening clause) of that word alone, or with a
    player's name, an attribution word or a "yet" beside it (`nothing_beside`), says there
    is no infraction (the label convention's implied parts then fill the rest)."""
    if readings["infraction"].found or any(m.live for m in by_part["infraction"]):
        return  # "Nada todavía: no prueba que la olvidara" denies the infraction it names
    if not all(_empty_or_unsaid(part, readings, by_part) for part in ("penalty", "remedy")):
        return
    if analysis.stated or not _bare_nothing_said(analysis, lex):
        return
    readings["infraction"] = Reading(
        EMPTY_IDS["infraction"], _IMPLIED, None, implied=True, rule="bare_nothing"
    )


def _empty_or_unsaid(part: str, readings: _Readings, by_part: _ByPart) -> bool:
    """The part is read as its empty id ("no penalty"), or nothing of it is said."""
    found = readings[part].found
    return found == EMPTY_IDS[part] or (found is None and not any(m.live for m in by_part[part]))


_BARE_NOTHING_TOKENS = 4
"""At most this many tokens in a bare "nothing" ruling ("Nada para Bia todavía")."""


def _bare_nothing_said(analysis: Analysis, lex: Lexicon) -> bool:
    words, clause, sentence = analysis.tokens.words, analysis.clause, analysis.sentence
    for i, word in enumerate(words):
        if word not in lex.nothing:
            continue
        own = [j for j in range(len(words)) if sentence[j] == sentence[i]]
        opening = [j for j in range(len(words)) if clause[j] == clause[0]]
        for span in (own, opening if i in opening else []):
            if _bare_span(span, i, analysis.tokens, lex):
                return True
    return False


def _bare_span(span: list[int], i: int, toks: Tokens, lex: Lexicon) -> bool:
    """The span holds the "nothing" word at i and, beside it, only a name before it ("Caio,
    nothing"), or names, attribution words and "yet" words ("Nada para Bia", "Nada ainda")."""
    if not span or i not in span or len(span) > _BARE_NOTHING_TOKENS:
        return False
    if span[-1] == i and len(span) <= 2:
        return True
    beside = lex.nothing_beside | lex.attribution
    return all(j == i or toks.words[j] in beside or _capitalised(toks, j) for j in span)


def _capitalised(toks: Tokens, j: int) -> bool:
    """Token j is written with a capital (a player's name), not at the sentence start."""
    first = toks.source[toks.starts[j] : toks.starts[j] + 1]
    return first.isupper() and j > 0 and toks.breaks[j] != BREAK_SENTENCE


def _implied_by_infraction(
    readings: _Readings, by_part: _ByPart, analysis: Analysis, lex: Lexicon
) -> None:
    """ "No infraction." / "FtMGS, Warning" / "Cheating -> DQ": the answer commits to an
    infraction whose ruling has no penalty or no fix, and says nothing about that part: it
    states the whole ruling (the label convention's only implied parts). An infraction only
    set aside ("if not, there is nothing to sanction": a fallback, a hypothetical, a
    question with an answer beside it) is no commitment, so it implies nothing; an infraction
    only asked, and nothing else said of it ("No infraction?", "so I guess Cheating?"), is
    the answer the candidate gives, and every blind writer labels its implied parts."""
    infraction = readings["infraction"]
    if infraction.rule == "questioned":
        infraction = replace(infraction, hedged=False, confidence=CONCLUDED)
    elif infraction.rule in _SET_ASIDE:
        return
    for part, implied in _implied_parts(infraction, lex).items():
        said = by_part[part] and not _retracted(by_part[part], infraction, analysis)
        if not said and part not in analysis.stated:
            readings[part] = Reading(
                implied,
                _IMPLIED,
                readings["infraction"].evidence,
                implied=True,
                rule="implied_by_infraction",
            )


def _retracted(mentions: list[Mention], infraction: Reading, analysis: Analysis) -> bool:
    """ "Game Loss... no, wait, ... No infraction.": every word of the part came before the
    answer's last self-correction, and the infraction it commits to comes after it: the
    correction withdrew them, and the infraction's implied part stands in their place."""
    if not analysis.corrections or infraction.evidence is None:
        return False
    last = max(analysis.corrections)
    return infraction.evidence.first > last and all(m.last <= last for m in mentions)


def _record_upgrade(
    readings: _Readings, by_part: _ByPart, analysis: Analysis, lex: Lexicon
) -> None:
    """ "Ya son 3 Advertencias, así que Pérdida de Partida": a penalty named by words that
    judges use for two ids (`record_upgrade`), reached by upgrading the player's record of
    Warnings (an upgrade cue or arrow before it, or a counted Warning beside it), is the id a
    record of Warnings upgrades to. Alone ("Pérdida de partida.") it stays as read, and
    ambiguous."""
    penalty = readings["penalty"]
    info = lex.ids["penalty"].get(penalty.found or "")
    m = penalty.evidence
    if info is None or not info.record_upgrade or m is None or penalty.conflict:
        return
    if not (m.upgrade or any(other.counted for other in by_part["penalty"])):
        return
    said = tuple(analysis.tokens.words[m.first : m.last])
    for phrase, other in info.record_upgrade:
        if said == phrase:
            readings["penalty"] = replace(penalty, found=other)
            return


def _record_cited(readings: _Readings, by_part: _ByPart, analysis: Analysis, lex: Lexicon) -> None:
    """ "Penalización según TR 702.1.b.3 (quinta Advertencia en total)": a penalty read only
    from the player's record of Warnings (`counted`), beside a citation of a section by
    which a record upgrades (`record_sections`), is that upgrade, not one more Warning."""
    penalty = readings["penalty"]
    if penalty.rule != "counted":
        return
    cited = [f"{doc} {sec}" for doc, sec in analysis.tokens.citations.values()]
    for ident, info in lex.ids["penalty"].items():
        if any(_under(c, section) for c in cited for section in info.record_sections):
            readings["penalty"] = replace(penalty, found=ident, rule="record_cited")
            return


def _under(cited: str, section: str) -> bool:
    """The citation is the section or one of its subsections ("tr 702.1.b.3" under
    "tr 702.1.b")."""
    return cited == section or cited.startswith(section + ".")


_SET_ASIDE = frozenset({"fallback", "counted", "hypothetical", "questioned"})
"""The rules that read an id the answer only sets aside, without committing to it."""


_ACROSS_PARTS = (
    _record_upgrade,
    _record_cited,
    _replaced_unread,
    _alike_remedies,
    _procedure_named,
    _pending_trigger_resolves,
    _implied_by_remedy,
    _only_nothing_to_do,
    _bare_nothing,
    _implied_by_infraction,
)
"""The rules across parts, in the order they are applied after the per-part rules."""


_RESOLVE_WORDS = frozenset(
    {
        "resolve",
        "resolves",
        "resolved",
        "resolving",
        "resolver",
        "resolva",
        "resolvida",
        "resolvido",
        "resuelve",
        "resuelva",
        "resolverse",
        "resuelto",
        "resuelta",
    }
)
_RESOLVES_PRESENT = frozenset({"resolves", "resolve", "resuelve", "resolverse"})
"""The trigger resolving, told in the present: after "no infraction" it is the pending
trigger resolving now, with or without "now"."""
_NOW_WORDS = frozenset({"now", "agora", "ahora"})
_RESOLVE_REACH = 4
"""Tokens after "resolve" where "now" may follow ("resolver a habilidade agora")."""


def _pending_resolves_now(
    readings: Mapping[str, Reading], analysis: Analysis, lex: Lexicon
) -> bool:
    """The answer commits to no infraction, reads as play going on, and says the trigger
    resolves now: the pending trigger resolving now and the game going on is the no-fix
    ruling (the label convention; blind6's writers), not "no fix, play on" after an error."""
    infraction, remedy = readings["infraction"], readings["remedy"]
    if (
        infraction.found != EMPTY_IDS["infraction"]
        or infraction.conflict
        or infraction.hedged
        or remedy.found != "continue_play"
        or remedy.conflict
        or remedy.hedged
    ):
        return False
    toks = analysis.tokens
    words = toks.words
    for i, word in enumerate(words):
        if word not in _RESOLVE_WORDS or _denied_at(analysis, i, lex):
            continue
        if word in _RESOLVES_PRESENT:
            return True  # "Se resuelve la habilidad y seguimos": the pending trigger
        for j in range(i + 1, min(i + 1 + _RESOLVE_REACH, len(words))):
            if toks.breaks[j] == BREAK_SENTENCE:
                break
            if words[j] in _NOW_WORDS:
                return True
    return False


def _denied_at(analysis: Analysis, i: int, lex: Lexicon) -> bool:
    """Whether a one-word denial (the lexicon's `denials`) stands within two tokens before
    token `i` in its clause ("no se resuelve", "the trigger doesn't resolve")."""
    toks = analysis.tokens
    return any(
        toks.words[j] in lex.denials and not any(toks.breaks[k] for k in range(j + 1, i + 1))
        for j in range(max(0, i - 2), i)
    )


def _without_infractions_citation(
    remedies: list[Mention],
    by_part: Mapping[str, list[Mention]],
    analysis: Analysis,
    lex: Lexicon,
) -> list[Mention]:
    """ "Esquecer de Comprar Cartas (702.4). ... o jogo continua sem a compra": a bare
    citation that names the answer's infraction names its section's procedure too, but
    where the answer states another remedy in words (none of the section's own fixes),
    the citation only labels the infraction."""
    words = analysis.tokens.words
    spans = {(m.first, m.last) for m in by_part["infraction"]}
    procedure = lex.ids["remedy"][_SECTION_PROCEDURE]
    own = procedure.neighbours | {_SECTION_PROCEDURE}

    def cited(m: Mention) -> bool:
        bare = m.last - m.first == 1 and words[m.first][:1] == "\x00"
        return bare and m.ident == _SECTION_PROCEDURE and (m.first, m.last) in spans

    # "Fix it the way TR 702.14 says": a bare "fix it" names no other remedy
    stated = [
        m for m in remedies if m.live and not cited(m) and not lex.ids["remedy"][m.ident].internal
    ]
    if not stated or any(m.ident in own for m in stated):
        return remedies
    return [m for m in remedies if not cited(m)]


def _implied_parts(infraction: Reading, lex: Lexicon) -> dict[str, str]:
    """The parts an infraction the answer commits to implies: no penalty and no fix after
    "no infraction", no fix after an infraction with none of its own (`implies_remedy`:
    FtMGS, Cheating). No others: an unstated part is otherwise unstated."""
    if (
        infraction.found is None
        or infraction.conflict
        or infraction.hedged
        or infraction.confidence < REVIEW_BELOW
    ):
        return {}
    if infraction.found == EMPTY_IDS["infraction"]:
        return {"penalty": EMPTY_IDS["penalty"], "remedy": EMPTY_IDS["remedy"]}
    implied = lex.ids["infraction"][infraction.found].implies_remedy
    return {"remedy": implied} if implied else {}


def _replaced_in_unknown_words(mentions: list[Mention], analysis: Analysis) -> bool:
    """ "Backing up isn't possible, so we let things stand": an option denied, and words
    after it in the same sentence that the lexicon does not know may state the one chosen."""
    if not mentions or any(m.live for m in mentions):
        return False
    last = max(m.last for m in mentions)
    sentence = analysis.sentence[last - 1]
    return any(j >= last and analysis.sentence[j] == sentence for j in analysis.loose)


def _with_second_reading(
    reasons: tuple[_Reason, ...],
    parts: Mapping[str, PartGrade],
    implied: set[str],
    unread: bool,
    words: Sequence[str],
    plain: Callable[[str], Plain | None],
) -> tuple[str, ...]:
    """The rules' doubts, less those the second reading settles, plus its own doubts.

    A rule's doubt about how the words were read (`_Reason.about_words`) is settled when
    the second reading firmly agrees with the part's reading, unless two options for it
    remain undecided (those always go to a mentor). The second reading does not doubt a
    part `_beyond_second_reading`, a part the grader graded right that it also reads as the
    expected id, nor an implied part in favour of saying nothing (the label convention
    decides between those, not words), nor a part the answer says nothing of while every
    clause was read (a bag of words then guesses from the question, not the answer: on
    blind1-33 such doubts fell on 28 parts read as labelled and 8 misread, each of those
    flagged by another reason), nor in favour of an id that means the same as its reading.
    A part read `plain` is doubted only where its own words point elsewhere too.
    """
    second = current_second_reader().read(
        {
            part: grade.found
            for part, grade in parts.items()
            if not _beyond_second_reading(grade, part in implied and not unread)
        },
        words,
        {part: grade.expected for part, grade in parts.items()},
        plain,
    )
    kept = (
        reason
        for reason in reasons
        if not (
            reason.about_words
            and reason.part in second.confirmed
            and not parts[reason.part].conflict
        )
    )
    doubts = (doubt for doubt in second.doubts if _doubt_stands(doubt, parts, implied))
    return (*map(str, kept), *map(_second_reading_doubt, doubts))


def _doubt_stands(doubt: Doubt, parts: Mapping[str, PartGrade], implied: set[str]) -> bool:
    """Whether a doubt of the second reading goes to a mentor (`_with_second_reading`)."""
    grade = parts[doubt.part]
    if grade.correct and doubt.second == grade.expected:
        return False
    if grade.rule == "nothing_said" or (doubt.part in implied and doubt.second is None):
        return False
    return not _means_the_same(doubt)


def _means_the_same(doubt: Doubt) -> bool:
    """A doubt in favour of an id of the same meaning ("play continues" over "no fix")."""
    if doubt.found is None or doubt.second is None:
        return False
    return doubt.second in load_lexicon().ids[doubt.part][doubt.found].alike


_NAMED = 0.9
"""A name (0.95) or a tight paraphrase (0.9): an explicit lexicon term."""


def _plain_part(
    parts: Mapping[str, PartGrade],
    readings: Mapping[str, Reading],
    words: Sequence[str],
    lex: Lexicon,
    name: str,
) -> Plain | None:
    """The part `name` if read plainly (one id claimed by an explicit term, unhedged,
    un-negated, nothing in conflict), with its own words: the answer's words less those of
    the other parts' readings, whose names tell which question was asked rather than what
    the answer rules for this part. The second reading doubts such a part only where its own
    words, weighed without the key, point elsewhere too (UX walk 7, #18)."""
    grade = parts[name]
    if grade.found is None or grade.rule != "one_claim" or grade.confidence < _NAMED:
        return None
    if grade.hedged or grade.conflict:
        return None
    taken = {
        i
        for other, reading in readings.items()
        if other != name and reading.evidence is not None
        for i in range(reading.evidence.first, reading.evidence.last)
    }
    own = [word for i, word in enumerate(words) if i not in taken]
    return Plain(grade.found, own, frozenset({grade.found, *lex.ids[name][grade.found].alike}))


def _beyond_second_reading(grade: PartGrade, implied: bool) -> bool:
    """A part a bag of words should not doubt: one set by the label convention rather than
    by words about it (an implied part when every clause of the answer was understood, so
    none of them states it; options left open), one the answer's own correction decides
    (right or wrong, the correction tells which reading counts, not the words' frequencies;
    on blind1-34 its doubts there fell on no misgrade), or one graded right from a name or a
    paraphrase, where the answer may name several rulings and the rules, not the words'
    frequencies, tell which it commits to. On the blind batches left out in turn, sparing
    parts graded right so kept 1 misgrade in 212 from a mentor, and it keeps every key text
    and option the question generator writes out of review."""
    if implied or grade.left_open or grade.rule == "self_correction":
        return True
    return grade.correct and (grade.confidence >= _PARAPHRASED or grade.rule in _STRUCTURAL)


_STRUCTURAL = frozenset({"self_correction", "option_picked_by_order", "upgrade"})
"""Rules that decide from the answer's structure (a correction, an option picked by its
order, the end of an upgrade), not from which words are frequent: a part they grade right
is no bag of words' to doubt. On blind1-32 their right parts drew 4 second-reading flags,
none on a misgrade."""


def _second_reading_doubt(doubt: Doubt) -> str:
    """The doubt in neutral words: which reading is in doubt, never the id the second
    reading favours (it is told the key, so that id is often the key read back)."""
    found = doubt.found or NOTHING_STATED
    return f"{doubt.part}: {reason_text('second_reading', found=found)}"


def _in_doubtful_words(
    parts: Mapping[str, PartGrade], readings: Mapping[str, Reading], analysis: Analysis
) -> tuple[_Reason, ...]:
    """A part read firmly from words that doubt it: from a clause that hedges elsewhere in
    it ("não sei bem se ainda dá pra fazer algo ou se deixa como está"; "Penalización no sé
    si ninguna o Warning"), or from a sentence where the candidate says it does not know or
    cannot decide ("Fix: either the score gets corrected or we carry on, I'm not sure
    which"). The doubt may be about that part, and the answer may not commit to it.

    The clause rule (2026.12.01.15) flagged 0.1% more answers on the devset before blind19
    and caught two misgrades of blind19-24 no other rule did. The sentence rule
    (2026.12.01.17), measured on measures 1-7 each read by the grader that recorded it: 6 of
    their 35 misgrades no rule flagged, for 0.16% more answers flagged (0.10% on the devset).
    """
    reasons = []
    for name, grade in parts.items():
        reading = readings[name]
        if grade.hedged or grade.conflict or grade.left_open or reading.implied:
            continue
        if reading.evidence is None or reading.evidence.concluded:
            continue  # "torn between MT and GE, but I'll go with MT" decides after the doubt
        first = reading.evidence.first
        if analysis.clause[first] in analysis.hedged_clauses:
            reasons.append(_Reason(name, reason_text("hedging_clause")))
        elif analysis.sentence[first] in analysis.unsure_sentences:
            reasons.append(_Reason(name, reason_text("unsure_sentence")))
    return tuple(reasons)


def _hinted_neighbours(
    parts: Mapping[str, PartGrade],
    readings: Mapping[str, Reading],
    analysis: Analysis,
    lex: Lexicon,
    game: str,
) -> tuple[_Reason, ...]:
    """A part read, right or wrong, as a neighbour of an id the answer hints at
    (`Lexicon.hints`) from a broad term that leaves the choice between them open: "General
    Error, W. It needs a rewind, so the HJ does it" is read as the simple rewind, but in
    Riftbound only the head judge rewinds beyond the last action, and the blind writers
    label such answers the longer rewind. A neighbour named outright ("simple rewind, no
    need for the HJ") is no doubt. Measured on measures 1-7, each read by the grader that
    recorded it: 4 of their 35 misgrades no rule flagged."""
    reasons = []
    for name, grade in parts.items():
        table = lex.ids[name]
        evidence = readings[name].evidence
        if grade.found is None or grade.hedged or grade.conflict or grade.left_open:
            continue
        if evidence is None or evidence.ident not in table or not table[evidence.ident].internal:
            continue
        hinted = (
            ident
            for part, ident in sorted(analysis.hinted)
            if part == name
            and ident in table
            and game in table[ident].games
            and grade.found in table[ident].neighbours
        )
        ident = next(hinted, None)
        if ident is not None:
            reasons.append(
                _Reason(
                    name,
                    reason_text("hinted_neighbour", found=grade.found, hinted=ident),
                )
            )
    return tuple(reasons)


def _near_misses(
    parts: Mapping[str, PartGrade], analysis: Analysis, expected: Expected
) -> tuple[_Reason, ...]:
    """Parts the text does not firmly separate from one of the question's near misses."""
    return tuple(
        _Reason(u.part, reason_text("near_miss_unseparated", found=u.found, other=u.other))
        for u in unseparated(parts, analysis.mentions, expected)
    )


def _infraction_left_to_the_story(parts: Mapping[str, PartGrade]) -> tuple[_Reason, ...]:
    """ "Warning, and since a turn has passed, play goes on", "His third Warning in that
    category goes up to a Game Loss": the answer rules on the penalty (and perhaps the fix)
    without naming the infraction. Writers label such answers by the infraction the
    question's story makes plain (3 of 5 over blind1-37), which the words cannot tell: a
    mentor reads it."""
    infraction = parts.get("infraction")
    if infraction is None or infraction.found is not None or infraction.rule != "nothing_said":
        return ()
    penalty = parts.get("penalty")
    if penalty is not None and penalty.found is not None:
        return (_Reason("infraction", reason_text("infraction_left_to_the_story")),)
    return ()


def _nothing_placed(
    parts: Mapping[str, PartGrade], readings: Mapping[str, Reading], analysis: Analysis
) -> tuple[_Reason, ...]:
    """The safety net: a part the key asks for read as nothing, where the answer does not
    say why. An answer whose words place no ruling on any part, not even as options
    ("MTR 4.3.", "Nothing for her."), rules in words the grader cannot read; a fix read as
    options left open ("whether she draws now or the trigger is missed") where no word of
    the answer doubts them is likely the options of a player's choice (only a fix is a
    player's to choose), not the candidate's. Either goes to a mentor; a part the answer
    simply leaves unstated, or options it says it cannot choose between, do not. Over
    blind1-42 (blind42 not yet fixed) the net flagged 3 more answers of 15,315, two of them
    blind42's only unflagged misgrades read as nothing."""
    if not any(r.found or r.candidates or r.implied for r in readings.values()):
        return tuple(_Reason(name, reason_text("nothing_placed")) for name in parts)
    remedy = parts.get("remedy")
    if remedy is None or remedy.found is not None or len(remedy.candidates) < 2:
        return ()
    if analysis.hedged_clauses or analysis.unsure_sentences:
        return ()
    if any(m.hedged for m in analysis.mentions) or _own_options(readings["remedy"], analysis):
        return ()
    return (_Reason("remedy", reason_text("options_undoubted")),)


def _claim_beside_open_options(
    parts: Mapping[str, PartGrade], analysis: Analysis
) -> tuple[_Reason, ...]:
    """ "(that would be no penalty or a Warning) ... Disqualification": a part read as
    options left open while the answer also names another id of it plainly, outside the
    options. The reading could not place that claim against the options: a mentor reads
    it (options left open alone need none)."""
    reasons = []
    for name, grade in parts.items():
        if not grade.left_open or grade.found is not None:
            continue
        plain = [
            m.ident
            for m in analysis.mentions
            if m.part == name and m.live and not m.alternative and m.ident not in grade.candidates
        ]
        if plain:
            options = OPTIONS_SEPARATOR.join(dict.fromkeys((*grade.candidates, *plain)))
            reasons.append(_Reason(name, reason_text("two_candidates", options=options)))
    return tuple(reasons)


def _own_options(reading: Reading, analysis: Analysis) -> bool:
    """ "I'd either back up or have him discard now", "Ou fazemos backup ou ...": options
    opened by "either" / "ou" / "o" are the candidate's own, laid out on purpose."""
    first = reading.evidence
    if first is None:
        return False
    words, clause = analysis.tokens.words, analysis.clause
    opener = load_lexicon().or_words
    return any(
        words[j] in opener and clause[j] == clause[first.first]
        for j in range(max(0, first.first - 3), first.first)
    )


def _ambiguous_words(parts: Mapping[str, PartGrade], lex: Lexicon) -> tuple[_Reason, ...]:
    """A part read, right or wrong, from a name of its id that judges also use for another
    id (`IdInfo.ambiguous`): "Pérdida de partida" is the Spanish IPG's Match Loss, and most
    blind writers mean a Game Loss by it. The words cannot tell which: a mentor reads it."""
    reasons = []
    for name, grade in parts.items():
        info = lex.ids[name].get(grade.found or "")
        if info is None or not info.ambiguous or grade.evidence is None:
            continue
        said = fold_phrase(grade.evidence.text)
        for phrase, other in info.ambiguous:
            if _contains(said, phrase):
                found = str(grade.found)
                reasons.append(
                    _Reason(name, reason_text("ambiguous_words", found=found, other=other))
                )
                break
    return tuple(reasons)


def _contains(words: list[str], phrase: tuple[str, ...]) -> bool:
    """Whether `phrase` occurs in `words` as consecutive whole tokens."""
    size = len(phrase)
    return any(tuple(words[i : i + size]) == phrase for i in range(len(words) - size + 1))


def _only_asked(readings: Mapping[str, Reading]) -> frozenset[str]:
    """Parts whose one option is only asked, with no hedge word ("Missed trigger, no
    penalty?"): the writers label the option asked, so its doubt needs no mentor. On
    blind1-33 the hedge flags of questioned parts fell on 11 parts, every one read as
    labelled; "probably a General Error?" still hedges."""
    return frozenset(
        part
        for part, reading in readings.items()
        if reading.rule == "questioned"
        and reading.evidence is not None
        and not reading.evidence.hedged
    )


def _review_reasons(
    parts: Mapping[str, PartGrade], only_asked: frozenset[str] = frozenset()
) -> tuple[_Reason, ...]:
    reasons: list[_Reason] = []
    for name, grade in parts.items():
        if grade.left_open and grade.found is None and len(grade.candidates) > 1:
            # "Warning or no penalty, depends": the answer leaves two options open and says
            # so; it commits to neither (the label convention), is graded so and its
            # feedback names both. Nothing is left for a mentor to read: on blind3-7 before
            # their fixes, flags for options left open were the only ones on 11 right
            # gradings, and on one misgrade that a single hedged option in it still flags.
            continue
        if grade.hedged and name in only_asked:
            continue
        if grade.hedged:
            reasons.append(_Reason(name, reason_text("hedged")))
        elif grade.conflict:
            options = OPTIONS_SEPARATOR.join(grade.candidates)
            reasons.append(_Reason(name, reason_text("two_candidates", options=options)))
        elif grade.found is None and grade.confidence == _UNREAD:
            reasons.append(
                _Reason(
                    name,
                    reason_text("not_found_unread"),
                    about_words=True,
                )
            )
        elif grade.confidence < REVIEW_BELOW:
            reasons.append(_Reason(name, reason_text("low_confidence"), about_words=True))
    return tuple(reasons)
