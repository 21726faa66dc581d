"""`evaluate(situation) -> Ruling`: classify, penalise, remedy, explain."""

from __future__ import annotations

from rulings.core.errors import RulingsError
from rulings.core.events import Derived
from rulings.core.facts import Context, build_context
from rulings.core.penalties import counts_toward_upgrades, decide_penalty
from rulings.core.policy import Classification, Infraction, Note
from rulings.core.registry import holds
from rulings.core.remedies import RemedyDecision, decide_remedy
from rulings.core.ruling import (
    AdditionalPenalty,
    DerivedFact,
    Penalty,
    RoundCycle,
    Ruling,
    Step,
)
from rulings.core.situation import Situation
from rulings.core.validate import policy_for, validate
from rulings.core.vocabulary import rung
from rulings.core.witnesses import about_other, additional_penalties

PHASE_FACTS = ("noticed.phase", "noticed.error_phase")


def evaluate(situation: Situation) -> Ruling:
    """The ruling for a situation under its policy version (or the game's default)."""
    if not isinstance(situation, Situation):
        raise RulingsError("evaluate() needs a Situation; use Situation.from_dict(data)")
    validate(situation)
    ctx = build_context(situation, policy_for(situation))
    rule = classify(ctx)
    infraction = ctx.policy.infractions[_infraction_id(ctx, rule)]
    penalty = decide_penalty(ctx, infraction, rule.statement)
    remedy = decide_remedy(ctx, infraction, rule.statement)
    cycle = round_cycle(ctx)
    witnesses = additional_penalties(ctx, infraction)
    ruling = Ruling(
        game=situation.game,
        policy_version=ctx.policy.id,
        infraction=infraction.id,
        infraction_statement=infraction.statement or rule.statement,
        accountable_player=ctx.accountable,
        penalty=penalty,
        remedy=remedy.steps,
        rewind_by=remedy.rewind_by,
        round_cycle=cycle,
        additional_penalties=witnesses,
        judge_intervenes=penalty.final != "no_penalty" or infraction.id == "cheating",
        explanation=explanation(ctx, rule, infraction, penalty, remedy, cycle, witnesses),
        derived=derived_facts(ctx),
    )
    if situation.asked_about in (None, ctx.accountable):
        return ruling
    return about_other(ctx, ruling, infraction)


def derived_facts(ctx: Context) -> tuple[DerivedFact, ...]:
    """The conclusions drawn from the situation's events, each with its citation."""
    return tuple(
        DerivedFact(
            d.fact,
            d.value,
            d.event,
            d.statement,
            ctx.policy.statement(d.statement).section if d.statement else None,
        )
        for d in ctx.derived
    )


def classify(ctx: Context) -> Classification:
    """The first classification rule for this subject whose conditions hold."""
    subject = ctx.situation.subject
    for rule in ctx.policy.classify:
        if rule.subject == subject and holds(ctx, rule.when):
            return rule
    raise RulingsError(f"policy {ctx.policy.id} has no classification for this {subject}")


def _infraction_id(ctx: Context, rule: Classification) -> str:
    if rule.infraction == "*" and ctx.situation.game_error is not None:
        return ctx.situation.game_error.kind
    return rule.infraction


def round_cycle(ctx: Context) -> RoundCycle | None:
    statement = ctx.policy.procedure.get("round_cycle")
    if statement is None:
        return None
    section = ctx.policy.statement(statement).section
    return RoundCycle(ctx.cycle_passed, ctx.error_turn_player, statement, section)


Ref = tuple[str, str]
"""One citation of the explanation: (role, statement id)."""


def explanation(
    ctx: Context,
    rule: Classification,
    infraction: Infraction,
    penalty: Penalty,
    remedy: RemedyDecision,
    cycle: RoundCycle | None,
    witnesses: tuple[AdditionalPenalty, ...],
) -> tuple[Step, ...]:
    """Every step of the reasoning, each citing a statement of the policy version."""
    classified = [s for s in (rule.statement, *rule.cites, infraction.statement) if s]
    refs = _timing(ctx, classified, remedy)
    refs += [("infraction", s) for s in classified]
    refs += [("note", n.statement) for n in infraction.notes if holds(ctx, n.when)]
    refs += _penalty_and_remedy(ctx, infraction, penalty, remedy)
    refs += _round_cycle_timing(ctx, cycle)
    refs += [("additional_penalty", w.statement) for w in witnesses]
    refs = _with_policy_notes(ctx, refs)
    if "communicate" in ctx.policy.procedure:
        refs.append(("procedure", ctx.policy.procedure["communicate"]))
    return _steps(ctx, refs)


