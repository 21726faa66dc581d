"""An answer's parts (`rulings.core.grading.PARTS`) as the pages name them, translated.

One table per way a page names a part: as a label ("Penalty"), as the subject of a sentence
("The penalty"), and on a review, where a grading without parts is decided as a whole.
"""

from __future__ import annotations

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
