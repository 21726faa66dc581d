"""Committee and mentor reports: each reads a fixed number of queries however much data there
is (aggregates in SQL, or one flat read folded in Python)."""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.db.models.functions import TruncMonth
from django.utils.translation import gettext as _

from judgetrain.accounts.models import Cohort, User
from judgetrain.errors import Forbidden
from judgetrain.names import localized_name
from quizzes import access
from quizzes.bank.models.questions import QuestionKind
from quizzes.certification.models import CertificationLevel
from quizzes.exams.models.exams import Attempt, AttemptItem
from quizzes.review.models.review import Review
from rulings.grading import PARTS

MANAGE = "accounts.manage_certification"
MENTOR = "accounts.mentor_candidates"
# Item analysis thresholds (classical test theory rules of thumb; issue 27, point 4).
TOO_HARD = 0.2
TOO_EASY = 0.95
LOW_DISCRIMINATION = 0.1
MIN_RESPONSES = 5  # fewer answers than this: no flag, and discrimination is noise
UNCHOSEN_AFTER = 20  # a choice offered this often that nobody took is flagged


class ReportForbidden(Forbidden):
    """The user may not see reports (a candidate)."""

    def __init__(self) -> None:
        super().__init__(_("Reports are for mentors and the committee."))


@dataclass(frozen=True)
class Scope:
    """Whose results a report covers: everyone (committee) or a mentor's cohorts; and who reads
    it (``viewer``): answers to a question sealed for the viewer are left out of every
    per-answer figure and export (``access.sealed_question_ids``)."""

    mentor: User | None
    viewer: User | None = None

    def cohorts(self) -> QuerySet[Cohort]:
        cohorts = Cohort.objects.all()
        return cohorts if self.mentor is None else cohorts.filter(mentor=self.mentor)

    def attempts(self) -> QuerySet[Attempt]:
        attempts = Attempt.objects.filter(status=Attempt.Status.GRADED)
        if self.mentor is None:
            return attempts
        # A subquery, not a join: a candidate in two of the mentor's cohorts counts once.
        mine = User.objects.mentored_by(self.mentor).values("pk")
        return attempts.filter(candidate_id__in=mine)

    def items(self) -> QuerySet[AttemptItem]:
        items = AttemptItem.objects.filter(attempt__in=self.attempts().values("pk"))
        if self.viewer is not None:
            items = items.exclude(question_id__in=access.sealed_question_ids(self.viewer))
        return items

    def reviews(self) -> QuerySet[Review]:
        reviews = Review.objects.all()
        if self.viewer is not None:
            sealed = access.sealed_question_ids(self.viewer)
            reviews = reviews.exclude(item__question_id__in=sealed).exclude(
                practice_answer__question_id__in=sealed
            )
        return reviews


def report_scope(user: User) -> Scope:
    if user.has_perm(MANAGE):
        return Scope(mentor=None, viewer=user)
    if user.has_perm(MENTOR):
        return Scope(mentor=user, viewer=user)
    raise ReportForbidden


@dataclass(frozen=True)
class RateRow:
    label: str
    attempts: int
    passed: int

    @property
    def rate(self) -> float | None:
        return self.passed / self.attempts if self.attempts else None


_GRADED = Q(candidates__attempts__status=Attempt.Status.GRADED)


def pass_rates_by_cohort(scope: Scope) -> list[RateRow]:
    rows = (
        scope.cohorts()
        .annotate(
            n=Count("candidates__attempts", filter=_GRADED),
            ok=Count("candidates__attempts", filter=_GRADED & Q(candidates__attempts__passed=True)),
        )
        .order_by("name", "pk")
    )
    return [RateRow(cohort.display_name, cohort.n, cohort.ok) for cohort in rows]


def _rates(attempts: QuerySet[Attempt], key: str) -> list[tuple[Any, int, int]]:
    rows = (
        attempts.values(key)
        .annotate(n=Count("pk"), ok=Count("pk", filter=Q(passed=True)))
        .order_by(key)
    )
    return [(row[key], row["n"], row["ok"]) for row in rows]


