"""Practice: choosing the next question, grading an answer and scheduling topics (FSRS).

Practice never touches exam variants: a question with ``for_exams`` is neither served nor
accepted, so an exam's key cannot leak through practice feedback. Nor a question sealed for the
user (``quizzes.access.sealed_question_ids``): one of their own exam's, whatever their roles.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import fsrs
from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q, QuerySet
from django.utils import timezone

from judgetrain.accounts.models import User
from judgetrain.errors import ApplicationError, NotFound
from quizzes import access
from quizzes.bank.models.pools import QuestionPool
from quizzes.bank.models.questions import Question, QuestionKind, Topic
from quizzes.bank.services.bank import bank_store
from quizzes.bank.services.pools import pools_applied
from quizzes.grading import citations_from_ruling, engine_key, grade_response, question_key
from quizzes.parts import PART_NAMES
from quizzes.practice.grade_now import grade_now
from quizzes.practice.models import PracticeAnswer, PracticeSession, TopicMastery
from quizzes.review.services.review import review_flag_practice
from quizzes.selectors import is_withdrawn, servable
from quizzes.workbench.models import WorkbenchStory
from quizzes.workbench.services import cohort_question_first
from rulings import RulingsError, labels
from rulings import questions as generator
from rulings.grading import PARTS
from rulings.models import Language, PolicyStatement
from rulings.questions import WORKBENCH_TEMPLATE_ID as WORKBENCH_TEMPLATE

# A situation answered within this window or in the user's last RECENT_SESSIONS sessions is
# not served again while the bank (or the generator) has others.
RECENT_WINDOW = timedelta(days=1)
RECENT_SESSIONS = 3
# Weight of the newest score in the exponential moving average of a topic's mastery. The
# average starts at 0, not at the first score: one right answer reads 30%, not 100%.
MASTERY_WEIGHT = 0.3
# Mastery needs evidence (docs/practice.md): below MASTERY_MIN_ANSWERS answers a topic shows
# "not enough answers yet"; until MASTERY_PROVEN_ANSWERS answers with a majority fully right
# it stays at or under MASTERY_CAP, below the "high" band (80%) and Easy reviews.
MASTERY_MIN_ANSWERS = TopicMastery.MIN_ANSWERS
MASTERY_PROVEN_ANSWERS = 5
MASTERY_CAP = 0.6
# How many of the weakest topics a "weakest topics" round draws from, most urgent first.
WEAKEST_TOPICS = 3
# Fresh seeds tried before giving up: a seed may land on a question already banked for exams,
# or make no item of the kind drawn.
GENERATION_ATTEMPTS = 5
# Fuzzing only spreads due dates of many cards; one card per topic needs none, and tests
# need a schedule they can predict. No (re)learning steps: FSRS's defaults (1 and 10 minutes)
# suit flashcards drilled in one sitting, and made every topic answered in a session "due
# now" ten minutes later. A topic is due a day or more after it was last answered.
SCHEDULER = fsrs.Scheduler(enable_fuzzing=False, learning_steps=(), relearning_steps=())
# The lengths a practice session may have.
SESSION_SIZES = (5, 10, 20)
# How many topics a session's summary suggests reviewing next.
REVIEW_NEXT = 3

_seeds = random.SystemRandom()


class PracticeError(ApplicationError):
    """Practice cannot do what was asked; the message is safe to show."""


class QuestionNotPractisable(PracticeError):
    """The question never takes part in practice (withdrawn, or hidden: below)."""

    field: str | None = "question"


class QuestionHidden(QuestionNotPractisable, NotFound):
    """No question the user may practise has this id: none at all, an exam variant, or one
    sealed for them. The three are answered alike (404), so an id tells nothing."""

    code = "not_found"
    field = None

    def __init__(self) -> None:
        super().__init__("No question has this id.")


class NoPracticeQuestion(PracticeError, NotFound):
    """Neither the bank nor the generator has a question fitting the filters."""


class SessionFinished(PracticeError):
    """The session has had all its questions; only its summary remains."""

    field = "session"

    def __init__(self) -> None:
        super().__init__("This practice session is over.")


class NotSessionQuestion(PracticeError):
    """The answer is not to the question the session shows now (answered twice, or stale)."""

    field = "session"

    def __init__(self) -> None:
        super().__init__("This is not the session's current question.")


@dataclass(frozen=True)
class PracticeFilters:
    lang: str = Language.EN
    game: str | None = None
    topics: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    weakest: bool = False


@dataclass(frozen=True)
class PracticeResult:
    answer: PracticeAnswer
    masteries: list[TopicMastery] = field(default_factory=list)


def practice_question_check(*, question: Question, user: User | None = None) -> None:
    """Refuse exam variants and questions sealed for ``user``: their keys must never reach
    them through practice feedback (QuestionHidden); then withdrawn questions."""
    if question.for_exams:
        raise QuestionHidden
    if user is not None and access.question_sealed(user, question.pk):
        raise QuestionHidden
    if user is not None and _workbench_hidden(user, question):
        raise QuestionHidden
    if is_withdrawn(question):
        raise QuestionNotPractisable("This question was withdrawn by the committee.")


def _workbench_hidden(user: User, question: Question) -> bool:
    """A proposal not accepted, or another cohort's workbench question (no query for the
    questions the generator made)."""
    if question.template_id != WORKBENCH_TEMPLATE:
        return False
    return WorkbenchStory.objects.hidden_from(user).filter(question=question).exists()


def practice_question_get(*, user: User, pk: int) -> Question:
    """The bank question ``pk`` for ``user`` to practise, in one query: QuestionHidden when
    there is none, it is an exam variant or it is sealed for them (alike);
    QuestionNotPractisable when it was withdrawn."""
    question = (
        Question.objects.select_related("policy_version")
        .filter(pk=pk, for_exams=False)
        .exclude(pk__in=access.sealed_question_ids(user))
        .exclude(pk__in=access.workbench_hidden_ids(user))
        .first()
    )
    if question is None:
        raise QuestionHidden
    if is_withdrawn(question):
        raise QuestionNotPractisable("This question was withdrawn by the committee.")
    return question


# --- choosing the next question ----------------------------------------------------------


def weakest_topic_slugs(*, user: User, among: Sequence[str] = ()) -> list[str]:
    """The user's topics most in need of practice: due ones first, then the lowest mastery."""
    masteries = TopicMastery.objects.filter(user=user).select_related("topic")
    if among:
        masteries = masteries.filter(topic__slug__in=among)
    now = timezone.now()
    ranked = sorted(
        masteries,
        key=lambda m: (m.due_at is None or m.due_at > now, m.mastery, m.due_at or now),
    )
    return [mastery.topic.slug for mastery in ranked[:WEAKEST_TOPICS]]


