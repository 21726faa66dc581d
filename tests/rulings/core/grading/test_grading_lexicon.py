"""The lexicon covers every public id in every language, with its citations."""

from __future__ import annotations

import pytest

from rulings.core.grading import lexicon_version
from rulings.core.grading.feedback import display_name
from rulings.core.grading.lexicon import LANGUAGES, load_lexicon

# The public contract of ../shared/reference/vocabulary.md (ids may be added, never renamed).
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
    },
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


def test_known_citations_match_the_vocabulary() -> None:
    lex = load_lexicon()
    assert lex.citation("riftbound", "infraction", "missed_trigger", None) == "TR 702.2"
    assert lex.citation("mtg", "infraction", "missed_trigger", None) == "IPG 2.1"
    assert (
        lex.citation("riftbound", "remedy", "opponent_chooses_resolve_or_skip", None)
        == "TR 702.2.f.2"
    )
    assert lex.citation("riftbound", "penalty", "warning", None) == "TR 701.2"
