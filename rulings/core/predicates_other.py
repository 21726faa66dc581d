"""Predicates about payments, scores and other game play errors."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulings.core.predicates import predicate
from rulings.core.situation import Payment

if TYPE_CHECKING:
    from rulings.core.context import Context


def _payment(ctx: Context) -> Payment:
    payment = ctx.situation.payment
    assert payment is not None, "payment predicates are only used for payment situations"
    return payment


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
