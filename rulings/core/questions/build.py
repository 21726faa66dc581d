"""One question: (template, seed, language, kind) -> Question, keyed by the engine."""

from __future__ import annotations

import copy
import json
import logging
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any

from rulings.core import (
    Ruling,
    RulingsError,
    Situation,
    evaluate,
    explain,
    load_policy,
    statement,
)
from rulings.core.questions import distractors as named_distractors
from rulings.core.questions import options, render
from rulings.core.questions.errors import KindUnavailable, QuestionError
from rulings.core.questions.model import (
    KINDS,
    PARTS,
    KeyParts,
    Option,
    Question,
    WrongPart,
    canonical_json,
    content_hash,
)
from rulings.core.questions.nearmiss import near_misses
from rulings.core.questions.pools import Pools, current_pools, using_pools
from rulings.core.questions.story import next_in_order
from rulings.core.questions.template import REGISTRY, Draft, Sentence, Template, s, template_rng
from rulings.core.questions.twists import no_infraction_twist
from rulings.core.told import Told, told_as_events

log = logging.getLogger(__name__)

LABELS = "ABCD"
# Remedies whose text names who chooses ({chooser} in the phrase banks).
CHOOSER_REMEDIES = frozenset(
    {
        "opponent_chooses_resolve_or_skip",
        "opponent_chooses_put_on_stack",
        "opponent_chooses_default_action",
        "resolve_now_or_next_phase",
    }
)
# A missed trigger's fixes: never stated with another infraction.
TRIGGER_REMEDIES = CHOOSER_REMEDIES | {"resolve_immediately"}
CHOICES = 4
WRONG_PART_POOL = 8  # near misses searched for a one-part difference
DESIGN_POOL = (
    WRONG_PART_POOL  # near misses whose values a balanced option set may use (shared cache)
)
FREE_FORM_NEAR_MISSES = 1  # the first pivot's ruling: the confusion the template is about
# Of eligible Missed Trigger items, those stating a "no infraction" fix. Riftbound's eligible
# stories are only those of a costly trigger missed with no benefit since review 10's dead
# "No penalty" parts were settled (h27d), so all of them are needed.
LOOKALIKE_SHARE = {"mtg": 0.5, "riftbound": 1.0}
PLAUSIBLE_INFRACTIONS = {
    "riftbound": (
        "missed_trigger",
        "general_error",
        "no_infraction",
        "overpayment",
        "mispayment_for_cost",
        "forgetting_to_score",
        "failure_to_maintain_game_state",
    ),
    "mtg": (
        "missed_trigger",
        "game_rule_violation",
        "no_infraction",
        "failure_to_maintain_game_state",
    ),
}
PLAUSIBLE_REMEDIES = {
    "riftbound": (
        "opponent_chooses_resolve_or_skip",
        "continue_play",
        "simple_rewind",
        "correct_cost",
        "correct_score",
        "none",
    ),
    "mtg": (
        "opponent_chooses_put_on_stack",
        "opponent_chooses_default_action",
        "resolve_now_or_next_phase",
        "continue_play",
        "simple_backup",
        "none",
    ),
}
LADDER = ("no_penalty", "warning", "game_loss", "match_loss", "disqualification")
# Remedies that mean the same to a candidate: an option or a stated part differing from the key
# only by one of these is not wrong ("nothing to fix" / "play continues").
SAME_MEANING = (
    frozenset({"none", "continue_play"}),
    frozenset({"simple_rewind", "simple_backup"}),
    # IPG 2.5 corrects a Game Rule Violation by a simple backup or the listed partial fix (the
    # seed: "a backup or the appropriate partial fix"): an item never offers one as right and
    # the other as wrong, nor states one as the wrong part where the key is the other.
    frozenset({"simple_backup", "make_up_draw_or_discard"}),
    frozenset({"simple_backup", "return_to_correct_zone"}),
)
# A Game Loss or more ends the game: the remedy no longer changes anything, so rulings that
# differ from the key only in the remedy are not wrong.
GAME_ENDING = frozenset({"game_loss", "match_loss", "disqualification"})
FTMGS = "failure_to_maintain_game_state"
SPECIAL_REMEDIES = ("none", "continue_play")
# What a "No infraction" ruling may say about the game: nothing to fix, play continues, or (a
# candidate's confusion, never a key) the judge reminding a player of a pending trigger. Never a
# fix that presumes an error: "No infraction — the trigger never resolves" (or "— the opponent
# chooses", "— simple rewind") contradicts itself (review 16: mu-012, 020, 022, 024, 037, 045).
NO_INFRACTION_REMEDIES = (*SPECIAL_REMEDIES, named_distractors.JUDGE_REMINDS)
# Remedies that undo actions: only a ruling with one of these says who performs the rewind
# ("play continues as it is; rewind performed by any judge" contradicts itself).
REWIND_REMEDIES = frozenset({"rewind", "simple_rewind", "simple_backup"})
_REASONING_LINE = re.compile(r"^\d+\. \[")


@dataclass(frozen=True)
class NearMiss:
    fact: str
    parts: KeyParts
    ruling: dict[str, Any]


@dataclass(frozen=True)
class Scenario:
    """Everything about a (template, seed) that does not depend on language or kind."""

    template: Template
    seed: int
    draft: Draft
    situation: dict[str, Any]
    ruling: Ruling
    ruling_dict: dict[str, Any]
    key: KeyParts
    pools: Pools | None = None  # the private pools the story was drawn with (None: public)

    @cached_property
    def stored(self) -> Told:
        """The situation as a question carries and the bank stores it: told as events, with
        the ruling of that form (the same key and steps; `derived` says what the engine
        concluded from the events). Templates build, and mutations change, the conclusions
        form (`situation`). A story whose events would not derive back to the same conclusions
        keeps that form, and says so in the log (a test keeps every template clear of it)."""
        told = told_as_events(self.situation, self.ruling_dict)
        if told.kept is not None:
            log.warning(
                "%s seed %s kept as conclusions: %s", self.template.id, self.seed, told.kept
            )
        return told


def get_template(template_id: str) -> Template:
    try:
        return REGISTRY[template_id]
    except KeyError:
        raise QuestionError(f"unknown template {template_id!r}") from None


@lru_cache(maxsize=16384)
def scenario(
    template_id: str, seed: int, policy_version: str | None = None, pools: Pools | None = None
) -> Scenario:
    """The story and its key; drawn with `pools` (not the caller's), so the cache stays right."""
    tpl = get_template(template_id)
    with using_pools(pools):
        draft = tpl.build(template_rng(tpl.id, tpl.version, seed))
    situation = dict(draft.situation)
    if policy_version is not None:
        situation["policy_version"] = policy_version
    ruling = evaluate(Situation.from_dict(situation))
    data = ruling.to_dict()
    return Scenario(tpl, seed, draft, situation, ruling, data, key_parts(tpl, data), pools)


def key_parts(tpl: Template, ruling: dict[str, Any]) -> KeyParts:
    """The parts a question compares; the round cycle only for templates about it."""
    return KeyParts.from_ruling(ruling, cycle="round_cycle" in tpl.topics)


@lru_cache(maxsize=16384)
def _near_misses(
    template_id: str,
    seed: int,
    policy_version: str | None,
    limit: int = WRONG_PART_POOL,
    pools: Pools | None = None,
) -> tuple[NearMiss, ...]:
    """Up to `limit` distinct near-miss rulings that differ from the key, pivots first."""
    sc = scenario(template_id, seed, policy_version, pools)
    seen = {sc.key}
    found: list[NearMiss] = []
    for fact, _changed, ruling in near_misses(sc.situation, sc.template.pivots):
        parts = key_parts(sc.template, ruling)
        fresh = parts not in seen and not _also_right(sc.key, parts)
        fits = _infraction_fits(sc, parts.infraction)
        if fresh and fits and not _alike(sc.key, parts) and coherent(parts):
            seen.add(parts)
            found.append(NearMiss(fact, parts, ruling))
            if len(found) >= limit:
                break
    return tuple(found)


def _also_right(key: KeyParts, parts: KeyParts) -> bool:
    """A near miss a judge could defend for the key's facts: at high OPL the head judge may
    perform a longer rewind too (TR 701.5.c), so "by the head judge" is not wrong there; and a
    remedy that means the same as the key's ("play continues" for "nothing to fix")."""
    if replace(parts, remedy=key.remedy) == key and _same_remedy(key.remedy, parts.remedy):
        return True
    if _remedy_moot(key) and replace(parts, remedy=key.remedy, rewind_by=key.rewind_by) == key:
        return True
    return (
        key.rewind_by == "head_judge_or_appeals_judge"
        and parts.rewind_by == "head_judge"
        and replace(parts, rewind_by=key.rewind_by) == key
    )


# A remedy the key states only as "the fix that section describes" (TR 702's other game play
# errors): a candidate cannot tell it right or wrong against a rewind or "play continues".
SECTION_FIX = ("apply_section_procedure",)


def _remedy_moot(key: KeyParts) -> bool:
    """No remedy could be told wrong against the key's: the game is over (a Game Loss or
    more), or the key's fix is only "the fix that section describes"."""
    return key.penalty in GAME_ENDING or key.remedy == SECTION_FIX


