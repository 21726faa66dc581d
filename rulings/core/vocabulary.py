"""The fixed public ids (see docs/rulings.md). Never rename one: add new ids instead."""

GAMES = ("riftbound", "mtg")
OPLS = ("casual", "competitive", "professional")
LOW_OPLS = ("casual",)

PENALTIES = ("no_penalty", "warning", "game_loss", "match_loss", "disqualification")

INFRACTIONS = (
    "missed_trigger",
    "forgetting_to_score",
    "overpayment",
    "mispayment_for_cost",
    "general_error",
    "failure_to_maintain_game_state",
    "game_rule_violation",
    "cheating",
    "no_infraction",
    # Riftbound TR 702 game play errors beyond the seed (policy-notes.md).
    "forgetting_to_draw_cards",
    "looking_at_extra_cards",
    "channeling_too_many_runes",
    "channeling_too_few_runes",
    "looking_at_secret_information",
    "looking_at_opponent_private_information",
    "drawing_extra_cards",
    "facedown_card_error",
    "mulligan_procedure_error",
    "forgetting_to_ready",
)

REMEDIES = (
    "opponent_chooses_resolve_or_skip",
    "continue_play",
    "simple_rewind",
    "correct_cost",
    "correct_score",
    "opponent_chooses_put_on_stack",
    "opponent_chooses_default_action",
    "resolve_now_or_next_phase",
    "none",
    # Added ids (vocabulary.md allows additions).
    "rewind",
    "resolve_immediately",
    "simple_backup",
    "draw_missing_cards",
    "channel_missing_runes",
    "ready_objects",
    "apply_section_procedure",
    "make_up_draw_or_discard",
    "return_to_correct_zone",
)

REWIND_AUTHORITIES = ("any_judge", "head_judge", "head_judge_or_appeals_judge")


def rung(penalty: str) -> int:
    """Position of a penalty on the ladder (0 = no penalty)."""
    return PENALTIES.index(penalty)