Situation = tuple[str, int]


def situation_of(question: Question) -> Situation:
    """A question's situation: its template and seed. The kinds and languages of one template
    and seed tell the same story with the same key, so they count as one situation. A
    workbench story has no seed (every one is 0): its question is its own situation, told as
    the negative of its id."""
    if question.template_id == WORKBENCH_TEMPLATE:
        return (question.template_id, -question.pk)
    return (question.template_id, question.seed)


def _same_situation(template_id: Any, seed: Any, pk: Any, *, prefix: str = "") -> Q:
    """The rows (``prefix``: through a relation) telling the situation of template ``template_id``
    and ``seed``, or, for a workbench story, the question ``pk`` alone."""
    generated = Q(**{f"{prefix}template_id": template_id, f"{prefix}seed": seed}) & ~Q(
        **{f"{prefix}template_id": WORKBENCH_TEMPLATE}
    )
    return generated | Q(**{f"{prefix}pk": pk})


@dataclass(frozen=True)
class Avoid:
    """What a pick stays away from: the situations (and templates) the current session has
    shown, which are never shown again in it; and, while the bank or the generator has
    others, the situations the user answered recently (``recent``)."""

    situations: tuple[Situation, ...] = ()
    recent: bool = True

    @property
    def templates(self) -> set[str]:
        return {template_id for template_id, _seed in self.situations}


