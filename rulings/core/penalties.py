"""The penalty: the base first, then every upgrade or downgrade with its reason and citation."""

from __future__ import annotations

from rulings.core.facts import Context
from rulings.core.policy import Infraction, Policy
from rulings.core.registry import holds
from rulings.core.ruling import Penalty, PenaltyStep
from rulings.core.vocabulary import LOW_OPLS, PENALTIES, rung


def decide_penalty(ctx: Context, infraction: Infraction, fallback: str) -> Penalty:
    """`fallback` cites the base when the infraction has no statement (no_infraction)."""
    base = infraction.base_penalty
    steps = [_step(ctx.policy, "base", base, base, infraction.penalty_statement or fallback)]
    for stage in (_adjustments, _repeated_warnings, _soften, _related):
        steps += stage(ctx, infraction, steps[-1].to_penalty)
    return Penalty(infraction.base_penalty, steps[-1].to_penalty, tuple(steps))


def _step(policy: Policy, reason: str, old: str, new: str, statement: str) -> PenaltyStep:
    direction = "none" if old == new else ("up" if rung(new) > rung(old) else "down")
    section = policy.statement(statement).section
    return PenaltyStep(reason, old, new, direction, statement, section)


def _adjustments(ctx: Context, infraction: Infraction, current: str) -> list[PenaltyStep]:
    steps = []
    for rule in infraction.adjust:
        if rule.to != current and holds(ctx, rule.when):
            steps.append(_step(ctx.policy, rule.reason, current, rule.to, rule.statement))
            current = rule.to
    return steps


def _repeated_warnings(ctx: Context, infraction: Infraction, current: str) -> list[PenaltyStep]:
    if current != "warning" or infraction.category != "game_play_error":
        return []
    exempt_steps = _exemption(ctx, infraction, current)
    if exempt_steps is not None:
        return exempt_steps
    for rule in ctx.policy.repeat:
        if _repeat_applies(ctx, infraction, rule.scope, rule.threshold, rule.opl):
            return [
                _step(
                    ctx.policy, f"repeated_warnings_{rule.scope}", current, rule.to, rule.statement
                )
            ]
    return []


def counts_toward_upgrades(ctx: Context, infraction: Infraction) -> bool:
    """Whether the infraction's Warnings upgrade: always, unless it is exempt (FtMGS) and the
    head judge has not instructed upgrading it."""
    return not infraction.exempt or ctx.situation.history.head_judge_instructs_upgrade


def _exemption(ctx: Context, infraction: Infraction, current: str) -> list[PenaltyStep] | None:
    """None when the infraction is not exempt (or the head judge lifts the exemption)."""
    if counts_toward_upgrades(ctx, infraction):
        return None
    if not _counted_warnings(ctx, infraction):
        return []
    return [
        _step(ctx.policy, "exempt_from_upgrade", current, current, s) for s in infraction.exempt
    ]


def _counted_warnings(ctx: Context, infraction: Infraction) -> int:
    return dict(ctx.situation.history.warnings).get(infraction.id, 0)


def _repeat_applies(
    ctx: Context, infraction: Infraction, scope: str, threshold: int, opls: tuple[str, ...]
) -> bool:
    if ctx.situation.opl not in opls:
        return False
    if scope == "same_category":
        return _counted_warnings(ctx, infraction) + 1 >= threshold
    return _total_warnings(ctx) + 1 >= threshold


def _total_warnings(ctx: Context) -> int:
    """Earlier game play error Warnings, leaving out exempt (tracking-only) infractions."""
    infractions = ctx.policy.infractions
    total = 0
    for category, count in ctx.situation.history.warnings:
        known = infractions.get(category)
        if known and known.category == "game_play_error" and not known.exempt:
            total += count
    return total


def _soften(ctx: Context, infraction: Infraction, current: str) -> list[PenaltyStep]:
    statement = ctx.policy.procedure.get("low_opl_soften")
    wanted = ctx.situation.soften_at_low_opl and ctx.situation.opl in LOW_OPLS
    if not statement or not wanted or current == "no_penalty" or infraction.id == "cheating":
        return []
    return [_step(ctx.policy, "low_opl_softer", current, PENALTIES[rung(current) - 1], statement)]


def _related(ctx: Context, infraction: Infraction, current: str) -> list[PenaltyStep]:
    statement = ctx.policy.procedure.get("related_penalties")
    related = ctx.situation.related_penalties
    # Related penalties belong to an infraction: with none committed there is nothing to relate
    # them to ("No infraction - Game Loss" is not a ruling).
    if not statement or not related or infraction.id == "no_infraction":
        return []
    most = max((current, *related), key=rung)
    return [_step(ctx.policy, "only_most_severe_of_related", current, most, statement)]
