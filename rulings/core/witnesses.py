"""Other players' rulings: a silent witness's penalty (or explicit non-penalty) beside the
erring player's, and, when the question asks about one of them (`asked_about`), their ruling
as the main one with the erring player's as additional (issue 30).

Every outcome is the policy's `witness` rule for the infraction (Failure to Maintain Game
State where the policy makes an opponent who saw it and said nothing responsible, no
infraction where it does not), upgraded only on that player's own record; nothing here
decides a ruling the policy data does not state.
"""

from __future__ import annotations

from dataclasses import replace

from rulings.core.errors import SituationError
from rulings.core.facts import Context
from rulings.core.penalties import counts_toward_upgrades
from rulings.core.policy import Infraction, RepeatRule, WitnessRule
from rulings.core.ruling import (
    AdditionalPenalty,
    Penalty,
    PenaltyStep,
    RemedyStep,
    Ruling,
    Step,
)
from rulings.core.vocabulary import rung

UNNOTICED_BY_OPPONENTS = ("error_player", "judge", "spectator")
# The erring player's reasoning, cited after the asked player's: what decided their infraction
# and penalty supports the additional penalty; the rest (timing, the game's remedy) stays.
ERRING_ROLES = dict.fromkeys(("infraction", "note", "penalty"), "additional_penalty")


def additional_penalties(ctx: Context, infraction: Infraction) -> tuple[AdditionalPenalty, ...]:
    """Penalties (or explicit non-penalties) for players who saw it and said nothing, and,
    where the policy says so, for every opponent when none of them noticed it."""
    rule = infraction.witness
    if rule is None:
        return ()
    section = ctx.policy.statement(rule.statement).section
    players = [p for p in ctx.situation.silent_witnesses if p != ctx.accountable]
    if rule.unnoticed and ctx.situation.noticed.by in UNNOTICED_BY_OPPONENTS:
        players += [p for p in ctx.situation.players if p != ctx.accountable]
    return tuple(
        AdditionalPenalty(
            p,
            rule.infraction,
            witness_penalty(ctx, rule.infraction, rule.penalty, p),
            rule.statement,
            section,
        )
        for p in dict.fromkeys(players)
    )


def witness_penalty(ctx: Context, infraction: str, penalty: str, player: str) -> str:
    upgrade = witness_upgrade(ctx, infraction, penalty, player)
    return penalty if upgrade is None else upgrade.to


def witness_upgrade(ctx: Context, infraction: str, penalty: str, player: str) -> RepeatRule | None:
    """The rule that upgrades another player's Warning on their own record (other_records),
    like the error's: only the same-category rule applies, and an exempt infraction (FtMGS)
    only when the head judge instructs it."""
    known = ctx.policy.infractions.get(infraction)
    if penalty != "warning" or known is None:
        return None
    if not counts_toward_upgrades(ctx, known):
        return None
    earlier = earlier_warnings(ctx, infraction, player)
    for rule in ctx.policy.repeat:
        same = rule.scope == "same_category" and ctx.situation.opl in rule.opl
        if same and earlier + 1 >= rule.threshold:
            return rule
    return None


def earlier_warnings(ctx: Context, infraction: str, player: str) -> int:
    """Warnings for `infraction` another player already received (their other_records)."""
    record = next((r for r in ctx.situation.other_records if r.player == player), None)
    return dict(record.warnings).get(infraction, 0) if record else 0


def about_other(ctx: Context, ruling: Ruling, infraction: Infraction) -> Ruling:
    """The ruling for `asked_about`, a player other than the one who erred: their own
    infraction, penalty and remedy (the policy's witness rule), with the erring player's
    ruling as the first additional penalty and its remedy as `additional_remedy`."""
    player = ctx.situation.asked_about
    assert player is not None
    rule = infraction.witness
    own = next((w for w in ruling.additional_penalties if w.player == player), None)
    if rule is None or own is None:
        raise SituationError("asked_about", _no_ruling(ctx, infraction, player))
    penalty = _penalty(ctx, rule, own.penalty, player)
    remedy = _remedy(ctx, rule)
    erring = AdditionalPenalty(
        ruling.accountable_player,
        ruling.infraction,
        ruling.penalty.final,
        ruling.infraction_statement,
        ctx.policy.statement(ruling.infraction_statement).section,
    )
    others = tuple(w for w in ruling.additional_penalties if w.player != player)
    return replace(
        ruling,
        infraction=rule.infraction,
        infraction_statement=rule.statement,
        penalty=penalty,
        remedy=remedy,
        additional_penalties=(erring, *others),
        judge_intervenes=ruling.judge_intervenes or penalty.final != "no_penalty",
        explanation=_explanation(ctx, rule, penalty, remedy, ruling),
        asked_about=player,
        additional_remedy=ruling.remedy,
    )


