from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm, UserChangeForm, UserCreationForm
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from judgetrain.accounts import time_zones
from judgetrain.accounts.models import User
from judgetrain.accounts.time_zones import Zone
from judgetrain.queueing import enqueue_on_commit


class AdminUserCreationForm(UserCreationForm[User]):
    class Meta:
        model = User
        fields = ("email",)


class AdminUserChangeForm(UserChangeForm[User]):
    class Meta:
        model = User
        fields = "__all__"


class CeleryPasswordResetForm(PasswordResetForm):
    """Django's reset form; the e-mail goes out from a Celery task after the request commits,
    so a slow or unreachable mail server never holds up (or fails) the page."""

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        kwargs = {
            "user_id": context["user"].pk,
            "uid": context["uid"],
            "token": context["token"],
            "domain": context["domain"],
            "protocol": context["protocol"],
            "language": translation.get_language() or settings.LANGUAGE_CODE,
        }
        enqueue_on_commit("accounts.password_reset_email_send", **kwargs)


class TimeZoneForm(forms.Form):
    """A time zone picked from the server-rendered list (``time_zones.grouped``: readable
    names and current offsets, grouped by region); what arrives is matched leniently and
    stored as its IANA name, anything else is a form error that says what to do."""

    time_zone = forms.CharField(
        label=_("Time zone"),
        help_text=_(
            "Deadlines, dates and times are shown in this zone. Search for your city, region "
            "or offset to shorten the list."
        ),
        max_length=64,
        widget=forms.Select(),
        error_messages={"required": _("Choose a time zone, for example Lisbon — Europe.")},
    )

    def __init__(self, *args: Any, groups: list[tuple[str, list[Zone]]], **kwargs: Any):
        super().__init__(*args, **kwargs)
        widget = self.fields["time_zone"].widget
        assert isinstance(widget, forms.Select)
        widget.choices = [
            (label, [(item.name, item.label) for item in items]) for label, items in groups
        ]

    def clean_time_zone(self) -> str:
        typed = self.cleaned_data["time_zone"]
        name = time_zones.match(typed)
        if name is None:
            raise forms.ValidationError(
                _(
                    "“%(value)s” is not a time zone we know. Search for a city (for example "
                    "Lisbon) and choose it from the list."
                ),
                code="invalid_time_zone",
                params={"value": typed},
            )
        return name