def pass_rates_by_level(scope: Scope) -> list[RateRow]:
    """Attempts at the exams each level requires (an exam two levels share counts for both)."""
    key = "assignment__blueprint__level_requirements__level__name"
    attempts = scope.attempts().filter(**{f"{key}__isnull": False})
    rates = _rates(attempts, key)
    levels = CertificationLevel.objects.filter(name__in=[name for name, _n, _ok in rates])
    shown = {level.name: level.display_name for level in levels}  # in the reader's language
    return [RateRow(shown.get(name, name), n, ok) for name, n, ok in rates]


def pass_rates_by_period(scope: Scope) -> list[RateRow]:
    attempts = scope.attempts().annotate(period=TruncMonth("graded_at"))
    return [
        RateRow(period.strftime("%Y-%m") if period else "—", n, ok)
        for period, n, ok in _rates(attempts, "period")
    ]


# --- item analysis -------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One answer a candidate could give: how often it was offered and how often chosen."""

    name: str
    offered: int
    chosen: int


@dataclass(frozen=True)
class ItemRow:
    key: str
    label: str
    responses: int
    facility: float | None  # None: no answer counts (a withdrawn question)
    discrimination: float | None
    choices: tuple[Choice, ...] = ()
    exam: str = ""  # a question's exam, in the reader's language
    positions: tuple[int, ...] = ()  # where the question stood in that exam's attempts
    withdrawn: bool = False  # withdrawn by the committee: shown, counted in no figure

    @property
    def flags(self) -> list[str]:
        """Why the item misbehaves (none below MIN_RESPONSES answers)."""
        if self.responses < MIN_RESPONSES or self.facility is None:
            return []
        flags = []
        if self.facility < TOO_HARD:
            flags.append("too_hard")
        if self.facility > TOO_EASY:
            flags.append("too_easy")
        if self.discrimination is not None and self.discrimination < 0:
            flags.append("negative_discrimination")
        elif self.discrimination is not None and self.discrimination < LOW_DISCRIMINATION:
            flags.append("low_discrimination")
        if any(c.offered >= UNCHOSEN_AFTER and not c.chosen for c in self.choices):
            flags.append("unchosen_option")
        return flags


def correlation(xs: list[float], ys: list[float]) -> float | None:
    """Pearson's r; with a right/wrong item this is the point-biserial correlation."""
    n = len(xs)
    if n < 2:
        return None
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mean_x) ** 2 for x in xs)
    syy = sum((y - mean_y) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True))
    return sxy / math.sqrt(sxx * syy)


class _Tally:
    """Scores and choices of one item (a template or a question) as answers are read."""

    def __init__(self) -> None:
        self.pairs: list[tuple[float, float]] = []
        self.offered: dict[str, int] = defaultdict(int)
        self.chosen: dict[str, int] = defaultdict(int)

    def add(self, pair: tuple[float, float], offered: Iterable[str], chosen: str | None) -> None:
        self.pairs.append(pair)
        for name in offered:
            self.offered[name] += 1
        if chosen is not None:
            self.chosen[chosen] += 1

    def row(self, key: str, label: str) -> ItemRow:
        scores = [score for score, _total in self.pairs]
        totals = [total for _score, total in self.pairs]
        enough = len(self.pairs) >= MIN_RESPONSES
        choices = tuple(
            Choice(name, self.offered[name], self.chosen.get(name, 0))
            for name in sorted(self.offered)
        )
        return ItemRow(
            key=key,
            label=label,
            responses=len(self.pairs),
            facility=sum(scores) / len(scores) if scores else None,
            discrimination=correlation(scores, totals) if enough else None,
            choices=choices,
        )