def _recent_answers(user: User) -> QuerySet[PracticeAnswer]:
    """The user's answers within RECENT_WINDOW or in their last RECENT_SESSIONS sessions."""
    sessions = PracticeSession.objects.filter(user=user).order_by("-started_at")
    return PracticeAnswer.objects.filter(user=user).filter(
        Q(answered_at__gte=timezone.now() - RECENT_WINDOW)
        | Q(session__in=sessions.values("pk")[:RECENT_SESSIONS])
    )


def _without_situations(
    questions: QuerySet[Question], situations: Iterable[Situation]
) -> QuerySet[Question]:
    shown = Q()
    for template_id, seed in situations:
        if template_id == WORKBENCH_TEMPLATE:
            shown |= Q(pk=-seed)
        else:
            shown |= Q(template_id=template_id, seed=seed)
    return questions.exclude(shown) if shown else questions


def _practice_bank(*, user: User, filters: PracticeFilters, avoid: Avoid) -> QuerySet[Question]:
    questions = (
        servable(Question.objects.filter(for_exams=False, language=filters.lang))
        .exclude(id__in=access.sealed_question_ids(user))
        .exclude(id__in=access.workbench_hidden_ids(user))
    )
    questions = _without_situations(questions, avoid.situations)
    if avoid.recent:
        same = _same_situation(
            OuterRef("template_id"), OuterRef("seed"), OuterRef("pk"), prefix="question__"
        )
        questions = questions.exclude(Exists(_recent_answers(user).filter(same)))
    if filters.game:
        questions = questions.filter(game=filters.game)
    if filters.kinds:
        questions = questions.filter(kind__in=filters.kinds)
    return questions


def _pick_from_bank(
    questions: QuerySet[Question], topics: Iterable[str | None], avoid: Avoid
) -> Question | None:
    """A question of the first topic that has one, of a template the session has not shown
    yet if the topic has one (two situations of one template often share their key)."""
    shown = avoid.templates
    for topic in topics:
        narrowed = questions.filter(topics__slug=topic) if topic else questions
        found = _random_row(narrowed.exclude(template_id__in=shown)) if shown else None
        found = found or _random_row(narrowed)
        if found is not None:
            return found
    return None


def _random_row(questions: QuerySet[Question]) -> Question | None:
    """One row at random by offset: two indexed queries, not ORDER BY RANDOM()'s full sort."""
    total = questions.count()
    if not total:
        return None
    return questions.order_by("pk")[secrets.randbelow(total)]


def _topic_plan(*, user: User, filters: PracticeFilters) -> list[str | None]:
    """Topics to try in order; ``None`` means any topic."""
    if filters.weakest:
        weakest = weakest_topic_slugs(user=user, among=filters.topics)
        if weakest:
            return [*weakest, None]  # then any topic, so a round never stalls
    if filters.topics:
        return list(_shuffled(filters.topics))
    return [None]


def _shuffled(items: Sequence[str]) -> list[str]:
    shuffled = list(items)
    _seeds.shuffle(shuffled)
    return shuffled


def _generate(*, filters: PracticeFilters, topic: str | None) -> generator.Question | None:
    """One new question on a fresh seed, or None when that seed makes no item of the kind
    drawn (about one find-the-wrong-part seed in sixteen: another seed will). Raises
    `RulingsError` when no template of the game covers the topic."""
    batch = generator.generate_questions(
        game=filters.game,
        topics=[topic] if topic else None,
        lang=filters.lang,
        kind=_seeds.choice(list(filters.kinds) or QuestionKind.values),
        count=1,
        seed=_seeds.randrange(2**31),
    )
    return batch[0] if batch else None


