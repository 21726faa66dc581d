"""Exam blueprints, assignments, attempts and their answers."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Self

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.deletion import Collector
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from judgetrain.accounts.models import User, sees_everyone
from judgetrain.dates import validate_fields_displayable
from judgetrain.names import localized_name, name_translations_field
from quizzes.bank.models.questions import Question, QuestionKind
from rulings import questions as generator
from rulings.models import Game, Language, PolicyVersion


class ReviewPolicy(models.TextChoices):
    IMMEDIATELY = "immediately", _("Immediately after submitting")
    AFTER_CLOSE = "after_close", _("After the exam closes for everyone")
    NEVER = "never", _("Never (score only)")


class WrittenReview(models.TextChoices):
    """Which written (free-form) answers of a graded attempt a mentor reviews before its result
    is final. The grader's own doubts are always reviewed."""

    FLAGGED = "flagged", _("Only answers the grader flags")
    BORDERLINE = "borderline", _("Every written answer when the score is near the pass mark")
    EVERY = "every", _("Every written answer")


CANDIDATE_INSTRUCTIONS_MAX = 2000
"""Characters of a blueprint's instructions for candidates (the TextField's max_length reaches
forms and serializers; the validator holds ``full_clean`` to it too)."""


class ExamBlueprint(models.Model):
    """What an exam contains; each attempt draws its own variant of it from the generator."""

    COMMITTEE_FIELDS = (
        "name",
        "game",
        "policy_version",
        "language",
        "time_limit_minutes",
        "attempts_allowed",
        "cooldown_minutes",
        "review_policy",
        "written_review",
        "candidate_instructions",
    )
    """The model fields the committee sets, on its page and in the API (a new one goes here)."""

    name = models.CharField(_("name"), max_length=160)
    name_translations = name_translations_field(160)
    game = models.CharField(_("game"), max_length=20, choices=Game.choices)
    policy_version = models.ForeignKey(
        PolicyVersion,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        help_text=_("Empty: the game's default policy version."),
    )
    composition = models.JSONField(
        _("composition"),
        help_text=_('A list of {"topic": slug or null, "kind": kind, "count": n}.'),
    )
    time_limit_minutes = models.PositiveIntegerField(_("time limit (minutes)"), default=30)
    review_policy = models.CharField(
        _("review policy"),
        max_length=20,
        choices=ReviewPolicy.choices,
        default=ReviewPolicy.AFTER_CLOSE,
    )
    pass_score = models.FloatField(_("pass mark (0 to 1)"), default=0.8)
    written_review = models.CharField(
        _("mentor review of written answers"),
        max_length=20,
        choices=WrittenReview.choices,
        default=WrittenReview.BORDERLINE,
        help_text=_(
            "Which written answers a mentor reviews before the result is final; answers the "
            "grader flags are always reviewed."
        ),
    )
    review_margin = models.FloatField(
        _("borderline margin (0 to 1)"),
        default=0.1,
        help_text=_("A score at most this far from the pass mark, either side, is borderline."),
    )
    language = models.CharField(
        _("language"),
        max_length=5,
        choices=Language.choices,
        blank=True,
        help_text=_("Empty: each candidate sits the exam in their own language."),
    )
    attempts_allowed = models.PositiveSmallIntegerField(_("attempts allowed"), default=1)
    cooldown_minutes = models.PositiveIntegerField(
        _("cooldown between attempts (minutes)"), default=0
    )
    candidate_instructions = models.TextField(
        _("instructions for candidates"),
        max_length=CANDIDATE_INSTRUCTIONS_MAX,
        blank=True,
        validators=[MaxLengthValidator(CANDIDATE_INSTRUCTIONS_MAX)],
        help_text=_(
            "Shown on the exam's start page before the clock starts, as plain text: allowed "
            "materials, conduct rules. At most 2,000 characters."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("exam blueprint")
        verbose_name_plural = _("exam blueprints")
        ordering = ("name",)

    def __str__(self) -> str:
        return self.name

    @property
    def display_name(self) -> str:
        """The name in the active language, else as typed."""
        return localized_name(self.name, self.name_translations)

    @property
    def question_count(self) -> int:
        return sum(int(slot.get("count", 0)) for slot in self.composition or [])

    def clean(self) -> None:
        errors = composition_errors(self.composition) or topic_errors(self.game, self.composition)
        if not 0 < self.pass_score <= 1:
            errors.append(str(_("The pass mark must be above 0 and at most 1.")))
        if errors:
            raise ValidationError({"composition": errors})
        if not 0 <= self.review_margin <= 1:
            raise ValidationError(
                {"review_margin": _("The borderline margin must be from 0 to 1.")}
            )

    def is_borderline(self, score: float) -> bool:
        """Whether ``score`` is within the review margin of the pass mark, either side."""
        return abs(score - self.pass_score) <= self.review_margin + 1e-9


def composition_errors(composition: Any) -> list[str]:
    if not isinstance(composition, list) or not composition:
        return [str(_("The composition must be a non-empty list of slots."))]
    errors = []
    for index, slot in enumerate(composition):
        if not isinstance(slot, dict) or set(slot) - {"topic", "kind", "count"}:
            errors.append(f"slot {index}: only topic, kind and count are allowed")
            continue
        if slot.get("kind") not in QuestionKind.values:
            errors.append(f"slot {index}: kind must be one of {', '.join(QuestionKind.values)}")
        count = slot.get("count")
        if not isinstance(count, int) or not 1 <= count <= 50:
            errors.append(f"slot {index}: count must be a whole number from 1 to 50")
        if slot.get("topic") is not None and not isinstance(slot.get("topic"), str):
            errors.append(f"slot {index}: topic must be a topic slug or null")
    return errors


def _covers(game: str, topic: str) -> bool:
    """Whether the generator has a template of ``game`` on ``topic`` (it raises, not answers
    empty, when none matches: a topic of the other game was a 500 on the blueprint form)."""
    try:
        return bool(generator.templates(game, [topic]))
    except generator.QuestionError:
        return False


def topic_errors(game: str, composition: list[dict[str, Any]]) -> list[str]:
    """Every slot's topic must be one the generator has templates for, in this game."""
    errors = []
    for index, slot in enumerate(composition):
        topic = slot.get("topic")
        if topic is None:
            continue
        if topic not in generator.all_topics() or not _covers(game, topic):
            errors.append(f"slot {index}: no question template covers {topic!r} for {game}")
    return errors


def _own_or_mentored(user: User, candidate: str = "candidate") -> Q:
    """Rows of ``user`` themselves or of their cohorts' candidates (``candidate`` names the
    candidate's field)."""
    mentored = User.objects.mentored_by(user).values("pk")
    return Q(**{candidate: user}) | Q(**{f"{candidate}__in": mentored})


class ExamAssignmentQuerySet(models.QuerySet["ExamAssignment"]):
    def visible_to(self, user: User) -> Self:
        """A candidate sees their own assignments; a mentor also their cohorts' candidates';
        the committee every one."""
        return self if sees_everyone(user) else self.filter(_own_or_mentored(user))

    def with_blueprint(self) -> Self:
        return self.select_related("blueprint")


class ExamAssignment(models.Model):
    blueprint = models.ForeignKey(
        ExamBlueprint, on_delete=models.PROTECT, related_name="assignments"
    )
    candidate = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="exam_assignments"
    )
    assigned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    opens_at = models.DateTimeField(_("opens"))
    closes_at = models.DateTimeField(_("closes"))
    # The blueprint's attempt policy, copied when the exam is assigned: editing the blueprint
    # later never changes the rules an assignment was made (and its results earned) under.
    max_attempts = models.PositiveSmallIntegerField(_("attempts allowed"), default=1)
    cooldown_minutes = models.PositiveIntegerField(
        _("cooldown between attempts (minutes)"), default=0
    )
    variant_job = models.ForeignKey(
        "VariantJob",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="assignments",
        help_text=_("The job pre-generating this assignment's variants."),
    )
    note = models.TextField(
        _("note to the candidate"),
        blank=True,
        max_length=2000,
        help_text=_("Shown to the candidate with the exam: what to revise, where to sit it."),
    )
    cancelled_at = models.DateTimeField(
        _("cancelled"),
        null=True,
        blank=True,
        help_text=_("Once cancelled no attempt starts; attempts started before are kept."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = ExamAssignmentQuerySet.as_manager()

    class Meta:
        verbose_name = _("exam assignment")
        verbose_name_plural = _("exam assignments")
        ordering = ("closes_at",)
        constraints = [
            models.CheckConstraint(
                condition=Q(closes_at__gt=F("opens_at")), name="assignment_closes_after_opening"
            ),
            models.CheckConstraint(condition=Q(max_attempts__gte=1), name="at_least_one_attempt"),
        ]

    def __str__(self) -> str:
        return f"{self.blueprint} → {self.candidate}"

    def clean(self) -> None:
        """Dates every time zone can show (the admin's form runs it)."""
        super().clean()
        validate_fields_displayable(self, "opens_at", "closes_at")

    def status(self, now: datetime | None = None) -> str:
        """upcoming, open or closed; a cancelled assignment is closed (nothing starts)."""
        moment = now or timezone.now()
        if self.cancelled_at is not None:
            return "closed"
        if moment < self.opens_at:
            return "upcoming"
        return "open" if moment < self.closes_at else "closed"


def protect_started(
    collector: Collector, field: models.Field[Any, Any], sub_objs: Any, using: str
) -> None:
    """``on_delete`` for an attempt's assignment and candidate: PROTECT for attempts a
    candidate started (their answers and grades are records), CASCADE for those only prepared
    ahead of time (status ready), so unassigning an exam nobody started, or deleting such a
    candidate, takes the prepared attempts along as it took their variants before."""
    started = [attempt for attempt in sub_objs if attempt.status != Attempt.Status.READY]
    if started:
        models.PROTECT(collector, field, started, using)  # type: ignore[arg-type]
    models.CASCADE(collector, field, sub_objs, using)


class AttemptQuerySet(models.QuerySet["Attempt"]):
    def visible_to(self, user: User) -> Self:
        """A candidate sees their own attempts; a mentor also their cohorts' candidates'; the
        committee every one. (Keys and grading detail follow ``access.details_visible``.)"""
        return self if sees_everyone(user) else self.filter(_own_or_mentored(user))

    def with_blueprint(self) -> Self:
        return self.select_related("assignment__blueprint")

    def with_review_waiting(self) -> Self:
        """Each attempt with ``review_waiting``: whether a mentor has yet to review one of
        its answers, so that its score and pass are provisional. No query of its own."""
        pending = AttemptItem.objects.filter(
            attempt=models.OuterRef("pk"),
            review__status="pending",  # Review.Status.PENDING (review.py imports this module)
        )
        return self.annotate(review_waiting=models.Exists(pending))


class StartedAttempts(models.Manager.from_queryset(AttemptQuerySet)):  # type: ignore[misc]
    """Every attempt a candidate has started. Attempts prepared ahead of time (status
    ``ready``) are left out: no page, API, report or count sees them until a start claims one.
    ``Attempt.all_objects`` (the start path and pre-generation) sees them too."""

    def get_queryset(self) -> AttemptQuerySet:
        return super().get_queryset().exclude(status=Attempt.Status.READY)


class AllAttempts(models.Manager.from_queryset(AttemptQuerySet)):  # type: ignore[misc]
    """Every attempt, those prepared ahead of time (status ``ready``) included."""


class Attempt(models.Model):
    class Status(models.TextChoices):
        READY = "ready", _("Prepared, not started")
        IN_PROGRESS = "in_progress", _("In progress")
        SUBMITTED = "submitted", _("Submitted, being graded")
        GRADED = "graded", _("Graded")

    class Closure(models.TextChoices):
        SUBMITTED = "submitted", _("Submitted by the candidate")
        DEADLINE = "deadline", _("Closed at the deadline")

    assignment = models.ForeignKey(
        ExamAssignment, on_delete=protect_started, related_name="attempts"
    )
    candidate = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=protect_started, related_name="attempts"
    )
    number = models.PositiveSmallIntegerField(_("attempt number"))
    language = models.CharField(_("language"), max_length=5, choices=Language.choices)
    seed = models.BigIntegerField(_("variant seed"))
    started_at = models.DateTimeField(_("started"), default=timezone.now)
    deadline = models.DateTimeField(_("deadline"))
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.IN_PROGRESS
    )
    # When a mentor's new closing time last moved this attempt's deadline while it ran: the
    # attempt page then says why its clock changed (walk 8, #19).
    deadline_changed_at = models.DateTimeField(_("deadline changed"), null=True, blank=True)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)
    closure = models.CharField(_("closed by"), max_length=20, choices=Closure.choices, blank=True)
    score = models.FloatField(_("score"), null=True, blank=True)
    passed = models.BooleanField(_("passed"), null=True, blank=True)
    graded_at = models.DateTimeField(_("graded"), null=True, blank=True)

    objects = StartedAttempts()
    all_objects = AllAttempts()

    # Set by ``attempt_start`` when it knows every answer's position and revision without
    # reading them (a fresh start: all at revision 0); None: read them from the database.
    known_revisions: list[tuple[int, int]] | None = None

    class Meta:
        verbose_name = _("attempt")
        verbose_name_plural = _("attempts")
        ordering = ("-started_at",)
        constraints = [
            models.UniqueConstraint(fields=("assignment", "number"), name="unique_attempt_number"),
            # Two starts at once (two tabs, a double click) may take two prepared attempts;
            # only one of them can be in progress: the other fails here and finds the first.
            models.UniqueConstraint(
                fields=("assignment",),
                condition=Q(status="in_progress"),
                name="one_attempt_in_progress",
            ),
        ]
        indexes = [
            # The attempts waiting for their grading (a grading task takes some along, the
            # sweep requeues the stuck ones): a few rows however many attempts are kept.
            models.Index(
                fields=("closed_at",),
                condition=models.Q(status="submitted"),
                name="attempt_waiting_grading",
            )
        ]

    def __str__(self) -> str:
        return f"{self.assignment} #{self.number}"

    def is_open(self, now: datetime | None = None) -> bool:
        return self.status == self.Status.IN_PROGRESS and (now or timezone.now()) < self.deadline

    def seconds_left(self, now: datetime | None = None) -> int:
        remaining: timedelta = self.deadline - (now or timezone.now())
        return max(0, int(remaining.total_seconds()))


