from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from rulings.models import Game


class CertificationLevel(models.Model):
    """A level a committee certifies, e.g. "Riftbound Judge Level 1"."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    game = models.CharField(_("game"), max_length=20, choices=Game.choices)
    description = models.TextField(_("description"), blank=True)
    validity_days = models.PositiveIntegerField(_("valid for (days)"), default=730)

    class Meta:
        ordering = ("game", "name")

    def __str__(self) -> str:
        return self.name


class Certificate(models.Model):
    candidate = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="certificates"
    )
    level = models.ForeignKey(
        CertificationLevel, on_delete=models.PROTECT, related_name="certificates"
    )
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    issued_at = models.DateTimeField(_("issued"), default=timezone.now)
    expires_at = models.DateTimeField(_("expires"))
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ("-issued_at",)

    def __str__(self) -> str:
        return f"{self.level} — {self.candidate}"

    def is_valid(self, at: datetime | None = None) -> bool:
        moment = at or timezone.now()
        return self.revoked_at is None and self.issued_at <= moment < self.expires_at
