from typing import Any

from django import forms
from django.contrib.auth.forms import UserChangeForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from judgetrain.accounts.models import User


class AdminUserCreationForm(UserCreationForm[User]):
    class Meta:
        model = User
        fields = ("email",)


class AdminUserChangeForm(UserChangeForm[User]):
    class Meta:
        model = User
        fields = "__all__"


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
