"""What a new policy version changes: the statements that differ from an older version, what
depends on them, and whose pass or fail a regrade would change (a dry run: nothing is saved)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, F, Q
from django.utils import timezone

import rulings as engine
from quizzes.bank.models.questions import Question, QuestionKind
from quizzes.certification.models import Certificate
from quizzes.exams.models.exams import Attempt, AttemptItem, ExamAssignment, ExamBlueprint
from quizzes.grading import expected_for_question
from rulings.grading import Expected, GradingError, grade_answer
from rulings.models import PolicyStatement, PolicyVersion

_COMPARED = ("section", "kind", "source", "text_en", "text_pt_br", "text_es")


@dataclass(frozen=True)
class PolicyImpact:
    old: PolicyVersion
    new: PolicyVersion
    changed: list[str]
    questions: list[Question]
    templates: list[str]
    open_assignments: list[ExamAssignment]
    certificates: list[Certificate]
    # Built on the older version whether or not a question cites a changed statement: the
    # page counts them, so a committee never reads "0" as "nothing rests on this version".
    attempts_on_old: list[Attempt] = field(default_factory=list)
    certificates_on_old: list[Certificate] = field(default_factory=list)
    following_default: list[ExamBlueprint] = field(default_factory=list)


@dataclass(frozen=True)
class RegradeRow:
    attempt: Attempt
    old_score: float
    new_score: float
    old_passed: bool
    new_passed: bool
    manual: list[int] = field(default_factory=list)  # positions no machine can regrade

    @property
    def changes_outcome(self) -> bool:
        return self.old_passed != self.new_passed


def _statements(version: PolicyVersion) -> dict[str, tuple[Any, ...]]:
    rows = PolicyStatement.objects.filter(version=version).values_list("statement_id", *_COMPARED)
    return {row[0]: tuple(row[1:]) for row in rows}


def changed_statements(old: PolicyVersion, new: PolicyVersion) -> list[str]:
    """Statement ids added, removed or reworded between the two versions."""
    before, after = _statements(old), _statements(new)
    return sorted(sid for sid in before.keys() | after.keys() if before.get(sid) != after.get(sid))


@dataclass(frozen=True)
class StatementChange:
    """One changed statement, its text before and after in the reader's language ("" when
    the statement is added or removed)."""

    statement_id: str
    section: str
    before: str
    after: str

    @property
    def title(self) -> str:
        """A title a person reads: the section and the start of its wording."""
        words = (self.after or self.before).split()
        short = " ".join(words[:12]) + ("…" if len(words) > 12 else "")
        return f"{self.section}: {short}"

    @property
    def change(self) -> str:
        return "added" if not self.before else "removed" if not self.after else "reworded"


_TEXT = {"en": "text_en", "pt-br": "text_pt_br", "es": "text_es"}


def statement_changes(
    *, old: PolicyVersion, new: PolicyVersion, lang: str
) -> list[StatementChange]:
    """Each changed statement with its wording before and after (two queries)."""
    column = _TEXT.get(lang.lower(), "text_en")
    changed = set(changed_statements(old, new))

    def texts(version: PolicyVersion) -> dict[str, tuple[str, str]]:
        rows = PolicyStatement.objects.filter(version=version, statement_id__in=changed)
        return {sid: (section, text) for sid, section, text in
                rows.values_list("statement_id", "section", column)}  # fmt: skip

    before, after = texts(old), texts(new)
    return [
        StatementChange(
            statement_id=sid,
            section=(after.get(sid) or before[sid])[0],
            before=before.get(sid, ("", ""))[1],
            after=after.get(sid, ("", ""))[1],
        )
        for sid in sorted(changed)
    ]


def cited_statements(ruling: Any) -> Iterator[str]:
    """Every statement id a stored ruling cites, however deep."""
    if isinstance(ruling, dict):
        for key, value in ruling.items():
            if key in {"statement", "infraction_statement"} and isinstance(value, str):
                yield value
            else:
                yield from cited_statements(value)
    elif isinstance(ruling, list):
        for value in ruling:
            yield from cited_statements(value)


def _affected_question_ids(old: PolicyVersion, changed: set[str]) -> list[int]:
    rows = Question.objects.filter(policy_version=old).values_list("pk", "ruling")
    return [pk for pk, ruling in rows.iterator() if changed & set(cited_statements(ruling))]


def _version_q(old: PolicyVersion) -> Q:
    on_old = Q(blueprint__policy_version=old)
    if old.is_default:
        on_old |= Q(blueprint__policy_version__isnull=True, blueprint__game=old.document.game)
    return on_old


def policy_impact(*, old: PolicyVersion, new: PolicyVersion) -> PolicyImpact:
    changed = changed_statements(old, new)
    ids = _affected_question_ids(old, set(changed))
    questions = list(Question.objects.filter(pk__in=ids).order_by("template_id", "pk"))
    started = Count("attempts", filter=~Q(attempts__status=Attempt.Status.READY))
    assignments: list[ExamAssignment] = list(
        # Only those who can still sit it: a candidate with no attempt left is done with it.
        ExamAssignment.objects.filter(_version_q(old), closes_at__gt=timezone.now())
        .annotate(used=started)
        .filter(used__lt=F("max_attempts"))
        .select_related("blueprint", "candidate")
        .order_by("closes_at")
    )
    id_set = set(ids)
    valid = Certificate.objects.filter(revoked_at__isnull=True).select_related("candidate", "level")
    certificates, certificates_on_old = [], []
    for certificate in valid:
        if id_set & _evidence_questions(certificate.evidence):
            certificates.append(certificate)
        if old.version_id in _evidence_versions(certificate.evidence):
            certificates_on_old.append(certificate)
    attempts_on_old = list(
        Attempt.objects.filter(status=Attempt.Status.GRADED, items__question__policy_version=old)
        .distinct()
        .select_related("candidate", "assignment__blueprint")
        .order_by("pk")
    )
    following_default = (
        list(
            ExamBlueprint.objects.filter(
                policy_version__isnull=True, game=old.document.game
            ).order_by("name")
        )
        if old.is_default
        else []
    )
    return PolicyImpact(
        old=old,
        new=new,
        changed=changed,
        questions=questions,
        templates=sorted({question.template_id for question in questions}),
        open_assignments=assignments,
        certificates=certificates,
        attempts_on_old=attempts_on_old,
        certificates_on_old=certificates_on_old,
        following_default=following_default,
    )


def _evidence_questions(evidence: Any) -> set[int]:
    return {
        item["question"]
        for attempt in (evidence or {}).get("attempts", [])
        for item in attempt.get("items", [])
    }


def _evidence_versions(evidence: Any) -> set[str]:
    return {
        item.get("policy_version", "")
        for attempt in (evidence or {}).get("attempts", [])
        for item in attempt.get("items", [])
    }


def rekey(question: Question, new: PolicyVersion) -> Expected | None:
    """The question's key under ``new``; None when the engine cannot rule on it there."""
    situation = dict(question.situation)
    situation["policy_version"] = new.version_id
    try:
        ruling = engine.evaluate(engine.Situation.from_dict(situation))
    except engine.RulingsError:
        return None
    old = expected_for_question(question)
    remedy = ruling.remedy[0].remedy if ruling.remedy else "none"
    return Expected(
        infraction=ruling.infraction,
        penalty=ruling.penalty.final,
        remedy=remedy,
        citations=old.citations,
    )


