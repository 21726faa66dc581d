"""Review 18's findings, each checked at its cause over generated items.

- fr-013, fr-025: the Sword's opponent, who says they had not noticed the missed discard, was
  keyed Failure to Maintain Game State. The committee (policy notes, 2026-12-06) keeps it for a
  player who saw an opponent's error and let it stand: a penalised witness is one the story
  tells as having seen it.

The item ids are the review's (docs/reviews/questions-review-18-templates.jsonl).
"""

from __future__ import annotations

import pytest

from rulings.core.questions import build_question, templates

FTMGS = "failure_to_maintain_game_state"
SEEDS = range(30)


@pytest.mark.parametrize(
    ("template_id", "seed"),
    [("mtg-after-acknowledgement", 389087230), ("mtg-after-acknowledgement", 1304324272)],
)
def test_an_opponent_who_had_not_noticed_commits_nothing(template_id: str, seed: int) -> None:
    for lang in ("en", "pt-BR", "es"):
        question = build_question(template_id, seed, lang, "free_form")
        assert not [a for a in question.key.additional if a[1] == FTMGS], question.key_text


@pytest.mark.parametrize("template_id", [t.id for t in templates()])
def test_failure_to_maintain_game_state_goes_only_to_a_witness_told_seeing(
    template_id: str,
) -> None:
    for seed in SEEDS:
        question = build_question(template_id, seed, "en", "free_form")
        witnesses = set(question.situation.get("silent_witnesses", ()))
        penalised = {a[0] for a in question.key.additional if a[1] == FTMGS}
        assert penalised <= witnesses, (seed, question.stem, question.key_text)