def option_roles(key_detail: dict[str, Any]) -> dict[str, str]:
    """A multiple-choice question's options by label, each named by what it changes in the
    key (``key``, ``penalty``, ``infraction+remedy``...), so options of different questions
    of one template add up."""
    parts = key_detail.get("option_parts") or {}
    correct = parts.get(key_detail.get("correct_option"), {})
    roles = {}
    for label, option in parts.items():
        changed = [p for p in PARTS if _part(option, p) != _part(correct, p)]
        roles[label] = "+".join(changed) if changed else "key"
    return roles


def _part(option: dict[str, Any], part: str) -> Any:
    value = option.get(part)
    return tuple(value) if isinstance(value, list) else value


def _choices(
    kind: str, key_detail: dict[str, Any], response: str
) -> tuple[list[str], str | None, list[str], str | None]:
    """(offered, chosen) by label or part for the question, then by role for the template."""
    response = (response or "").strip()
    if kind == QuestionKind.MULTIPLE_CHOICE:
        roles = option_roles(key_detail or {})
        chosen_role = roles.get(response)
        return (
            sorted(roles),
            response if response in roles else None,
            [f"option:{role}" for role in sorted(set(roles.values()))],
            f"option:{chosen_role}" if chosen_role else None,
        )
    if kind == QuestionKind.FIND_THE_WRONG_PART:
        part = response.partition(":")[0]
        named = part if part in PARTS else None
        return list(PARTS), named, [f"wrong:{p}" for p in PARTS], named and f"wrong:{named}"
    return [], None, [], None


def item_analysis(
    scope: Scope, *, template_id: str | None = None
) -> tuple[list[ItemRow], list[ItemRow]]:
    """(per template, per question): facility is the mean score; discrimination the
    correlation of the item's score with the attempt's score; choices how often each option
    (multiple choice) or part (find the wrong part) was offered and chosen: by label or part
    for a question, by what the option changes in the key for a template. With
    ``template_id``: that template's answers only. A withdrawn answer counts in no score, so
    it is left out (walk 7, #9: it read as facility 0, dragging its template toward "too
    hard")."""
    items = scope.items()
    if template_id is not None:
        items = items.filter(question__template_id=template_id)
    rows = items.values_list(
        "question_id",
        "question__template_id",
        "question__stem",
        "question__kind",
        "question__key_detail",
        "response",
        "score",
        "override_score",
        "attempt__score",
        "withdrawn",
        "position",
        "attempt__assignment__blueprint_id",
        "attempt__assignment__blueprint__name",
        "attempt__assignment__blueprint__name_translations",
    )
    by_template: dict[str, _Tally] = defaultdict(_Tally)
    # Walk 8, #8: a question by its exam and position, not its database id; grouped by exam.
    by_question: dict[tuple[int, int], _Tally] = defaultdict(_Tally)
    stems: dict[int, str] = {}
    positions: dict[tuple[int, int], set[int]] = defaultdict(set)
    withdrawn: set[tuple[int, int]] = set()
    exams: dict[int, str] = {}
    for (
        question_id, template, stem, kind, detail, response, score, override, total, gone,
        position, blueprint_id, exam_name, exam_names,
    ) in rows:  # fmt: skip
        key = (blueprint_id, question_id)
        exams[blueprint_id] = localized_name(exam_name, exam_names)
        stems[question_id] = stem
        positions[key].add(position)
        tally = by_question[key]  # a withdrawn question keeps its row
        if gone:  # counts in no score: left out of every figure (walk 7, #9)
            withdrawn.add(key)
            continue
        final = override if override is not None else (score or 0.0)
        pair = (float(final), float(total or 0.0))
        offered, chosen, roles, role = _choices(kind, detail, response)
        by_template[template].add(pair, roles, role)
        tally.add(pair, offered, chosen)
    templates = [tally.row(t, t) for t, tally in sorted(by_template.items())]
    # A question's label is its full text: the page shortens it, the CSV keeps every word.
    questions = [
        replace(
            tally.row(str(q), stems[q]),
            exam=exams.get(b, ""),
            positions=tuple(sorted(positions[(b, q)])),
            withdrawn=(b, q) in withdrawn and not tally.pairs,
        )
        for (b, q), tally in by_question.items()
    ]
    questions.sort(key=lambda row: (row.exam, row.positions, int(row.key)))
    return templates, questions