def _no_ruling(ctx: Context, infraction: Infraction, player: str) -> str:
    if infraction.witness is None:
        return (
            f"{ctx.policy.id} states nothing about another player for {infraction.id}; "
            f"ask about {ctx.accountable}, who made the error"
        )
    return (
        f"{player} has no ruling of their own here: {ctx.policy.id} rules on players who saw "
        f"the error and said nothing (list them in silent_witnesses) and on {ctx.accountable}, "
        "who made the error"
    )


def _penalty(ctx: Context, rule: WitnessRule, final: str, player: str) -> Penalty:
    """The witness rule's penalty as the base, then the upgrade on the player's own record,
    or the exemption that stops it (FtMGS), each cited."""
    steps = [_step(ctx, "base", rule.penalty, rule.penalty, rule.statement)]
    upgrade = witness_upgrade(ctx, rule.infraction, rule.penalty, player)
    known = ctx.policy.infractions.get(rule.infraction)
    if upgrade is not None:
        reason = f"repeated_warnings_{upgrade.scope}"
        steps.append(_step(ctx, reason, rule.penalty, final, upgrade.statement))
    elif (
        known is not None
        and rule.penalty == "warning"
        and not counts_toward_upgrades(ctx, known)
        and earlier_warnings(ctx, rule.infraction, player)
    ):
        steps += [
            _step(ctx, "exempt_from_upgrade", rule.penalty, rule.penalty, s) for s in known.exempt
        ]
    return Penalty(rule.penalty, steps[-1].to_penalty, tuple(steps))


def _step(ctx: Context, reason: str, old: str, new: str, statement: str) -> PenaltyStep:
    direction = "none" if old == new else ("up" if rung(new) > rung(old) else "down")
    return PenaltyStep(reason, old, new, direction, statement, _section(ctx, statement))


def _remedy(ctx: Context, rule: WitnessRule) -> tuple[RemedyStep, ...]:
    """The witness infraction's own unconditional remedy (FtMGS: nothing to fix for them),
    else nothing, citing the witness rule (no infraction: keeping quiet needs no fix)."""
    known = ctx.policy.infractions.get(rule.infraction)
    fixed = next((r for r in known.remedy if not r.when), None) if known else None
    if fixed is None:
        return (RemedyStep("none", (), rule.statement, _section(ctx, rule.statement)),)
    statement = fixed.statement or rule.statement
    return tuple(
        RemedyStep(t.remedy, t.params, statement, _section(ctx, statement)) for t in fixed.steps
    )


def _explanation(
    ctx: Context,
    rule: WitnessRule,
    penalty: Penalty,
    remedy: tuple[RemedyStep, ...],
    ruling: Ruling,
) -> tuple[Step, ...]:
    """The asked player's steps first (their infraction, penalty with the ladder, remedy),
    then the erring player's reasoning, its infraction and penalty as the additional penalty."""
    refs = [("infraction", rule.statement)]
    refs += [("penalty", step.statement) for step in penalty.steps]
    if penalty.final != "no_penalty" and "ladder" in ctx.policy.procedure:
        refs.append(("penalty", ctx.policy.procedure["ladder"]))
    if rung(penalty.final) >= rung("game_loss") and "report_to_head_judge" in ctx.policy.procedure:
        refs.append(("penalty", ctx.policy.procedure["report_to_head_judge"]))
    refs += [("remedy", step.statement) for step in remedy]
    refs += [(ERRING_ROLES.get(s.role, s.role), s.statement) for s in ruling.explanation]
    first: dict[str, str] = {}
    for role, ref in refs:
        first.setdefault(ref, role)
    return tuple(Step(role, ref, _section(ctx, ref)) for ref, role in first.items())


def _section(ctx: Context, statement: str) -> str:
    return ctx.policy.statement(statement).section
