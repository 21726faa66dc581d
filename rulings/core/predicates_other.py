"""Predicates about payments, scores and other game play errors."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulings.core.predicates import predicate
from rulings.core.situation import Payment

if TYPE_CHECKING:
    from rulings.core.facts import Context


NO_PAYMENT = Payment(player="", cost=0, paid=0)


def _payment(ctx: Context) -> Payment:
    """The payment, or a neutral one (e.g. a Mispayment reported as a game_error)."""
    return ctx.situation.payment or NO_PAYMENT


@predicate
def underpaid(ctx: Context) -> bool:
    payment = _payment(ctx)
    return payment.paid < payment.cost or payment.wrong_requirements


@predicate
def overpaid(ctx: Context) -> bool:
    payment = _payment(ctx)
    return payment.paid > payment.cost and not payment.wrong_requirements


@predicate
def cost_correctable(ctx: Context) -> bool:
    return _payment(ctx).correctable


@predicate
def caused_result(ctx: Context) -> bool:
    return _payment(ctx).caused_result


@predicate
def score_forgotten(ctx: Context) -> bool:
    score = ctx.situation.score
    return score is not None and score.forgotten


@predicate
def score_determinable(ctx: Context) -> bool:
    score = ctx.situation.score
    return score is not None and score.determinable