def _generate_fresh(
    *, user: User, filters: PracticeFilters, topics: Sequence[str | None], avoid: Avoid
) -> Question | None:
    """A new situation for the bank (a top-up): a random seed, so a situation neither the
    session nor, as a rule, the user has seen; one they have is tried again."""
    with pools_applied(use=QuestionPool.Use.BANK):
        for topic in topics:
            for _attempt in range(GENERATION_ATTEMPTS):
                try:
                    generated = _generate(filters=filters, topic=topic)
                except RulingsError:
                    break  # no template of this game covers the topic
                if generated is None:
                    continue  # this seed made no item of the kind: try another
                stored = bank_store(questions=[generated])[0]
                if _fresh(stored, user=user, avoid=avoid):
                    return stored
    return None


def _fresh(question: Question, *, user: User, avoid: Avoid) -> bool:
    if question.for_exams or is_withdrawn(question):
        return False
    if situation_of(question) in avoid.situations:
        return False
    same = _same_situation(question.template_id, question.seed, question.pk, prefix="question__")
    return not _recent_answers(user).filter(same).exists()


def practice_question_next(
    *, user: User, filters: PracticeFilters, avoid: Avoid | None = None
) -> Question:
    """The next practice question: a situation ``avoid`` does not name (by default, one the
    user has not answered recently), from the bank if one fits, else freshly generated (the
    bank grows); only when neither can, a situation the user answered recently, never one in
    ``avoid.situations``."""
    avoid = avoid or Avoid()
    topics = _topic_plan(user=user, filters=filters)
    bank = _practice_bank(user=user, filters=filters, avoid=avoid)
    # A question the candidate's mentor wrote for their cohort comes first (workbench).
    found = cohort_question_first(user=user, questions=bank)
    if found is None:
        found = _pick_from_bank(bank, topics, avoid)
    if found is None:
        found = _generate_fresh(user=user, filters=filters, topics=topics, avoid=avoid)
    if found is None:
        again = Avoid(situations=avoid.situations, recent=False)
        found = _pick_from_bank(
            _practice_bank(user=user, filters=filters, avoid=again), topics, again
        )
    if found is None:
        raise NoPracticeQuestion("No practice question fits these choices yet.")
    return found


# --- answering ---------------------------------------------------------------------------


def rating_for_score(score: float, *, mastery: float) -> fsrs.Rating:
    """Fully right is Good (Easy once the topic is already mastered); partial is Hard."""
    if score >= 1.0:
        return fsrs.Rating.Easy if mastery >= 0.8 else fsrs.Rating.Good
    return fsrs.Rating.Hard if score > 0 else fsrs.Rating.Again


def evidenced_mastery(average: float, *, answered: int, correct: int) -> float:
    """The mastery a topic may show: ``average`` capped at MASTERY_CAP until the topic has
    MASTERY_PROVEN_ANSWERS answers, more than half of them fully right."""
    proven = answered >= MASTERY_PROVEN_ANSWERS and correct * 2 > answered
    return average if proven else min(average, MASTERY_CAP)


def _review(mastery: TopicMastery, *, score: float, now: datetime) -> None:
    card = fsrs.Card.from_dict(mastery.card) if mastery.card else fsrs.Card(card_id=mastery.pk)
    rating = rating_for_score(score, mastery=mastery.mastery)
    card, _log = SCHEDULER.review_card(card, rating, review_datetime=now)
    average = (1 - MASTERY_WEIGHT) * mastery.mastery + MASTERY_WEIGHT * score
    mastery.answered += 1
    mastery.correct += int(score >= 1.0)
    mastery.mastery = evidenced_mastery(average, answered=mastery.answered, correct=mastery.correct)
    mastery.card = card.to_dict()
    mastery.due_at = card.due
    mastery.updated_at = now


def _masteries_for_update(*, user: User, topics: list[Topic]) -> list[TopicMastery]:
    TopicMastery.objects.bulk_create(
        [TopicMastery(user=user, topic=topic) for topic in topics], ignore_conflicts=True
    )
    return list(
        TopicMastery.objects.select_for_update()
        .filter(user=user, topic__in=topics)
        .select_related("topic")
        .order_by("topic__slug")
    )


