from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm, UserChangeForm, UserCreationForm
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from judgetrain.accounts.models import User
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
        from judgetrain.accounts.tasks import password_reset_email_send

        kwargs = {
            "user_id": context["user"].pk,
            "uid": context["uid"],
            "token": context["token"],
            "domain": context["domain"],
            "protocol": context["protocol"],
            "language": translation.get_language() or settings.LANGUAGE_CODE,
        }
        enqueue_on_commit(password_reset_email_send, kwargs=kwargs)


def time_zone_choices() -> list[tuple[str, str]]:
    import zoneinfo

    names = sorted(zoneinfo.available_timezones() - {"localtime", "Factory"})
    return [(name, name.replace("_", " ")) for name in names]


class TimeZoneForm(forms.Form):
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        help_text=_("Deadlines, dates and times are shown in this zone."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["time_zone"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = time_zone_choices()
        field.error_messages["invalid_choice"] = _("Choose a time zone from the list.")
