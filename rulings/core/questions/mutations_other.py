"""Mutations of payments, scores and the Warnings history."""

from __future__ import annotations

from rulings.core.questions.mutation import Data, mutation, set_fact, toggle

# --- payments, scores, history -------------------------------------------------------


@mutation
def caused_result(d: Data) -> bool:
    return toggle(d.get("payment"), "caused_result")


@mutation
def not_correctable(d: Data) -> bool:
    return toggle(d.get("payment"), "correctable", default=True)


@mutation
def overpaid_instead(d: Data) -> bool:
    payment = d.get("payment")
    return payment is not None and set_fact(payment, "paid", payment["cost"] + 1)


@mutation
def underpaid_instead(d: Data) -> bool:
    payment = d.get("payment")
    return (
        payment is not None
        and payment["cost"] > 0
        and set_fact(payment, "paid", payment["cost"] - 1)
    )


@mutation
def score_undeterminable(d: Data) -> bool:
    return toggle(d.get("score"), "determinable", default=True)


@mutation
def turns_more(d: Data) -> bool:
    return _shift_turns(d, 1)


@mutation
def turns_fewer(d: Data) -> bool:
    return _shift_turns(d, -1)


def _shift_turns(d: Data, delta: int) -> bool:
    noticed = d.get("noticed", {})
    turns = noticed.get("turns_elapsed")
    if turns is None or turns + delta < 0:
        return False
    noticed["turns_elapsed"] = turns + delta
    noticed["when"] = "same_turn" if turns + delta == 0 else "previous_turn"
    return True


@mutation
def history_less(d: Data) -> bool:
    warnings = d.get("history", {}).get("warnings", {})
    if not warnings:
        return False
    top = max(sorted(warnings), key=lambda k: warnings[k])
    warnings[top] -= 1
    if not warnings[top]:
        del warnings[top]
    return True


@mutation
def history_more(d: Data) -> bool:
    history = d.setdefault("history", {})
    warnings = history.setdefault("warnings", {})
    kind = _subject_category(d)
    warnings[kind] = warnings.get(kind, 0) + 1
    return True


def _subject_category(d: Data) -> str:
    if d.get("game_error"):
        return str(d["game_error"]["kind"])
    if d.get("payment"):
        return "mispayment_for_cost"
    return "missed_trigger"


@mutation
def head_judge_upgrade(d: Data) -> bool:
    return toggle(d.setdefault("history", {}), "head_judge_instructs_upgrade")


@mutation
def no_related(d: Data) -> bool:
    if not d.get("related_penalties"):
        return False
    d["related_penalties"] = []
    return True


@mutation
def related_game_loss(d: Data) -> bool:
    return set_fact(d, "related_penalties", ["game_loss"])


@mutation
def soften(d: Data) -> bool:
    return d.get("opl") == "casual" and toggle(d, "soften_at_low_opl")


@mutation
def acted_in_new_turn(d: Data) -> bool:
    """Noticed at the very start of the scorer's next turn <-> after they acted in it."""
    noticed = d.get("noticed") or {}
    if "at_start_of_turn" not in noticed:
        return False
    noticed["at_start_of_turn"] = not noticed["at_start_of_turn"]
    return True