def practice_answer_submit(
    *,
    user: User,
    question: Question,
    response: str,
    lang: str | None = None,
    session: PracticeSession | None = None,
) -> PracticeResult:
    """Grade a practice answer, store it and move each of the question's topics on.

    With ``session`` (the user's), the answer counts towards it: it must answer the session's
    current question, and the session's last answer finishes it.

    Raises QuestionHidden for an exam variant or a question sealed for ``user``,
    QuestionNotPractisable for a withdrawn one, GradingError for an unusable response,
    SessionFinished and NotSessionQuestion; none stores anything.
    """
    practice_question_check(question=question, user=user)
    grade = grade_response(question, response, lang=lang)
    score = float(grade["score"])
    now = timezone.now()
    with transaction.atomic():
        if session is not None:
            session = _session_answered(session=session, user=user, question=question, now=now)
        answer = PracticeAnswer.objects.create(
            user=user,
            question=question,
            response=response,
            grade=grade,
            score=score,
            session=session,
        )
        review_flag_practice(answer=answer)  # a person sees every grading the grader doubts
        masteries = _masteries_for_update(user=user, topics=list(question.topics.all()))
        for mastery in masteries:
            _review(mastery, score=score, now=now)
        TopicMastery.objects.bulk_update(
            masteries, ["mastery", "answered", "correct", "card", "due_at", "updated_at"]
        )
    return PracticeResult(answer=answer, masteries=masteries)


# --- sessions ----------------------------------------------------------------------------


def session_filters(session: PracticeSession) -> PracticeFilters:
    stored = session.filters
    return PracticeFilters(
        lang=stored.get("lang", Language.EN),
        game=stored.get("game") or None,
        topics=tuple(stored.get("topics", ())),
        kinds=tuple(stored.get("kinds", ())),
        weakest=bool(stored.get("weakest")),
    )


def practice_session_start(*, user: User, size: int, filters: PracticeFilters) -> PracticeSession:
    """A new session of ``size`` questions; the user's unfinished one, if any, ends (its
    summary keeps what was answered): one session at a time, so "resume" is unambiguous."""
    if size not in SESSION_SIZES:
        raise PracticeError("A session has 5, 10 or 20 questions.")
    with transaction.atomic():
        PracticeSession.objects.filter(user=user, finished_at__isnull=True).update(
            finished_at=timezone.now(), current_question=None
        )
        return PracticeSession.objects.create(
            user=user,
            size=size,
            filters={
                "lang": filters.lang,
                "game": filters.game or "",
                "topics": list(filters.topics),
                "kinds": list(filters.kinds),
                "weakest": filters.weakest,
            },
        )


def practice_session_open(*, user: User) -> PracticeSession | None:
    """The user's unfinished session, to resume."""
    return (
        PracticeSession.objects.filter(user=user, finished_at__isnull=True)
        .order_by("-started_at")
        .first()
    )


def practice_session_question(*, session: PracticeSession) -> Question:
    """The question the session shows now: the one shown before and not yet answered (a
    reload or a resumed session shows the same), else the next one for its filters.

    Raises SessionFinished (also when no situation the session has not shown is left for its
    choices: it ends early, its summary says so), and NoPracticeQuestion when nothing fits
    the filters before the first answer.
    """
    with transaction.atomic():
        locked = (
            PracticeSession.objects.select_for_update(of=("self",))
            .select_related("user", "current_question")
            .get(pk=session.pk)
        )
        if locked.finished:
            raise SessionFinished
        current = locked.current_question
        if current is not None:
            try:
                practice_question_check(question=current, user=locked.user)
            except QuestionNotPractisable:
                current = None  # withdrawn or sealed since it was shown: pick another
        if current is None:
            current = _session_next(locked)
    if current is None:
        raise SessionFinished
    session.current_question = current
    session.served = locked.served
    return current


