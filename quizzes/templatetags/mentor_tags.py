from typing import Any

from django import template
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from quizzes.cohorts.selectors import mastery_band as band
from quizzes.parts import REVIEWED_PART_NAMES, THE_PART
from quizzes.templatetags.quizzes_tags import vocab
from rulings.grading import NOTHING_STATED, read_reason

register = template.Library()

REVIEW_REASONS = {
    "names_expected": _("graded wrong, but the answer also names the expected answer"),
    "unread_words": _("graded wrong, and some words of the answer were not understood"),
    "rewind_too_late": _(
        "read as %(found)s from a rewind of unstated length, where the game can no longer be "
        "rewound to the last action: it may mean a longer one"
    ),
    "rewind_to_a_point": _(
        "read as %(found)s from a rewind back to a point the answer names: it may be a "
        "rewind beyond the last action"
    ),
    "no_fix_or_play_on": _(
        "read as %(found)s where %(want)s is expected: “no fix” and “play goes on” are "
        "neighbours the wording may not tell apart"
    ),
    "weak_neighbour": _(
        "read as %(found)s, a neighbour of %(want)s that judges confuse, on a weak cue"
    ),
    "typo_or_paraphrase": _("graded wrong on a corrected typo or a loose paraphrase"),
    "hedging_clause": _("stated in a clause that hedges"),
    "unsure_sentence": _("stated in a sentence that says it is unsure"),
    "hinted_neighbour": _(
        "read as %(found)s, but the answer's words point to %(hinted)s, a neighbour judges "
        "confuse with it"
    ),
    "hedged": _("the answer hedges"),
    "two_candidates": _("two candidates remain (%(options)s) and the wording does not decide"),
    "not_found_unread": _("not found, but some words of the answer were not understood"),
    "low_confidence": _("low confidence"),
    "near_miss_unseparated": _(
        "read as %(found)s, but the words do not firmly tell it from %(other)s, the ruling "
        "of one of this question's near misses"
    ),
    "weak_record": _(
        "decided by the rule %(rule)s, whose gradings the labelled answers confirm too "
        "rarely to stand alone"
    ),
    "second_reading": _(
        "read as %(found)s, but a second reading of how it is worded disagrees: check what the "
        "candidate meant"
    ),
    "infraction_left_to_the_story": _(
        "not named, while the answer rules on the penalty: the question's story may settle it"
    ),
    "ambiguous_words": _("read as %(found)s from words judges also use for %(other)s"),
    "nothing_placed": _("nothing read for any part, though the answer rules in words"),
    "options_undoubted": _(
        "options read as left open, but no word of the answer doubts them: they may be a "
        "player's choice"
    ),
}
"""The grader's review reasons (`rulings.core.grading.reasons.REASON_TEXTS`) for a page, by
code: the same words, ids shown by their names."""


GRADING_RULES = {
    "nothing_said": _("the answer says nothing about this part"),
    "one_claim": _("the answer states one option"),
    "hedged_claim": _("the answer states one option, hedged"),
    "upgrade": _("the end of an upgrade the answer states"),
    "options_then_choice": _("options laid out, then one chosen"),
    "option_picked_by_order": _("options laid out, then one picked by its order"),
    "options_left_open": _("options offered and left open: no commitment"),
    "choice_after_doubt": _("a doubt between options, then one chosen"),
    "self_correction": _("the answer corrects itself: its last commitment"),
    "undecided": _("two options with doubt and no choice"),
    "steps": _("remedy steps stated in order"),
    "own_next_step": _("a remedy and a later step of its own procedure"),
    "concluded": _("the option the answer concludes with"),
    "label_slot": _("the value written after the part's label"),
    "conflict": _("two options and nothing tells which"),
    "fallback": _("only named as a fallback"),
    "counted": _("only named as the player's record"),
    "hypothetical": _("only named in a condition or a hypothetical"),
    "questioned": _("only asked, not stated"),
    "questioned_over_record": _("asked after the player's record: the answer it proposes"),
    "denied_warning": _("a Warning denied, with no other penalty: no penalty"),
    "only_denied": _("every option named is denied"),
    "unread_words": _("not found, and some words were not understood"),
    "record_cited": _("the player's record, beside the section that upgrades it: the upgrade"),
    "implied_by_remedy": _("implied by the remedy the answer states"),
    "bare_nothing": _("the answer only rules “nothing”: no infraction"),
    "implied_by_infraction": _("implied by the infraction the answer states"),
    "pending_resolves_now": _("no infraction and the trigger resolves now: no fix"),
    "candidates_all_expected": _("every option left standing counts as the key"),
    "hinted_id": _("a broad term the answer's other words pin down (the head judge rewinds)"),
}
"""The grader's decision rules (`rulings.core.grading.reading.rules.RULE_NAMES`) for a page:
which rule decided a part, shown to mentors beside the evidence."""


@register.filter
def grading_rule(rule: str) -> str:
    """The decision rule that decided a part, in the page's language (shown as stored when
    this version has no words for it)."""
    return str(GRADING_RULES.get(rule, rule))