def _new_item_score(item: AttemptItem, expected: Expected | None) -> float | None:
    """The item's score under the new key, or None when a person must decide."""
    question = item.question
    old = expected_for_question(question)
    if expected is not None and (expected.infraction, expected.penalty, expected.remedy) == (
        old.infraction,
        old.penalty,
        old.remedy,
    ):
        return item.final_score or 0.0
    if item.override_score is not None:
        return item.override_score  # a person's decision stands until a person changes it
    if expected is None or question.kind != QuestionKind.FREE_FORM:
        return None
    if not item.response.strip():
        return 0.0
    try:
        grade = grade_answer(
            item.response, expected, game=question.game, lang=item.attempt.language
        )
    except GradingError:
        return None
    return grade.score


def regrade_dry_run(*, old: PolicyVersion, new: PolicyVersion) -> list[RegradeRow]:
    """Every graded attempt with an affected question, scored again under ``new``."""
    ids = _affected_question_ids(old, set(changed_statements(old, new)))
    attempts = (
        Attempt.objects.filter(status=Attempt.Status.GRADED, items__question_id__in=ids)
        .distinct()
        .select_related("candidate", "assignment__blueprint")
        .prefetch_related("items__question")
        .order_by("pk")
    )
    keys: dict[int, Expected | None] = {}
    rows = []
    for attempt in attempts:
        scores, manual = [], []
        for item in attempt.items.all():
            item.attempt = attempt
            if item.question_id not in ids:
                scores.append(item.final_score or 0.0)
                continue
            if item.question_id not in keys:
                keys[item.question_id] = rekey(item.question, new)
            score = _new_item_score(item, keys[item.question_id])
            if score is None:
                manual.append(item.position)
                score = item.final_score or 0.0
            scores.append(score)
        new_score = sum(scores) / len(scores) if scores else 0.0
        rows.append(
            RegradeRow(
                attempt=attempt,
                old_score=attempt.score or 0.0,
                new_score=new_score,
                old_passed=bool(attempt.passed),
                new_passed=new_score >= attempt.assignment.blueprint.pass_score,
                manual=manual,
            )
        )
    return rows
