"""The lexicon covers every public id in every language, with its citations."""

from __future__ import annotations

import pytest

from rulings.core import vocabulary
from rulings.core.grading import Expected, GradingError, grade_answer, lexicon_version
from rulings.core.grading.feedback import display_name
from rulings.core.grading.lexicon import LANGUAGES, load_lexicon
from rulings.core.policy import load_policy, policy_versions

# The public contract of docs/vocabulary.md (ids may be added, never renamed).
VOCABULARY: dict[str, dict[str, tuple[str, ...]]] = {
    "infraction": {
        "missed_trigger": ("riftbound", "mtg"),
        "forgetting_to_score": ("riftbound",),
        "overpayment": ("riftbound",),
        "mispayment_for_cost": ("riftbound",),
        "general_error": ("riftbound",),
        "failure_to_maintain_game_state": ("riftbound", "mtg"),
        "game_rule_violation": ("mtg",),
        "cheating": ("riftbound", "mtg"),
        "no_infraction": ("riftbound", "mtg"),
        # Riftbound TR 702.4-702.15 (ids added beyond the shared vocabulary).
        "forgetting_to_draw_cards": ("riftbound",),
        "looking_at_extra_cards": ("riftbound",),
        "channeling_too_many_runes": ("riftbound",),
        "channeling_too_few_runes": ("riftbound",),
        "looking_at_secret_information": ("riftbound",),
        "looking_at_opponent_private_information": ("riftbound",),
        "drawing_extra_cards": ("riftbound",),
        "facedown_card_error": ("riftbound",),
        "mulligan_procedure_error": ("riftbound",),
        "forgetting_to_ready": ("riftbound",),
    },
    "penalty": dict.fromkeys(
        ("no_penalty", "warning", "game_loss", "match_loss", "disqualification"),
        ("riftbound", "mtg"),
    ),
    "remedy": {
        "opponent_chooses_resolve_or_skip": ("riftbound",),
        "continue_play": ("riftbound", "mtg"),
        "simple_rewind": ("riftbound", "mtg"),
        "correct_cost": ("riftbound",),
        "correct_score": ("riftbound",),
        "opponent_chooses_put_on_stack": ("mtg",),
        "opponent_chooses_default_action": ("mtg",),
        "resolve_now_or_next_phase": ("mtg",),
        "none": ("riftbound", "mtg"),
        # Added ids (rulings/core/vocabulary.py).
        "rewind": ("riftbound",),
        "resolve_immediately": ("mtg",),
        "simple_backup": ("mtg",),
        "draw_missing_cards": ("riftbound",),
        "channel_missing_runes": ("riftbound",),
        "ready_objects": ("riftbound",),
        "apply_section_procedure": ("riftbound",),
        "make_up_draw_or_discard": ("mtg",),
        "return_to_correct_zone": ("mtg",),
    },
}
ENGINE_IDS = {
    "infraction": vocabulary.INFRACTIONS,
    "penalty": vocabulary.PENALTIES,
    "remedy": vocabulary.REMEDIES,
}
ALL_IDS = [(part, ident) for part, ids in VOCABULARY.items() for ident in ids]


def test_lexicon_has_a_version() -> None:
    assert lexicon_version()


@pytest.mark.parametrize(("part", "ident"), ALL_IDS)
def test_every_public_id_is_in_the_lexicon_for_its_games(part: str, ident: str) -> None:
    info = load_lexicon().ids[part][ident]
    assert set(VOCABULARY[part][ident]) <= set(info.games)


@pytest.mark.parametrize(("part", "ident"), ALL_IDS)
def test_every_public_id_has_terms_in_every_language(part: str, ident: str) -> None:
    langs = {p.lang for p in load_lexicon().patterns if p.part == part and p.ident == ident}
    assert set(LANGUAGES) <= langs


@pytest.mark.parametrize(("part", "ident"), ALL_IDS)
def test_every_public_id_has_a_display_name_in_every_language(part: str, ident: str) -> None:
    for lang in LANGUAGES:
        assert display_name(lang, part, ident) != ident


