"""Private pools in use: loaded from the database and applied while questions are generated."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from quizzes.bank.models.pools import BankSeed, PoolSnapshot, QuestionPool
from quizzes.bank.models.questions import Question
from quizzes.bank.pool_directory import directory_pools
from rulings import questions as generator
from rulings.questions import (
    POOL_GAMES,
    POOL_LANGS,
    Pools,
    QuestionError,
    current_pools,
    merge_pools,
    using_pools,
)

logger = logging.getLogger(__name__)


def pools_active(*, use: str) -> Pools | None:
    """The pools for ``use`` merged into one value: the directory's files (settings'
    ``PRIVATE_POOLS_DIR``), then the database's active pools; None when there are none.

    A file that does not parse raises PoolDirectoryError (the operator's typo must not send
    exams to public material). A database pool that no longer parses (the public phrase bank
    changed under it) is skipped and logged as an error, as the committee edits those."""
    found = list(directory_pools(use=use))
    for pool in QuestionPool.objects.filter(use=use, active=True).order_by("pk"):
        try:
            found.append(pool.pools())
        except QuestionError as error:
            logger.error("private pool %s (%s) is unusable: %s", pool.pk, pool.name, error)
    return merge_pools(*found) if found else None


@contextmanager
def pools_applied(*, use: str) -> Iterator[Pools | None]:
    """Generate inside this block with the active pools for ``use``."""
    pools = pools_active(use=use)
    with using_pools(pools):
        yield pools


def pool_snapshot_current() -> PoolSnapshot | None:
    """The stored copy of the pools being applied now (made on first use)."""
    pools = current_pools()
    if pools is None:
        return None
    snapshot, _created = PoolSnapshot.objects.get_or_create(
        digest=pools.digest, defaults={"content": pools.to_dict()}
    )
    return snapshot


def bank_master_seed() -> int:
    """The database's secret master seed for the bank, drawn at random on first use (one row;
    two first builds at once agree on it)."""
    row, _created = BankSeed.objects.get_or_create(pk=1)
    return row.seed


def question_rebuild(*, question: Question) -> generator.Question:
    """Rebuild a stored question from its template, seed and pools (for the committee: the
    same stem and key, or a QuestionError saying it no longer comes out the same)."""
    pools = question.pools.pools() if question.pools is not None else None
    with using_pools(pools):
        for version in (None, question.policy_version.version_id):
            rebuilt = generator.build_question(
                question.template_id, question.seed, question.language, question.kind, version
            )
            if rebuilt.content_hash == question.content_hash:
                return rebuilt
    raise QuestionError(
        f"question {question.pk} does not come out the same any more "
        "(its template or the engine changed since it was stored)"
    )


def exam_pools_gaps(*, database: bool = True) -> list[str]:
    """What exam stems would still take from the public data: ``["all"]`` with no private
    exam pool at all, else ``names:<game>``, ``cards`` and ``sentences:<language>`` for each
    kind of material the exam pools leave public (empty: none). ``database=False`` looks at
    the pools directory only (for a check run where the database cannot be read)."""
    if database:
        pools = pools_active(use=QuestionPool.Use.EXAMS)
    else:
        files = directory_pools(use=QuestionPool.Use.EXAMS)
        pools = merge_pools(*files) if files else None
    if pools is None or pools.empty:
        return ["all"]
    gaps = [f"names:{game}" for game in POOL_GAMES if game not in pools.people]
    if not pools.cards:
        gaps.append("cards")
    gaps.extend(f"sentences:{lang}" for lang in POOL_LANGS if lang not in pools.phrases)
    return gaps
