"""The scenario workbench (issue 30, point 5): rule a story built from facts, save it as a
practice question for one cohort (mentors) or propose it for the bank (the committee, who
then accept or reject proposals on their question-reports page).

The stem and key come from ``rulings.core.questions.workbench``: the engine keys the very
situation the phrase banks tell, never a person. A story meant for exams is told with the
exam pools' names (when the installation has private pools) and stored as an exam question.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from judgetrain.accounts.models import Cohort, User
from judgetrain.errors import ApplicationError
from quizzes.bank.models.pools import QuestionPool
from quizzes.bank.models.questions import Question
from quizzes.bank.services.bank import bank_store_ids
from quizzes.bank.services.pools import pools_applied
from quizzes.common.notifications import notification_queue
from quizzes.practice.models import PracticeAnswer
from quizzes.review.models.review import Notification
from quizzes.workbench.models import WorkbenchStory
from rulings import questions as generator


def _refusals() -> dict[str, str]:
    return {
        "saved": _("This story is already saved."),
        "proposed": _("This story is already proposed for the bank: see Proposed questions."),
        "accepted": _("This story is already in the question bank."),
        "rejected": _("The committee already rejected this story for the bank."),
        "not_cohort": _("This story is already proposed for the bank or decided."),
        "decided": _("This proposal has already been decided."),
        "unchanged": _(
            "This is the story you are revising, unchanged: change its facts, then save."
        ),
        "reason": _(
            "Say why you reject this story: its author reads your reason, then can revise it."
        ),
    }


class WorkbenchError(ApplicationError):
    """A save the rules refuse; ``code`` says why, and the message says it in the reader's
    language: "saved" (the bank has this very question already), "proposed" (already
    waiting for the committee), "accepted" (already in the bank), "rejected" (the committee
    rejected it), "decided" (a proposal decided already), "not_cohort" (only a story saved
    for a cohort can be suggested or revised), "unchanged" (a revision telling the very story
    it revises), "reason" (a rejection without one)."""

    def __init__(self, *, code: str = "saved", field: str | None = None) -> None:
        super().__init__(_refusals()[code], code=code, field=field)


@dataclass(frozen=True)
class Story:
    """A story as the form or the API gives it: the situation, the trigger's name (told, not
    ruled on), the stem's language and the facts as typed (kept to reopen the form)."""

    situation: dict[str, Any]
    lang: str
    trigger_name: str = ""
    facts: dict[str, Any] | None = None


def workbench_rule(*, story: Story) -> generator.Question:
    """The story told and keyed (SituationError names the field; QuestionError if untellable)."""
    return generator.workbench_question(
        story.situation, lang=story.lang, trigger_name=story.trigger_name
    )


def _store(
    story: Story,
    *,
    author: User,
    status: str,
    cohort: Cohort | None,
    for_exams: bool,
    revising: WorkbenchStory | None = None,
) -> WorkbenchStory:
    use = QuestionPool.Use.EXAMS if for_exams else QuestionPool.Use.BANK
    with pools_applied(use=use) as pools:
        situation = story.situation
        if for_exams and pools is not None:
            names = generator.pooled_names(situation, seed=secrets.randbelow(2**31))
            situation = generator.with_names(situation, names)
        told = generator.workbench_question(
            situation, lang=story.lang, trigger_name=story.trigger_name
        )
        [pk] = bank_store_ids(questions=[told], for_exams=for_exams)
    question = Question.objects.get(pk=pk)
    existing = WorkbenchStory.objects.select_for_update().filter(question=question).first()
    if existing is not None and revising is not None and existing.pk == revising.pk:
        raise WorkbenchError(code="unchanged", field="situation")
    if existing is not None and existing.status == WorkbenchStory.Status.RETIRED:
        return _revive(existing, story, author=author, status=status, cohort=cohort)
    if existing is not None:
        if existing.status == WorkbenchStory.Status.COHORT and (
            status == WorkbenchStory.Status.PROPOSED
        ):  # walk 4, #9: the committee proposes the question a mentor saved for a cohort
            return _to_proposal(existing)
        raise WorkbenchError(code=_REFUSAL[existing.status], field="situation")
    if question.template_id != generator.WORKBENCH_TEMPLATE_ID:
        raise WorkbenchError(field="situation")
    return WorkbenchStory.objects.create(
        question=question,
        author=author,
        cohort=cohort,
        status=status,
        facts=story.facts or {},
    )