# --- the grader against people ---------------------------------------------------------------


def mentor_labels(item: AttemptItem) -> dict[str, str | None] | None:
    """What the answer claims for each part, as a person's override settles it; None when the
    override does not say which part was wrong.

    A full mark means every part is as keyed; a mark equal to the grader's confirms what the
    grader found."""
    parts = (item.grade or {}).get("parts") or {}
    if item.question.kind != QuestionKind.FREE_FORM or set(parts) != set(PARTS):
        return None
    if item.override_score == 1.0:
        return {part: parts[part]["expected"] for part in PARTS}
    if item.override_score is not None and math.isclose(item.override_score, item.score or 0.0):
        return {part: parts[part]["found"] for part in PARTS}
    return None


@dataclass(frozen=True)
class AgreementRow:
    label: str
    agreeing: int
    total: int

    @property
    def rate(self) -> float | None:
        return self.agreeing / self.total if self.total else None


def _overridden(scope: Scope) -> Iterable[AttemptItem]:
    return (
        scope.items()
        .filter(override_score__isnull=False)
        .select_related("question", "attempt")
        .order_by("pk")
    )


def _decided_reviews(scope: Scope) -> QuerySet[Review]:
    """Flagged gradings a person has decided part by part: exam answers of the scope's graded
    attempts, and practice answers of the scope's candidates."""
    exam = Q(item__attempt__in=scope.attempts().values("pk"))
    practice = Q(practice_answer__isnull=False)
    if scope.mentor is not None:
        mine = User.objects.mentored_by(scope.mentor).values("pk")
        practice &= Q(candidate_id__in=mine)
    return (
        scope.reviews()
        # Decided part by part: not pending, nor closed by a withdrawal or an appeal.
        .filter(status__in=(Review.Status.ACCEPTED, Review.Status.OVERRIDDEN))
        .filter(exam | practice)
        .select_related("item__attempt", "item__question", "practice_answer__question")
        .order_by("pk")
    )


def _part_agrees(decided: dict[str, Any], graded: dict[str, Any]) -> bool:
    """A person's decision on one part agrees with the grader: accepted, or given the mark
    the grader gave (full when it found the part correct, none otherwise)."""
    grader_percent = 100 if graded.get("correct") else 0
    return decided.get("decision") == "accepted" or decided.get("percent") == grader_percent


def _review_part_votes(review: Review, grade: dict[str, Any]) -> Iterator[tuple[str, bool]]:
    """(part, agrees) for each part the review decided and the grader graded."""
    graded_parts = grade.get("parts") or {}
    decisions = review.parts or {}
    for part in PARTS:
        decided = decisions.get(part)
        if decided is not None and part in graded_parts:
            yield part, _part_agrees(decided, graded_parts[part])


def _review_keeps_mark(review: Review, score: float) -> bool:
    """The review left the answer with the grader's mark."""
    return review.status == Review.Status.ACCEPTED or math.isclose(review.score or 0.0, score)


def _override_part_votes(item: AttemptItem) -> Iterator[tuple[str, bool]]:
    """(part, agrees) for each part of an answer overridden as a whole, when the override
    settles each part (mentor_labels); nothing otherwise."""
    labels = mentor_labels(item)
    if labels is None:
        return
    for part in PARTS:
        yield part, (item.grade or {})["parts"][part]["found"] == labels[part]


def _count(counts: dict[str, list[int]], key: str, agrees: bool) -> None:
    counts[key][0] += agrees
    counts[key][1] += 1


