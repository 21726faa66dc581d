"""Stored questions tell their trigger situations as events (issue 30, point 1).

Each question whose situation gives a trigger's conclusions (`play.acknowledged`,
`following_action(_by)`, `controller_active_role`) is told as events with
`rulings.core.told.told_as_events`, which lets a row move only when

- its events derive back to the very conclusions stored (`as_conclusions`), and
- the event form is ruled exactly as the stored ruling says: the same key (infraction, final
  penalty, remedy, who may rewind, other players' penalties, accountable player) and the same
  reasoning steps, each citing the same statement in the same order, and
- the stored explanation's numbered reasoning, rendered again from that ruling in the
  question's language, reads the same, so the question renders and keys the same.

The new ruling is stored beside it (the same, plus `derived`: what the engine concluded from
the events, each with its citation). A row that cannot move keeps its conclusions form, which
the engine still reads for one policy cycle (docs/rulings.md), and is printed with the reason.
The content hash, stem, options and explanation are never touched.

Reversing gives the conclusions back (`as_conclusions`: the same facts, every default filled
in) and the ruling without `derived`; workbench stories, told as events from the start, stay.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from django.db import migrations

BATCH = 500
REASONING = re.compile(r"^\d+\. \[")  # a numbered line of the explanation, citing its section


def _reasoning(text: str) -> list[str]:
    return [line for line in text.splitlines() if REASONING.match(line)]


def _renders_the_same(question: Any, situation: dict[str, Any]) -> bool:
    """The stored explanation's reasoning, rendered again from the event form's ruling."""
    from rulings import Situation, evaluate, explain

    stored = _reasoning(question.explanation)
    ruling = evaluate(Situation.from_dict(situation))
    return not stored or _reasoning(explain(ruling, question.language)) == stored


def tell_as_events(apps: Any, schema_editor: Any) -> None:
    from rulings import RulingsError
    from rulings import told_as_events

    Question = apps.get_model("quizzes", "Question")
    kept: list[str] = []
    moved = 0
    rows = Question.objects.filter(situation__has_key="trigger").only(
        "situation", "ruling", "template_id", "explanation", "language"
    )
    for question in rows.iterator(chunk_size=BATCH):
        if question.situation.get("events") is not None:
            continue  # told as events already (a workbench story, or this run before)
        try:
            told = told_as_events(question.situation, question.ruling)
        except (RulingsError, KeyError, TypeError) as exc:  # no longer a story the engine reads
            kept.append(f"question {question.pk} ({question.template_id}): {exc}")
            continue
        if told.kept is not None:
            kept.append(f"question {question.pk} ({question.template_id}): {told.kept}")
            continue
        if not _renders_the_same(question, told.situation):
            why = "told as events its explanation would read otherwise"
            kept.append(f"question {question.pk} ({question.template_id}): {why}")
            continue
        question.situation, question.ruling = told.situation, told.ruling
        question.save(update_fields=["situation", "ruling"])
        moved += 1
    if moved or kept:
        sys.stdout.write(f"\n  {moved} questions told as events; {len(kept)} kept as they were\n")
    for line in kept:
        sys.stdout.write(f"  kept in the conclusions form: {line}\n")


def tell_as_conclusions(apps: Any, schema_editor: Any) -> None:
    from rulings import as_conclusions
    from rulings import RulingsError

    Question = apps.get_model("quizzes", "Question")
    rows = Question.objects.filter(situation__has_key="events").exclude(template_id="workbench")
    for question in rows.only("situation", "ruling").iterator(chunk_size=BATCH):
        try:
            situation = as_conclusions(question.situation)
            situation.pop("events", None)  # none at all: nothing followed the trigger
        except RulingsError:
            continue  # not a story the engine reads: leave it for a person to look at
        ruling = {k: v for k, v in question.ruling.items() if k != "derived"}
        question.situation, question.ruling = situation, ruling
        question.save(update_fields=["situation", "ruling"])


class Migration(migrations.Migration):
    dependencies = [("quizzes", "0021_practicesession_served")]

    operations = [migrations.RunPython(tell_as_events, tell_as_conclusions, elidable=True)]
