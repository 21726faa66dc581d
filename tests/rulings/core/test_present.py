"""A ruling for a reader: parts named in the reader's language, each with its citation."""

from __future__ import annotations

import pytest

from rulings import Situation, evaluate, labels, ruling_view, statement
from rulings.core.policy import LANGS

SCORE = {
    "game": "riftbound",
    "players": ["ana", "ben"],
    "turn_player": "ana",
    "score": {"player": "ana", "source": "conquer"},
    "silent_witnesses": ["ben"],
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_part_is_named_in_the_readers_language_with_its_statement(lang: str) -> None:
    ruling = evaluate(Situation.from_dict(SCORE)).to_dict()
    view = ruling_view(ruling, lang)
    names = labels(lang)["id"]
    version = ruling["policy_version"]
    assert view["infraction"]["name"] == names[ruling["infraction"]]
    assert view["infraction"]["text"] == statement(
        version, ruling["infraction_statement"]
    ).paraphrase(lang)
    assert view["penalty"]["final"] == names[ruling["penalty"]["final"]]
    assert [s["citation"] for s in view["explanation"]] == [
        s["citation"] for s in ruling["explanation"]
    ]
    assert all(s["text"] for s in view["explanation"])