def grader_agreement(scope: Scope) -> tuple[list[AgreementRow], list[AgreementRow]]:
    """(per part, per language) agreement of the grader with people's gradings.

    Per part: where a mentor (or the committee) reviewed a flagged answer part by part, each
    part they accepted, or gave the grader's own mark, agrees; each part they overrode to
    another mark disagrees. Answers overridden as a whole (an appeal) count per part only when
    the override settles each part (mentor_labels). Per language: whether the grader's mark
    equals the person's, over every reviewed or overridden answer."""
    part_counts: dict[str, list[int]] = {part: [0, 0] for part in PARTS}
    lang_counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    reviewed: set[int] = set()
    for review in _decided_reviews(scope):
        grade, score = review.grading()
        language = review.answer_language()
        if review.item_id is not None:
            reviewed.add(review.item_id)
        for part, agrees in _review_part_votes(review, grade):
            _count(part_counts, part, agrees)
        _count(lang_counts, language, _review_keeps_mark(review, score))
    for item in _overridden(scope):
        if item.pk in reviewed:
            continue  # counted part by part from its review
        same = math.isclose(item.score or 0.0, item.override_score or 0.0)
        _count(lang_counts, item.attempt.language, same)
        for part, agrees in _override_part_votes(item):
            _count(part_counts, part, agrees)
    parts = [AgreementRow(part, *part_counts[part]) for part in PARTS]
    langs = [AgreementRow(lang, *counts) for lang, counts in sorted(lang_counts.items())]
    return parts, langs


def review_labels(review: Review) -> dict[str, str | None] | None:
    """What a free-form answer claims for each part, as a person's part-by-part decision
    settles it: a part accepted (or given the grader's own mark) is what the grader found, a
    part overridden to full marks is the key's; None when a part's decision leaves it open
    (another mark), so the record would teach nothing sure."""
    grade, _score = review.grading()
    graded = grade.get("parts") or {}
    decided = review.parts or {}
    if review.answer().question.kind != QuestionKind.FREE_FORM or set(graded) != set(PARTS):
        return None
    labels: dict[str, str | None] = {}
    for part in PARTS:
        decision = decided.get(part)
        if decision is None:
            return None
        grader_percent = 100 if graded[part].get("correct") else 0
        if decision.get("decision") == "accepted" or decision.get("percent") == grader_percent:
            labels[part] = graded[part].get("found")
        elif decision.get("percent") == 100:
            labels[part] = graded[part].get("expected")
        else:
            return None
    return labels


def _record(ident: str, question: Any, language: str, answer: str, labels: dict) -> dict:
    return {
        "id": ident,
        "game": question.game,
        "lang": language,
        "topic": question.template_id,
        "question": question.pk,
        "expected": {
            "infraction": question.key_infraction,
            "penalty": question.key_penalty,
            "remedy": question.key_remedy,
        },
        "answer": answer,
        "label": labels,
    }


def corrected_gradings(scope: Scope) -> list[dict[str, Any]]:
    """People's corrected gradings, one record per answer: every flagged grading a mentor or
    the committee decided part by part (exam or practice; accepting the grader's reading
    confirms it), then every exam answer overridden as a whole (an appeal) whose mark settles
    each part. Two queries."""
    records = []
    reviewed: set[int] = set()
    for review in _decided_reviews(scope):
        labels = review_labels(review)
        if review.item_id is not None:
            reviewed.add(review.item_id)
        if labels is None:
            continue
        answer = review.answer()
        if isinstance(answer, AttemptItem):
            ident = f"attempt-{answer.attempt_id}-q{answer.position}"
        else:
            ident = f"practice-{answer.pk}"
        language = review.answer_language()
        records.append(_record(ident, answer.question, language, answer.response, labels))
    for item in _overridden(scope):
        if item.pk in reviewed:
            continue  # its review said it part by part
        item_labels = mentor_labels(item)
        if item_labels is None:
            continue
        ident = f"attempt-{item.attempt_id}-q{item.position}"
        records.append(
            _record(ident, item.question, item.attempt.language, item.response, item_labels)
        )
    return records


def devset_lines(scope: Scope) -> list[str]:
    """People's corrected gradings in the grader's development-set format (JSONL lines)."""
    return [json.dumps(record, ensure_ascii=False) for record in corrected_gradings(scope)]