def _timing(ctx: Context, classified: list[str], remedy: RemedyDecision) -> list[Ref]:
    """Who is accountable and when the error was noticed, before the infraction is named."""
    refs: list[Ref] = [("accountability", s) for s in ctx.accountability]
    refs += [("timing", s) for s in _awareness(ctx)]
    fixed = {step.statement for step in remedy.steps}
    refs += [
        ("timing", d.statement)
        for d in ctx.derived
        if d.statement is not None and _derived_cited(ctx, d, classified, fixed)
    ]
    return refs


def _derived_cited(ctx: Context, derived: Derived, classified: list[str], fixed: set[str]) -> bool:
    """Whether a conclusion drawn from the events is cited as timing.

    A conclusion is cited as timing, unless the classification cites its statement anyway:
    then once, where the ruling used it (a story told as events reads as the same story told
    by its conclusions). The phases are cited only where the policy's time bar compares them;
    elsewhere (Riftbound, the older Magic wording) they are recorded in `derived` and decide
    nothing. A phase's statement that the remedy cites (the time bar) is cited once, as the
    remedy."""
    if derived.statement in classified:
        return False
    if derived.fact not in PHASE_FACTS:
        return True
    return ctx.policy.phases_ordered and derived.statement not in fixed


def _penalty_and_remedy(
    ctx: Context, infraction: Infraction, penalty: Penalty, remedy: RemedyDecision
) -> list[Ref]:
    refs: list[Ref] = [("penalty", step.statement) for step in penalty.steps]
    refs += [("penalty", s) for s in penalty_procedure(ctx, penalty, infraction)]
    refs += [("remedy", step.statement) for step in remedy.steps]
    refs += [("remedy", s) for s in remedy.cites]
    return refs


def _round_cycle_timing(ctx: Context, cycle: RoundCycle | None) -> list[Ref]:
    """Only a score's fix turns on the full round cycle (TR 702.3.b): cite it only there."""
    if cycle is None or ctx.situation.subject != "score":
        return []
    return [("timing", cycle.statement)]


def _with_policy_notes(ctx: Context, refs: list[Ref]) -> list[Ref]:
    """The policy notes the ruling used, put before its first penalty step.

    A policy note is cited only where the ruling used it: with `with_any`, only beside a step
    that depends on it (the OPL's level beside a softened penalty, a judge's random choice, a
    rewind's authority or the repeat thresholds; not for every ruling at a low OPL)."""
    cited = {ref for _role, ref in refs}
    notes = [n for n in _policy_notes(ctx) if not n.with_any or not cited.isdisjoint(n.with_any)]
    at = next((i for i, (role, _r) in enumerate(refs) if role == "penalty"), len(refs))
    return [*refs[:at], *(("note", n.statement) for n in notes), *refs[at:]]


def _steps(ctx: Context, refs: list[Ref]) -> tuple[Step, ...]:
    """One step per statement, in the role it is first cited in."""
    first_role: dict[str, str] = {}
    for role, ref in refs:
        first_role.setdefault(ref, role)
    return tuple(_step(ctx, role, ref) for ref, role in first_role.items())


def _policy_notes(ctx: Context) -> list[Note]:
    subject = ctx.situation.subject
    notes = ctx.policy.notes
    return [n for n in notes if n.subject in ("", subject) and holds(ctx, n.when)]


def penalty_procedure(ctx: Context, penalty: Penalty, infraction: Infraction) -> list[str]:
    """The ladder, reporting a Game Loss or more, and investigations below the thresholds (only
    for a Warning that counts toward them: not an exempt one the head judge left exempt)."""
    procedure = ctx.policy.procedure
    counts = bool(ctx.situation.history.warnings) and counts_toward_upgrades(ctx, infraction)
    wanted = [
        ("ladder", penalty.final != "no_penalty"),
        ("report_to_head_judge", rung(penalty.final) >= rung("game_loss")),
        ("below_thresholds", penalty.final == "warning" and counts),
    ]
    return [procedure[key] for key, applies in wanted if applies and key in procedure]


def _awareness(ctx: Context) -> tuple[str, ...]:
    trigger = ctx.situation.trigger
    if trigger is None or trigger.kind is None:
        return ()
    statements = ctx.policy.awareness_statement
    only = trigger.kind == "choices_on_stack" and trigger.only_target_opponent
    if "target_opponent" in statements and only and len(ctx.situation.players) == 2:
        # "Target opponent" is chosen automatically in a two-player game: the trigger is shown
        # later per its other effects, a visible change (the policy names the statement).
        return (statements["target_opponent"], statements["visible_change"])
    return (ctx.policy.awareness_statement[trigger.kind],)


def _step(ctx: Context, role: str, ref: str) -> Step:
    return Step(role, ref, ctx.policy.statement(ref).section)
