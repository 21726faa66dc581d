"""Database mirror of the engine's policy data, for the admin and the API.

The policy files in ``rulings/core/data/`` are the source of truth; these rows are
rebuilt from them by ``policies_sync`` after every migrate and are read-only elsewhere.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rulings import PolicyError, policy_title


class Game(models.TextChoices):
    RIFTBOUND = "riftbound", "Riftbound"
    MTG = "mtg", "Magic: The Gathering"


class Language(models.TextChoices):
    """The languages of questions, explanations and grading feedback."""

    EN = "en", "English"
    PT_BR = "pt-BR", "Português (Brasil)"
    ES = "es", "Español"


class PolicyDocument(models.Model):
    game = models.CharField(_("game"), max_length=20, choices=Game.choices, unique=True)
    name = models.CharField(_("name"), max_length=200)

    class Meta:
        ordering = ("game",)

    def __str__(self) -> str:
        return self.name


class PolicyVersion(models.Model):
    document = models.ForeignKey(
        PolicyDocument,
        on_delete=models.PROTECT,
        related_name="versions",
        verbose_name=_("document"),
    )
    version_id = models.CharField(_("version id"), max_length=100, unique=True)
    title = models.CharField(_("title"), max_length=300)
    is_default = models.BooleanField(_("default for its game"), default=False)
    extends = models.CharField(_("extends"), max_length=100, blank=True)
    source = models.CharField(_("source"), max_length=200, blank=True)
    synced_at = models.DateTimeField(_("synced at"), auto_now=True)

    class Meta:
        ordering = ("document__game", "version_id")
        permissions = (("evaluate_situation", "Can evaluate situations with the rulings engine"),)

    def __str__(self) -> str:
        return self.version_id

    @property
    def display_title(self) -> str:
        """The title in the active language, from the engine's data (else as stored)."""
        code = (get_language() or "en").lower()
        lang = next((c for c in Language.values if c.lower() == code), Language.EN)
        try:
            return policy_title(self.version_id, lang)
        except PolicyError:  # a version the data no longer has
            return self.title


class PolicyStatement(models.Model):
    version = models.ForeignKey(
        PolicyVersion,
        on_delete=models.CASCADE,
        related_name="statements",
        verbose_name=_("version"),
    )
    statement_id = models.CharField(_("statement id"), max_length=100)
    position = models.PositiveIntegerField(_("position"))
    section = models.CharField(_("section"), max_length=60)
    kind = models.CharField(_("kind"), max_length=40)
    source = models.CharField(_("source"), max_length=100, blank=True)
    text_en = models.TextField(_("paraphrase (English)"))
    text_pt_br = models.TextField(_("paraphrase (Portuguese)"))
    text_es = models.TextField(_("paraphrase (Spanish)"))

    class Meta:
        ordering = ("version", "position")
        constraints = [
            models.UniqueConstraint(
                fields=("version", "statement_id"), name="unique_statement_per_version"
            )
        ]

    def __str__(self) -> str:
        return f"{self.section} ({self.statement_id})"

    def text(self, lang: str) -> str:
        return {"pt-BR": self.text_pt_br, "es": self.text_es}.get(lang, self.text_en)
