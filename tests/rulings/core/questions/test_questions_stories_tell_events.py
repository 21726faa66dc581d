"""Stories tell events, not the tests that decide them, and name what they use.

- Earlier Warnings are told by what the player did, never "for the same kind of error", and a
  story with earlier Warnings tells no second error a candidate could take for the one asked.
- A missed trigger half applied by its controller is never left unrewound.
- Cheating's exception (the player did not know the rule) and a player's answers are what the
  player says to the judge, after the judge is called; a trigger's impact is told by events.
- Every event trigger is told as an event with its moment; the creature a story uses is named,
  and card texts are one card's rules text.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources

import pytest

from rulings.core.questions import KINDS, build_question, templates
from rulings.core.questions.build import scenario
from rulings.core.questions.catalog import public_phrases
from tests.rulings.core.questions.offered import offered

LANGS = ("en", "pt-BR", "es")
SEEDS = range(60)
TEMPLATE_IDS = tuple(t.id for t in templates())

SAME_KIND = {
    "en": "same kind of error",
    "pt-BR": "mesmo tipo de erro",
    "es": "mismo tipo de error",
}


def _keys(template_id: str, seed: int) -> list[str]:
    return [line.key for line in scenario(template_id, seed).draft.sentences]


@pytest.mark.parametrize("lang", LANGS)
def test_earlier_warnings_are_told_by_what_the_player_did(lang: str) -> None:
    told = 0
    for tpl in templates():
        for seed in SEEDS:
            if "history.list" not in _keys(tpl.id, seed):
                continue
            told += 1
            stem = build_question(tpl.id, seed, lang, "free_form").stem
            assert SAME_KIND[lang] not in stem, (tpl.id, seed, stem)
    assert told > 60


def test_a_story_with_earlier_warnings_tells_no_second_error_of_another_kind() -> None:
    """A card put into the hand while looking at extra cards is Drawing Extra Cards in its own
    right: beside earlier Warnings, a candidate could defend it as the error asked about."""
    upgrades = 0
    for seed in range(300):
        sc = scenario("rb-related-penalties", seed)
        kind = sc.situation["game_error"]["kind"]
        told = set(sc.draft.facts["told_errors"])
        if kind == "looking_at_extra_cards":
            assert "drawing_extra_cards" not in told, seed
        if (sc.situation.get("history") or {}).get("warnings"):
            upgrades += 1
    assert upgrades > 50


def test_a_half_applied_missed_trigger_is_always_rewindable() -> None:
    """With no rewind the half stays on the board, and "resolves now" would apply the trigger
    again (a second discard): the seeds do not say how, so no such story is told."""
    missed = 0
    for seed in range(300):
        sc = scenario("rb-error-after-trigger", seed)
        if not (sc.situation.get("play") or {}).get("error_after_miss"):
            continue
        missed += 1
        assert sc.situation["rewind"] != "none", seed
        remedy = sc.key.remedy
        assert not (remedy and remedy[0] == "continue_play" and len(remedy) > 1), seed
    assert missed > 50


# Words of a narrator stating a test outright (each language's phrase bank).
STATED_TESTS = {
    "en": ("would change the board", "unaware that", "skipped it on purpose"),
    "pt-BR": ("mudaria o estado do jogo", "sem saber que"),
    "es": ("cambiaría el estado del juego", "sin saber que"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_no_sentence_states_the_impact_or_the_cheating_exception(lang: str) -> None:
    bank = public_phrases(lang)["s"]
    for key, phrase in bank.items():
        if key.startswith("wb."):
            continue  # the workbench tells a mentor's own typed facts
        for text in phrase if isinstance(phrase, list) else [phrase]:
            for words in STATED_TESTS[lang]:
                if words not in text:
                    continue
                # Allowed only as what the player says to the judge.
                assert text.startswith(JUDGE_ASKS[lang]), (key, text)


JUDGE_ASKS = {
    "en": "When the judge asks,",
    "pt-BR": "Quando o juiz pergunta,",
    "es": "Cuando el juez le pregunta,",
}
# Sentences in which the judge is already at the table.
JUDGE_PRESENT = {
    "en": re.compile(r"When the judge asks|Asked, "),
    "pt-BR": re.compile(r"Quando o juiz pergunta|Perguntad[oa], "),
    "es": re.compile(r"Cuando el juez le pregunta|Al preguntarle"),
}
JUDGE_CALLED = {
    "en": re.compile(r"judge is (only )?called|calls a judge|a judge watching"),
    "pt-BR": re.compile(r"[Cc]hamam? um juiz|juiz (só )?é chamado|um juiz que acompanha"),
    "es": re.compile(
        r"[Ll]laman? a un juez|[Ss]e llama a un juez|solo lo llaman|un juez que observa"
    ),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_nobody_answers_the_judge_before_the_judge_is_called(template_id: str, lang: str) -> None:
    for seed in range(30):
        stem = build_question(template_id, seed, lang, "free_form").stem
        asked = JUDGE_PRESENT[lang].search(stem)
        if asked is None:
            continue
        called = JUDGE_CALLED[lang].search(stem[: asked.start()])
        assert called is not None, (seed, stem)


@pytest.mark.parametrize("lang", LANGS)
def test_the_cheating_exception_is_what_the_player_tells_the_judge(lang: str) -> None:
    told = 0
    for seed in range(120):
        keys = _keys("mtg-intent-and-no-impact", seed)
        if "intent.intentional_unaware_of_rule" not in keys:
            continue
        told += 1
        assert keys.index("noticed.same_turn") < keys.index("intent.intentional_unaware_of_rule")
        stem = build_question("mtg-intent-and-no-impact", seed, lang, "free_form").stem
        assert JUDGE_ASKS[lang] in stem, (seed, stem)
    assert told > 5


def test_a_triggers_impact_is_told_by_what_missing_it_changed() -> None:
    impact = 0
    for seed in range(200):
        sc = scenario("rb-trigger-intent", seed)
        keys = [line.key for line in sc.draft.sentences]
        if not sc.situation["trigger"].get("impact", True):
            continue
        impact += 1
        assert any(
            k in keys for k in ("advantage.yes", "advantage.no_event", "advantage.no_benefit")
        )
    assert impact > 100


def _cards() -> dict[str, dict[str, object]]:
    data = resources.files("rulings.core.questions").joinpath("data/cards.toml").read_bytes()
    return tomllib.loads(data.decode())


# A trigger whose condition is an event ("when ... dies", "whenever ... attacks", "when I
# move"), not the beginning of a step or phase that its own text names.
EVENT_CONDITION = re.compile(
    r"\b(When|Whenever|The first time)\b[^.]*\b(enters|dies|attacks?|blocks|cast|move|"
    r"play me|conquer|deals combat damage)\b"
)
# Cards whose templates tell the event in their own sentences, and cards that are not
# triggers (a spell, an activated ability: the story tells the delayed trigger they set up).
TOLD_BY_TEMPLATE = frozenset({"kaijin_of_the_vanishing_touch", "empty_the_warrens", "aetherling"})


def test_every_event_trigger_card_tells_its_event() -> None:
    cards = _cards()
    terms = {lang: public_phrases(lang)["terms"]["trigger_event"] for lang in LANGS}
    for card_id, data in cards.items():
        text = data["text"]["en"]  # type: ignore[index]
        if card_id in TOLD_BY_TEMPLATE or data.get("battlefield") or data.get("origin"):
            continue
        if not EVENT_CONDITION.search(str(text)) and "Exalted" not in str(text):
            continue
        event = data.get("event")
        assert event, card_id
        for lang in LANGS:
            assert event in terms[lang], (card_id, lang)


MOMENT = {
    "en": re.compile(r"(?:^|\. )In \w+'s (main phase|combat|turn), "),
    "pt-BR": re.compile(r"(?:^|\. )(Na fase principal|No combate|No turno) de \w+, "),
    "es": re.compile(r"(?:^|\. )(En la fase principal|En el combate|En el turno) de \w+, "),
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_trigger_event_is_told_with_its_moment(lang: str) -> None:
    for event, text in public_phrases(lang)["terms"]["trigger_event"].items():
        assert MOMENT[lang].search(text.replace("{player}", "Ana")), (event, text)
    told = 0
    cards = _cards()
    names = {str(d["name"][lang]): c for c, d in cards.items()}  # type: ignore[index]
    for tpl in templates():
        for seed in range(20):
            if "trigger.card_event" not in _keys(tpl.id, seed):
                continue
            told += 1
            stem = build_question(tpl.id, seed, lang, "free_form").stem
            assert MOMENT[lang].search(stem), (tpl.id, seed, stem)
            assert any(name in stem for name in names), (tpl.id, seed)
    assert told > 100


NOT_RULES_TEXT = re.compile(r"\bis an? \d+/\d+|\bé uma? \d+/\d+|\bes una? \d+/\d+")


@pytest.mark.parametrize("lang", LANGS)
def test_card_texts_are_rules_text_only(lang: str) -> None:
    for card_id, data in _cards().items():
        text = str(data["text"][lang])  # type: ignore[index]
        assert not NOT_RULES_TEXT.search(text), (card_id, text)


UNNAMED = {
    "en": ("The creature attacks", "about the creature's power"),
    "pt-BR": ("A criatura ataca", "o poder da criatura"),
    "es": ("La criatura ataca", "la fuerza de la criatura"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_creature_a_story_uses_is_named(lang: str) -> None:
    checked = 0
    for template_id in ("mtg-invisible", "mtg-opponent-duties", "mtg-expired-duration"):
        for kind in KINDS:
            for seed in range(40):
                if not offered(template_id, seed, lang, kind):
                    continue
                stem = build_question(template_id, seed, lang, kind).stem
                checked += 1
                assert not any(u in stem for u in UNNAMED[lang]), (template_id, seed, stem)
    assert checked > 100
