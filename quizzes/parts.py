"""An answer's parts (`rulings.core.grading.PARTS`) as the pages name them, translated.

One table per way a page names a part: as a label ("Penalty"), as the subject of a sentence
("The penalty"), and on a review, where a grading without parts is decided as a whole.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _

WHOLE_ANSWER = "answer"
"""The one "part" a reviewer decides of a grading without parts (an unusable answer)."""

PART_NAMES = {"infraction": _("Infraction"), "penalty": _("Penalty"), "remedy": _("Remedy")}
THE_PART = {
    "infraction": _("The infraction"),
    "penalty": _("The penalty"),
    "remedy": _("The remedy"),
}
REVIEWED_PART_NAMES = {**PART_NAMES, WHOLE_ANSWER: _("The whole answer")}

CORRECTION_LEGENDS = {
    "infraction": _("The infraction is wrong; it should be:"),
    "penalty": _("The penalty is wrong; it should be:"),
    "remedy": _("The remedy is wrong; it should be:"),
}
"""Find the wrong part: the heading of each part's corrections."""

NOT_READ = {
    "infraction": _("We could not read an infraction in your answer."),
    "penalty": _("We could not read a penalty in your answer."),
    "remedy": _("We could not read a remedy in your answer."),
}
"""A free-form part the grader found nothing for (the candidate may still have written one)."""


def part_reading(part: str, found: str | None, names: Mapping[str, str], *, to_mentor: bool) -> str:
    """What the grader read for one part of a written answer, said as a reading, never as
    what the candidate said: "We read: Warning." or, when it read nothing, that it could not
    read one, and that a mentor will check it when the grading went to a mentor."""
    if found:
        return str(_("We read: %(found)s.") % {"found": names.get(found, found)})
    text = str(NOT_READ.get(part, _("We could not read this part in your answer.")))
    if to_mentor:
        text = f"{text} {_('A mentor will check it.')}"
    return text
