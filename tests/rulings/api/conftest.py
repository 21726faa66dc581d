import pytest

TREASURE_HUNTER = {
    "game": "riftbound",
    "players": ["you", "opponent"],
    "turn_player": "you",
    "trigger": {
        "kind": "point_total",
        "name": "Treasure Hunter",
        "source": "card",
        "controller": "you",
    },
    "play": {"acknowledged": "no", "following_action": "new_game_action"},
    "noticed": {"when": "same_turn"},
    "advantageous": False,
}


@pytest.fixture
def treasure_hunter() -> dict[str, object]:
    """TR study note's worked example: a forgotten Treasure Hunter trigger, noticed this turn."""
    return {
        key: (dict(value) if isinstance(value, dict) else value)
        for key, value in TREASURE_HUNTER.items()
    }
