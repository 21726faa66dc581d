from __future__ import annotations

from typing import Any, ClassVar, Self

from django.contrib.auth.models import AbstractUser, UserManager
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from judgetrain.accounts.roles import Role
from judgetrain.names import localized_name, name_translations_field

COMMITTEE_PERMISSION = "accounts.manage_certification"


def sees_everyone(user: User) -> bool:
    """The certification committee reads every candidate's rows; anyone else, at most their
    own and (a mentor) their cohorts' candidates'."""
    return user.has_perm(COMMITTEE_PERMISSION)


class EmailUserManager(UserManager["User"]):
    """Users log in with their e-mail address; there is no username."""

    use_in_migrations = True

    def _create_user_object(
        self, username: str | None, email: str | None, password: str | None, **extra: Any
    ) -> User:
        if not email:
            raise ValueError("An e-mail address is required")
        user = self.model(email=self.normalize_email(email).lower(), **extra)
        user.set_password(password)
        return user

    def create_user(  # type: ignore[override]
        self, email: str, password: str | None = None, **extra: Any
    ) -> User:
        extra.setdefault("is_staff", False)
        extra.setdefault("is_superuser", False)
        user = self._create_user_object(None, email, password, **extra)
        user.save(using=self._db)
        return user

    def create_superuser(  # type: ignore[override]
        self, email: str, password: str | None = None, **extra: Any
    ) -> User:
        extra.setdefault("is_staff", True)
        extra.setdefault("is_superuser", True)
        if extra["is_staff"] is not True or extra["is_superuser"] is not True:
            raise ValueError("A superuser must have is_staff and is_superuser set")
        return self.create_user(email, password, **extra)

    def get_by_natural_key(self, username: str | None) -> User:
        return self.get(email__iexact=username)

    def mentored_by(self, mentor: User) -> models.QuerySet[User]:
        """The candidates of ``mentor``'s cohorts: the one definition of "a mentor's
        candidates". A candidate in two of their cohorts appears twice; use it as a subquery
        (``candidate__in=User.objects.mentored_by(user).values("pk")``)."""
        return self.filter(cohorts__mentor=mentor)


class User(AbstractUser):
    username = None  # type: ignore[assignment]
    email = models.EmailField(_("email address"), unique=True)
    preferred_language = models.CharField(
        _("preferred language"),
        max_length=10,
        blank=True,
        help_text=_("Empty: follow the browser's language."),
    )
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        blank=True,
        help_text=_("Dates and times are shown in this zone. Empty: taken from the browser."),
    )

    USERNAME_FIELD = "email"
    REQUIRED_FIELDS: ClassVar[list[str]] = []

    objects: ClassVar[EmailUserManager] = EmailUserManager()

    class Meta:
        ordering = ("email",)
        permissions = (
            ("practise", "Can practise and take assigned exams"),
            ("mentor_candidates", "Can assign exams to candidates and review gradings"),
            ("manage_certification", "Can define levels, issue certificates and track results"),
        )

    def __str__(self) -> str:
        return self.get_full_name() or self.email

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.email = self.email.strip().lower()
        super().save(*args, **kwargs)

    def has_role(self, role: Role) -> bool:
        return any(group.name == role.value for group in self.groups.all())

    @property
    def roles(self) -> list[Role]:
        names = {group.name for group in self.groups.all()}
        return [role for role in Role if role.value in names]


class CohortQuerySet(models.QuerySet["Cohort"]):
    def visible_to(self, user: User) -> Self:
        """The committee sees every cohort; anyone else the cohorts they mentor (none for a
        candidate)."""
        return self if sees_everyone(user) else self.filter(mentor=user)

    def with_mentor(self) -> Self:
        return self.select_related("mentor")


class Cohort(models.Model):
    """A mentor and the candidates they guide."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    name_translations = name_translations_field(120)
    mentor = models.ForeignKey(
        User, on_delete=models.PROTECT, related_name="mentored_cohorts", verbose_name=_("mentor")
    )
    candidates = models.ManyToManyField(
        User, related_name="cohorts", blank=True, verbose_name=_("candidates")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = CohortQuerySet.as_manager()

    class Meta:
        ordering = ("name",)

    def __str__(self) -> str:
        return self.name

    @property
    def display_name(self) -> str:
        """The name in the active language, else as typed."""
        return localized_name(self.name, self.name_translations)

    def clean(self) -> None:
        if self.mentor_id and not self.mentor.has_role(Role.MENTOR):
            raise ValidationError({"mentor": _("The mentor must have the mentor role.")})
