"""Filling the question bank from the generator: keys always come from the engine."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from quizzes.bank.models.pools import PoolSnapshot, QuestionPool
from quizzes.bank.models.questions import Question, Topic
from quizzes.bank.services.pools import bank_master_seed, pool_snapshot_current, pools_applied
from rulings import REMEDIES
from rulings import questions as generator
from rulings.models import PolicyVersion
from rulings.questions import remedy_text, term

# What a find-the-wrong-part candidate may say the wrong part should be, per game: the values
# the generator's keys use (rulings.core.vocabulary), never "the fix described in the section"
# (no concrete fix) nor a Match Loss (no option offers one).
CORRECTION_VALUES = {
    "riftbound": {
        "infraction": (
            "missed_trigger", "general_error", "forgetting_to_score", "mispayment_for_cost",
            "overpayment", "failure_to_maintain_game_state", "cheating", "no_infraction",
            "forgetting_to_draw_cards", "drawing_extra_cards", "looking_at_extra_cards",
            "looking_at_secret_information", "channeling_too_many_runes",
            "channeling_too_few_runes", "forgetting_to_ready",
        ),
        "penalty": ("no_penalty", "warning", "game_loss", "disqualification"),
        "remedy": (
            "none", "continue_play", "simple_rewind", "rewind",
            "opponent_chooses_resolve_or_skip", "correct_cost", "correct_score",
            "draw_missing_cards", "channel_missing_runes", "ready_objects",
        ),
    },
    "mtg": {
        "infraction": (
            "missed_trigger", "game_rule_violation", "failure_to_maintain_game_state",
            "cheating", "no_infraction",
        ),
        "penalty": ("no_penalty", "warning", "game_loss", "disqualification"),
        "remedy": (
            "none", "continue_play", "simple_backup", "opponent_chooses_put_on_stack",
            "opponent_chooses_default_action", "resolve_now_or_next_phase",
            "resolve_immediately", "make_up_draw_or_discard", "return_to_correct_zone",
        ),
    },
}  # fmt: skip


def _remedy_params(question: generator.Question) -> dict[str, dict[str, str]]:
    """The chooser the key's remedy names (the opponent, a player), for every remedy's label."""
    chooser = next(
        (
            step["params"]["chooser"]
            for step in question.ruling["remedy"]
            if isinstance(step["params"].get("chooser"), str)
        ),
        None,
    )
    return {r: {"chooser": chooser} for r in REMEDIES} if chooser else {}


def _correctable_parts(question: generator.Question, pickable: Iterable[str]) -> list[str]:
    """The parts a candidate may say are wrong: those the question offers as possibly wrong
    (`pickable`; the others are given as right), the remedy only where it is asked."""
    return [
        part
        for part in CORRECTION_VALUES[question.game]
        if part in pickable and (part != "remedy" or generator.remedy_asked(question.key))
    ]


def correction_choices(question: generator.Question) -> list[dict[str, str]]:
    """Find the wrong part: for each part, the values a candidate may say it should be, with
    their labels in the question's language; the stated ruling's own value is left out (it is
    what the candidate says is wrong), only for the parts the question offers as possibly
    wrong (`pickable`; the others are given as right), the remedy only where it is asked."""
    if question.wrong_part is None:
        return []
    stated = question.wrong_part.stated
    params = _remedy_params(question)
    lang = question.lang
    choices = []
    for part in _correctable_parts(question, question.wrong_part.pickable):
        if part == "remedy":
            shown = stated.remedy[0] if stated.remedy else "none"
        else:
            shown = getattr(stated, part)
        for value in CORRECTION_VALUES[question.game][part]:
            if value == shown:
                continue
            if part == "remedy":
                text = remedy_text(lang, (value,), params)
            else:
                text = term(lang, f"{part}.{value}")
            choices.append({"part": part, "id": value, "text": text})
    return choices


def _public_options(question: generator.Question) -> list[dict[str, str]]:
    return [{"label": option.label, "text": option.text} for option in question.options]


def _key_detail(question: generator.Question) -> dict[str, Any]:
    detail: dict[str, Any] = {"key": question.key.to_dict(), "key_text": question.key_text}
    correct = [option.label for option in question.options if option.correct]
    if correct:
        detail["correct_option"] = correct[0]
        detail["option_parts"] = {o.label: o.parts.to_dict() for o in question.options}
    if question.wrong_part is not None:
        detail["wrong_part"] = question.wrong_part.part
        detail["pickable"] = list(question.wrong_part.pickable)
        detail["correct_text"] = question.wrong_part.correct_text
    if question.near_misses:
        # the grader's likely confusions for a free-form answer (Expected.near_misses)
        detail["policy_version"] = question.policy_version
        detail["near_misses"] = [_graded_parts(parts) for parts in question.near_misses]
    return detail


def _graded_parts(parts: generator.KeyParts) -> dict[str, str]:
    """A ruling's parts as the grader grades them (the first remedy step, or "none")."""
    remedy = parts.remedy[0] if parts.remedy else "none"
    return {"infraction": parts.infraction, "penalty": parts.penalty, "remedy": remedy}


def _link_topics(stored: dict[str, int], generated: Sequence[generator.Question]) -> None:
    """``stored``: question id by content hash."""
    slugs = {slug for question in generated for slug in question.topics}
    Topic.objects.bulk_create([Topic(slug=slug) for slug in slugs], ignore_conflicts=True)
    topics = dict(Topic.objects.filter(slug__in=slugs).values_list("slug", "pk"))
    links = [
        Question.topics.through(question_id=stored[q.content_hash], topic_id=topics[slug])
        for q in generated
        for slug in q.topics
    ]
    Question.topics.through.objects.bulk_create(links, ignore_conflicts=True)