_REFUSAL: dict[str, str] = {
    WorkbenchStory.Status.COHORT: "saved",
    WorkbenchStory.Status.PROPOSED: "proposed",
    WorkbenchStory.Status.ACCEPTED: "accepted",
    WorkbenchStory.Status.REJECTED: "rejected",
}


def _revive(
    existing: WorkbenchStory, story: Story, *, author: User, status: str, cohort: Cohort | None
) -> WorkbenchStory:
    """A removed story saved or proposed again: the same question (its past answers kept),
    given again to whom the new save says."""
    existing.author = author
    existing.cohort = cohort
    existing.status = status
    existing.facts = story.facts or {}
    existing.decided_by = None
    existing.decided_at = None
    existing.reason = ""
    fields = ["author", "cohort", "status", "facts", "decided_by", "decided_at", "reason"]
    existing.save(update_fields=fields)
    return existing


@transaction.atomic
def workbench_retire(*, story: WorkbenchStory, by: User) -> WorkbenchStory:
    """A story saved for a cohort removed by its mentor (walk 4, #8): nobody is given it in
    practice again, and the answers candidates gave stay as they are (the question row and
    its answers are kept; only the story's status changes). Once proposed for the bank, it
    is the committee's to decide (WorkbenchError "not_cohort"). The caller has checked that
    ``by`` may see the story's cohort."""
    locked = WorkbenchStory.objects.select_for_update().get(pk=story.pk)
    if locked.status != WorkbenchStory.Status.COHORT:
        raise WorkbenchError(code="not_cohort")
    locked.status = WorkbenchStory.Status.RETIRED
    locked.decided_by = by
    locked.decided_at = timezone.now()
    locked.save(update_fields=["status", "decided_by", "decided_at"])
    return locked


def _to_proposal(story: WorkbenchStory) -> WorkbenchStory:
    """A cohort's story proposed for the bank, its stored question as it is; the cohort's
    candidates keep it in practice while the committee decides (``hidden_from``)."""
    story.status = WorkbenchStory.Status.PROPOSED
    story.save(update_fields=["status"])
    return story


@transaction.atomic
def workbench_suggest(*, story: WorkbenchStory) -> WorkbenchStory:
    """A mentor's cohort story sent to the committee's proposed questions (walk 4, #6): the
    committee accepts or rejects it there like its own proposals. A rejected one may be
    suggested again (walk 5, #9): the committee then sees the reason it gave before. The
    caller has checked that the mentor may see the story's cohort."""
    locked = WorkbenchStory.objects.select_for_update().get(pk=story.pk)
    suggestable = (WorkbenchStory.Status.COHORT, WorkbenchStory.Status.REJECTED)
    if locked.status not in suggestable or locked.cohort_id is None:
        raise WorkbenchError(code="not_cohort")
    return _to_proposal(locked)


REVISABLE = (WorkbenchStory.Status.COHORT, WorkbenchStory.Status.REJECTED)


@transaction.atomic
def workbench_revise(*, story: Story, author: User, original: WorkbenchStory) -> WorkbenchStory:
    """A cohort's story revised (walk 6, #15: "Revise it" saved a second story beside the
    rejected one, and candidates got both): the revision is saved for the original's cohort
    and linked to it (``revises``), and the original is retired, so candidates are given one
    version and, when the revision is suggested, the committee sees the story it rejected
    and its reason. The original keeps the committee's decision and reason; its answers
    stay. Only a story still the mentor's (for the cohort, or rejected) can be revised
    (WorkbenchError "not_cohort"); the same story again is WorkbenchError "unchanged". The
    caller has checked that ``author`` may see the original's cohort."""
    locked = WorkbenchStory.objects.select_for_update().get(pk=original.pk)
    if locked.status not in REVISABLE or locked.cohort is None:
        raise WorkbenchError(code="not_cohort")
    revision = _store(
        story,
        author=author,
        status=WorkbenchStory.Status.COHORT,
        cohort=locked.cohort,
        for_exams=False,
        revising=locked,
    )
    revision.revises = locked
    revision.save(update_fields=["revises"])
    locked.status = WorkbenchStory.Status.RETIRED
    locked.save(update_fields=["status"])
    return revision


def cohort_stories(*, cohort_ids: Any, limit: int = 30) -> list[WorkbenchStory]:
    """The latest stories saved for the cohorts ``cohort_ids``, newest first, with where each
    stands (for the cohort only, proposed for the bank, accepted or rejected); not those
    their mentor removed."""
    return list(
        WorkbenchStory.objects.filter(cohort__in=cohort_ids)
        .exclude(status=WorkbenchStory.Status.RETIRED)
        .select_related("question", "cohort", "decided_by", "revises")
        .order_by("-created_at", "-pk")[:limit]
    )