def _alike(key: KeyParts, parts: KeyParts) -> bool:
    """The key's infraction and penalty with a fix meaning the same (or, for a Game Rule
    Violation, the other fix IPG 2.5 allows): whatever else differs, such an option would set
    a right fix against a right fix."""
    return (
        (parts.infraction, parts.penalty) == (key.infraction, key.penalty)
        and parts.remedy != key.remedy
        and _same_remedy(key.remedy, parts.remedy)
    )


def _same_remedy(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    if len(a) != len(b):
        return False
    return all(
        x == y or any({x, y} <= group for group in SAME_MEANING) for x, y in zip(a, b, strict=True)
    )


def after_rewind(parts: KeyParts) -> bool:
    """A General Error about a missed trigger, rewound, then the Missed Trigger's own fix
    (policy notes, committee decisions for exam items, 2026-12-06: a self-applied trigger's
    error keeps the Missed Trigger's remedy after the rewind)."""
    return (
        parts.infraction == "general_error"
        and len(parts.remedy) > 1
        and parts.remedy[0] in (*REWIND_REMEDIES, "continue_play")
        and all(r in TRIGGER_REMEDIES for r in parts.remedy[1:])
    )


def coherent(parts: KeyParts) -> bool:
    """A ruling a candidate could give: no penalty and nothing to fix without an infraction
    ("no infraction, and the opponent chooses whether the trigger goes on the stack" answers
    itself), never a Match Loss for a game play error, a Disqualification only for Cheating."""
    if parts.infraction == "no_infraction" and (
        parts.penalty != "no_penalty" or any(r not in NO_INFRACTION_REMEDIES for r in parts.remedy)
    ):
        return False
    if parts.infraction != "no_infraction" and named_distractors.JUDGE_REMINDS in parts.remedy:
        # Any infraction's own fix says what happens to the trigger.
        return False
    if parts.penalty == "match_loss":
        return False
    if parts.rewind_by and not any(r in REWIND_REMEDIES for r in parts.remedy):
        return False
    if (
        parts.infraction != "missed_trigger"
        and any(r in TRIGGER_REMEDIES for r in parts.remedy)
        and not after_rewind(parts)
    ):
        # "Game Rule Violation — the opponent chooses whether the trigger goes on the stack":
        # a missed trigger's fix belongs to a Missed Trigger only, or follows the rewind of a
        # General Error about that missed trigger (committee decision, see `after_rewind`).
        return False
    # A Disqualification only for Cheating, and Cheating only with its Disqualification:
    # "Cheating — Warning" is an option nobody who knows the penalty would pick (review 14:
    # mu-026).
    return (parts.penalty == "disqualification") == (parts.infraction == "cheating")


def _remedy_params(sc: Scenario, ruling: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """A ruling's remedy parameters, with who makes up a missed draw or discard and which
    (the template's `make_up` fact): the committee's remedies are concrete, "Paula discards a
    card now", never "whoever did not draw or discard does so now" (review 12: fr-045)."""
    params = render.remedy_params(ruling)
    make_up = sc.draft.facts.get("make_up")
    if isinstance(make_up, Mapping) and "make_up_draw_or_discard" in params:
        params["make_up_draw_or_discard"] = {**params["make_up_draw_or_discard"], **make_up}
    return params


def _key_params(sc: Scenario) -> dict[str, dict[str, Any]]:
    """The key's remedy parameters by step and, where one player controls another's turn, who
    receives the penalty (`penalty.to`): the committee decision says items must say who
    (review 8, fi-009)."""
    params = _remedy_params(sc, sc.ruling_dict)
    if sc.situation.get("turn_control") and sc.ruling_dict.get("accountable_player"):
        params["penalty"] = {"to": str(sc.ruling_dict["accountable_player"])}
    return params


def build_question(
    template_id: str, seed: int, lang: str, kind: str, policy_version: str | None = None
) -> Question:
    if kind not in KINDS:
        raise QuestionError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    sc = scenario(template_id, seed, policy_version, current_pools())
    tpl = sc.template
    rng = template_rng(tpl.id, tpl.version, seed, f"render|{lang}")
    stem = render.stem(lang, _for_kind(sc.draft.sentences, kind), rng)
    key_choosers = _key_params(sc)
    asked = remedy_asked(sc.key)
    key_text = render.parts_text(lang, sc.key, key_choosers, remedy=asked)
    options: tuple[Option, ...] = ()
    wrong: WrongPart | None = None
    near: tuple[KeyParts, ...] = ()
    if kind == "multiple_choice":
        options = _options(sc, lang, policy_version, key_choosers)
    elif kind == "find_the_wrong_part":
        wrong = _wrong_part(sc, lang, policy_version, key_choosers)
    else:
        misses = _near_misses(tpl.id, seed, policy_version, FREE_FORM_NEAR_MISSES, sc.pools)
        near = tuple(miss.parts for miss in misses)
    # The stem ends with the question; options and the stated ruling are fields of their own.
    # Where the seeds give no concrete fix (TR 702's other errors), the remedy is not asked.
    ask = f"ask.{kind}" if asked or kind == "multiple_choice" else f"ask.{kind}_no_remedy"
    settled = [p for p in PARTS if wrong is not None and asked and p not in wrong.pickable]
    if settled:
        # The part no near miss changes is given as right: only parts a candidate could doubt
        # are offered (review 8: 40 of 45 items had a part nobody would pick).
        ask = f"ask.find_the_wrong_part_settled_{settled[0]}"
    stem += " " + render.sentence(lang, s(ask), rng)
    return replace(_question(sc, lang, kind, stem, key_text, options, wrong), near_misses=near)


# A story's "say also ..." asks, as a choice question words them: its answer is a choice,
# with no place to say anything, so the stem says what a correct ruling states instead.
CHOICE_ASKS = {
    "score.ask_cycle": "score.ask_cycle_choice",
    "rewind.ask_who": "rewind.ask_who_choice",
    "penalty.ask_who": "penalty.ask_who_choice",
}


def _for_kind(sentences: tuple[Sentence, ...], kind: str) -> tuple[Sentence, ...]:
    if kind == "free_form":
        return sentences
    return tuple(replace(line, key=CHOICE_ASKS.get(line.key, line.key)) for line in sentences)


def _question(
    sc: Scenario,
    lang: str,
    kind: str,
    stem: str,
    key_text: str,
    options: tuple[Option, ...],
    wrong: WrongPart | None,
) -> Question:
    content = {
        "game": sc.template.game,
        "policy_version": sc.ruling.policy_version,
        "lang": lang,
        "kind": kind,
        "stem": stem,
        # The hash is over the conclusions form, as before stories were stored as events
        # (issue 30): a question keeps its identity whichever form the bank holds it in.
        "situation": sc.situation,
        "key": sc.key.to_dict(),
        "options": [[o.label, o.text, o.correct] for o in options],
        "wrong_part": wrong.to_dict() if wrong else None,
    }
    return Question(
        template_id=sc.template.id,
        template_version=sc.template.version,
        seed=sc.seed,
        game=sc.template.game,
        policy_version=sc.ruling.policy_version,
        lang=lang,
        kind=kind,
        stem=stem,
        situation=_copy_tree(sc.stored.situation),
        ruling=_copy_tree(sc.stored.ruling),
        key=sc.key,
        key_text=key_text,
        options=options,
        wrong_part=wrong,
        explanation=explanation(sc, lang, key_text),
        topics=sc.template.topics,
        difficulty=difficulty(sc, kind),
        content_hash=content_hash(content),
    )


def _copy_tree(value: Any) -> Any:
    """A deep copy of JSON-like data (plain dicts, lists and tuples of scalars), a few times
    faster than ``copy.deepcopy``, which stays the path for anything else. The question must
    not share the cached scenario's dicts: a caller changing them would change the cache."""
    kind = type(value)
    if kind is dict:
        return {key: _copy_tree(item) for key, item in value.items()}
    if kind is list:
        return [_copy_tree(item) for item in value]
    if kind is tuple:
        return tuple(_copy_tree(item) for item in value)
    if value is None or kind in (str, int, float, bool):
        return value
    return copy.deepcopy(value)


def _options(
    sc: Scenario, lang: str, policy_version: str | None, key_choosers: dict[str, dict[str, Any]]
) -> tuple[Option, ...]:
    """A balanced design (options.py) over the key and real confusions; only when none exists,
    the key, its near misses, then plausible padding. `key_choosers` are the key's remedy
    parameters (read, never changed)."""
    design = _design(
        sc.template.id, sc.seed, policy_version, sc.pools, options.current_confusions()
    )
    picked = [(c.parts, {k: dict(v) for k, v in c.params.items()}, c.origin) for c in design or ()]
    if not picked:
        picked = _padded_options(sc, policy_version, key_choosers)
    order = template_rng(sc.template.id, sc.template.version, sc.seed, "options")
    order.shuffle(picked)
    asked = remedy_asked(sc.key)
    return tuple(
        Option(
            LABELS[i],
            render.parts_text(lang, parts, choosers, remedy=asked),
            parts,
            parts == sc.key,
            origin,
        )
        for i, (parts, choosers, origin) in enumerate(picked)
    )


Picked = list[tuple[KeyParts, dict[str, dict[str, Any]], str]]


@lru_cache(maxsize=16384)
def _design(
    template_id: str,
    seed: int,
    policy_version: str | None,
    pools: Pools | None,
    confusions: options.Confusions | None,
) -> tuple[options.Choice, ...] | None:
    """The balanced option set of a scenario (the same in every language), or None."""
    sc = scenario(template_id, seed, policy_version, pools)
    key_choosers = _key_params(sc)
    misses = _near_misses(sc.template.id, sc.seed, policy_version, DESIGN_POOL, sc.pools)
    alternatives = options.ranked(_alternatives(sc, misses, confusions))
    if not remedy_asked(sc.key) or _remedy_moot(sc.key):
        alternatives["remedy"] = []  # the remedy is not asked, or the game is over
    exact = {m.parts: m.fact for m in reversed(misses)}
    rng = template_rng(sc.template.id, sc.template.version, sc.seed, "design")
    design = options.balanced(
        options.Choice(sc.key, key_choosers, "key"),
        alternatives,
        lambda choice: (
            _distractor_fits(sc, choice.parts, chosen=_named_infraction(choice.origin))
            and _pending_fits(choice)
        ),
        _same_meaning,
        exact,
        rng,
        _look,
        _lone_values(sc, alternatives),
        _clause,
    )
    return tuple(design) if design is not None else None


def _named_infraction(origin: str) -> bool:
    """The option's infraction is one candidates gave for this template (item analysis) or a
    confusion the template names (distractors.py): a wrong answer someone would pick, even
    where the story's facts alone would not suggest it."""
    return "infraction=candidates:" in origin or "infraction=confusion:" in origin


# Infractions a story can set against the key in one option only: "No infraction" takes no
# penalty and nothing to fix, so no two options can carry it (review 9, finding 5).
LONE_INFRACTIONS = ("no_infraction",)


def _lone_values(sc: Scenario, alternatives: dict[str, list[options.Value]]) -> dict[str, int]:
    """The infraction alternative that may stand alone in one distractor: "No infraction" where
    a near miss of the story is ruled so (the trigger acknowledged, not yet forgotten, without
    impact), so that across the bank it is a distractor more often than the key."""
    if sc.key.infraction in LONE_INFRACTIONS:
        return {}
    for index, value in enumerate(alternatives.get("infraction", ())):
        if dict(value.fields).get("infraction") in LONE_INFRACTIONS:
            return {"infraction": index}
    return {}


def _alternatives(
    sc: Scenario, misses: tuple[NearMiss, ...], confusions: options.Confusions | None
) -> list[options.Value]:
    """Wrong values for each part: candidates' own answers, near misses, the adjacent penalty,
    then the game's other fixes and infractions."""
    found = [
        *_candidates_values(sc, options.confusions_for(confusions, sc.template.id)),
        *_near_miss_values(sc, misses),
        *_named_values(sc),
        *_ladder_and_other_values(sc),
        *_clause_alternatives(sc),
    ]
    if sc.situation.get("payment") and sc.key.infraction in PAYMENT_INFRACTIONS:
        # The other payment section is the confusion offered (review 7: mu-008, mu-020), not
        # a General Error that a near miss (the overpayment causing a result) would bring.
        found = [v for v in found if v.part != "infraction" or _payment_value(v)]
    return [v for v in found if v.part != "remedy" or _remedy_value_fits(sc, v)]


def _candidates_values(sc: Scenario, given: Mapping[str, tuple[str, ...]]) -> list[options.Value]:
    """The wrong values candidates gave for this template (item analysis), part by part."""
    key, weight = sc.key, options.WEIGHT["candidates"]
    found: list[options.Value] = []
    for name in given.get("infraction", ()):
        if name != key.infraction and _infraction_fits(sc, name, chosen=True):
            parts = replace(key, infraction=name)
            found.append(options.Value.of("infraction", parts, {}, weight, f"candidates:{name}"))
    for name in given.get("penalty", ()):
        if name != key.penalty and name in LADDER:
            parts = replace(key, penalty=name)
            found.append(options.Value.of("penalty", parts, {}, weight, f"candidates:{name}"))
    for name in given.get("remedy", ()):
        if (name,) != key.remedy and _fits(sc, name) and name not in SECTION_FIX:
            rewinds = name in REWIND_REMEDIES
            parts = replace(key, remedy=(name,), rewind_by=key.rewind_by if rewinds else None)
            choosers = _with_choosers(sc, parts, {})
            found.append(options.Value.of("remedy", parts, choosers, weight, f"candidates:{name}"))
    return found


def _near_miss_values(sc: Scenario, misses: tuple[NearMiss, ...]) -> list[options.Value]:
    """Each part in which a near miss's ruling differs from the key."""
    found = []
    for miss in misses:
        origin = f"near_miss:{miss.fact}"
        params = _remedy_params(sc, miss.ruling)
        for part in PARTS:
            value = options.Value.of(part, miss.parts, params, options.WEIGHT["near_miss"], origin)
            if value.fields != options.Value.of(part, sc.key, {}, 0, "").fields:
                found.append(value)
    return found


def _named_values(sc: Scenario) -> list[options.Value]:
    """The confusions the template names (distractors.py)."""
    return [
        options.Value.of(
            confusion.part,
            confusion.parts,
            confusion.params,
            options.WEIGHT["confusion"],
            confusion.origin,
        )
        for confusion in named_distractors.distractors(
            sc.template.distractors, sc.key, sc.situation
        )
    ]


def _ladder_and_other_values(sc: Scenario) -> list[options.Value]:
    """The adjacent penalty, the game's other fixes, then its other infractions."""
    key, weight = sc.key, options.WEIGHT
    found = [
        options.Value.of("penalty", parts, {}, weight["ladder"], f"ladder:{how}")
        for parts, how in _ladder(key, sc.template.topics)
    ]
    for parts, how in _other_remedies(sc):
        choosers = _with_choosers(sc, parts, {})
        found.append(options.Value.of("remedy", parts, choosers, weight["other"], how))
    for name in _candidate_infractions(sc):
        if name != key.infraction and _infraction_fits(sc, name):
            parts = replace(key, infraction=name)
            found.append(
                options.Value.of("infraction", parts, {}, weight["other"], f"infraction:{name}")
            )
    return found


def _clause_alternatives(sc: Scenario) -> list[options.Value]:
    """Wrong values of the clauses a part carries, so that a clause the stem asks about is not
    the same in every option (review 17, finding 6: the round-cycle clause and "Lena: Failure to
    Maintain Game State" were in all four options, so nothing tested them): the round cycle
    ending with another player's next turn (whose turn ends it is the confusion; the option
    still agrees with the turns told, `_cycle_told`), and a silent witness left unpenalised."""
    key, weight = sc.key, options.WEIGHT["confusion"]
    found = []
    order = tuple(sc.situation.get("players") or ())
    if key.cycle_ends is not None:
        begun = turns_begun_since_error(sc.situation)
        for player in order:
            if player != key.cycle_ends:
                parts = replace(key, cycle_ends=player, cycle_passed=player in begun)
                found.append(options.Value.of("remedy", parts, {}, weight, "clause:cycle"))
    if key.additional:
        # The witness left unpenalised, with the key's penalty or the one next to it.
        for parts in (key, *(p for p, _how in _ladder(key, sc.template.topics))):
            unpenalised = replace(parts, additional=())
            found.append(
                options.Value.of("penalty", unpenalised, {}, weight, "clause:witness_unpenalised")
            )
    return found


def _payment_value(value: options.Value) -> bool:
    return dict(value.fields).get("infraction") in PAYMENT_INFRACTIONS


def _remedy_value_fits(sc: Scenario, value: options.Value) -> bool:
    """A concrete fix that differs in meaning from the key's, or in its round-cycle clause."""
    fields = dict(value.fields)
    remedy = fields["remedy"]
    if any(r in SECTION_FIX for r in remedy):
        return False
    cycle = (fields["cycle_ends"], fields["cycle_passed"])
    return cycle != (sc.key.cycle_ends, sc.key.cycle_passed) or not _same_remedy(
        remedy, sc.key.remedy
    )


def _pending_fits(choice: options.Choice) -> bool:
    """ "The trigger resolves now" is the fix of a pending trigger, one not missed: it goes with
    "No infraction" only ("Missed Trigger — Warning — the trigger resolves now" contradicts
    itself, and the grader cannot credit those words as a fix with confidence)."""
    pending = choice.params.get("none", {}).get("trigger_resolves_now") is True
    return (
        not pending
        or "none" not in choice.parts.remedy
        or (choice.parts.infraction == "no_infraction")
    )


_CLAUSE = re.compile(r"[:;(]")


def _look(choice: options.Choice) -> bool:
    """Whether the option's fix carries an appended clause (who rewinds, the round cycle, a
    note in parentheses): a clause only the key carried would point to it (review 2)."""
    parts = choice.parts
    fix = render.remedy_text("en", parts.remedy, choice.params)
    return bool(parts.rewind_by or parts.cycle_ends is not None or _CLAUSE.search(fix))


def _clause(choice: options.Choice) -> tuple[Any, ...]:
    """The clauses an option appends that the stem asks about: the round cycle and other
    players' penalties (None for a clause it does not carry)."""
    parts = choice.parts
    cycle = None if parts.cycle_ends is None else (parts.cycle_ends, parts.cycle_passed)
    return (cycle, parts.additional or None)


def _story_allows(sc: Scenario, parts: KeyParts) -> bool:
    """No fix the story itself rules out: a rewind or backup where it says nobody can
    reconstruct the earlier game (review 7: mu-020, mu-032, mu-033), a corrected score where
    it says nobody can tell what the score should be; a simple rewind or backup "of the last
    action" for an error a turn or more old, and any rewind for a silent witness whose
    player's error is handled separately (review 9: mu-001, 004, 008, 017, 031; mu-003,
    016); a rewind beyond the last action where the error is the last action (review 13)."""
    rewinds = any(r in REWIND_REMEDIES for r in parts.remedy)
    if sc.situation.get("rewind") == "none" and rewinds:
        return False
    if sc.situation.get("rewind") == "simple" and "rewind" in parts.remedy:
        # The story says the error is the last action, nothing since: there is nothing beyond
        # it to rewind (review 13: mu-035).
        return False
    if _error_turns_old(sc) and any(r in LAST_ACTION_REMEDIES for r in parts.remedy):
        return False
    if rewinds and (sc.situation.get("game_error") or {}).get("kind") == FTMGS:
        return False
    if not _cycle_told(sc, parts):
        return False
    score = sc.situation.get("score") or {}
    return not (score.get("determinable") is False and "correct_score" in parts.remedy)


def _agrees_with_story(sc: Scenario, parts: KeyParts) -> bool:
    """The option's round cycle and its penalty agree with what the story tells (review 15)."""
    return _cycle_told(sc, parts) and _upgrade_told(sc, parts)


def _cycle_told(sc: Scenario, parts: KeyParts) -> bool:
    """The option's round cycle agrees with the turns the story tells: "it ended when P began
    their next turn" only where P has begun a turn since the error, "it ends when P begins
    their next turn" only where P has not (review 15: mu-023 A and D, mu-035 C said the cycle
    ended when a player began a turn the story had not reached)."""
    if parts.cycle_ends is None or parts.cycle_passed is None:
        return True
    return parts.cycle_passed == (parts.cycle_ends in turns_begun_since_error(sc.situation))


def turns_begun_since_error(situation: Mapping[str, Any]) -> frozenset[str]:
    """The players who have begun a turn since the error's turn, from the turn order and the
    turns elapsed (`noticed.turns_elapsed`)."""
    noticed = situation.get("noticed") or {}
    order = tuple(situation.get("players") or ())
    erred = str(noticed.get("error_turn_player") or "")
    turns = int(noticed.get("turns_elapsed") or 0)
    if erred not in order:
        return frozenset()
    return frozenset(next_in_order(order, erred, k) for k in range(1, turns + 1))


def _upgrade_told(sc: Scenario, parts: KeyParts) -> bool:
    """An option naming another infraction than the key's, where the story's earlier Warnings
    would make that infraction a Game Loss, carries the Game Loss: "Drawing Extra Cards — No
    penalty" beside two earlier Warnings for drawing extra cards is an answer nobody who
    counted them gives (review 15: mu-017 A)."""
    if parts.infraction == sc.key.infraction or parts.penalty in GAME_ENDING:
        return True
    warnings = (sc.situation.get("history") or {}).get("warnings") or {}
    if not warnings or parts.infraction in ("no_infraction", "cheating"):
        return True
    return _penalty_as(sc, parts.infraction) not in GAME_ENDING


def _penalty_as(sc: Scenario, infraction: str) -> str:
    """The penalty the engine gives the story's error ruled as `infraction` (a TR 702 game play
    error or a Game Rule Violation), with the story's earlier Warnings; "" where the story's
    error cannot be ruled so."""
    error = sc.situation.get("game_error")
    if not error:
        return ""
    asked = {**sc.situation, "game_error": {**error, "kind": infraction}}
    return _penalty_of(canonical_json(asked))


@lru_cache(maxsize=4096)
def _penalty_of(situation_json: str) -> str:
    try:
        ruling = evaluate(Situation.from_dict(json.loads(situation_json)))
    except RulingsError:
        return ""
    return ruling.penalty.final


# Fixes that undo the last action only: never the fix of an error a turn or more earlier.
LAST_ACTION_REMEDIES = frozenset({"simple_rewind", "simple_backup"})


def _error_turns_old(sc: Scenario) -> bool:
    """The story tells the error was made on an earlier turn than the one the judge is called
    in (`noticed.when` or the turns elapsed)."""
    noticed = sc.situation.get("noticed") or {}
    if noticed.get("turns_elapsed"):
        return True
    return noticed.get("when", "same_action") not in ("same_action", "same_turn")


def _distractor_fits(sc: Scenario, parts: KeyParts, *, chosen: bool = False) -> bool:
    """A wrong ruling a candidate could weigh for this story: coherent, wrong, a fix for the
    kind of problem told and not ruled out by it, a Game Loss only where upgrades are the
    subject."""
    key = sc.key
    if not coherent(parts) or _also_right(key, parts) or _alike(key, parts):
        return False
    if not _fix_fits(sc, parts) or not _infraction_fits(sc, parts.infraction, chosen=chosen):
        return False
    if not chosen and not _no_infraction_offered(sc, parts):
        return False
    if not _plausible(key, parts) or not _agrees_with_story(sc, parts):
        return False
    if parts.penalty == "game_loss" and key.penalty != "game_loss":
        return "penalty_upgrade" in sc.template.topics or parts.infraction == "cheating"
    return True


def _fix_fits(sc: Scenario, parts: KeyParts) -> bool:
    """A fix other than the key's is one the story allows, for the kind of problem told."""
    if parts.remedy == sc.key.remedy:
        return True
    return _story_allows(sc, parts) and all(_fits(sc, r) for r in parts.remedy)


def _no_infraction_offered(sc: Scenario, parts: KeyParts) -> bool:
    """A "No infraction" distractor only where the story has a twist that makes it a real
    confusion (`twists.py`); beside a plain miss nobody picks it (review 17: 10 of 45 items)."""
    if parts.infraction != "no_infraction" or sc.key.infraction == "no_infraction":
        return True
    return no_infraction_twist(sc.situation)


# The penalty ladder as candidates climb it (a Match Loss is never offered).
RUNGS = ("no_penalty", "warning", "game_loss", "disqualification")


def _plausible(key: KeyParts, parts: KeyParts) -> bool:
    """No option a candidate would dismiss on sight (review 8, multiple choice: 13 of 45 items
    had one): a game-ending penalty beside a fix of a game that is over (mu-001, mu-023); the
    key's own infraction two rungs from its penalty (the upgrade forgotten is one rung);
    Failure to Maintain Game State as the player's own error with no penalty (mu-004, mu-014:
    a silent witness's Warning is the confusion, never "no penalty")."""
    if parts.penalty in GAME_ENDING and any(r not in SPECIAL_REMEDIES for r in parts.remedy):
        return parts.remedy == key.remedy and key.penalty in GAME_ENDING
    same = parts.infraction == key.infraction
    if same and parts.penalty in RUNGS and key.penalty in RUNGS:
        return abs(RUNGS.index(parts.penalty) - RUNGS.index(key.penalty)) < 2
    return not (parts.infraction == FTMGS != key.infraction and parts.penalty == "no_penalty")


def _same_meaning(a: KeyParts, b: KeyParts) -> bool:
    return a == b or _also_right(a, b) or _also_right(b, a) or _alike(a, b) or _alike(b, a)


def remedy_asked(key: KeyParts) -> bool:
    """The remedy is part of the question unless the key can name none concretely (the TR 702
    errors whose fix the seeds leave to the section itself) or a Game Loss or more ends the
    game (committee decisions, 2026-12-06: the remedy is then moot and not asked)."""
    return key.remedy != SECTION_FIX and key.penalty not in GAME_ENDING


def _padded_options(
    sc: Scenario, policy_version: str | None, key_choosers: dict[str, dict[str, Any]]
) -> Picked:
    picked: Picked = [(sc.key, key_choosers, "key")]
    for miss in _near_misses(sc.template.id, sc.seed, policy_version, CHOICES - 1, sc.pools):
        if _story_allows(sc, miss.parts) and _no_infraction_offered(sc, miss.parts):
            picked.append((miss.parts, _remedy_params(sc, miss.ruling), f"near_miss:{miss.fact}"))
    # Plausible padding first; only when the story leaves fewer than four options (a third
    # Game Rule Violation caught at once: the upgrade forgotten and "no infraction" are all
    # there is), the key's own infraction two rungs away rather than a three-option item.
    for strict in (True, False):
        for parts, how in _padding(sc):
            if len(picked) >= CHOICES:
                break
            if _pads(sc, picked, parts, strict=strict):
                choosers = _with_choosers(sc, parts, key_choosers)
                picked.append((parts, choosers, f"ladder:{how}"))
    _same_shape(sc, picked, key_choosers)
    _not_the_odd_one(sc, picked, policy_version, key_choosers)
    return picked


def _pads(sc: Scenario, picked: Picked, parts: KeyParts, *, strict: bool) -> bool:
    """A padding option not yet picked, coherent, wrong and allowed by the story; `strict`:
    also one a candidate could weigh (plausible, an infraction the story fits)."""
    fresh = all(parts != p and not _also_right(p, parts) for p, _c, _o in picked)
    if not fresh or not coherent(parts) or _also_right(sc.key, parts):
        return False
    if not _story_allows(sc, parts) or not _no_infraction_offered(sc, parts):
        return False
    return not strict or (_plausible(sc.key, parts) and _infraction_fits(sc, parts.infraction))


def _not_the_odd_one(
    sc: Scenario,
    picked: Picked,
    policy_version: str | None,
    key_choosers: dict[str, dict[str, Any]],
) -> None:
    """The key is never the only option of its infraction while the others share one (review
    9: "No infraction" beside three Missed Triggers was the key in 8 of 8 items): the last
    distractor gives way to another infraction the story could be read as, a near miss's ruling
    first, else the key's penalty and fix under the game's next infraction."""
    distractors = {p.infraction for p, _c, o in picked if o != "key"}
    if len(picked) < CHOICES or len(distractors) != 1 or sc.key.infraction in distractors:
        return
    taken = distractors | {sc.key.infraction}
    other = _odd_one_near_miss(sc, policy_version, taken) or _odd_one_named(sc, key_choosers, taken)
    if other is not None:
        picked[-1] = other
    # Else no infraction a candidate could weigh is left (a rules violation where nothing
    # breaks a rule was the last resort, and nobody picked it: review 11): the key stays the
    # odd one out, and the bank draws no multiple-choice item from this story (`offers_kind`).


def _odd_one_near_miss(
    sc: Scenario, policy_version: str | None, taken: set[str]
) -> tuple[KeyParts, dict[str, dict[str, Any]], str] | None:
    """A near miss's ruling under an infraction no option has yet."""
    for miss in _near_misses(sc.template.id, sc.seed, policy_version, DESIGN_POOL, sc.pools):
        if miss.parts.infraction not in taken and _distractor_fits(sc, miss.parts):
            return (miss.parts, _remedy_params(sc, miss.ruling), f"near_miss:{miss.fact}")
    return None


def _odd_one_named(
    sc: Scenario, key_choosers: dict[str, dict[str, Any]], taken: set[str]
) -> tuple[KeyParts, dict[str, dict[str, Any]], str] | None:
    """The key's story read as a named confusion's infraction, else the game's next one, with
    that infraction's base penalty and play continuing."""
    named = [
        c.parts.infraction
        for c in named_distractors.distractors(sc.template.distractors, sc.key, sc.situation)
        if c.part == "infraction"
    ]
    for name in [*named, *_candidate_infractions(sc)]:
        if name in taken or not _infraction_fits(sc, name, chosen=name in named):
            continue
        base = load_policy(sc.ruling.policy_version).infractions.get(name)
        penalty = base.base_penalty if base is not None else "warning"
        parts = replace(
            sc.key, infraction=name, penalty=penalty, remedy=("continue_play",), rewind_by=None
        )
        if _distractor_fits(sc, parts, chosen=name in named):
            return (parts, key_choosers, f"ladder:infraction:{name}")
    return None


def _same_shape(
    sc: Scenario,
    picked: list[tuple[KeyParts, dict[str, dict[str, Any]], str]],
    key_choosers: dict[str, dict[str, Any]],
) -> None:
    """Every option has the same shape: when only the key says who performs a rewind, the last
    distractor gives way to the key's fix and rewinder under another rung of the ladder (the
    base penalty forgotten), so that the clause alone does not point to the key."""
    if not sc.key.rewind_by or any(p.rewind_by for p, _c, o in picked if o != "key"):
        return
    for parts, how in _ladder(sc.key, sc.template.topics):
        fresh = all(parts != p and not _also_right(p, parts) for p, _c, _o in picked)
        if fresh and not _also_right(sc.key, parts) and len(picked) > 1:
            picked[-1] = (parts, key_choosers, f"ladder:{how}")
            return


def _padding(sc: Scenario) -> list[tuple[KeyParts, str]]:
    """Plausible neighbours, used only when near misses are too few: the key one rung up or
    down the ladder; for 'no infraction', the game's usual infraction at its lowest rungs."""
    if sc.key.infraction != "no_infraction":
        # Another remedy would be just as right once the game is over: there, offer the penalty
        # for another classification of the same error instead.
        others = _other_infractions(sc) if _remedy_moot(sc.key) else _other_remedies(sc)
        # Last, when the story leaves too few errors to confuse (3 runes channelled is only
        # Too Many Runes or a General Error): the error not counted as an infraction at all.
        nothing = replace(
            sc.key, infraction="no_infraction", penalty="no_penalty", remedy=("continue_play",)
        )
        nothing = replace(nothing, rewind_by=None)
        return [
            *_ladder(sc.key, sc.template.topics),
            *others,
            *_opponent_also_warned(sc),
            (nothing, "no_infraction"),
        ]
    game = sc.template.game
    usual = PLAUSIBLE_INFRACTIONS[game][0]
    remedy = (PLAUSIBLE_REMEDIES[game][0],)
    return [
        (replace(sc.key, infraction=usual, penalty="no_penalty", remedy=remedy), "usual"),
        (replace(sc.key, infraction=usual, penalty="warning", remedy=remedy), "usual+1"),
        (
            replace(sc.key, infraction=usual, penalty="no_penalty", remedy=("continue_play",)),
            "usual_continue",
        ),
    ]


def _opponent_also_warned(sc: Scenario) -> list[tuple[KeyParts, str]]:
    """A rules violation that the opponent pointed out at once: the key with a Failure to
    Maintain Game State Warning for that opponent too, the near miss in which the error went
    unnoticed (IPG 3.5 is for the player who let it pass, not the one who caught it). Offered
    before "No infraction", which nobody picks beside a stated violation (h27d: a third Game
    Rule Violation's Game Loss padded with it in 40 of 800 items)."""
    noticed = sc.situation.get("noticed") or {}
    if sc.key.infraction not in RULE_VIOLATIONS or sc.key.additional:
        return []
    if noticed.get("by") != "opponent" or sc.template.game != "mtg":
        return []
    error = sc.situation.get("game_error") or {}
    others = [p for p in sc.situation["players"] if p != error.get("player")]
    if len(others) != 1:
        return []
    parts = replace(sc.key, additional=((others[0], FTMGS, "warning"),))
    return [(parts, "opponent_ftmgs")]


def _ladder(key: KeyParts, topics: tuple[str, ...] = ()) -> list[tuple[KeyParts, str]]:
    """The key with its penalty one rung up or down: the upgrade forgotten or misapplied. A
    Game Loss only where upgrades are the subject; never a Match Loss; a Disqualification
    only for Cheating (see `coherent`)."""
    rung = LADDER.index(key.penalty)
    found = []
    for step in (1, -1, 2, -2):
        if not 0 <= rung + step < len(LADDER):
            continue
        penalty = LADDER[rung + step]
        upgrade_topic = "penalty_upgrade" in topics or key.infraction == "cheating"
        if penalty == "game_loss" and not upgrade_topic and key.penalty != "game_loss":
            continue
        parts = replace(key, penalty=penalty)
        if coherent(parts):
            found.append((parts, f"penalty{step:+d}"))
    return found


def _other_infractions(sc: Scenario) -> list[tuple[KeyParts, str]]:
    """The key's penalty and fix under another infraction of the game (Failure to Maintain Game
    State first: the classification most often confused with a game play error)."""
    found = []
    for name in _candidate_infractions(sc):
        if name == sc.key.infraction or not _infraction_fits(sc, name):
            continue
        stated = [replace(sc.key, infraction=name)]
        if sc.key.infraction == "cheating":
            # A Disqualification is Cheating's alone (`coherent`): the other infraction with its
            # own base penalty, and a Warning (review 14: mu-026).
            base = load_policy(sc.ruling.policy_version).infractions.get(name)
            own = base.base_penalty if base is not None else "warning"
            stated = [replace(stated[0], penalty=p) for p in dict.fromkeys((own, "warning"))]
        elif sc.key.penalty in GAME_ENDING:
            stated = [p for p in _counted_elsewhere(sc.key, name) if _upgrade_told(sc, p)]
        found += [(parts, f"infraction:{name}") for parts in stated if coherent(parts)]
    return found


def _counted_elsewhere(key: KeyParts, name: str) -> list[KeyParts]:
    """A game-ending key's error read as another infraction: counted in that category, the
    upgrade does not come (a Warning), or it comes all the same. The fix is not asked (the game
    is over), so it is the one that presumes nothing of the trigger (review 17: a third Missed
    Trigger's Game Loss kept the trigger's fix under a Game Rule Violation, incoherent, and the
    item had three options once "No infraction" was no longer offered beside a plain miss)."""
    moved = replace(key, infraction=name, remedy=("continue_play",), rewind_by=None)
    return [replace(moved, penalty=p) for p in ("warning", key.penalty)]


def _other_remedies(sc: Scenario) -> list[tuple[KeyParts, str]]:
    """The key with the remedy another timing or another fix would call for: only fixes for the
    kind of problem told (a trigger's remedies for a trigger, correcting a cost for a payment,
    a score for a score), never "the opponent chooses whether the trigger resolves" for a
    player who looked at extra cards."""
    return [
        (
            replace(
                sc.key, remedy=(r,), rewind_by=sc.key.rewind_by if r in REWIND_REMEDIES else None
            ),
            f"remedy:{r}",
        )
        for r in PLAUSIBLE_REMEDIES[sc.template.game]
        if (r,) != sc.key.remedy and not _same_remedy((r,), sc.key.remedy) and _fits(sc, r)
    ]


# Remedies that fix one kind of problem only (the situation's subject).
SUBJECT_REMEDIES = {
    "trigger": CHOOSER_REMEDIES | {named_distractors.JUDGE_REMINDS},
    "payment": frozenset({"correct_cost"}),
    "score": frozenset({"correct_score"}),
}


# The TR 702 game play errors a candidate confuses with each other AND that the told action could
# be (review 3: Q010, Q017, Q058, Q085): offered before the game's usual infractions, so that a
# card seen too many is set against looking at secret information, not against Failure to
# Maintain Game State for the player's own error. The story decides the direction and the kind:
# 3 runes channelled is never "Too Few Runes", a card turned over while searching is never
# "Drawing Extra Cards" (nothing was drawn), a Draw Phase error is never a mulligan's.
NEIGHBOUR_INFRACTIONS = {
    "looking_at_extra_cards": ("looking_at_secret_information", "general_error"),
    "looking_at_secret_information": ("looking_at_extra_cards", "general_error"),
    "looking_at_opponent_private_information": ("looking_at_secret_information", "general_error"),
    "drawing_extra_cards": ("looking_at_extra_cards", "general_error"),
    "mulligan_procedure_error": ("drawing_extra_cards", "looking_at_extra_cards", "general_error"),
    "facedown_card_error": ("looking_at_secret_information", "general_error"),
    "channeling_too_many_runes": ("general_error",),
    "channeling_too_few_runes": ("general_error",),
    "forgetting_to_draw_cards": ("general_error",),
    "forgetting_to_ready": ("general_error",),
}
# The TR 702 game play errors whose action a story must tell before one is offered or stated.
TOLD_ERRORS = frozenset(NEIGHBOUR_INFRACTIONS) - {"general_error"}


def _told_errors(sc: Scenario) -> frozenset[str]:
    """The TR 702 game play errors the story's told actions could be: the error's own kind, its
    neighbours, and any further error the same mistake is told to have involved (TR 701.3.d)."""
    error = sc.situation.get("game_error") or {}
    told = {error.get("kind", "")}
    told.update(sc.draft.facts.get("told_errors", ()))
    # A silent witness's story tells the opponent's error too, but says the question is about
    # the witness: the opponent's error is no answer anyone would give (review 13: mu-022).
    for kind in tuple(told):
        told.update(NEIGHBOUR_INFRACTIONS.get(kind, ()))
    return frozenset(told & TOLD_ERRORS)


def _candidate_infractions(sc: Scenario) -> list[str]:
    """The key's neighbours first, then Failure to Maintain Game State and the game's usual
    infractions (only those of the scenario's policy). Failure to Maintain Game State is for
    a player who let another's error pass: never offered for a player's own TR 702 error."""
    known = load_policy(sc.ruling.policy_version).infractions
    neighbours = NEIGHBOUR_INFRACTIONS.get(sc.key.infraction, ())
    if sc.situation.get("payment"):
        # The real confusion of a payment story is the other payment section (review 7: mu-008,
        # mu-020): Overpayment where the key is Mispayment and vice versa, the two where the
        # overpayment caused a result (General Error); no other infraction is offered.
        return [i for i in PAYMENT_INFRACTIONS if i in known]
    usual = sorted(PLAUSIBLE_INFRACTIONS[sc.template.game], key=lambda i: i != FTMGS)
    if neighbours:
        usual = [i for i in usual if i != FTMGS]
    names = [*neighbours, *usual]
    return [i for i in dict.fromkeys(names) if i in known or i == "no_infraction"]


PAYMENT_INFRACTIONS = ("overpayment", "mispayment_for_cost")


# Infractions about one kind of problem only: never offered for a story about another
# ("Overpayment for Cost" for a battlefield's trigger, "Missed Trigger" for a card drawn too many).
SUBJECT_INFRACTIONS = {
    "trigger": frozenset({"missed_trigger"}),
    "payment": frozenset({"overpayment", "mispayment_for_cost"}),
    "score": frozenset({"forgetting_to_score"}),
}


def _infraction_fits(sc: Scenario, infraction: str, *, chosen: bool = False) -> bool:
    """An infraction a candidate could name for this story. `chosen`: candidates did name it
    for this template (item analysis), so it is no option nobody would pick."""
    if any(rule(sc, infraction, chosen) for rule in _INFRACTION_RULED_OUT):
        return False
    if infraction == named_distractors.FORGETTING_TO_SCORE and chosen:
        # A trigger that changes a point total, skipped: a point not gained read as a point not
        # scored (distractors.py, `points_as_score`).
        return bool(sc.situation.get("score")) or named_distractors.points_trigger(sc.situation)
    for subject, infractions in SUBJECT_INFRACTIONS.items():
        if infraction in infractions:
            return bool(sc.situation.get(subject))
    return True


def _related_error_named(sc: Scenario, infraction: str, chosen: bool) -> bool:
    """A further error the same mistake is told to have involved (TR 701.3.d) was committed
    too: naming it instead of the main error differs from the key only in which related
    infraction the most severe penalty is recorded under (review 3: Q021), which the seed
    leaves open. The key records the main (told) error; no option names a related one."""
    return infraction != sc.key.infraction and infraction in sc.draft.facts.get("told_errors", ())


def _error_not_told(sc: Scenario, infraction: str, chosen: bool) -> bool:
    """A game play error whose action the story never tells (or tells the other way)."""
    return infraction in TOLD_ERRORS and infraction not in _told_errors(sc)


def _nobody_let_it_pass(sc: Scenario, infraction: str, chosen: bool) -> bool:
    """Failure to Maintain Game State is for a player who let another's error stand
    (committee decisions, 2026-12-06): never offered where nobody did."""
    return infraction == FTMGS and not _someone_let_it_pass(sc)


def _payment_the_other_way(sc: Scenario, infraction: str, chosen: bool) -> bool:
    return infraction in PAYMENT_INFRACTIONS and not _payment_direction_fits(sc, infraction)


def _something_told_against(sc: Scenario, infraction: str, chosen: bool) -> bool:
    return infraction == "no_infraction" and not _nothing_told_against(sc)


def _no_rule_broken(sc: Scenario, infraction: str, chosen: bool) -> bool:
    """Nothing in the story breaks a rule (review 10: mu-011, 022, 042), not even as the last
    resort against an odd key out (review 11: mu-007, 031, 043, 045): nobody picks a rules
    violation beside a "No infraction" key."""
    return (
        infraction in RULE_VIOLATIONS
        and sc.key.infraction == "no_infraction"
        and not chosen
        and not _rule_broken(sc)
    )


_INFRACTION_RULED_OUT = (
    _related_error_named,
    _error_not_told,
    _nobody_let_it_pass,
    _payment_the_other_way,
    _something_told_against,
    _no_rule_broken,
)


def _nothing_told_against(sc: Scenario) -> bool:
    """ "No infraction" is an answer someone could give: not where the story states the illegal
    act (an illegal target or attack, a step not carried out; review 10: mu-010, 018, 025,
    038), nor where the player admits skipping the trigger on purpose, knowing the rule
    (review 15: mu-021 A)."""
    if sc.situation.get("intent") == "intentional":
        return sc.key.infraction == "no_infraction"
    return sc.key.infraction not in RULE_VIOLATIONS


# Infractions for a breach of the game rules themselves, told in the story as an act.
RULE_VIOLATIONS = frozenset({"general_error", "game_rule_violation"})
# Templates whose stories tell a rules breach (a trigger mishandled after acknowledgement, a
# rewind after an illegal act) even where the key names another infraction.
# MTR 4.3's block of actions announced out of the rules' order is tolerated, not legal play
# in order: calling it a Game Rule Violation is the confusion such stories test.
RULE_BREACH_TOPICS = frozenset({"general_error", "game_rule_violation", "out_of_order"})


def _rule_broken(sc: Scenario) -> bool:
    """A story that tells an act breaking a game rule: the key's own breach, a template about
    one, a told game error or payment, or an opponent's illegal play."""
    if sc.key.infraction in RULE_VIOLATIONS or RULE_BREACH_TOPICS & set(sc.template.topics):
        return True
    if sc.situation.get("game_error") or sc.situation.get("payment"):
        return True
    play = sc.situation.get("play") or {}
    return "illegal" in str(play.get("following_action", "")) or bool(play.get("error_after_miss"))


def _payment_direction_fits(sc: Scenario, infraction: str) -> bool:
    """Overpayment only where the story has the player pay more than the cost, Mispayment
    only where less (review 9: mu-021, mu-033, mu-038 called paying 1 of 6 runes an
    Overpayment, and 8 of 6 a Mispayment "paying what was owed")."""
    payment = sc.situation.get("payment") or {}
    cost, paid = payment.get("cost"), payment.get("paid")
    if not isinstance(cost, int) or not isinstance(paid, int):
        return True
    return paid > cost if infraction == "overpayment" else paid < cost


def _underpaid(sc: Scenario) -> bool:
    """The story has the player pay less than the cost (or does not say how much)."""
    payment = sc.situation.get("payment") or {}
    cost, paid = payment.get("cost"), payment.get("paid")
    if not isinstance(cost, int) or not isinstance(paid, int):
        return True
    return paid < cost


def _someone_let_it_pass(sc: Scenario) -> bool:
    """A story in which a player saw another's error and said nothing (or is asked about)."""
    return bool(
        sc.key.infraction == FTMGS or sc.key.additional or sc.situation.get("silent_witnesses")
    )


def _fits(sc: Scenario, remedy: str) -> bool:
    for subject, remedies in SUBJECT_REMEDIES.items():
        if remedy in remedies:
            return bool(sc.situation.get(subject))
    return True


def _wrong_part(
    sc: Scenario, lang: str, policy_version: str | None, choosers: dict[str, dict[str, Any]]
) -> WrongPart:
    """Every part that can be made wrong on its own gets its wrong value (a near miss that
    differs from the key in exactly that part; else that part of any near miss; else a
    plausible value), and the part is drawn among them with weights that make the infraction,
    the penalty and the remedy the wrong part equally often across the bank. `choosers`: the
    key's remedy parameters (read, never changed)."""
    rng = template_rng(sc.template.id, sc.template.version, sc.seed, "wrong_part")
    misses = _near_misses(sc.template.id, sc.seed, policy_version, WRONG_PART_POOL, sc.pools)
    pickable = live_parts(sc, misses)
    if len(pickable) < 2:
        raise KindUnavailable(
            f"{sc.template.id}: seed {sc.seed} leaves fewer than two parts a candidate could"
            " doubt; no find-the-wrong-part item"
        )
    lookalike = _no_infraction_lookalike(sc, misses, choosers)
    if lookalike is not None and "remedy" in pickable:
        stated, mixed = lookalike
        return _stated(lang, "remedy", stated, sc, mixed, choosers, pickable)
    found = {}
    for part in pickable:
        wrong = _wrong_value(sc, part, misses, choosers, rng)
        if wrong is not None:
            found[part] = wrong
    if not found:
        raise QuestionError(f"{sc.template.id}: no coherent wrong part for seed {sc.seed}")
    names = list(found)
    weights = PART_DRAW[sc.template.game]
    part = rng.choices(names, weights=[weights[p] for p in names])[0]
    stated, mixed = found[part]
    return _stated(lang, part, stated, sc, mixed, choosers, pickable)


# Near misses that change what the player is seen doing (mentioning the trigger, paying too
# much instead of too little, a second error): a candidate reads the action in the story and
# cannot doubt it, so they make no part doubtable (review 8: "Mispayment for Cost for paying
# 1 of 6 runes is obviously right"; "Missed Trigger for a trigger passed over without mention").
TOLD_ACTION_FACTS = frozenset(
    {
        "acknowledged_in_time",
        "not_acknowledged",
        "overpaid_instead",
        "underpaid_instead",
        "error_after_miss",
    }
)
# Near misses that flip a fact the story states outright, so that they leave the infraction
# beyond doubt (review 9: 11 of 45 items had an obvious infraction): the forgetting shown by a
# game action ("moves on without mentioning it", "lets the illegal block stand", or nothing
# done yet), who took that action, the intent admitted, whether the effect showed (the runes
# paid for another card), whether the overpayment made something else happen. They may still
# make the penalty or the remedy doubtable.
STATED_FACTS = frozenset(
    {
        "following_none",
        "following_by_other",
        "illegal_challenged",
        "intent_none",
        "intent_intentional",
        "no_impact",
        "impact_yes",
        "caused_result",
    }
)


# Sentences that settle the penalty's advantage test outright: a harmless overpayment told as
# events, the board facts of an error caught at once, what a missed trigger that only helps
# its controller leaves out ("X has one rune fewer"). A near miss that makes the error
# advantageous then changes a fact the candidate reads, so it leaves the penalty beyond doubt
# (review 10: fi-001, 002, 003, 005, 016, 018, 019, 020, 032, 035); the part is said to be
# right instead. A trigger that costs its controller something, missed with no benefit
# (`advantage.no_benefit`: the board shows the cost skipped paid for nothing), is not settled:
# the candidate judges helped-vs-hurt from events, and those stories are the Missed Trigger
# items that state "No penalty — nothing to fix" with the remedy wrong, the twin that keeps a
# "No infraction" item's stated ruling from giving its wrong part away
# (test_questions_wrong_part_lookalike).
ADVANTAGE_SETTLED = frozenset({"pay.result.no", "error.advantage.no", "advantage.no_event"})


def _advantage_settled(sc: Scenario) -> bool:
    return any(line.key in ADVANTAGE_SETTLED for line in sc.draft.sentences)


def _plainly_helps_controller(sc: Scenario) -> bool:
    """A Magic trigger the story quotes that only helps its controller (+3/+0, exalted, storm
    copies: neither `detrimental` nor `symmetric` in cards.toml): the near miss that makes it
    usually detrimental changes the card's own text, which the candidate reads, so it leaves
    "No penalty" beyond doubt (review 16: fi-009, fi-025, fi-029, fi-045); the penalty is said
    to be right instead."""
    trigger = sc.situation.get("trigger") or {}
    return (
        sc.template.game == "mtg"
        and bool(trigger.get("name"))
        and not trigger.get("detrimental")
        and not trigger.get("symmetric")
    )


# Sentences that say nothing can be undone ("nobody can reconstruct how the game stood"): a
# near miss that makes a rewind possible changes a fact the candidate reads, so it leaves
# "play continues" beyond doubt (review 12: fi-018); the remedy is said to be right instead.
NOTHING_TO_UNDO = frozenset({"rewind.none", "mtg.backup.none"})
REWIND_FACTS = frozenset({"rewind_simple", "rewind_complex"})


def _nothing_to_undo(sc: Scenario) -> bool:
    return any(line.key in NOTHING_TO_UNDO for line in sc.draft.sentences)


def offers_kind(template_id: str, seed: int, kind: str, policy_version: str | None = None) -> bool:
    """Whether (template, seed) makes an item of `kind`: a find-the-wrong-part item needs two
    parts a candidate could doubt (`live_parts`), a multiple-choice item four options in which
    the key is not the odd infraction out (`_not_the_odd_one`); every story makes free form."""
    sc = scenario(template_id, seed, policy_version, current_pools())
    if kind == "multiple_choice":
        return not key_stands_out(_options(sc, "en", policy_version, _key_params(sc)))
    if kind != "find_the_wrong_part":
        return True
    misses = _near_misses(template_id, seed, policy_version, WRONG_PART_POOL, sc.pools)
    return len(live_parts(sc, misses)) >= 2


def key_stands_out(shown: tuple[Option, ...]) -> bool:
    """The key is the only option of its infraction while the three others share one (review
    9), the option sharing the most pieces with the others (review 14), or the only one
    sharing none (review 15: mu-021): the key found without reading the story."""
    others = {o.parts.infraction for o in shown if not o.correct}
    key = next((o.parts.infraction for o in shown if o.correct), None)
    if len(shown) == CHOICES and len(others) == 1 and key not in others:
        return True
    ordered = sorted(shown, key=lambda o: not o.correct)
    choices = [options.Choice(o.parts, {}, o.origin) for o in ordered]
    # The padded set (no balanced design) is held to the same tells as the design: sharing
    # the most pieces (review 14) or none (review 15).
    return options.key_found_by_agreement(choices) or options.key_shares_nothing(choices)


def live_parts(sc: Scenario, misses: tuple[NearMiss, ...]) -> tuple[str, ...]:
    """The parts a candidate could doubt: those some near miss of the story (one fact changed,
    re-ruled by the engine) sets otherwise; a part every near miss keeps is one nobody would
    pick as wrong. The remedy only where it is asked (not after a Game Loss, not "the fix
    described in the section"); a fix meaning the same as the key's changes nothing."""
    key = sc.key
    live = set()
    admitted = _cheating_admitted(sc)
    movers = []  # the near misses that move the penalty
    for miss in _doubting_misses(sc, misses):
        doubtable = miss.parts.infraction != key.infraction and miss.fact not in STATED_FACTS
        if doubtable and not admitted:
            live.add("infraction")
        if miss.parts.penalty != key.penalty:
            live.add("penalty")
            movers.append(miss)
        if not _same_remedy(miss.parts.remedy, key.remedy):
            live.add("remedy")
    if not remedy_asked(key):
        live.discard("remedy")
    _drop_settled_penalty(key, movers, live)
    if key.infraction == "no_infraction" and "infraction" not in live:
        # "No infraction" takes no penalty and nothing to fix: its penalty or fix can be stated
        # wrong only with another infraction, so without a doubtable infraction nothing is.
        return ()
    return tuple(p for p in PARTS if p in live)


def _doubting_misses(sc: Scenario, misses: tuple[NearMiss, ...]) -> list[NearMiss]:
    """The near misses that can leave a part in doubt: not those that change what the story
    tells outright (the action seen, nothing to undo, the advantage settled by events, the
    card of a trigger that only helps its controller)."""
    settled = _advantage_settled(sc)
    undone = _nothing_to_undo(sc)
    helps = _plainly_helps_controller(sc)
    found = []
    for miss in misses:
        if miss.fact in TOLD_ACTION_FACTS:
            continue
        if undone and miss.fact in REWIND_FACTS:
            continue
        if (settled and miss.fact == "advantageous") or (helps and miss.fact == "detrimental"):
            continue
        if settled and miss.fact in STATED_FACTS and miss.parts.infraction != sc.key.infraction:
            # Another infraction's penalty beside the key's infraction, from a fact the story
            # states (an overpayment that caused a result): nobody would doubt the penalty.
            continue
        found.append(miss)
    return found


def _drop_settled_penalty(key: KeyParts, movers: list[NearMiss], live: set[str]) -> None:
    """Where the infraction is not doubtable, the stem says it is right; a penalty that only
    another infraction would change is then plainly that infraction's own (a General Error's
    Warning; review 14: fi-023): not a part to doubt."""
    if "infraction" in live:
        return
    if not any(miss.parts.infraction == key.infraction for miss in movers):
        live.discard("penalty")


def _cheating_admitted(sc: Scenario) -> bool:
    """Cheating where the player admits skipping a mandatory trigger on purpose, knowing the
    rule (TR 506.3.c, TR 704.8): nobody doubts the infraction, whatever a near miss flips, such as
    the card's own "may" (review 13: fi-004, fi-006, fi-022, fi-034)."""
    return sc.key.infraction == "cheating" and sc.situation.get("intent") == "intentional"


# How likely each part is drawn as the wrong one among those a near miss makes doubtable
# (`live_parts`). A Magic Missed Trigger keyed with the opponent's choice cannot state another
# infraction coherently (only a Missed Trigger takes a trigger's fix), so Magic favours the
# infraction where it can be wrong. Since review 9 the infraction is doubtable in only about a
# fifth of the stories (the forgetting or the intent is told outright: `STATED_FACTS`), so it
# is the wrong part in 13-17% of the items and the penalty and the remedy share the rest
# evenly, 40-45% each, over 600 items a game from every template (generator seed 11;
# tests/rulings/core/questions/test_questions_wrong_part_balance.py).
PART_DRAW = {
    "mtg": {"infraction": 20.0, "penalty": 1.6, "remedy": 0.8},
    # Review 13 took admitted Cheating out (its penalty was the wrong part): 1.5 / 0.9 kept the
    # penalty and the remedy even. After review 15's stories, 1.5 / 1.0 do (37% each, the
    # infraction 26%, generator seed 11).
    "riftbound": {"infraction": 1.0, "penalty": 1.5, "remedy": 1.0},
}


def _wrong_value(
    sc: Scenario,
    part: str,
    misses: tuple[NearMiss, ...],
    choosers: dict[str, dict[str, Any]],
    rng: random.Random,
) -> tuple[KeyParts, dict[str, dict[str, Any]]] | None:
    """The key with `part` wrong and every other part right, and the remedy parameters to
    state it with; None when that part cannot be wrong on its own."""
    for strict in (True, False):
        for miss in misses:
            stated = _replace(sc.key, part, miss.parts)
            if stated == sc.key or (strict and stated != miss.parts):
                continue
            if part == "infraction" and miss.parts.penalty != sc.key.penalty:
                # "Cheating — No penalty": the penalty would read wrong as well.
                continue
            if not _stated_fits(sc, stated):
                continue
            # Only a wrong remedy takes the near miss's parameters: otherwise the stated
            # remedy would read differently from the key's (runes readied, nothing floats)
            # and a second part would look wrong.
            mixed = choosers
            if part == "remedy":
                mixed = {**choosers, **_remedy_params(sc, miss.ruling)}
            return stated, mixed
    fabricated = _fabricate_part(sc, part, rng)
    if fabricated is None or fabricated == sc.key or not _stated_fits(sc, fabricated):
        return None
    return fabricated, _with_choosers(sc, fabricated, choosers)


def _stated_fits(sc: Scenario, stated: KeyParts) -> bool:
    """A stated ruling that is coherent, wrong, and names only concrete fixes."""
    if any(r in SECTION_FIX for r in stated.remedy) and stated.remedy != sc.key.remedy:
        return False
    return coherent(stated) and not _also_right(sc.key, stated)


def _no_infraction_lookalike(
    sc: Scenario, misses: tuple[NearMiss, ...], choosers: dict[str, dict[str, Any]]
) -> tuple[KeyParts, dict[str, dict[str, Any]]] | None:
    """In about half the seeds of a Missed Trigger with no penalty and a fix of its own (the
    opponent's choice, the trigger resolving), the key with the fix of the story's "no
    infraction" near miss, the remedy the wrong part: "Missed Trigger — No penalty — nothing
    to fix". Every item keyed No infraction states that same ruling with the infraction
    wrong; without these its words alone would tell which part is wrong. Drawn from a stream
    of its own, so that no other item changes."""
    key = sc.key
    if key.infraction != "missed_trigger" or key.penalty != "no_penalty" or _remedy_moot(key):
        return None
    rng = template_rng(sc.template.id, sc.template.version, sc.seed, "wrong_part|lookalike")
    if rng.random() >= LOOKALIKE_SHARE[sc.template.game]:
        return None
    for miss in misses:
        if miss.parts.infraction != "no_infraction":
            continue
        stated = _replace(key, "remedy", miss.parts)
        if stated == key or not coherent(stated) or _also_right(key, stated):
            continue
        return stated, {**choosers, **_remedy_params(sc, miss.ruling)}
    return None


def _with_choosers(
    sc: Scenario, parts: KeyParts, choosers: dict[str, dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    """A padded remedy in which someone chooses names that player, as the engine's remedies do:
    the player after the accountable one in turn order (a Magic option never says "the next
    opponent in turn order", which is Riftbound's wording)."""
    filled = dict(choosers)
    if "correct_cost" in parts.remedy and not _underpaid(sc):
        # Correcting an overpaid cost gives runes back; "the player pays what was owed" fixes
        # only a cost paid short (review 11: mu-002, mu-020).
        filled["correct_cost"] = {**filled.get("correct_cost", {}), "overpaid": True}
    players = tuple(sc.situation["players"])
    accountable = sc.ruling.accountable_player
    if accountable not in players:
        return filled
    who = next_in_order(players, accountable)
    for remedy in parts.remedy:
        given = filled.get(remedy, {})
        if remedy in CHOOSER_REMEDIES and not isinstance(given.get("chooser"), str):
            filled[remedy] = {**given, "chooser": who}
    return filled


def _replace(key: KeyParts, part: str, other: KeyParts) -> KeyParts:
    """The key with one part taken from `other`; everything else stays the key's."""
    if part == "infraction":
        return replace(key, infraction=other.infraction)
    if part == "penalty":
        return replace(key, penalty=other.penalty)
    # Who performs a rewind belongs to the remedy: a fix without a rewind names nobody.
    rewinds = any(r in REWIND_REMEDIES for r in other.remedy)
    return replace(key, remedy=other.remedy, rewind_by=key.rewind_by if rewinds else None)


def _fabricate_part(sc: Scenario, part: str, rng: random.Random) -> KeyParts | None:
    if part == "penalty":
        # Only the penalty may change: with no rung to offer, the penalty cannot be wrong
        # (falling through to another remedy stated a "wrong penalty" that was the key's).
        ladder = _ladder(sc.key, sc.template.topics)
        return ladder[0][0] if ladder else None
    if part == "infraction":
        choices = [
            i
            for i in _candidate_infractions(sc)
            if i != sc.key.infraction
            and coherent(replace(sc.key, infraction=i))
            and _infraction_fits(sc, i)
        ]
        # An infraction whose base penalty is the stated one, so that only the infraction reads
        # wrong ("Game Rule Violation — No penalty" would make the penalty look wrong too).
        infractions = load_policy(sc.ruling.policy_version).infractions
        same = [
            i for i in choices if i in infractions and infractions[i].base_penalty == sc.key.penalty
        ]
        return replace(sc.key, infraction=rng.choice(same or choices)) if choices else None
    remedies = [parts for parts, _how in _other_remedies(sc)]
    return rng.choice(remedies) if remedies else None


def _stated(
    lang: str,
    part: str,
    stated: KeyParts,
    sc: Scenario,
    stated_choosers: dict[str, dict[str, Any]],
    key_choosers: dict[str, dict[str, Any]],
    pickable: tuple[str, ...],
) -> WrongPart:
    key = sc.key
    if stated == key:
        raise QuestionError("a find-the-wrong-part statement must differ from the key")
    asked = remedy_asked(key)
    return WrongPart(
        part=part,
        stated=stated,
        stated_text=render.parts_text(lang, stated, stated_choosers, remedy=asked),
        correct_text=render.part_text(lang, part, key, key_choosers),
        pickable=pickable,
    )


def explanation(sc: Scenario, lang: str, key_text: str) -> str:
    """The key, then the engine's reasoning: every line cites its section."""
    head = render.term(lang, "explanation_heading")
    lines = [f"{head}: {key_text}"]
    reasoning = [ln for ln in explain(sc.ruling, lang).splitlines() if _REASONING_LINE.match(ln)]
    if not reasoning:  # the engine's text format changed: rebuild from its statements
        version = sc.ruling.policy_version
        reasoning = [
            f"{n}. [{step.citation}] {statement(version, step.statement).paraphrase(lang)}"
            for n, step in enumerate(sc.ruling.explanation, start=1)
        ]
    return "\n".join(lines + reasoning)


def difficulty(sc: Scenario, kind: str) -> float:
    """0..1 from facts: penalty adjustments, special remedies, multiplayer, non-default
    accountability, a surprising infraction, other players' penalties, and the kind."""
    ruling = sc.ruling
    score = 0.2
    moves = sum(1 for step in ruling.penalty.steps if step.direction != "none")
    score += min(0.3, 0.12 * moves)
    if any(step.remedy not in SPECIAL_REMEDIES for step in ruling.remedy):
        score += 0.1
    if any(dict(step.params).get("chooser") for step in ruling.remedy):
        score += 0.05
    if len(sc.situation["players"]) > 2:
        score += 0.1
    if sum(1 for step in ruling.explanation if step.role == "accountability") > 1:
        score += 0.1
    if ruling.infraction in ("no_infraction", "general_error", "game_rule_violation", "cheating"):
        score += 0.1
    if ruling.additional_penalties:
        score += 0.05
    score += {"free_form": 0.1, "find_the_wrong_part": 0.05}.get(kind, 0.0)
    return round(min(1.0, max(0.05, score)), 2)