def _session_next(locked: PracticeSession) -> Question | None:
    """Pick the locked session's next question, a situation it has not shown; None when none
    is left for its choices and the session has answers: it ends there."""
    shown = tuple((str(template_id), int(seed)) for template_id, seed in locked.served)
    try:
        current = practice_question_next(
            user=locked.user, filters=session_filters(locked), avoid=Avoid(situations=shown)
        )
    except NoPracticeQuestion:
        if not locked.answered:
            raise
        locked.finished_at = timezone.now()
        locked.ran_out = True
        locked.save(update_fields=["finished_at", "ran_out"])
        return None
    locked.current_question = current
    locked.served = [*locked.served, list(situation_of(current))]
    locked.save(update_fields=["current_question", "served"])
    return current


def practice_session_skip(*, session: PracticeSession) -> None:
    """Leave the current question unanswered; the next page shows another. A skip does not
    count towards the session."""
    with transaction.atomic():
        locked = PracticeSession.objects.select_for_update().get(pk=session.pk)
        if locked.finished:
            raise SessionFinished
        locked.current_question = None
        locked.save(update_fields=["current_question"])


def _session_answered(
    *, session: PracticeSession, user: User, question: Question, now: datetime
) -> PracticeSession:
    locked = PracticeSession.objects.select_for_update().get(pk=session.pk, user=user)
    if locked.finished:
        raise SessionFinished
    if locked.current_question_id != question.pk:
        raise NotSessionQuestion
    locked.answered += 1
    locked.current_question = None
    if locked.answered >= locked.size:
        locked.finished_at = now
    locked.save(update_fields=["answered", "current_question", "finished_at"])
    return locked


@dataclass(frozen=True)
class Tally:
    """How a set of answers went: how many, the average score and how many fully right."""

    answered: int = 0
    total_score: float = 0.0
    right: int = 0

    def add(self, score: float) -> Tally:
        return Tally(self.answered + 1, self.total_score + score, self.right + int(score >= 1.0))

    @property
    def score(self) -> float:
        return self.total_score / self.answered if self.answered else 0.0


@dataclass
class SessionSummary:
    session: PracticeSession
    overall: Tally
    parts: dict[str, Tally]  # infraction, penalty, remedy: how often each part was right
    topics: dict[str, Tally]  # by topic slug, weakest first
    masteries: dict[str, TopicMastery]  # the user's standing now, by topic slug
    review_next: list[str]  # topic slugs to practise next, most in need first
    answers: list[PracticeAnswer]


def practice_session_summary(*, session: PracticeSession) -> SessionSummary:
    """The session's score overall, per part of the ruling and per topic, and the topics to
    review next (those the session went worst on, then the lowest mastery): three queries."""
    answers = list(
        session.answers.select_related("question", "review")
        .prefetch_related("question__topics")
        .order_by("answered_at", "pk")
    )
    overall = Tally()
    parts: dict[str, Tally] = {}
    topics: dict[str, Tally] = {}
    for answer in answers:
        # A mentor's grade replaces the grader's once they reviewed it (walk 8, #17).
        now = grade_now(answer)
        score = now.score or 0.0
        overall = overall.add(score)
        for part, graded in answer.grade.get("parts", {}).items():
            right = now.part_correct(part, graded)
            parts[part] = parts.get(part, Tally()).add(1.0 if right else 0.0)
        for topic in answer.question.topics.all():
            topics[topic.slug] = topics.get(topic.slug, Tally()).add(score)
    masteries = {
        m.topic.slug: m
        for m in TopicMastery.objects.filter(
            user=session.user, topic__slug__in=topics
        ).select_related("topic")
    }

    def need(slug: str) -> tuple[float, float, str]:
        standing = masteries.get(slug)
        return (topics[slug].score, standing.mastery if standing else 0.0, slug)

    ranked = sorted(topics, key=need)
    review_next = [slug for slug in ranked if topics[slug].score < 1.0][:REVIEW_NEXT]
    return SessionSummary(
        session=session,
        overall=overall,
        parts=parts,
        topics={slug: topics[slug] for slug in ranked},
        masteries=masteries,
        review_next=review_next,
        answers=answers,
    )


# --- feedback ----------------------------------------------------------------------------


