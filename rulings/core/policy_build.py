"""Turn the raw TOML of a policy version into checked `Policy` objects."""

from __future__ import annotations

from typing import Any

from rulings.core.errors import PolicyError
from rulings.core.policy_types import (
    LANGS,
    STATEMENT_KINDS,
    SUBJECTS,
    Adjustment,
    Classification,
    Infraction,
    Note,
    Policy,
    RemedyRule,
    RemedyTemplate,
    RepeatRule,
    Rule,
    Statement,
    WitnessRule,
)
from rulings.core.registry import PREDICATES
from rulings.core.situation import ALL_PHASES
from rulings.core.vocabulary import GAMES, INFRACTIONS, OPLS, PENALTIES, REMEDIES


def build(raw: dict[str, Any]) -> Policy:
    meta = raw["policy"]
    policy = Policy(
        id=meta["id"],
        game=meta["game"],
        title=meta["title"],
        default=bool(meta.get("default", False)),
        source=meta["source"],
        extends=meta.get("extends", ""),
        sources=raw.get("sources", {}),
        statements={s["id"]: _statement(s) for s in raw["statement"]},
        classify=tuple(_classification(c) for c in raw["classify"]),
        infractions={k: _infraction(k, v) for k, v in raw["infractions"].items()},
        awareness={k: tuple(v) for k, v in raw.get("awareness", {}).items()},
        awareness_statement=raw.get("awareness_statement", {}),
        repeat=tuple(_repeat(r) for r in raw.get("repeat", [])),
        accountability={k: tuple(v) for k, v in raw.get("accountability", {}).items()},
        procedure=raw.get("procedure", {}),
        notes=tuple(
            Note(
                **_rule_args(n),
                subject=n.get("subject", ""),
                with_any=tuple(n.get("with_any", ())),
            )
            for n in raw.get("note", [])
        ),
        phases=tuple(raw.get("turn", {}).get("phases", ())),
        phase_statements=raw.get("turn", {}).get("statements", {}),
        phases_ordered=bool(raw.get("turn", {}).get("ordered", False)),
    )
    check(policy)
    return policy


def _statement(s: dict[str, Any]) -> Statement:
    text = tuple((lang, s[lang]) for lang in LANGS)
    return Statement(s["id"], s["section"], s["kind"], s["source"], text)


def _rule_args(r: dict[str, Any]) -> dict[str, Any]:
    return {
        "when": tuple(r.get("when", ())),
        "statement": r["statement"],
        "cites": tuple(r.get("cites", ())),
    }


def _classification(r: dict[str, Any]) -> Classification:
    return Classification(**_rule_args(r), subject=r["subject"], infraction=r["infraction"])


def _adjustment(r: dict[str, Any]) -> Adjustment:
    return Adjustment(**_rule_args(r), to=r["to"], reason=r["reason"])


def _remedy(r: dict[str, Any]) -> RemedyRule:
    steps = tuple(_template(step) for step in r["steps"])
    return RemedyRule(**_rule_args(r), steps=steps)


def _template(step: dict[str, Any]) -> RemedyTemplate:
    params = tuple(sorted((k, _frozen(v)) for k, v in step.items() if k != "remedy"))
    return RemedyTemplate(step["remedy"], params)


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _repeat(r: dict[str, Any]) -> RepeatRule:
    return RepeatRule(
        **_rule_args(r), scope=r["scope"], threshold=r["threshold"], opl=tuple(r["opl"]), to=r["to"]
    )


def _infraction(key: str, v: dict[str, Any]) -> Infraction:
    witness = v.get("witness")
    return Infraction(
        id=key,
        statement=v.get("statement", ""),
        base_penalty=v["base_penalty"],
        penalty_statement=v.get("penalty_statement", v.get("statement", "")),
        category=v.get("category", "game_play_error"),
        exempt=tuple(v.get("exempt", ())),
        adjust=tuple(_adjustment(a) for a in v.get("adjust", ())),
        remedy=tuple(_remedy(r) for r in v.get("remedy", ())),
        notes=tuple(Rule(**_rule_args(n)) for n in v.get("notes", ())),
        witness=WitnessRule(**witness) if witness else None,
    )


