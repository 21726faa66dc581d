"""Private question pools: names, cards and phrasing the committee keeps out of the repository.

The generator is public; stems drawn with these pools cannot be matched to a publicly generated
twin (docs/operations.md, "Threat model")."""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from rulings.questions import Pools, QuestionError, pools_check


class QuestionPool(models.Model):
    class Use(models.TextChoices):
        EXAMS = "exams", _("Exam variants")
        BANK = "bank", _("Question bank (practice)")

    name = models.CharField(_("name"), max_length=120)
    use = models.CharField(
        _("used for"),
        max_length=10,
        choices=Use.choices,
        default=Use.EXAMS,
        help_text=_(
            "Keep exam pools apart from bank pools: practice stems are seen by every candidate."
        ),
    )
    active = models.BooleanField(_("active"), default=True)
    content = models.TextField(
        _("content"),
        help_text=_(
            "TOML: [people] names by game, [cards.<id>] cards (a public id overrides that "
            "card's name and text), [phrases.<language>] stem sentences. "
            "See docs/operations.md."
        ),
    )
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ("use", "name")
        verbose_name = _("private question pool")
        verbose_name_plural = _("private question pools")

    def __str__(self) -> str:
        return f"{self.name} ({self.get_use_display()})"

    def pools(self) -> Pools:
        """The parsed pools; raises QuestionError when the content is invalid."""
        return Pools.from_toml(self.content)

    def clean(self) -> None:
        try:
            check = pools_check(self.pools())
        except QuestionError as error:
            raise ValidationError({"content": str(error)}) from error
        if not check.ok:
            raise ValidationError({"content": list(check.errors[:10])})


class PoolSnapshot(models.Model):
    """The exact pools questions were built with, kept so the committee can rebuild them."""

    digest = models.CharField(_("digest"), max_length=64, unique=True)
    content = models.JSONField(_("content"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("pool snapshot")
        verbose_name_plural = _("pool snapshots")
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return self.digest[:12]

    def pools(self) -> Pools:
        return Pools.from_dict(self.content)


def _new_master_seed() -> int:
    return secrets.randbits(62)


class BankSeed(models.Model):
    """The bank's secret master seed, drawn at random once per database: rebuilding the bank
    adds nothing, yet nobody can regenerate it (and its keys) from a guessable seed."""

    seed = models.BigIntegerField(_("master seed"), default=_new_master_seed)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("bank seed")
        verbose_name_plural = _("bank seeds")

    def __str__(self) -> str:
        return f"bank seed of {self.created_at:%Y-%m-%d}"
