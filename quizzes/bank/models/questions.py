"""The question bank: scenario questions generated from the rulings engine."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from rulings.models import Game, Language, PolicyVersion


class QuestionKind(models.TextChoices):
    FREE_FORM = "free_form", _("Free-form: state the error, penalty and remedy")
    MULTIPLE_CHOICE = "multiple_choice", _("Multiple choice")
    FIND_THE_WRONG_PART = "find_the_wrong_part", _("Find the wrong part")


class Topic(models.Model):
    slug = models.SlugField(_("slug"), max_length=80, unique=True)

    class Meta:
        verbose_name = _("topic")
        verbose_name_plural = _("topics")
        ordering = ("slug",)

    def __str__(self) -> str:
        return self.slug


class Question(models.Model):
    """One generated question; its key comes from the engine, never from a person."""

    content_hash = models.CharField(_("content hash"), max_length=64, unique=True)
    template_id = models.CharField(_("template"), max_length=100)
    template_version = models.CharField(_("template version"), max_length=20)
    seed = models.BigIntegerField(_("seed"))
    policy_version = models.ForeignKey(
        PolicyVersion, on_delete=models.PROTECT, related_name="questions"
    )
    game = models.CharField(_("game"), max_length=20, choices=Game.choices)
    language = models.CharField(_("language"), max_length=5, choices=Language.choices)
    kind = models.CharField(_("kind"), max_length=30, choices=QuestionKind.choices)
    stem = models.TextField(_("stem"))
    situation = models.JSONField(_("situation"))
    ruling = models.JSONField(_("keyed ruling"))
    key_infraction = models.CharField(_("key: infraction"), max_length=60)
    key_penalty = models.CharField(_("key: penalty"), max_length=30)
    key_remedy = models.CharField(_("key: remedy"), max_length=60)
    options = models.JSONField(
        _("options"), default=list, blank=True, help_text=_("Multiple choice: label and text only.")
    )
    stated_ruling = models.TextField(
        _("stated ruling"), blank=True, help_text=_("Find the wrong part: the ruling to check.")
    )
    part_corrections = models.JSONField(
        _("part corrections"),
        default=list,
        blank=True,
        help_text=_(
            "Find the wrong part: what each part may be corrected to (part, id and label)."
        ),
    )
    key_detail = models.JSONField(
        _("key detail"),
        default=dict,
        blank=True,
        help_text=_("The engine's key parts, the correct option or the wrong part."),
    )
    explanation = models.TextField(_("explanation"))
    topics = models.ManyToManyField(Topic, related_name="questions")
    difficulty = models.FloatField(_("difficulty"))
    for_exams = models.BooleanField(
        _("used in exams"),
        default=False,
        help_text=_("Exam variants are never served or answered in practice."),
    )
    pools = models.ForeignKey(
        "quizzes.PoolSnapshot",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("private pools"),
        help_text=_("The private pools the stem was drawn with; empty: the public data."),
    )
    withdrawn_at = models.DateTimeField(
        _("withdrawn"),
        null=True,
        blank=True,
        help_text=_("Withdrawn questions are never served in practice or drawn for exams."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("question")
        verbose_name_plural = _("questions")
        ordering = ("id",)
        indexes = [models.Index(fields=("game", "language", "kind"))]
        permissions = (
            ("view_question_key", "Can see question keys and situations"),
            ("grade_answers", "Can grade answers through the API"),
        )

    def __str__(self) -> str:
        stem = self.stem if len(self.stem) <= 70 else self.stem[:69] + "…"
        return f"{stem} ({self.template_id}, {self.language})"
