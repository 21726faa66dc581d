"""Language-neutral sentences and key parts, rendered with the per-language phrase banks."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from rulings.core.questions.catalog import card, lookup, phrases
from rulings.core.questions.errors import QuestionError
from rulings.core.questions.model import KeyParts
from rulings.core.questions.template import (
    Card,
    CardText,
    Count,
    Names,
    Param,
    Parts,
    Sentence,
    Term,
)

_PLACEHOLDER = re.compile(r"[{}]|\bNone\b")


def term(lang: str, key: str) -> str:
    value = lookup(phrases(lang)["terms"], key)
    if not isinstance(value, str):
        raise QuestionError(f"{lang}: term {key!r} must be a string")
    return value


def sentence(lang: str, item: Sentence, rng: random.Random) -> str:
    """One sentence; a phrase given as a list has variants, picked with `rng`."""
    bank = phrases(lang)["s"]
    if item.key not in bank:
        raise QuestionError(f"{lang}: phrase bank has no sentence {item.key!r}")
    phrase = bank[item.key]
    if isinstance(phrase, list):
        phrase = phrase[rng.randrange(len(phrase))]
    values = {name: value(lang, v) for name, v in item.params}
    try:
        text = str(phrase).format_map(values)
    except (KeyError, IndexError, ValueError) as exc:
        raise QuestionError(f"{lang}: sentence {item.key!r} needs {exc}") from None
    return _checked(text, item.key)


def value(lang: str, v: Param) -> str:
    if isinstance(v, Term):
        return term(lang, v.key)
    if isinstance(v, Card):
        return str(card(v.id)["name"][lang])
    if isinstance(v, CardText):
        return str(card(v.id)["text"][lang])
    if isinstance(v, Names):
        return names(lang, v.items)
    if isinstance(v, Count):
        form = "one" if v.n == 1 else "other"
        return term(lang, f"{v.key}.{form}").format(n=v.n)
    if isinstance(v, Parts):
        filled = tuple(
            term(lang, key).format_map({k: value(lang, p) for k, p in params})
            for key, params in v.items
        )
        return names(lang, filled)
    return str(v)


def names(lang: str, items: tuple[str, ...]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {term(lang, 'and')} " + items[-1]


def stem(lang: str, sentences: tuple[Sentence, ...], rng: random.Random) -> str:
    return " ".join(sentence(lang, item, rng) for item in sentences)


def parts_text(
    lang: str, parts: KeyParts, params: Mapping[str, Mapping[str, Any]], *, remedy: bool = True
) -> str:
    """A ruling's decisions as one line: infraction, penalty, remedy (unless not asked), who may
    rewind, the round cycle when asked, and other players' penalties."""
    sep = term(lang, "part_separator")
    decided = [
        term(lang, f"infraction.{parts.infraction}"),
        penalty_text(lang, parts.penalty, params),
    ]
    if remedy:
        decided.append(remedy_text(lang, parts.remedy, params))
    line = sep.join(decided)
    if parts.rewind_by:
        line += "; " + term(lang, f"rewind_by.{parts.rewind_by}")
    if parts.cycle_ends is not None:
        state = "passed" if parts.cycle_passed else "not_passed"
        line += term(lang, f"cycle_line.{state}").format(player=parts.cycle_ends)
    for player, infraction, penalty in parts.additional:
        line += term(lang, "additional").format(
            player=player,
            infraction=term(lang, f"infraction.{infraction}"),
            penalty=term(lang, f"penalty.{penalty}"),
        )
    return _checked(line, "parts")


def part_text(
    lang: str, part: str, parts: KeyParts, params: Mapping[str, Mapping[str, Any]]
) -> str:
    if part == "infraction":
        return term(lang, f"infraction.{parts.infraction}")
    if part == "penalty":
        return penalty_text(lang, parts.penalty, params)
    return remedy_text(lang, parts.remedy, params)


