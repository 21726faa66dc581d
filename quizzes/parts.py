"""An answer's parts (`rulings.core.grading.PARTS`) as the pages name them, translated.

One table per way a page names a part: as a label ("Penalty"), as the subject of a sentence
("The penalty"), and on a review, where a grading without parts is decided as a whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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


# Rules that read a part as said without commitment (docs/grading.md), for grades stored
# before the grade kept its "hedged" and "conflict" flags.
HEDGED_RULES = frozenset({"options_left_open", "undecided", "hedged_claim"})


HEDGED_BETWEEN = _(
    "Your answer hedged: it leaves more than one option standing (%(options)s) and commits to none."
)


def _hedging(graded: Mapping[str, Any]) -> str:
    """How a part was said: "hedged", "conflict" (another option beside it) or ""."""
    if graded.get("hedged") or graded.get("left_open") or graded.get("rule") in HEDGED_RULES:
        return "hedged"
    if graded.get("conflict") or graded.get("rule") == "conflict":
        return "conflict"
    return ""


def part_reading(
    part: str,
    found: str | None,
    names: Mapping[str, str],
    *,
    to_mentor: bool,
    graded: Mapping[str, Any] | None = None,
    short: bool = False,
) -> str:
    """What the grader read for one part of a written answer, said as a reading, never as
    what the candidate said: "We read: Warning." (``short``: "Warning", for a table column
    headed "What we read"); a hedged part says it hedged, as the feedback paragraph does; and
    when it read nothing, that it could not read one, and that a mentor will check it when
    the grading went to a mentor."""
    graded = graded or {}
    hedging = _hedging(graded)
    if found:
        name = names.get(found, found)
        if hedging == "hedged":
            template = (
                _("%(found)s, said with a hedge")
                if short
                else _("We read: %(found)s, said with a hedge.")
            )
        elif hedging == "conflict":
            template = (
                _("%(found)s, beside another option")
                if short
                else _("We read: %(found)s, beside another option.")
            )
        else:
            return str(name) if short else str(_("We read: %(found)s.") % {"found": name})
        return str(template % {"found": name})
    options = [str(names.get(option, option)) for option in graded.get("candidates") or ()]
    if hedging and len(options) > 1:
        text = str(HEDGED_BETWEEN % {"options": str(_(" or ")).join(options)})
    elif hedging:
        text = str(_("Your answer hedged: it commits to no single option."))
    else:
        text = str(NOT_READ.get(part, _("We could not read this part in your answer.")))
    if to_mentor:
        text = f"{text} {_('A mentor will check it.')}"
    return text
