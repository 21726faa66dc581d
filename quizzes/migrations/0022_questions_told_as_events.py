"""Stored questions tell their trigger situations as events (issue 30, point 1).

Each question whose situation gives a trigger's `play` conclusions is rewritten with
`rulings.as_events` and its stored ruling re-ruled in that form. A question whose key would
change is left as it was and named on standard output with the reason (none is expected: a
test rules every template's stories both ways). Reversing gives the conclusions back.
The content hash is over the conclusions form and does not change.
"""

from __future__ import annotations

import sys
from typing import Any

from django.db import migrations

BATCH = 500


def _parts(ruling: dict[str, Any]) -> tuple[object, ...]:
    remedy = tuple(step["remedy"] for step in ruling.get("remedy", []))
    final = ruling.get("penalty", {}).get("final")
    return ruling.get("infraction"), final, remedy, ruling.get("accountable_player")


def tell_as_events(apps: Any, schema_editor: Any) -> None:
    from rulings import RulingsError, Situation, as_events, evaluate

    Question = apps.get_model("quizzes", "Question")
    kept: list[str] = []
    rows = Question.objects.filter(situation__has_key="trigger").only("situation", "ruling")
    for question in rows.iterator(chunk_size=BATCH):
        if question.situation.get("events"):
            continue
        told = as_events(question.situation)
        try:
            ruling = evaluate(Situation.from_dict(told)).to_dict()
        except RulingsError as exc:
            kept.append(f"question {question.pk}: {exc}")
            continue
        if _parts(ruling) != _parts(question.ruling):
            kept.append(
                f"question {question.pk}: told as events it would be ruled "
                f"{_parts(ruling)} instead of {_parts(question.ruling)}"
            )
            continue
        question.situation, question.ruling = told, ruling
        question.save(update_fields=["situation", "ruling"])
    for line in kept:
        sys.stdout.write(f"  kept in the conclusions form: {line}\n")


def tell_as_conclusions(apps: Any, schema_editor: Any) -> None:
    from rulings import RulingsError, Situation, evaluate
    from rulings.core.context import as_conclusions

    Question = apps.get_model("quizzes", "Question")
    rows = Question.objects.filter(situation__has_key="events")
    for question in rows.iterator(chunk_size=BATCH):
        if question.template_id == "workbench":
            continue  # a workbench story was told as events from the start
        try:
            situation = as_conclusions(question.situation)
            ruling = evaluate(Situation.from_dict(situation)).to_dict()
        except RulingsError:
            continue
        question.situation, question.ruling = situation, ruling
        question.save(update_fields=["situation", "ruling"])


class Migration(migrations.Migration):
    dependencies = [("quizzes", "0021_practicesession_served")]

    operations = [migrations.RunPython(tell_as_events, tell_as_conclusions, elidable=True)]