def check(policy: Policy) -> None:
    """Every reference in the data must resolve: statements, ids, predicates."""
    _expect(policy.game in GAMES, f"game {policy.game!r}")
    for s in policy.statements.values():
        _expect(s.kind in STATEMENT_KINDS, f"statement kind {s.kind!r} ({s.id})")
        _expect(s.source in policy.sources, f"statement source {s.source!r} ({s.id})")
    for rule in _all_rules(policy):
        _check_rule(policy, rule)
    for infraction in policy.infractions.values():
        _check_infraction(policy, infraction)
    refs = [r for refs in policy.accountability.values() for r in refs]
    refs += [*policy.procedure.values(), *policy.awareness_statement.values()]
    for ref in refs:
        _expect(ref in policy.statements, f"statement {ref!r}")
    for kind in policy.awareness:
        _expect(kind in policy.awareness_statement, f"awareness statement for {kind!r}")
    _check_phases(policy)


def _check_phases(policy: Policy) -> None:
    """Every phase is a known phase id, named by a statement, and listed once."""
    _expect(len(set(policy.phases)) == len(policy.phases), "phases: listed twice")
    for phase in policy.phases:
        _expect(phase in ALL_PHASES, f"phase {phase!r}")
        ref = policy.phase_statements.get(phase)
        _expect(ref is not None and ref in policy.statements, f"statement for phase {phase!r}")
    extra = set(policy.phase_statements) - set(policy.phases)
    _expect(not extra, f"phase statements for unlisted phases {sorted(extra)!r}")


def _all_rules(policy: Policy) -> list[Rule]:
    rules: list[Rule] = [*policy.classify, *policy.repeat, *policy.notes]
    for infraction in policy.infractions.values():
        rules += [*infraction.adjust, *infraction.remedy, *infraction.notes]
    return rules


def _check_rule(policy: Policy, rule: Rule) -> None:
    for name in rule.when:
        _expect(name.removeprefix("!") in PREDICATES, f"predicate {name!r}")
    for ref in (rule.statement, *rule.cites):
        _expect(ref in policy.statements, f"statement {ref!r}")
    if isinstance(rule, Note):
        for ref in rule.with_any:
            _expect(ref in policy.statements, f"note's with_any statement {ref!r}")
    if isinstance(rule, Classification):
        _expect(rule.subject in SUBJECTS, f"subject {rule.subject!r}")
        ok = rule.infraction == "*" or rule.infraction in policy.infractions
        _expect(ok, f"classified infraction {rule.infraction!r}")
    if isinstance(rule, Adjustment | RepeatRule):
        _expect(rule.to in PENALTIES, f"penalty {rule.to!r}")
    if isinstance(rule, RepeatRule):
        _expect(set(rule.opl) <= set(OPLS), f"opl {rule.opl!r}")
    if isinstance(rule, RemedyRule):
        for step in rule.steps:
            _expect(step.remedy in REMEDIES, f"remedy {step.remedy!r}")


def _check_infraction(policy: Policy, infraction: Infraction) -> None:
    _expect(infraction.id in INFRACTIONS, f"infraction {infraction.id!r}")
    _expect(infraction.base_penalty in PENALTIES, f"penalty {infraction.base_penalty!r}")
    refs = [r for r in (infraction.statement, infraction.penalty_statement) if r]
    refs += infraction.exempt
    if infraction.witness:
        refs.append(infraction.witness.statement)
        _expect(infraction.witness.penalty in PENALTIES, "witness penalty")
    for ref in refs:
        _expect(ref in policy.statements, f"statement {ref!r} ({infraction.id})")


def _expect(ok: bool, what: str) -> None:
    if not ok:
        raise PolicyError(f"invalid or unknown {what}")
