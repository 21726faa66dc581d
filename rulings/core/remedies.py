"""The remedy: the first remedy rule of the infraction whose conditions hold, made concrete."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulings.core.facts import Context
from rulings.core.policy import Infraction, RemedyRule, RemedyTemplate
from rulings.core.registry import holds
from rulings.core.ruling import RemedyStep
from rulings.core.vocabulary import LOW_OPLS

NOTHING = RemedyRule(when=(), statement="", steps=(RemedyTemplate("none", ()),))
SIMPLE = ("simple_rewind", "simple_backup")


@dataclass(frozen=True)
class RemedyDecision:
    steps: tuple[RemedyStep, ...]
    cites: tuple[str, ...]  # further statements the explanation must show, in order
    rewind_by: str | None


def decide_remedy(ctx: Context, infraction: Infraction, fallback: str) -> RemedyDecision:
    """`fallback` is cited when nothing needs fixing and the infraction has no statement."""
    rule = next((r for r in infraction.remedy if holds(ctx, r.when)), NOTHING)
    statement = rule.statement or infraction.statement or fallback
    random = _random_choice(ctx, rule)
    steps = tuple(_concrete(ctx, t, statement, random) for t in rule.steps)
    rewind_by, rewind_cite = _rewind_authority(ctx, steps)
    extra = (ctx.policy.procedure["low_opl_random"],) if random else ()
    return RemedyDecision(steps, (*rule.cites, *extra, *rewind_cite), rewind_by)


def _random_choice(ctx: Context, rule: RemedyRule) -> bool:
    """At low OPL a judge makes an opponent's unavoidable choice at random."""
    if "low_opl_random" not in ctx.policy.procedure or ctx.situation.opl not in LOW_OPLS:
        return False
    return any(dict(t.params).get("chooser") == "{opponent}" for t in rule.steps)


def _concrete(ctx: Context, template: RemedyTemplate, statement: str, random: bool) -> RemedyStep:
    params = {k: _fill(ctx, v) for k, v in template.params}
    if random and template.params and dict(template.params).get("chooser") == "{opponent}":
        params["chooser"] = "judge_at_random"
        params["on_behalf_of"] = ctx.opponent
    citation = ctx.policy.statement(statement).section
    return RemedyStep(template.remedy, tuple(sorted(params.items())), statement, citation)


def _fill(ctx: Context, value: Any) -> Any:
    if value == "{opponent}":
        return ctx.opponent
    if value == "{accountable}":
        return ctx.accountable
    return value


def _rewind_authority(
    ctx: Context, steps: tuple[RemedyStep, ...]
) -> tuple[str | None, tuple[str, ...]]:
    kinds = {step.remedy for step in steps}
    procedure = ctx.policy.procedure
    if kinds & set(SIMPLE) and "rewind_simple" in procedure:
        return "any_judge", (procedure["rewind_simple"],)
    if "rewind" in kinds and "rewind_complex" in procedure:
        if ctx.situation.opl in LOW_OPLS:
            return "head_judge", (procedure["rewind_complex"],)
        return "head_judge_or_appeals_judge", (procedure["rewind_complex"],)
    return None, ()