def _statement_citations(ruling: dict[str, Any]) -> list[tuple[str, str]]:
    """(statement id, citation) of every step the ruling rests on, in order, once each."""
    steps: list[dict[str, Any]] = [
        *ruling.get("explanation", ()),
        *ruling.get("penalty", {}).get("steps", ()),
        *ruling.get("remedy", ()),
    ]
    if ruling.get("round_cycle"):
        steps.append(ruling["round_cycle"])
    seen: dict[str, str] = {}
    for step in steps:
        if step.get("statement") and step["statement"] not in seen:
            seen[step["statement"]] = step.get("citation", "")
    return list(seen.items())


def practice_statements(*, question: Question, lang: str) -> list[dict[str, str]]:
    """The policy statements the question's ruling cites, with their text in ``lang``."""
    cited = _statement_citations(question.ruling)
    rows = PolicyStatement.objects.filter(
        version_id=question.policy_version_id, statement_id__in=[sid for sid, _ in cited]
    )
    by_id = {row.statement_id: row for row in rows}
    return [
        {
            "statement": sid,
            "citation": citation,
            "section": by_id[sid].section,
            "text": by_id[sid].text(lang),
        }
        for sid, citation in cited
        if sid in by_id
    ]


def practice_key(*, question: Question, lang: str) -> dict[str, dict[str, str]]:
    """The keyed ruling's parts: vocabulary id, its name in ``lang`` and its citation."""
    names = labels(lang if lang in Language.values else Language.EN)["id"]
    citations = citations_from_ruling(question.ruling)
    engine = engine_key(question.ruling)
    # A part the committee corrected is not cited with the section of the engine's old one
    # (walk 3, #23); it says it was corrected instead.
    return {
        part: {
            "id": value,
            "name": str(names.get(value, value)),
            "citation": citations.get(part, "") if engine.get(part, value) == value else "",
            "corrected": "" if engine.get(part, value) == value else "yes",
        }
        for part, value in question_key(question).items()
    }


def option_review(*, question: Question, lang: str) -> list[dict[str, Any]]:
    """Each multiple-choice option, and for a wrong one, the parts it gets wrong: what it
    says and what the key says, named in ``lang`` (from the options' parts in the engine's
    vocabulary). Empty for other kinds of question."""
    if question.kind != QuestionKind.MULTIPLE_CHOICE:
        return []
    names = labels(lang if lang in Language.values else Language.EN)["id"]
    key = question_key(question)
    option_parts = question.key_detail.get("option_parts", {})
    reviewed = []
    for option in question.options:
        parts = option_parts.get(option["label"], {})
        said = {
            "infraction": parts.get("infraction", ""),
            "penalty": parts.get("penalty", ""),
            "remedy": (parts.get("remedy") or ["none"])[0],
        }
        wrong = [
            {
                "part": part,
                "name": str(PART_NAMES[part]),
                "said": str(names.get(said[part], said[part])),
                "key": str(names.get(key[part], key[part])),
            }
            for part in PARTS
            if said[part] != key[part]
        ]
        reviewed.append(
            {
                "label": option["label"],
                "text": option["text"],
                "correct": option["label"] == question.key_detail.get("correct_option"),
                "wrong_parts": wrong,
            }
        )
    return reviewed


def practice_feedback(*, answer: PracticeAnswer, key_lang: str, text_lang: str) -> dict[str, Any]:
    """What the feedback page and the API show after an answer.

    The key's parts are named in ``key_lang`` (the judge's practice language); the policy
    statements are quoted in ``text_lang`` (the language the page is shown in).
    """
    question = answer.question
    return {
        "grade": answer.grade,
        "key": practice_key(question=question, lang=key_lang),
        "explanation": question.explanation,
        "citations": citations_from_ruling(question.ruling),
        "statements": practice_statements(question=question, lang=text_lang),
        "options": option_review(question=question, lang=key_lang),
    }


def mastery_list(*, user: User) -> QuerySet[TopicMastery]:
    """The user's standing per topic, due topics first."""
    return (
        TopicMastery.objects.filter(user=user)
        .select_related("topic")
        .order_by(F("due_at").asc(nulls_last=True), "mastery", "topic__slug")
    )