class AttemptItem(models.Model):
    """One question of an attempt and the candidate's saved response to it."""

    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="items")
    position = models.PositiveSmallIntegerField(_("position"))
    question = models.ForeignKey(Question, on_delete=models.PROTECT, related_name="+")
    response = models.TextField(_("response"), blank=True)
    revision = models.PositiveIntegerField(_("revision"), default=0)
    saved_at = models.DateTimeField(_("saved"), null=True, blank=True)
    grade = models.JSONField(_("grade"), null=True, blank=True)
    score = models.FloatField(_("score"), null=True, blank=True)
    needs_review = models.BooleanField(_("needs review"), default=False)
    override_score = models.FloatField(_("mentor's score"), null=True, blank=True)
    override_reason = models.TextField(_("mentor's reason"), blank=True)
    overridden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    overridden_at = models.DateTimeField(_("overridden"), null=True, blank=True)
    override_role = models.CharField(
        _("overridden as"), max_length=20, blank=True, help_text=_("mentor or committee")
    )
    withdrawn = models.BooleanField(
        _("withdrawn"), default=False, help_text=_("The committee withdrew this question.")
    )
    flagged = models.BooleanField(
        _("flagged for review"),
        default=False,
        help_text=_("The candidate's note to come back to this question before submitting."),
    )
    flag_revision = models.PositiveIntegerField(
        _("flag revision"),
        default=0,
        help_text=_("Counts the flag's changes, apart from the answer's, to spot a stale tab."),
    )

    # The question as the candidate is served it, from the variant's stored payload (set by
    # ``exams.items_served``): the exam page and API read no question row.
    served: dict[str, Any] | None = None

    class Meta:
        verbose_name = _("attempt answer")
        verbose_name_plural = _("attempt answers")
        ordering = ("attempt", "position")
        constraints = [
            models.UniqueConstraint(fields=("attempt", "position"), name="unique_item_position")
        ]

    def __str__(self) -> str:
        return f"{self.attempt} · question {self.position}"

    @property
    def final_score(self) -> float | None:
        if self.withdrawn:
            return None
        return self.override_score if self.override_score is not None else self.score