GRADING_DOUBTS = {
    "rewind_length_unsaid": _("The answer names a rewind without saying how far back."),
    "another_ruling_in_brackets": _(
        "Read inside brackets that rule on another infraction: it may belong to that ruling."
    ),
    "unstated_beside_open_infraction": _(
        "The answer leaves this part unstated while its infraction is undecided or unread: "
        "the infraction it meant may settle it."
    ),
    "two_infractions": _("The answer names two infractions."),
    "alternative_folded": _(
        "Read from one of two alternatives the answer offers: it may leave the choice open."
    ),
}
"""The grader's named doubts (`rulings.grading.DOUBT_NAMES`, `PartGrade.doubt`) for a page:
why the grader doubts a part its rule decided, shown to mentors beside the evidence."""


@register.filter
def grading_doubt(doubt: str) -> str:
    """A part's named doubt as a sentence in the page's language (shown as stored when this
    version has no words for it)."""
    return str(GRADING_DOUBTS.get(doubt, doubt))


@register.filter
def review_reason(reason: str) -> str:
    """A grading's review reason in the page's language, its part and ids by their names
    ("Remedy: read as “simple backup”, a neighbour of ..."). A reason no grader of this
    version writes is shown as stored."""
    read = read_reason(reason)
    if read is None or read.code not in REVIEW_REASONS:
        return reason
    values = {
        key: f"“{grading_rule(str(value))}”" if key == "rule" else _reason_value(value)
        for key, value in read.ids.items()
    }
    return f"{REVIEWED_PART_NAMES[read.part]}: {REVIEW_REASONS[read.code] % values}"


def _reason_value(value: str | list[str]) -> str:
    if isinstance(value, list):
        return ", ".join(f"“{vocab(ident)}”" for ident in value)
    if value == NOTHING_STATED:
        return gettext("nothing stated")
    return f"“{vocab(value)}”"


@register.filter
def part_found(part: dict[str, Any]) -> str:
    """What the grader read for one part, for a mentor: the id's name, or, when it read none
    because the answer left options open, those options ("—", else)."""
    if part.get("found"):
        return vocab(part["found"])
    options = [vocab(option) for option in part.get("candidates") or ()]
    if len(options) > 1:
        return gettext("— (left open: %(options)s)") % {"options": ", ".join(options)}
    return "—"


@register.filter
def mastery_band(value: float) -> str:
    """The heatmap colour class of a mastery (high, mid, low); the cell shows the text too."""
    return band(value)


@register.filter
def whole_percent(value: int | None) -> str:
    """A percentage already stored as a whole number (a reviewer's part score)."""
    return "—" if value is None else f"{value}%"


def _value(key: str, value: object) -> str:
    if value is None or value == "":
        return "—"
    if "score" in key and isinstance(value, float | int) and not isinstance(value, bool):
        return f"{round(value * 100)}%"
    if key == "parts" and isinstance(value, dict):
        return ", ".join(
            f"{name} {part.get('percent')}% ({part.get('decision')})"
            for name, part in value.items()
            if isinstance(part, dict)
        )
    return str(value)


@register.filter
def audit_values(values: dict[str, object]) -> list[tuple[str, str]]:
    """An audit entry's before or after as readable (name, value) pairs, scores in percent."""
    pairs: list[tuple[str, str]] = []
    for key, value in (values or {}).items():
        if isinstance(value, dict) and key != "parts":
            pairs.extend((f"{key}.{k}", _value(k, v)) for k, v in value.items())
        else:
            pairs.append((key, _value(key, value)))
    return pairs


# --- the history of changes, as sentences ---------------------------------------------------


def the_part(name: str) -> str:
    """ "the remedy" (lower case inside a sentence) in the page's language."""
    text = str(THE_PART.get(name, REVIEWED_PART_NAMES.get(name, name)))
    return text[:1].lower() + text[1:]


def _subject(entry: Any) -> str:
    """What the entry changed: "question 3" of an exam, else "the practice answer"."""
    item = entry.item if entry.item_id else None
    if item is not None:
        return gettext("question %(n)s") % {"n": item.position}
    if entry.question_id:
        return gettext("question #%(id)s") % {"id": entry.question_id}
    return gettext("the practice answer")


def _percent(value: object) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{round(value * 100)}%"
    return gettext("the grader's score")


def _part_sentences(who: str, what: str, before: dict, after: dict) -> list[str]:
    lines = []
    old_parts = before.get("parts") or {}
    for name, part in (after.get("parts") or {}).items():
        if not isinstance(part, dict):
            continue
        old = old_parts.get(name)
        values = {"who": who, "part": the_part(name), "what": what,
                  "after": f"{part.get('percent')}%"}  # fmt: skip
        if isinstance(old, dict):
            if old.get("percent") == part.get("percent"):
                continue
            values["before"] = f"{old.get('percent')}%"
            text = gettext(
                "%(who)s changed %(part)s of %(what)s's grade from %(before)s to %(after)s."
            )
        elif part.get("decision") == "accepted" or part.get("grader_percent") == part.get(
            "percent"
        ):  # an "override" to the grader's own mark changes nothing
            text = gettext(
                "%(who)s accepted the grader's mark for %(part)s of %(what)s: %(after)s."
            )
        else:
            text = gettext("%(who)s changed %(part)s of %(what)s's grade to %(after)s.")
        lines.append(text % values)
    return lines


