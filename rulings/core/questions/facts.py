"""What each stem sentence states about the situation, and which facts a template's ruling
turns on (issue 10, point 2).

`STATES` maps a sentence key to the facts it asserts: a situation path and the values it allows
(same-turn sentences allow both "same_action" and "same_turn" only where the story cannot tell
them apart). A template's deciding facts are those of its pivots (`PIVOT_FACTS`) plus any it
declares (`Template.states`); a fact decides a given seed when changing it changes the key. The
tests check that every deciding fact is stated with the situation's value and that no two
sentences of a stem contradict each other.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rulings.core.questions.template import Sentence

SAME = frozenset({"same_action", "same_turn"})
LATER = frozenset({"previous_turn"})
BARRED = frozenset({"before_current_phase_of_previous_turn"})
YES = frozenset({True})
NO = frozenset({False})


def _one(value: object) -> frozenset[object]:
    return frozenset({value})


STATES: dict[str, dict[str, frozenset[object]]] = {
    # when it was noticed
    "noticed.same_action": {"noticed.when": _one("same_action")},
    "noticed.same_turn": {"noticed.when": _one("same_turn")},
    "mtg.duties.other_turn_called": {"noticed.when": _one("same_action")},
    "noticed.controlled_player": {"noticed.when": _one("same_turn")},
    "noticed.previous_turn": {"noticed.when": LATER},
    "noticed.mtg_previous_turn": {"noticed.when": LATER},
    "noticed.before_current_phase_of_previous_turn": {"noticed.when": BARRED},
    "mtg.duration.expired": {"noticed.when": LATER},
    "mtg.duration.running": {"noticed.when": _one("same_turn")},
    "mtg.delayed.creation": {"noticed.when": SAME},  # "the end step has not begun yet"
    "mtg.delayed.creation_called": {"noticed.when": _one("same_turn")},  # before the end step
    "score.same_turn": {"noticed.when": _one("same_turn")},
    "score.later": {"noticed.when": LATER},
    "score.later_before_turn": {"noticed.when": LATER},
    "score.later_after_action": {"noticed.when": LATER, "noticed.at_start_of_turn": NO},
    # who noticed
    "mtg.after_ack.noticed_by.opponent.at_once": {"noticed.by": _one("opponent")},
    "mtg.after_ack.noticed_by.error_player.at_once": {"noticed.by": _one("error_player")},
    "mtg.after_ack.noticed_by.error_player.later": {"noticed.by": _one("error_player")},
    "mtg.after_ack.noticed_by.judge.at_once": {"noticed.by": _one("judge")},
    "mtg.after_ack.noticed_by.judge.later": {"noticed.by": _one("judge")},
    "mtg.error.game_rule_violation": {"noticed.by": _one("opponent")},
    "mtg.error.grv.haste_late": {"noticed.by": _one("judge")},
    "mtg.error.grv.wrong_zone": {
        "noticed.by": _one("opponent"),
        "partial_fix": _one("object_in_wrong_zone"),
    },
    "mtg.after_ack.sword": {"partial_fix": _one("missed_draw_or_discard")},
    # what can still be undone
    "rewind.simple": {"rewind": _one("simple")},
    "mtg.backup.simple": {"rewind": _one("simple")},
    "rewind.complex": {"rewind": _one("complex")},
    "rewind.complex_later": {"rewind": _one("complex")},
    "rewind.none": {"rewind": _one("none")},
    "mtg.backup.none": {"rewind": _one("none")},
    "mtg.backup.complex": {"rewind": _one("complex")},
    "mtg.backup.revealing_only": {"rewind": _one("simple")},
    # advantage, intent, impact
    # What missing the trigger changed, told as events, shows it had an impact (review 14:
    # fi-035, "resolving the trigger would change the board" stated the test itself).
    "advantage.yes": {"advantageous": YES, "trigger.impact": YES},
    "advantage.accountable": {"advantageous": YES},
    # A battlefield's trigger missed: an event that uses what it would have cost (review 9).
    "bf.used.runes_ready": {"advantageous": YES},
    "bf.used.kept_card": {"advantageous": YES},
    "bf.used.unit_stays": {"advantageous": YES},
    "error.advantage.yes": {"advantageous": YES},
    "advantage.no": {"advantageous": NO},
    "advantage.no_event": {"advantageous": NO, "trigger.impact": YES},
    "advantage.no_benefit": {"advantageous": NO, "trigger.impact": YES},
    "error.advantage.no": {"advantageous": NO},
    "intent.none": {"intent": _one("none")},
    "intent.intentional": {"intent": _one("intentional")},
    "intent.intentional_unaware_of_rule": {"intent": _one("intentional_unaware_of_rule")},
    "impact.no": {"trigger.impact": NO},
    "mtg.drake.alone": {"trigger.impact": NO},
    "mtg.drake.friend": {"trigger.impact": YES},
    # payments and scores
    "pay.correctable": {"payment.correctable": YES},
    "pay.not_correctable": {"payment.correctable": NO},
    "pay.result.yes": {"payment.caused_result": YES},
    # The extra runes only exhausted, nothing referring to them: no result and no advantage.
    "pay.result.no": {"payment.caused_result": NO, "advantageous": NO},
    "score.determinable": {"score.determinable": YES},
    "score.undeterminable": {"score.determinable": NO},
    # penalties
    "history.head_judge_upgrade": {"history.head_judge_instructs_upgrade": YES},
    "history.head_judge_silent": {"history.head_judge_instructs_upgrade": NO},
    "related.soften": {"soften_at_low_opl": YES},
    "related.no_soften": {"soften_at_low_opl": NO},
    "setup.riftbound_casual": {"soften_at_low_opl": NO},
    "mtg2024.changes": {"play.revealing_action_changes_effect": YES},
    "mtg2024.unchanged": {"play.revealing_action_changes_effect": NO},
}

# The fact each pivot mutation changes (mutations_*.py).
PIVOT_FACTS: dict[str, str] = {
    "advantageous": "advantageous",
    "noticed_later": "noticed.when",
    "noticed_same_turn": "noticed.when",
    "noticed_time_bar": "noticed.when",
    "duration_running": "noticed.when",
    "rewind_simple": "rewind",
    "rewind_complex": "rewind",
    "rewind_none": "rewind",
    "noticed_by_opponent": "noticed.by",
    "intent_none": "intent",
    "intent_intentional": "intent",
    "impact_yes": "trigger.impact",
    "no_impact": "trigger.impact",
    "not_correctable": "payment.correctable",
    "caused_result": "payment.caused_result",
    "score_undeterminable": "score.determinable",
    "acted_in_new_turn": "noticed.at_start_of_turn",
    "head_judge_upgrade": "history.head_judge_instructs_upgrade",
    "soften": "soften_at_low_opl",
    "revealing_unchanged": "play.revealing_action_changes_effect",
}


def stated(sentences: Iterable[Sentence]) -> dict[str, frozenset[object]]:
    """Per fact, the values every sentence stating it allows (empty = a contradiction)."""
    found: dict[str, frozenset[object]] = {}
    for item in sentences:
        for fact, allowed in STATES.get(item.key, {}).items():
            found[fact] = found[fact] & allowed if fact in found else allowed
    return found


def contradictions(sentences: Iterable[Sentence]) -> list[str]:
    """Facts two sentences state differently."""
    return sorted(fact for fact, allowed in stated(sentences).items() if not allowed)


def value(situation: Mapping[str, Any], path: str) -> object:
    """The value at a dotted path of a situation dict with its defaults filled in."""
    current: Any = situation
    for part in path.split("."):
        if not isinstance(current, Mapping):
            return None
        current = current.get(part)
    return current
