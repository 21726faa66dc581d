"""What keeps the grader fast: data compiled once per process, and indexes that skip only
phrases and cues that cannot match, keeping the order they are tried in.

Its speed is measured by `bench/bench_grading.py` (and a change of speed by
`bench/compare_grading.py`), not asserted here: timings on a shared machine cannot fail
honestly."""

from __future__ import annotations

import pytest

from rulings.core.grading import text
from rulings.core.grading.lexicon import GAMES, LANGUAGES, Pattern, Starting, load_lexicon
from rulings.core.grading.matcher import _cues_by_two_words
from rulings.core.grading.text import BREAK_NONE, blank_markup, fold, tokenize
from rulings.grading_eval.evaluation import load_devset


def test_lexicon_is_loaded_once_per_process() -> None:
    assert load_lexicon() is load_lexicon()


def test_a_phrase_of_words_knows_the_word_that_must_follow_its_first() -> None:
    phrase = next(p for p in load_lexicon().patterns if p.fixed and len(p.elements) == 2)
    assert phrase.follows == phrase.elements[1].alts
    assert not phrase.follows_gap


def test_a_phrase_with_a_gap_after_its_first_word_knows_the_word_after_the_gap() -> None:
    phrase = next(
        p
        for p in load_lexicon().patterns
        if len(p.elements) > 2 and p.elements[1].gap and p.follows is not None
    )
    assert phrase.follows_gap
    assert phrase.follows == phrase.elements[2].alts
    assert not phrase.fixed


def test_a_phrase_whose_second_word_is_optional_fixes_no_next_word() -> None:
    phrase = next(
        p for p in load_lexicon().patterns if len(p.elements) > 1 and p.elements[1].optional
    )
    assert phrase.follows is None
    assert not phrase.fixed


def _in_order(starting: Starting) -> list[Pattern]:
    places = dict(starting.anywhere)
    for pairs in starting.by_next.values():
        places.update(pairs)
    return [places[place] for place in sorted(places)]


@pytest.mark.parametrize("game", GAMES)
def test_the_phrase_index_tries_every_phrase_that_can_match_in_the_full_order(game: str) -> None:
    for starting in load_lexicon().index_for(game).values():
        every = _in_order(starting)
        for after in (*starting.by_next, "", "zzz"):
            could = [p for p in every if p.follows is None or p.follows_gap or after in p.follows]
            assert list(starting.tried(after, after)) == could


@pytest.mark.parametrize("game", GAMES)
def test_the_phrase_index_tries_phrases_following_the_typed_word_too(game: str) -> None:
    for starting in load_lexicon().index_for(game).values():
        every = _in_order(starting)
        nexts = list(starting.by_next)
        for after, typed in zip(nexts, [*nexts[1:], "zzz"], strict=False):
            could = [
                p
                for p in every
                if p.follows is None or p.follows_gap or after in p.follows or typed in p.follows
            ]
            # a phrase following both words is tried twice, to no effect: once is compared
            once = {id(p): p for p in starting.tried(after, typed)}
            assert list(once.values()) == could


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cue_index_keeps_every_cue_whose_second_word_is_next_longest_first(
    language: str,
) -> None:
    lex = load_lexicon()
    pairs, singles = _cues_by_two_words(lex, language)
    for first, cues in lex.cues[language].items():
        for after in {c.words[1] for c in cues if len(c.words) > 1} | {"zzz"}:
            kept = [c for c in cues if len(c.words) == 1 or c.words[1] == after]
            assert [*pairs.get((first, after), ()), *singles.get(first, ())] == kept


_WORDS_ONLY = [
    "Missed Trigger by Tomé, no penalty; Ilse chooses whether it goes on the stack.",
    "Erro de jogo (GRV) -> Advertência. Corrige-se o custo: paga-o de novo!",
    "¿Penalización? Ninguna - se arregla con un retroceso simple.",
    "FtMGS - warning -- 'rewind' or \"backup\"? don't know... players' fault",
    "a - se, -se x, é-o, x-y-z, a-la",
    "<p>No infraction</p> → play continues\n\nNada a corrigir / nada",
]


def _words_only(answers: list[str]) -> list[str]:
    """Answers where no citation or "w/" can stand: those `tokenize` splits in one pass."""
    return [a for a in answers if not text._MAY_CITE_OR_ABBREVIATE.search(fold(blank_markup(a)))]


@pytest.mark.parametrize(
    "answer", _words_only([*_WORDS_ONLY, *(item.answer for item in load_devset()[::50])])
)
def test_the_one_pass_split_reads_words_as_the_token_by_token_scan(answer: str) -> None:
    blanked = blank_markup(answer)
    folded = fold(blanked)
    words, starts, ends, gaps, citations = text._scan(folded)
    if "-" in folded:
        text._join_clitics(words, gaps)
    tokens = tokenize(folded, blanked)
    assert (tokens.words, tokens.starts, tokens.ends, tokens.citations) == (
        words,
        starts,
        ends,
        citations,
    )
    assert tokens.breaks == [BREAK_NONE if not g or g == " " else text._break(g) for g in gaps]
    assert tokens.question == ["?" in g for g in gaps]
    assert tokens.slash == ["/" in g for g in gaps]


def test_the_folding_table_lists_unchanged_characters_as_themselves() -> None:
    # listed only so that str.translate finds every character (a miss raises inside it)
    for code in range(0x3000):
        low = chr(code).lower()
        if len(low) == 1 and not low.isascii():
            assert fold(chr(code) + "\u00e9")[0] == text._fold_char(low)
        elif len(low) == 1:
            assert fold(chr(code) + "\u00e9")[0] == low
    assert fold("Não É ADVERTÊNCIA → GL") == "nao e advertencia → gl"