def _score_sentence(who: str, what: str, before: dict, after: dict) -> list[str]:
    old, new = before.get("override_score"), after.get("override_score")
    if old == new:
        return []
    values = {"who": who, "what": what}
    if new is None:
        return [
            gettext(
                "%(who)s removed the grade a person gave %(what)s: the grader's score counts again."
            )
            % values
        ]
    values |= {
        "before": _percent(old if old is not None else before.get("score")),
        "after": _percent(new),
    }
    return [gettext("%(who)s changed %(what)s's score from %(before)s to %(after)s.") % values]


def _key_sentences(who: str, what: str, before: dict, after: dict) -> list[str]:
    if after.get("withdrawn"):
        return [gettext("%(who)s withdrew %(what)s for everyone.") % {"who": who, "what": what}]
    lines = []
    for name in ("infraction", "penalty", "remedy"):
        if before.get(name) == after.get(name):
            continue
        values = {"who": who, "part": the_part(name), "what": what,
                  "before": vocab(before.get(name)), "after": vocab(after.get(name))}  # fmt: skip
        lines.append(
            gettext("%(who)s corrected %(part)s of %(what)s's key from %(before)s to %(after)s.")
            % values
        )
    return lines


def _regrade_sentences(who: str, what: str, before: dict, after: dict) -> list[str]:
    """Walk 11, #8: a key correction's regrade of one answer, and what became of a grade a
    person had set by hand."""
    lines = _key_sentences(who, what, before, after)
    values = {"what": what, "manual": _percent(before.get("manual_score")),
              "before": _percent(before.get("score")), "after": _percent(after.get("score")),
              "regrade": _percent(after.get("regrade_score"))}  # fmt: skip
    if before.get("manual_score") is None:
        text = gettext(
            "The answer to %(what)s was regraded against the corrected key: %(before)s → %(after)s."
        )
    elif after.get("manual_kept"):
        text = gettext(
            "The grade set by hand on %(what)s, %(manual)s, is kept; the regrade reads %(regrade)s."
        )
    else:
        text = gettext(
            "The regrade of %(what)s, %(regrade)s, replaces the grade set by hand, %(manual)s."
        )
    right = after.get("now_right") or []
    if right:
        lines.append(
            gettext("The corrected key now agrees with the answer to %(what)s on %(parts)s.")
            % {"what": what, "parts": ", ".join(the_part(name) for name in right)}
        )
    return [*lines, text % values]


APPEAL_ACTIONS = {
    "appeal_upheld": _("%(who)s upheld the appeal on %(what)s."),
    "appeal_rejected": _("%(who)s rejected the appeal on %(what)s."),
    "appeal_contested": _(
        "%(who)s contested the decision on the appeal on %(what)s: it goes to the committee."
    ),
    # Reviews another decision closed (walk 9, #9 and #10).
    "review_withdrawn": _(
        "The review of %(what)s was closed: the committee withdrew the question, so the "
        "answer no longer counts."
    ),
    "review_settled": _(
        "%(who)s decided the appeal on %(what)s: that decision settles this review."
    ),
}


@register.filter
def audit_lines(entry: Any) -> list[str]:
    """An audit entry as sentences in the page's language: who changed which part of which
    question's grade, from what to what (no field names, no raw values)."""
    who = str(entry.actor) if entry.actor_id else gettext("Someone")
    what = _subject(entry)
    before, after = entry.before or {}, entry.after or {}
    lines: list[str] = []
    if entry.action in APPEAL_ACTIONS:
        lines.append(str(APPEAL_ACTIONS[entry.action]) % {"who": who, "what": what})
    elif entry.action == "key_regrade":
        lines.extend(_regrade_sentences(who, what, before, after))
    elif entry.action.startswith("question_"):
        lines.extend(_key_sentences(who, what, before, after))
    else:
        lines.extend(_part_sentences(who, what, before, after))
        lines.extend(
            _score_sentence(who, what, before.get("item", before), after.get("item", after))
        )
    if not lines:
        lines.append(
            gettext("%(who)s saved %(what)s's grade unchanged.") % {"who": who, "what": what}
        )
    return lines


@register.simple_tag(takes_context=True)
def feedback_for_page(context: template.Context, question: Any, grade: Any) -> str:
    """The grader's feedback to the candidate in the page's language (walk 3, #21: a mentor
    reading in Spanish got the attempt's English sentences), rebuilt from the stored parts."""
    from django.utils import translation

    from quizzes.grading import feedback_in
    from quizzes.languages import content_language

    if not grade or not grade.get("feedback"):
        return ""
    lang = content_language(translation.get_language())
    return feedback_in(question, grade, lang)