def penalty_text(lang: str, penalty: str, params: Mapping[str, Mapping[str, Any]]) -> str:
    """The penalty's name, and who receives it where the story makes that a question
    (`params["penalty"]["to"]`: a player controlling another's turn, committee decision)."""
    name = term(lang, f"penalty.{penalty}")
    to = params.get("penalty", {}).get("to")
    if isinstance(to, str) and penalty != "no_penalty":
        return term(lang, "penalty_to").format(penalty=name, player=to)
    return name


def remedy_text(lang: str, remedy: tuple[str, ...], params: Mapping[str, Mapping[str, Any]]) -> str:
    """Each remedy step with who chooses, plus what the step's parameters say about runes
    (readied or unrecycled) and floating resources."""
    return term(lang, "then").join(_step_text(lang, step, params.get(step, {})) for step in remedy)


def _step_text(lang: str, step: str, given: Mapping[str, Any]) -> str:
    name = _STEP_VARIANTS.get(step, _plain)(given) or f"remedy.{step}"
    text = term(lang, name).format(chooser=_chooser(lang, given), player=given.get("player", ""))
    return text + "".join(
        term(lang, note) for field, value, note in STEP_NOTES if _says(given.get(field), value)
    )


def _chooser(lang: str, given: Mapping[str, Any]) -> str:
    chooser = given.get("chooser")
    if not isinstance(chooser, str):
        return term(lang, "the_opponent")
    if chooser == "judge_at_random":
        return term(lang, "judge_at_random")
    return chooser


def _says(actual: Any, expected: Any) -> bool:
    """A parameter's value is the one a note is for (a flag is `True` or `False` itself)."""
    return actual is expected if isinstance(expected, bool) else actual == expected


# Notes a step's parameters append: (parameter, value, term).
STEP_NOTES = (
    ("to", "before_the_card_or_ability_went_on_the_chain", "remedy_note.before_chain"),
    ("restore_runes", True, "remedy_note.restore_runes"),
    ("floating_resources", False, "remedy_note.no_floating"),
)


def _plain(given: Mapping[str, Any]) -> str | None:
    return None


def _none_variant(given: Mapping[str, Any]) -> str | None:
    # Said as a fix of its own ("the trigger resolves now"), the same shape as every other
    # option's fix: an appended clause only the key carried gave it away.
    if given.get("trigger_resolves_now") is True:
        return "remedy_variant.none_trigger_resolves_now"
    return None


def _correct_cost_variant(given: Mapping[str, Any]) -> str | None:
    # Said the way an overpayment would be undone (review 11: mu-002, mu-020 offered "the
    # player pays what was owed" for a cost paid beyond it).
    return "remedy_variant.correct_cost_overpaid" if given.get("overpaid") is True else None


def _default_action_variant(given: Mapping[str, Any]) -> str | None:
    # The opponent picks only the timing.
    return "remedy_variant.default_action_when" if given.get("choice") == "when" else None


def _resolve_variant(given: Mapping[str, Any]) -> str | None:
    # Only the seed wording says "without the stack"; the 2024 one times it by priority.
    if given.get("uses_stack") is False:
        return None
    timing = given.get("when") or ()
    return "remedy_variant.resolve_when_" + ("priority" if "next_priority" in timing else "now")


def _make_up_variant(given: Mapping[str, Any]) -> str | None:
    # Concrete (committee decision): who draws or discards, and which (review 12: fr-045).
    if not isinstance(given.get("player"), str):
        return None
    return f"remedy_variant.make_up_{given.get('act', 'discard')}"


# Steps said another way where their parameters say so.
_STEP_VARIANTS = {
    "none": _none_variant,
    "correct_cost": _correct_cost_variant,
    "opponent_chooses_default_action": _default_action_variant,
    "resolve_now_or_next_phase": _resolve_variant,
    "make_up_draw_or_discard": _make_up_variant,
}


def remedy_params(ruling: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Each remedy step's parameters, by remedy id, in a ruling dict (`Ruling.to_dict()`)."""
    return {str(step["remedy"]): dict(step["params"]) for step in ruling["remedy"]}


def _checked(text: str, where: str) -> str:
    if _PLACEHOLDER.search(text):
        raise QuestionError(f"unfilled placeholder in {where!r}: {text!r}")
    return text
