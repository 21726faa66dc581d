"""Workbench stories (issue 30, point 5): a situation a mentor or the committee built from a
form of facts, told with the phrase banks and keyed by the engine.

A template draws its facts with a seed; a workbench story has them typed in. Both are told
the same way: language-neutral `Sentence`s rendered with the per-language phrase banks (the
`wb.*` sentences tell the facts any story can have), and the key is the engine's ruling of the
very situation told, never typed by a person. Only free-form questions are built: options
and stated rulings come from a template's near misses, which a typed story has none of.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rulings.core import Situation, evaluate
from rulings.core.policy import load_policy
from rulings.core.questions import render
from rulings.core.questions.build import Scenario, _question, remedy_asked
from rulings.core.questions.catalog import people
from rulings.core.questions.errors import QuestionError
from rulings.core.questions.model import KeyParts, Question
from rulings.core.questions.story import setup
from rulings.core.questions.template import Count, Draft, Parts, Sentence, Template, Term, s

TEMPLATE_ID = "workbench"
TEMPLATE_VERSION = 1

# The topic a workbench question is filed under, by the infraction the engine ruled.
_TOPIC_BY_INFRACTION = {
    "missed_trigger": "missed_trigger",
    "forgetting_to_score": "scoring",
    "overpayment": "overpayment",
    "mispayment_for_cost": "payment",
    "general_error": "general_error",
    "game_rule_violation": "game_rule_violation",
    "failure_to_maintain_game_state": "opponent_duties",
    "cheating": "cheating",
    "no_infraction": "no_infraction",
}
# Game play errors the workbench tells in a sentence of their own (phrase banks).
GAME_ERRORS = (
    "game_rule_violation",
    "failure_to_maintain_game_state",
    "general_error",
    "forgetting_to_draw_cards",
    "looking_at_extra_cards",
    "channeling_too_many_runes",
    "channeling_too_few_runes",
    "drawing_extra_cards",
    "facedown_card_error",
    "mulligan_procedure_error",
    "forgetting_to_ready",
)


def subjects(policy_version: str) -> tuple[str, ...]:
    """The subjects (trigger, payment, score, game_error) this policy version covers."""
    covered = {rule.subject for rule in load_policy(policy_version).classify}
    return tuple(s for s in ("trigger", "payment", "score", "game_error") if s in covered)


def game_errors(policy_version: str) -> tuple[str, ...]:
    """The game play errors the workbench can tell that this policy version knows."""
    known = load_policy(policy_version).infractions
    return tuple(kind for kind in GAME_ERRORS if kind in known)


def topics(situation: Mapping[str, Any], infraction: str) -> tuple[str, ...]:
    found = [_TOPIC_BY_INFRACTION.get(infraction, "game_play_errors")]
    if (situation.get("history") or {}).get("warnings"):
        found.append("repeated_warnings")
    if len(situation["players"]) > 2:
        found.append("multiplayer")
    return tuple(found)


def error_player(situation: Mapping[str, Any]) -> str:
    """The player the story is about: the trigger's controller, the payer, the scorer, or the
    player who made the error."""
    for subject in ("trigger", "payment", "score", "game_error"):
        data = situation.get(subject)
        if data:
            return str(data.get("controller") or data.get("player") or situation["turn_player"])
    raise QuestionError("a workbench story needs a subject")


def sentences(situation: Mapping[str, Any], trigger_name: str = "") -> tuple[Sentence, ...]:
    """The story's sentences, in order: the event, whose turn, the subject and what happened
    after it, when it was noticed, what can be undone, advantage, intent and earlier Warnings."""
    game = str(situation["game"])
    order = tuple(situation["players"])
    player = error_player(situation)
    told: list[Sentence] = [
        setup(game, order, str(situation.get("opl", "competitive"))),
        s("wb.turn", now=str(situation["turn_player"])),
    ]
    told += _subject(situation, player, trigger_name)
    if not situation.get("events"):
        noticed = situation.get("noticed") or {}
        told.append(s(f"wb.noticed.{noticed.get('when', 'same_action')}"))
        by = noticed.get("by", "unstated")
        if by != "unstated":
            told.append(s(f"wb.noticed_by.{by}", player=player))
    told.append(s(f"wb.rewind.{situation.get('rewind', 'simple')}"))
    told.append(s(f"wb.advantage.{bool(situation.get('advantageous'))}".lower(), player=player))
    told.append(s(f"wb.intent.{situation.get('intent', 'none')}", player=player))
    told.append(_history(situation, player))
    return tuple(told)


def _subject(situation: Mapping[str, Any], player: str, name: str) -> list[Sentence]:
    if situation.get("trigger"):
        return _trigger(situation, player, name)
    if situation.get("payment"):
        pay = situation["payment"]
        told = [s("wb.payment", player=player, cost=str(pay["cost"]), paid=str(pay["paid"]))]
        if pay.get("wrong_requirements"):
            told.append(s("wb.payment.wrong_requirements", player=player))
        told.append(s(f"wb.payment.caused.{bool(pay.get('caused_result'))}".lower()))
        told.append(s(f"wb.payment.correctable.{pay.get('correctable', True)}".lower()))
        return told
    if situation.get("score"):
        score = situation["score"]
        told = [s(f"score.{score['source']}", player=player)]
        told.append(
            s("score.determinable" if score.get("determinable", True) else "score.undeterminable")
        )
        return told
    kind = str(situation["game_error"]["kind"])
    if kind not in GAME_ERRORS:
        raise QuestionError(f"game_error.kind: the workbench cannot tell {kind!r}")
    return [s(f"wb.error.{kind}", player=player)]


def _trigger(situation: Mapping[str, Any], player: str, name: str) -> list[Sentence]:
    trig = situation["trigger"]
    nature = "may" if trig.get("optional") else "must"
    told = [
        s(
            f"wb.trigger.{nature}",
            player=player,
            name=name or str(trig.get("name") or "") or "…",
            what=Term(f"wb.kind.{trig.get('kind') or 'unstated'}"),
        )
    ]
    if trig.get("symmetric"):
        told.append(s(f"wb.symmetric.{trig.get('symmetric_effect', 'beneficial')}"))
    elif trig.get("detrimental"):
        told.append(s("wb.detrimental", player=player))
    turn = 0
    for event in situation.get("events", ()):
        if event.get("turn", 0) != turn:
            turn = int(event["turn"])
            told.append(s("wb.later", turns=Count("turns", turn)))
        actor = str(event["by"])
        told.append(s(f"wb.event.{event['action']}", actor=actor, player=player))
    return told


def _history(situation: Mapping[str, Any], player: str) -> Sentence:
    warnings = (situation.get("history") or {}).get("warnings") or {}
    if not warnings:
        return s("history.none", player=player)
    told = tuple(
        ("wb.history", (("count", Count("warnings", n)), ("what", Term(f"infraction.{k}"))))
        for k, n in sorted(warnings.items())
    )
    return s("history.list", player=player, warnings=Parts(told))


def with_names(situation: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """The situation with every player id renamed (`names`: old id to new); the engine's ids
    are the names a story tells, so a rename is a deep replace of exact values."""

    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, dict):
            return {k: (v if k in _FREE_TEXT else walk(v)) for k, v in value.items()}
        return value

    renamed = walk(dict(situation))
    assert isinstance(renamed, dict)
    return renamed


_FREE_TEXT = frozenset({"game", "policy_version", "name", "says", "description", "kind", "action"})


def pooled_names(situation: Mapping[str, Any], seed: int) -> dict[str, str]:
    """New names for the story's players from the active pools' people (the public list when
    the installation has no private pools): for stories meant for exams, whose typed names
    could be recognised from practice."""
    order = list(situation["players"])
    choices = [n for n in people(str(situation["game"])) if n not in order]
    if len(choices) < len(order):
        raise QuestionError("players: the name pool is too small for this story")
    picked = random.Random(f"{TEMPLATE_ID}|names|{seed}").sample(choices, len(order))
    return dict(zip(order, picked, strict=True))


def workbench_question(
    situation: Mapping[str, Any], *, lang: str, trigger_name: str = "", seed: int = 0
) -> Question:
    """The free-form question telling `situation` in `lang`, keyed by the engine
    (SituationError names the bad field; QuestionError when the story cannot be told)."""
    data = dict(situation)
    ruling = evaluate(Situation.from_dict(data))
    ruling_dict = ruling.to_dict()
    told = sentences(data, trigger_name)
    draft = Draft(situation=data, sentences=told)
    tpl = Template(
        id=TEMPLATE_ID,
        version=TEMPLATE_VERSION,
        game=str(data["game"]),
        topics=topics(data, ruling.infraction),
        summary="A story built on the scenario workbench",
        build=lambda _rng: draft,
    )
    key = KeyParts.from_ruling(ruling_dict)
    sc = Scenario(tpl, seed, draft, data, ruling, ruling_dict, key)
    rng = random.Random(f"{TEMPLATE_ID}|{seed}|render|{lang}")
    stem = render.stem(lang, told, rng)
    asked = remedy_asked(key)
    stem += " " + render.sentence(
        lang, s("ask.free_form" if asked else "ask.free_form_no_remedy"), rng
    )
    params = render.remedy_params(ruling_dict)
    if data.get("turn_control") and ruling_dict.get("accountable_player"):
        params["penalty"] = {"to": str(ruling_dict["accountable_player"])}
    key_text = render.parts_text(lang, key, params, remedy=asked)
    return _question(sc, lang, "free_form", stem, key_text, (), None)


__all__ = [
    "GAME_ERRORS",
    "game_errors",
    "pooled_names",
    "subjects",
    "with_names",
    "workbench_question",
]
