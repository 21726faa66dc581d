# ruff: noqa: RUF001  (Django's own msgids use a typographic apostrophe)
"""Strings translated in locale/ that no template or form of ours spells out, marked here so
`make messages` keeps them:

- names stored as data by the demo fixtures (shown through the ``content_name`` filter);
- Django's own messages that candidates meet (log-in and password forms, field errors),
  overridden so that Spanish says "tú" everywhere, like the rest of the interface.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

DEMO_NAMES = (
    gettext_noop("Demo cohort"),
    gettext_noop("Riftbound Level 1 demo exam"),
    gettext_noop("Magic Missed Trigger demo exam"),
    gettext_noop("Riftbound Judge Level 1"),
    gettext_noop("Magic Judge Level 1 (Missed Trigger)"),
)

DJANGO_MESSAGES = (
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be "
        "case-sensitive."
    ),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop("Enter a valid value."),
    gettext_noop("Enter a valid email address."),
    gettext_noop("Enter a number."),
    gettext_noop("Enter a whole number."),
    gettext_noop("Enter a valid date."),
    gettext_noop("Enter a valid time."),
    gettext_noop("Enter a valid date/time."),
    gettext_noop("Conflicting form data submitted. Please try again."),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        "min_length",
    ),
    ngettext_lazy(
        "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
        "limit_value",
    ),
)