@transaction.atomic
def workbench_save_for_cohort(*, story: Story, author: User, cohort: Cohort) -> WorkbenchStory:
    """A practice question only the candidates of ``cohort`` are given (first, until they
    answer it). The caller has checked that ``author`` may see ``cohort``."""
    return _store(
        story, author=author, status=WorkbenchStory.Status.COHORT, cohort=cohort, for_exams=False
    )


@transaction.atomic
def workbench_propose(*, story: Story, author: User, for_exams: bool) -> WorkbenchStory:
    """A question proposed for the bank: nobody practises it until the committee accepts it."""
    return _store(
        story,
        author=author,
        status=WorkbenchStory.Status.PROPOSED,
        cohort=None,
        for_exams=for_exams,
    )


@transaction.atomic
def workbench_decide(
    *, story: WorkbenchStory, accept: bool, by: User, reason: str = ""
) -> WorkbenchStory:
    """Accept a proposal into the bank or reject it (once; WorkbenchError after). A rejection
    needs a reason (WorkbenchError "reason"): its author reads it on the workbench and in the
    e-mail this queues for them (walk 5, #9), and may revise the story or suggest it again."""
    reason = reason.strip()[:2000]
    if not accept and not reason:
        raise WorkbenchError(code="reason")
    locked = (
        WorkbenchStory.objects.select_for_update(of=("self",))
        .select_related("question", "author")
        .get(pk=story.pk)
    )
    if locked.status != WorkbenchStory.Status.PROPOSED:
        raise WorkbenchError(code="decided")
    locked.status = WorkbenchStory.Status.ACCEPTED if accept else WorkbenchStory.Status.REJECTED
    locked.decided_by = by
    locked.decided_at = timezone.now()
    locked.reason = reason
    locked.save(update_fields=["status", "decided_by", "decided_at", "reason"])
    if locked.author_id != by.pk:
        _notify_author(locked)
    return locked


def _notify_author(story: WorkbenchStory) -> None:
    """E-mail the story's author the committee's decision and reason, once per decision."""

    assert story.decided_at is not None
    notification_queue(
        kind=Notification.Kind.PROPOSAL,
        key=f"workbench:{story.pk}:{story.decided_at.isoformat()}",
        email=story.author.email,
        user=story.author,
        context={
            "question": story.question.stem[:140],
            "status": story.status,
            "reason": story.reason,
            "for_cohort": story.cohort_id is not None,
            "path": f"/mentor/workbench/#story-{story.pk}",
        },
    )


def proposals_open() -> list[WorkbenchStory]:
    return list(
        WorkbenchStory.objects.filter(status=WorkbenchStory.Status.PROPOSED)
        .select_related("question", "author", "cohort", "revises__question", "revises__decided_by")
        .order_by("created_at")
    )


def proposals_waiting_count() -> int:
    """Stories proposed for the bank and not decided yet (the committee's overview, walk 7,
    #3: a proposal could wait unseen)."""
    return WorkbenchStory.objects.filter(status=WorkbenchStory.Status.PROPOSED).count()


def rejected_unrevised_count(*, author: User) -> int:
    """The author's stories the committee rejected and they have not revised yet (the
    mentor's dashboard, walk 7, #3). A revised story is retired: it counts no more."""
    rejected = WorkbenchStory.Status.REJECTED
    return WorkbenchStory.objects.filter(author=author, status=rejected).count()


def proposals_decided(*, limit: int = 20) -> list[WorkbenchStory]:
    """The latest decided proposals, newest first: what was accepted into the bank (with its
    question) or rejected, and by whom."""
    decided = (WorkbenchStory.Status.ACCEPTED, WorkbenchStory.Status.REJECTED)
    return list(
        WorkbenchStory.objects.filter(status__in=decided)
        .select_related("question", "author", "decided_by")
        .order_by("-decided_at", "-pk")[:limit]
    )


def cohort_question_first(*, user: User, questions: Any) -> Question | None:
    """The oldest question a mentor wrote for one of ``user``'s cohorts that ``user`` has never
    answered, among ``questions`` (already narrowed to what ``user`` may practise)."""
    answered = PracticeAnswer.objects.filter(user=user).values("question_id")
    return (
        questions.filter(workbench__cohort__candidates=user)
        .exclude(pk__in=answered)
        .order_by("pk")
        .first()
    )
