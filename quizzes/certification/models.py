from __future__ import annotations

import secrets
from datetime import datetime
from typing import Self

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from judgetrain.accounts.models import User, sees_everyone
from judgetrain.dates import validate_fields_displayable, validate_validity_days
from judgetrain.names import localized_name, name_translations_field
from rulings.models import Game


class CertificationLevel(models.Model):
    """A level a committee certifies, e.g. "Riftbound Judge Level 1"."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    name_translations = name_translations_field(120)
    game = models.CharField(_("game"), max_length=20, choices=Game.choices)
    description = models.TextField(_("description"), blank=True)
    validity_days = models.PositiveIntegerField(_("valid for (days)"), default=730)
    endorsement_required = models.BooleanField(
        _("mentor endorsement required"),
        default=False,
        help_text=_("The candidate's mentor must endorse the candidate before issuing."),
    )

    class Meta:
        ordering = ("game", "name")
        verbose_name = _("certification level")
        verbose_name_plural = _("certification levels")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """At most 100 years, so every certificate's expiry is a date (forms and admin)."""
        super().clean()
        try:
            validate_validity_days(self.validity_days)
        except ValidationError as error:
            raise ValidationError({"validity_days": error}) from None

    @property
    def display_name(self) -> str:
        """The name in the active language, else as typed."""
        return localized_name(self.name, self.name_translations)


class LevelRequirement(models.Model):
    """An exam (blueprint) a level requires, passed with at least ``min_score``."""

    level = models.ForeignKey(
        CertificationLevel, on_delete=models.CASCADE, related_name="requirements"
    )
    blueprint = models.ForeignKey(
        "quizzes.ExamBlueprint",
        on_delete=models.PROTECT,
        related_name="level_requirements",
        verbose_name=_("exam"),
    )
    min_score = models.FloatField(_("minimum mark (0 to 1)"), default=0.8)

    class Meta:
        ordering = ("level", "blueprint__name")
        verbose_name = _("level requirement")
        verbose_name_plural = _("level requirements")
        constraints = [
            models.UniqueConstraint(fields=("level", "blueprint"), name="one_requirement_per_exam")
        ]

    def __str__(self) -> str:
        return f"{self.blueprint} ≥ {round(self.min_score * 100)}%"


def _verification_code() -> str:
    return secrets.token_urlsafe(18)


class CertificateQuerySet(models.QuerySet["Certificate"]):
    def visible_to(self, user: User) -> Self:
        """A holder sees their own certificates (revoked ones too); the committee every one.
        Mentors see only their own: certificates are the committee's."""
        return self if sees_everyone(user) else self.filter(candidate=user)

    def with_holder(self) -> Self:
        return self.select_related("candidate", "level")


class Certificate(models.Model):
    candidate = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="certificates",
        verbose_name=_("candidate"),
    )
    level = models.ForeignKey(
        CertificationLevel,
        on_delete=models.PROTECT,
        related_name="certificates",
        verbose_name=_("level"),
    )
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    issued_at = models.DateTimeField(_("issued"), default=timezone.now)
    expires_at = models.DateTimeField(_("expires"))
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)
    revoked_reason = models.TextField(_("reason for revoking"), blank=True)
    code = models.CharField(
        _("verification code"), max_length=40, unique=True, default=_verification_code
    )
    evidence = models.JSONField(
        _("evidence"),
        default=dict,
        blank=True,
        help_text=_("The attempts, questions, seeds and versions the certificate rests on."),
    )
    endorsed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("endorsed by"),
    )
    renewed_from = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="renewals"
    )
    # Set on the old certificate when it is renewed: it is superseded by its renewal (the
    # one certificate whose renewed_from it is), and says so wherever its status is shown.
    renewed_at = models.DateTimeField(_("renewed"), null=True, blank=True)

    objects = CertificateQuerySet.as_manager()

    class Meta:
        ordering = ("-issued_at",)
        constraints = [
            models.UniqueConstraint(fields=["renewed_from"], name="certificate_renewed_once")
        ]
        verbose_name = _("certificate")
        verbose_name_plural = _("certificates")

    def __str__(self) -> str:
        return f"{self.level} — {self.candidate}"

    def clean(self) -> None:
        """Dates every time zone can show (the admin's form runs it)."""
        super().clean()
        validate_fields_displayable(self, "issued_at", "expires_at", "revoked_at")

    @property
    def holder_name(self) -> str:
        """The name shown to the public (verification page, PDF, API): the holder's full
        name, or "" when their account has none. Never the e-mail address, which
        ``str(candidate)`` falls back to; a nameless certificate is told apart by its
        number instead."""
        return self.candidate.get_full_name().strip()

    def is_valid(self, at: datetime | None = None) -> bool:
        moment = at or timezone.now()
        return self.revoked_at is None and self.issued_at <= moment < self.expires_at

    def status(self, at: datetime | None = None) -> str:
        moment = at or timezone.now()
        if self.revoked_at is not None:
            return "revoked"
        if self.renewed_at is not None:
            return "renewed"
        if moment >= self.expires_at:
            return "expired"
        return "valid"

    @property
    def renewal(self) -> Certificate | None:
        """The certificate that superseded this one (one query; None when not renewed)."""
        if self.renewed_at is None:
            return None
        return Certificate.objects.filter(renewed_from=self).select_related("level").first()

    @property
    def revoked_renewal_note(self) -> dict[str, object] | None:
        """The number and date of this certificate's revoked renewal, for its status banner
        and PDF: read from ``with_revoked_renewal``'s annotation when the query made it (no
        query more), else one query; None when no renewal of it was revoked."""
        annotated = self.__dict__  # with_revoked_renewal's columns, when the query had them
        if "revoked_renewal_number" in annotated:
            number, at = annotated["revoked_renewal_number"], annotated["revoked_renewal_at"]
        else:
            found = (
                Certificate.objects.filter(renewed_from=self, revoked_at__isnull=False)
                .values_list("pk", "revoked_at")
                .first()
            )
            number, at = found or (None, None)
        return {"number": number, "revoked_at": at} if number else None

    @property
    def revoked_renewal(self) -> Certificate | None:
        """This certificate's renewal, when it was revoked (one query): the renewal replaces
        nothing any more, and this certificate stands on its own dates again."""
        return (
            Certificate.objects.filter(renewed_from=self, revoked_at__isnull=False)
            .select_related("level")
            .first()
        )


def with_revoked_renewal(
    certificates: models.QuerySet[Certificate],
) -> models.QuerySet[Certificate]:
    """``certificates`` with their revoked renewal's number and date, in the same query."""
    revoked = Certificate.objects.filter(
        renewed_from=models.OuterRef("pk"), revoked_at__isnull=False
    )
    return certificates.annotate(
        revoked_renewal_number=models.Subquery(revoked.values("pk")[:1]),
        revoked_renewal_at=models.Subquery(revoked.values("revoked_at")[:1]),
    )