@pytest.mark.parametrize(("part", "ident"), ALL_IDS)
def test_every_id_with_a_rule_section_has_a_citation(part: str, ident: str) -> None:
    lex = load_lexicon()
    for game in VOCABULARY[part][ident]:
        section = lex.citation(game, part, ident, None)
        if ident not in ("no_infraction", "none"):
            assert section.startswith(("TR ", "IPG ", "MTR ")), (game, part, ident)


def _policy_uses() -> set[tuple[str, str, str]]:
    """(game, part, id) for every id some policy version can put in a ruling."""
    uses: set[tuple[str, str, str]] = set()
    for version in policy_versions():
        policy = load_policy(version)
        game = policy.game
        for infraction in policy.infractions.values():
            uses.add((game, "infraction", infraction.id))
            uses.add((game, "penalty", infraction.base_penalty))
            uses.update((game, "penalty", adjust.to) for adjust in infraction.adjust)
            if infraction.witness is not None:
                uses.add((game, "infraction", infraction.witness.infraction))
                uses.add((game, "penalty", infraction.witness.penalty))
            for rule in infraction.remedy:
                uses.update((game, "remedy", step.remedy) for step in rule.steps)
        uses.update((game, "penalty", repeat.to) for repeat in policy.repeat)
    return uses


@pytest.mark.parametrize(
    ("part", "ident"), [(part, i) for part, ids in ENGINE_IDS.items() for i in ids]
)
def test_every_engine_id_is_known_to_the_lexicon(part: str, ident: str) -> None:
    info = load_lexicon().ids[part].get(ident)
    assert info is not None, (part, ident)
    assert info.games, (part, ident)
    assert ident in VOCABULARY[part], (part, ident)


@pytest.mark.parametrize(("game", "part", "ident"), sorted(_policy_uses()))
def test_every_id_a_policy_uses_is_a_ruling_in_its_game(game: str, part: str, ident: str) -> None:
    assert ident in ENGINE_IDS[part], (part, ident)
    assert game in load_lexicon().ids[part][ident].games, (game, part, ident)


def test_internal_ids_are_refused_as_expected_rulings() -> None:
    with pytest.raises(GradingError, match="unknown remedy id"):
        grade_answer("rewind", Expected(remedy="any_rewind"), game="riftbound")


def test_known_citations_match_the_vocabulary() -> None:
    lex = load_lexicon()
    assert lex.citation("riftbound", "infraction", "missed_trigger", None) == "TR 702.2"
    assert lex.citation("mtg", "infraction", "missed_trigger", None) == "IPG 2.1"
    assert (
        lex.citation("riftbound", "remedy", "opponent_chooses_resolve_or_skip", None)
        == "TR 702.2.f.2"
    )
    assert lex.citation("riftbound", "penalty", "warning", None) == "TR 701.2"
    assert lex.citation("riftbound", "infraction", "forgetting_to_ready", None) == "TR 702.15"
    assert (
        lex.citation("riftbound", "remedy", "apply_section_procedure", "mulligan_procedure_error")
        == "TR 702.14"
    )
    assert lex.citation("mtg", "remedy", "simple_backup", "game_rule_violation") == "IPG 2.5"


def test_no_phrase_or_cue_is_listed_twice() -> None:
    """A phrase listed twice in one entry, or a cue twice in one list, is dead weight that
    hides which list really reads it."""
    import collections
    import tomllib
    from importlib.resources import files

    data = files("rulings.core.grading") / "data"
    lexicon = tomllib.loads((data / "lexicon.toml").read_text(encoding="utf-8"))
    repeated: list[tuple[str, ...]] = []
    for part in ("infraction", "penalty", "remedy"):
        for ident, entry in lexicon.get(part, {}).items():
            for code in ("en", "pt-BR", "es"):
                phrases = [
                    p
                    for kind in ("names", "paraphrases", "misspellings", "descriptions")
                    for p in entry.get(code, {}).get(kind, [])
                ]
                counts = collections.Counter(phrases)
                repeated += [(part, ident, code, p) for p, n in counts.items() if n > 1]
    language = tomllib.loads((data / "language.toml").read_text(encoding="utf-8"))
    for code, table in language.items():
        if isinstance(table, dict):
            for key, value in table.items():
                if isinstance(value, list):
                    counts = collections.Counter(value)
                    repeated += [(code, key, p) for p, n in counts.items() if n > 1]
    assert not repeated, repeated