VARIANT_JOB_STATES = {
    "running": _("Generating"),
    "done": _("Ready"),
    "failed": _("Failed"),
}


class VariantJobQuerySet(models.QuerySet["VariantJob"]):
    def visible_to(self, user: User) -> Self:
        """The committee sees every pre-generation job; a mentor the jobs they started or
        that assign an exam to a candidate of one of their cohorts."""
        if sees_everyone(user):
            return self
        mentored = User.objects.mentored_by(user).values("pk")
        assigning = VariantJob.objects.filter(assignments__candidate__in=mentored)
        return self.filter(Q(created_by=user) | Q(pk__in=assigning.values("pk")))

    def with_blueprint(self) -> Self:
        return self.select_related("blueprint", "created_by")


class VariantJob(models.Model):
    """Pre-generating the exam variants of a batch of assignments (one blueprint, a list of
    candidates). Progress is counted in variants: ``built`` of ``wanted`` (one variant per
    allowed attempt per candidate); each variant and its count are written in one transaction."""

    blueprint = models.ForeignKey(ExamBlueprint, on_delete=models.PROTECT, related_name="+")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    language = models.CharField(
        _("language"),
        max_length=5,
        choices=Language.choices,
        blank=True,
        help_text=_("Empty: each candidate's preferred language, else the site's default."),
    )
    wanted = models.PositiveIntegerField(_("variants wanted"), default=0)
    built = models.PositiveIntegerField(_("variants built"), default=0)
    error = models.TextField(_("last error"), blank=True)
    progressed_at = models.DateTimeField(_("last progress"), default=timezone.now)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    objects = VariantJobQuerySet.as_manager()

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return f"{self.blueprint} ({self.built}/{self.wanted})"

    @property
    def percent(self) -> int:
        return 100 if not self.wanted else min(100, self.built * 100 // self.wanted)

    @property
    def state(self) -> str:
        if self.error:
            return "failed"
        return "done" if self.built >= self.wanted else "running"


class ExamVariant(models.Model):
    """One variant of an assignment's blueprint, generated ahead of time (or on the spot when
    none was ready) with the attempt it is sat in: that attempt is prepared with it (status
    ``ready``, its answers empty), so starting is one UPDATE of the attempt's row. ``payload``
    holds the variant's questions as candidates are served them, rendered once."""

    assignment = models.ForeignKey(
        ExamAssignment, on_delete=models.CASCADE, related_name="variants"
    )
    number = models.PositiveSmallIntegerField(_("variant number"))
    language = models.CharField(_("language"), max_length=5, choices=Language.choices)
    seed = models.BigIntegerField(_("variant seed"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    attempt = models.OneToOneField(
        Attempt, on_delete=models.SET_NULL, null=True, blank=True, related_name="variant"
    )
    payload = models.TextField(
        _("questions as served"),
        blank=True,
        help_text=_(
            "JSON, one entry per position: language, kind, stem, options and stated ruling "
            "(never a key). Rendered when the variant is built; the exam page and API serve it."
        ),
    )

    class Meta:
        ordering = ("assignment", "number")
        constraints = [
            models.UniqueConstraint(fields=("assignment", "number"), name="unique_variant_number")
        ]

    def __str__(self) -> str:
        return f"{self.assignment} · variant {self.number}"