@transaction.atomic
def bank_store(*, questions: Sequence[generator.Question]) -> list[Question]:
    """Store generated questions, skipping ones already banked; returns rows in input order.

    Call it inside the `using_pools` block the questions were generated in: the row records
    those pools, so the committee can rebuild the question."""
    ids = bank_store_ids(questions=questions)
    rows = Question.objects.in_bulk(ids)
    return [rows[pk] for pk in ids]


@transaction.atomic
def bank_store_ids(
    *, questions: Sequence[generator.Question], for_exams: bool = False
) -> list[int]:
    """The ids of ``questions`` in input order, storing those not banked yet (``for_exams`` as
    given) without reading the new rows back. Call it inside the `using_pools` block the
    questions were generated in, as ``bank_store``."""
    hashes = [question.content_hash for question in questions]
    stored = dict(
        Question.objects.filter(content_hash__in=hashes).values_list("content_hash", "pk")
    )
    fresh = {q.content_hash: q for q in questions if q.content_hash not in stored}
    if fresh:
        stored.update(_insert(list(fresh.values()), for_exams))
        missing = [content_hash for content_hash in fresh if content_hash not in stored]
        if missing:  # banked by another transaction since the read above
            stored.update(
                Question.objects.filter(content_hash__in=missing).values_list("content_hash", "pk")
            )
        _link_topics(stored, list(fresh.values()))
    return [stored[content_hash] for content_hash in hashes]


def _insert(questions: list[generator.Question], for_exams: bool) -> dict[str, int]:
    """Insert the rows with plain multi-row INSERTs that return their ids; a row banked
    meanwhile by another transaction is skipped (and not returned). No model instance is
    made, and no array parameter: on PostgreSQL Django's ``bulk_create`` sends each column
    as an array literal whose quoting of the JSON columns cost more than the rest of the
    insert (bench/profile_exam.py)."""
    versions = dict(PolicyVersion.objects.values_list("version_id", "pk"))
    snapshot = pool_snapshot_current()
    fields = [field for field in Question._meta.concrete_fields if not field.primary_key]
    now = timezone.now()
    rows = []
    for question in questions:
        values = _values(question, versions, snapshot, for_exams, now)
        rows.append(
            [
                field.get_db_prep_save(
                    values[field.attname] if field.attname in values else field.get_default(),
                    connection,
                )
                for field in fields
            ]
        )
    table = connection.ops.quote_name(Question._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    row_sql = "(" + ", ".join(["%s"] * len(fields)) + ")"
    inserted: dict[str, int] = {}
    size = max(connection.ops.bulk_batch_size(fields, rows), 1)
    with connection.cursor() as cursor:
        for start in range(0, len(rows), size):
            batch = rows[start : start + size]
            cursor.execute(
                f"INSERT INTO {table} ({columns}) VALUES {', '.join([row_sql] * len(batch))} "
                "ON CONFLICT (content_hash) DO NOTHING RETURNING content_hash, id",
                [value for row in batch for value in row],
            )
            inserted.update(cursor.fetchall())
    return inserted


def _values(
    question: generator.Question,
    versions: dict[str, int],
    pools: PoolSnapshot | None,
    for_exams: bool,
    now: datetime,
) -> dict[str, Any]:
    """A new row's values by attribute name (the other columns take their field defaults)."""
    return {
        "content_hash": question.content_hash,
        "template_id": question.template_id,
        "template_version": str(question.template_version),
        "seed": question.seed,
        "policy_version_id": versions[question.policy_version],
        "game": question.game,
        "language": question.lang,
        "kind": question.kind,
        "stem": question.stem,
        "situation": question.situation,
        "ruling": question.ruling,
        "key_infraction": question.key.infraction,
        "key_penalty": question.key.penalty,
        "key_remedy": question.key.remedy[0] if question.key.remedy else "none",
        "options": _public_options(question),
        "stated_ruling": question.wrong_part.stated_text if question.wrong_part else "",
        "part_corrections": correction_choices(question),
        "key_detail": _key_detail(question),
        "explanation": question.explanation,
        "difficulty": question.difficulty,
        "for_exams": for_exams,
        "pools_id": pools.pk if pools is not None else None,
        "created_at": now,
    }


def bank_build(
    *,
    games: Iterable[str],
    languages: Iterable[str],
    kinds: Iterable[str],
    per_template: int,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[int, int]:
    """Generate ``per_template`` questions of every template for each game, language and kind,
    with the active bank pools.

    ``seed`` None (the default) uses the database's secret master seed: a seed anyone can guess
    lets them regenerate the bank and read every key. Returns (generated, newly stored).
    Re-running with the same arguments (and pools) stores nothing new.
    """
    if seed is None:
        seed = bank_master_seed()
    plan = [(g, lang, kind) for g in games for lang in languages for kind in kinds]
    with pools_applied(use=QuestionPool.Use.BANK):
        return _bank_build_steps(plan, per_template, seed, progress)


def _bank_build_steps(
    plan: list[tuple[str, str, str]],
    per_template: int,
    seed: int,
    progress: Callable[[int, int], None] | None,
) -> tuple[int, int]:
    generated = added = 0
    for step, (game, lang, kind) in enumerate(plan, start=1):
        # The generator lets templates take turns, so this count reaches every template.
        count = per_template * len(generator.templates(game))
        batch = generator.generate_questions(
            game=game, lang=lang, kind=kind, count=count, seed=seed
        )
        before = Question.objects.count()
        bank_store(questions=batch)
        added += Question.objects.count() - before
        generated += len(batch)
        if progress:
            progress(step, len(plan))
    return generated, added
