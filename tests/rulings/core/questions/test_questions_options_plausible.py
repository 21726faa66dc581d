"""Options a real candidate might choose (issue 10, point 5): exactly one right, checked by the
engine; every distractor a coherent ruling in the game's own wording; find-the-wrong-part never
marks as wrong a part that means the same as the key."""

from __future__ import annotations

import pytest

from rulings.core.questions import build_question, templates
from rulings.core.questions.build import SAME_MEANING, coherent, scenario
from tests.rulings.core.questions.offered import offered

TEMPLATE_IDS = tuple(t.id for t in templates())
SEEDS = range(60)
# Words of the other game's procedures, per language (Magic backs up; Riftbound rewinds and has
# a chain, not a stack).
# "The next opponent in turn order chooses" is Riftbound's rule (TR 702.2.f.2): a Magic option
# names the opponent who chooses.
FOREIGN = {
    ("mtg", "en"): ("rewind", "next opponent in turn order"),
    ("mtg", "pt-BR"): ("próximo oponente na ordem de turno",),
    ("mtg", "es"): ("rebobin", "siguiente oponente en el orden de turno"),
    ("riftbound", "en"): ("backup", "stack"),
    ("riftbound", "pt-BR"): ("backup", "pilha"),
    ("riftbound", "es"): ("backup", "pila"),
}


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_exactly_one_option_is_right_and_every_distractor_is_coherent(template_id: str) -> None:
    tpl = next(t for t in templates() if t.id == template_id)
    for seed in SEEDS:
        q = build_question(template_id, seed, "en", "multiple_choice")
        right = [o for o in q.options if o.correct]
        assert len(right) == 1, seed
        assert right[0].parts == q.key, seed
        assert len({o.text for o in q.options}) == len(q.options), seed
        for option in q.options:
            assert coherent(option.parts), (seed, option.text)
            if option.parts.penalty == "game_loss" and q.key.penalty != "game_loss":
                upgrades = "penalty_upgrade" in tpl.topics or option.parts.infraction == "cheating"
                assert upgrades, (seed, option.text)


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_no_distractor_means_the_same_as_the_key(template_id: str) -> None:
    for seed in SEEDS:
        q = build_question(template_id, seed, "en", "multiple_choice")
        for option in q.options:
            if option.correct or option.parts.remedy == q.key.remedy:
                continue
            pairs = {
                frozenset({a, b}) for a, b in zip(option.parts.remedy, q.key.remedy, strict=False)
            }
            same_rest = (option.parts.infraction, option.parts.penalty) == (
                q.key.infraction,
                q.key.penalty,
            )
            assert not (same_rest and pairs & set(SAME_MEANING)), (seed, option.text)


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_find_the_wrong_part_states_a_coherent_ruling_wrong_in_meaning(template_id: str) -> None:
    for seed in SEEDS:
        if not offered(template_id, seed, "en", "find_the_wrong_part"):
            continue
        q = build_question(template_id, seed, "en", "find_the_wrong_part")
        wrong = q.wrong_part
        assert wrong is not None
        assert coherent(wrong.stated), (seed, wrong.stated_text)
        if wrong.part == "remedy":
            pair = {wrong.stated.remedy[0], q.key.remedy[0]}
            assert not any(pair <= group for group in SAME_MEANING), (seed, wrong.stated_text)
        assert getattr(wrong.stated, wrong.part) != getattr(q.key, wrong.part), seed


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es"])
@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_options_use_the_games_own_wording(template_id: str, lang: str) -> None:
    game = scenario(template_id, 0).template.game
    words = FOREIGN.get((game, lang), ())
    for seed in range(0, 60, 3):
        q = build_question(template_id, seed, lang, "multiple_choice")
        for option in q.options:
            assert not any(w in option.text.lower() for w in words), (seed, option.text)
        if not offered(template_id, seed, lang, "find_the_wrong_part"):
            continue
        stated = build_question(template_id, seed, lang, "find_the_wrong_part").wrong_part
        assert stated is not None
        assert not any(w in stated.stated_text.lower() for w in words), (seed, stated.stated_text)


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_distractors_offer_only_fixes_for_the_kind_of_problem_told(template_id: str) -> None:
    # "The opponent chooses whether the trigger resolves" for a player who looked at extra cards,
    # or "the cost is corrected" for a missed trigger, is an option no candidate would weigh.
    from rulings.core.questions.build import SUBJECT_REMEDIES

    for seed in range(0, 60, 2):
        sc = scenario(template_id, seed)
        q = build_question(template_id, seed, "en", "multiple_choice")
        found = offered(template_id, seed, "en", "find_the_wrong_part")
        stated = build_question(template_id, seed, "en", "find_the_wrong_part") if found else None
        ladder = [o.parts for o in q.options if o.origin.startswith("ladder:")]
        told = [stated.wrong_part.stated] if stated and stated.wrong_part else []
        for parts in [*ladder, *told]:
            for subject, remedies in SUBJECT_REMEDIES.items():
                if set(parts.remedy) & remedies and parts.remedy != q.key.remedy:
                    assert sc.situation.get(subject), (seed, subject, parts.remedy)


def test_related_penalties_are_told_in_one_sentence() -> None:
    for seed in range(100):
        sc = scenario("rb-related-penalties", seed)
        if len(sc.situation.get("related_penalties") or ()) < 2:
            continue
        keys = [line.key for line in sc.draft.sentences]
        assert keys.count("related.item_both") == 1, seed
        assert "related.item" not in keys, seed
        q = build_question("rb-related-penalties", seed, "en", "free_form")
        assert q.stem.count(" also ends up ") == 1, seed


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_a_stated_ruling_is_coherent_so_only_one_part_reads_wrong(template_id: str) -> None:
    # "No infraction — No penalty — the opponent chooses whether the trigger goes on the stack"
    # answers itself; a fabricated wrong infraction takes the key's penalty as its base penalty
    # where one does, or "Game Rule Violation — No penalty" makes the penalty look wrong too.
    from rulings.core import load_policy

    for seed in range(0, 60, 2):
        if not offered(template_id, seed, "en", "find_the_wrong_part"):
            continue
        q = build_question(template_id, seed, "en", "find_the_wrong_part")
        assert q.wrong_part is not None
        stated = q.wrong_part.stated
        assert coherent(stated), (seed, q.wrong_part.stated_text)
        if q.wrong_part.part == "infraction" and q.key.infraction == "no_infraction":
            base = load_policy(q.policy_version).infractions[stated.infraction].base_penalty
            assert base == q.key.penalty, (seed, q.wrong_part.stated_text)
