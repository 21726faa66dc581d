"""The scenario workbench's form of facts: a story without JSON.

Players are typed by name and referred to by their place in turn order (first, second, ...)
everywhere else, so the form works in one round trip without JavaScript. Only the fieldsets of
the chosen subject are shown (``hidden`` on the others, never dropped, so nothing typed is
lost when the subject changes). ``situation()`` builds the engine's situation; the engine's
``SituationError`` is turned into an error on the field it names (``add_engine_error``).
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rulings import (
    EVENT_ACTIONS,
    TRIGGER_KINDS,
    SituationError,
    default_version,
    load_policy,
    policy_title,
    policy_versions,
)
from rulings.models import Language
from rulings.questions import GAME_ERRORS, term

MAX_PLAYERS = 4
MAX_EVENTS = 5
SUBJECTS = ("trigger", "payment", "score", "game_error")
# Filled per form (``_places``): "Player 1" only where no name is typed, in the page's language.
PLACES = [(str(n), str(n)) for n in range(1, MAX_PLAYERS + 1)]
PLACE_FIELDS = (
    "turn_player", "trigger_controller", "payment_player", "score_player", "error_player",
)  # fmt: skip
OBSERVERS = [("judge", _("a judge")), ("spectator", _("a spectator"))]

EVENT_NAMES = {
    "acknowledge": _("shows awareness of it (announces it or what it changes)"),
    "noticed": _("points out that it was missed"),
    "explicit_pass": _("passes priority saying “no responses”"),
    "new_game_action": _("takes a new game action"),
    "pass_priority": _("passes priority without a word"),
    "instant_speed_action": _("casts an instant"),
    "sorcery_speed_action": _("casts a sorcery"),
    "advance_step": _("moves on to the next step or phase"),
    "draw_card": _("draws the card for the turn"),
    "declare_damage": _("announces combat damage"),
    "wrong_characteristics": _("states a characteristic without the trigger's change"),
    "visible_consequence_ignored": _("ignores a visible consequence of the trigger"),
    "might_matters": _("reaches the point where the Might matters"),
    "opponent_illegal_action_unchallenged": _("takes an action the trigger forbids, unchallenged"),
    "opponent_illegal_action_challenged": _("takes an action the trigger forbids, challenged"),
}
NOTICED_NAMES = {
    "same_action": _("at once, before any other action"),
    "same_turn": _("later in the same turn"),
    "previous_turn": _("in the next turn"),
    "before_current_phase_of_previous_turn": _("a turn later, past the phase of the error"),
}
NOTICED_BY = [
    ("unstated", _("not said")),
    ("opponent", _("an opponent, at once")),
    ("error_player", _("the player who made the error")),
    ("judge", _("a judge")),
    ("spectator", _("a spectator (no opponent had noticed)")),
]
ERROR_NAMES = {
    "game_rule_violation": _("attacks with a creature that has no haste (a game rule broken)"),
    "failure_to_maintain_game_state": _("sees an opponent's error and says nothing"),
    "general_error": _("a spell chooses an enemy unit it may not choose"),
    "forgetting_to_draw_cards": _("forgets to draw in the Draw Phase"),
    "looking_at_extra_cards": _("sees more cards than allowed while searching"),
    "channeling_too_many_runes": _("channels too many runes"),
    "channeling_too_few_runes": _("channels too few runes"),
    "drawing_extra_cards": _("draws a card too many"),
    "facedown_card_error": _("shows the front of a face-down card"),
    "mulligan_procedure_error": _("takes a mulligan in the wrong order"),
    "forgetting_to_ready": _("forgets to ready in the Awaken Phase"),
}
INFRACTION_NAMES = {
    "missed_trigger": _("Missed Trigger"),
    "overpayment": _("Overpayment for Cost"),
    "mispayment_for_cost": _("Mispayment for Cost"),
    "forgetting_to_score": _("Forgetting to Score a Point"),
    "game_rule_violation": _("Game Rule Violation"),
    "failure_to_maintain_game_state": _("Failure to Maintain Game State"),
    "general_error": _("General Error"),
}


_NEEDED = {
    "trigger": ("trigger_controller",),
    "payment": ("payment_player", "payment_cost", "payment_paid"),
    "score": ("score_player", "score_source"),
    "game_error": ("error_player", "error_kind"),
}


_KINDS_BY_GAME = (
    ("Magic", frozenset(load_policy(default_version("mtg")).awareness)),
    ("Riftbound", frozenset(load_policy(default_version("riftbound")).awareness)),
)


GAMES = [("riftbound", "Riftbound"), ("mtg", "Magic")]


def _game_of_each(ids_by_game: dict[str, frozenset[str]]) -> dict[str, str]:
    """Each id's game when only one game's data names it, "" when both or neither do."""
    games: dict[str, str] = {}
    for game, ids in ids_by_game.items():
        for i in ids:
            games[i] = "" if i in games and games[i] != game else game
    return games


def _awareness_actions(game: str) -> frozenset[str]:
    awareness = load_policy(default_version(game)).awareness
    return frozenset(action for actions in awareness.values() for action in actions)


# What each option belongs to, from the policy data (walk 3, #7: a Riftbound story was offered
# Magic's versions, trigger kinds and actions): the page shows only the chosen game's.
OPTION_GAMES = {
    **_game_of_each({game: _awareness_actions(game) for game, _name in GAMES}),
    **_game_of_each(
        {game: frozenset(load_policy(default_version(game)).awareness) for game, _name in GAMES}
    ),
    **{version: load_policy(version).game for version in policy_versions()},
}
# Challenging the forbidden action is the other side of letting it stand: the same game's.
OPTION_GAMES["opponent_illegal_action_challenged"] = OPTION_GAMES.get(
    "opponent_illegal_action_unchallenged", ""
)


class GameSelect(forms.Select):
    """Each option names its game (``data-game``, "" for both), so the page offers only the
    chosen game's (quizzes/game_choices.js); the form checks the game anyway."""

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option: dict[str, Any] = super().create_option(name, value, *args, **kwargs)
        if value:
            option["attrs"]["data-game"] = OPTION_GAMES.get(str(value), "")
        return option


def _choices(names: dict[str, Any], ids: Any) -> list[tuple[str, Any]]:
    return [(i, names[i]) for i in ids]


class WorkbenchForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=GAMES)
    policy_version = forms.ChoiceField(
        label=_("Policy version"),
        required=False,
        choices=[("", _("The game's default")), *((v, v) for v in policy_versions())],
        widget=GameSelect,
    )
    opl = forms.ChoiceField(
        label=_("Organized Play Level"),
        choices=[
            ("casual", _("Casual (Regular REL)")),
            ("competitive", _("Competitive")),
            ("professional", _("Professional")),
        ],
        initial="competitive",
    )
    language = forms.ChoiceField(label=_("Language of the story"), choices=Language.choices)
    player_1 = forms.CharField(label=_("Player 1 (first in turn order)"), max_length=40)
    player_2 = forms.CharField(label=_("Player 2"), max_length=40)
    player_3 = forms.CharField(label=_("Player 3 (optional)"), max_length=40, required=False)
    player_4 = forms.CharField(label=_("Player 4 (optional)"), max_length=40, required=False)
    turn_player = forms.ChoiceField(label=_("Whose turn it is"), choices=PLACES)
    subject = forms.ChoiceField(
        label=_("What the story is about"),
        choices=[
            ("trigger", _("A triggered ability")),
            ("payment", _("A cost paid")),
            ("score", _("A point scored")),
            ("game_error", _("Another game play error")),
        ],
    )
    # the trigger
    trigger_name = forms.CharField(label=_("The ability's card"), max_length=80, required=False)
    trigger_kind = forms.ChoiceField(label=_("What it does"), required=False, widget=GameSelect)
    trigger_optional = forms.ChoiceField(
        label=_("Its text says"),
        choices=[("must", _("no “may”: it must happen")), ("may", _("“may”"))],
        widget=forms.RadioSelect,
        initial="must",
        required=False,
    )
    trigger_controller = forms.ChoiceField(
        label=_("Who controls it"), choices=PLACES, required=False
    )
    trigger_effect = forms.ChoiceField(
        label=_("Its effect"),
        choices=[
            ("plain", _("helps its controller or is neutral")),
            ("detrimental", _("is usually considered bad for its controller")),
            ("symmetric_beneficial", _("is the same for every player, and helps")),
            ("symmetric_harmful", _("is the same for every player, and hurts")),
        ],
        initial="plain",
        required=False,
    )
    # a payment
    payment_player = forms.ChoiceField(label=_("Who paid"), choices=PLACES, required=False)
    payment_cost = forms.IntegerField(
        label=_("The cost"), min_value=0, max_value=99, required=False
    )
    payment_paid = forms.IntegerField(
        label=_("What was paid"), min_value=0, max_value=99, required=False
    )
    payment_wrong_requirements = forms.BooleanField(
        label=_("Paid with the wrong kind of resource"), required=False
    )
    payment_caused_result = forms.BooleanField(
        label=_("Paying that way caused something that would not otherwise have happened"),
        required=False,
    )
    payment_correctable = forms.BooleanField(
        label=_("What was paid can still be corrected"), required=False, initial=True
    )
    # a score
    score_player = forms.ChoiceField(
        label=_("Who should have scored"), choices=PLACES, required=False
    )
    score_source = forms.ChoiceField(
        label=_("How the point was earned"),
        choices=[("conquer", _("conquering a battlefield")), ("hold", _("holding a battlefield"))],
        required=False,
    )
    score_determinable = forms.BooleanField(
        label=_("The players agree what the score should be"), required=False, initial=True
    )
    # another game error
    error_player = forms.ChoiceField(label=_("Who made the error"), choices=PLACES, required=False)
    error_kind = forms.ChoiceField(
        label=_("The error"), choices=_choices(ERROR_NAMES, GAME_ERRORS), required=False
    )
    # noticing, what can be undone, and the rest
    noticed_when = forms.ChoiceField(
        label=_("When it was noticed"), choices=list(NOTICED_NAMES.items()), required=False
    )
    noticed_by = forms.ChoiceField(label=_("Noticed by"), choices=NOTICED_BY, required=False)
    rewind = forms.ChoiceField(
        label=_("What can still be undone"),
        choices=[
            ("simple", _("the last action alone (nothing happened since)")),
            ("complex", _("more than the last action")),
            ("none", _("nothing: the game cannot be reconstructed")),
        ],
        initial="simple",
    )
    advantageous = forms.BooleanField(
        label=_("The error gave its player an advantage"), required=False
    )
    intent = forms.ChoiceField(
        label=_("Intent"),
        choices=[
            ("none", _("a mistake")),
            ("intentional", _("on purpose, knowing the rule")),
            ("intentional_unaware_of_rule", _("on purpose, unaware of the rule")),
        ],
        initial="none",
    )
    warnings_infraction = forms.ChoiceField(
        label=_("Earlier Warnings in this event, for"),
        choices=[("", _("none")), *INFRACTION_NAMES.items()],
        required=False,
    )
    warnings_count = forms.IntegerField(
        label=_("How many"), min_value=1, max_value=9, required=False
    )

    def __init__(self, *args: Any, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["language"].initial = lang
        versions = self.fields["policy_version"]
        assert isinstance(versions, forms.ChoiceField)
        # By title in the page's language, grouped under each game: never a raw id, and a
        # Riftbound story is not offered Magic's versions as if they were its own.
        versions.choices = [
            ("", _("The game's default")),
            *(
                (game_name, [(v, policy_title(v, lang)) for v in policy_versions(game)])
                for game, game_name in GAMES
            ),
        ]
        kinds = self.fields["trigger_kind"]
        assert isinstance(kinds, forms.ChoiceField)
        # Grouped by game: each policy version knows only its own game's categories.
        kinds.choices = [
            ("", term(lang, "wb.kind.unstated")),
            *(
                (game, [(k, term(lang, f"wb.kind.{k}")) for k in TRIGGER_KINDS if k in ids])
                for game, ids in _KINDS_BY_GAME
            ),
        ]
        places = self._places()
        for name in PLACE_FIELDS:
            field = self.fields[name]
            assert isinstance(field, forms.ChoiceField)
            field.choices = places
        by = [*places, *OBSERVERS]
        for n in range(1, MAX_EVENTS + 1):
            self.fields[f"event_{n}_by"] = forms.ChoiceField(
                label=_("Event %(n)s: who") % {"n": n}, choices=by, required=False
            )
            self.fields[f"event_{n}_action"] = forms.ChoiceField(
                label=_("Event %(n)s: what they do") % {"n": n},
                choices=[("", "—"), *_choices(EVENT_NAMES, EVENT_ACTIONS)],
                required=False,
                widget=GameSelect,
            )
            self.fields[f"event_{n}_turn"] = forms.IntegerField(
                label=_("Event %(n)s: turns begun since the trigger") % {"n": n},
                min_value=0,
                max_value=20,
                required=False,
            )

    def _places(self) -> list[tuple[str, str]]:
        """Each place in turn order by the name typed for it (bound or initial), else
        "Player n": the mentor picks Ana, not a number to map to her."""
        typed = self.data if self.is_bound else (self.initial or {})
        places = []
        for n in range(1, MAX_PLAYERS + 1):
            name = str(typed.get(f"player_{n}") or "").strip()
            places.append((str(n), name or str(_("Player %(n)s") % {"n": n})))
        return places

    def event_rows(self) -> list[tuple[forms.BoundField, forms.BoundField, forms.BoundField]]:
        return [
            (self[f"event_{n}_by"], self[f"event_{n}_action"], self[f"event_{n}_turn"])
            for n in range(1, MAX_EVENTS + 1)
        ]

    @property
    def chosen_subject(self) -> str:
        value = self.data.get("subject") if self.is_bound else self.initial.get("subject")
        return value if value in SUBJECTS else "trigger"

    # --- to the engine ------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        names = [str(data.get(f"player_{n}") or "").strip() for n in range(1, MAX_PLAYERS + 1)]
        if names[2] == "" and names[3] != "":
            self.add_error("player_3", _("Fill the players in turn order, with no gap."))
        for field in _NEEDED.get(str(data.get("subject")), ()):
            if data.get(field) in (None, "") and field not in self.errors:
                self.add_error(field, _("This story needs it."))
        version = data.get("policy_version") or ""
        if version and data.get("game") and load_policy(version).game != data["game"]:
            self.add_error("policy_version", _("This policy version is for the other game."))
        return data

    def _player(self, place: Any) -> str:
        try:
            index = int(place) - 1
        except (TypeError, ValueError):
            return str(place or "")
        return str(self.cleaned_data.get(f"player_{index + 1}") or "").strip()

    def version(self) -> str:
        data = self.cleaned_data
        return str(data.get("policy_version") or default_version(str(data["game"])))

    def situation(self) -> dict[str, Any]:
        """The engine's situation for the facts typed (call after ``is_valid``)."""
        data = self.cleaned_data
        players = [str(data.get(f"player_{n}") or "").strip() for n in range(1, MAX_PLAYERS + 1)]
        situation: dict[str, Any] = {
            "game": data["game"],
            "policy_version": self.version(),
            "opl": data["opl"],
            "players": [p for p in players if p],
            "turn_player": self._player(data["turn_player"]),
            "rewind": data["rewind"],
            "advantageous": bool(data.get("advantageous")),
            "intent": data["intent"],
        }
        situation.update(self._subject_part())
        if "events" not in situation:
            situation["noticed"] = {
                "when": data.get("noticed_when") or "same_action",
                "by": data.get("noticed_by") or "unstated",
            }
        if data.get("warnings_infraction") and data.get("warnings_count"):
            situation["history"] = {
                "warnings": {data["warnings_infraction"]: data["warnings_count"]}
            }
        return situation

    def _subject_part(self) -> dict[str, Any]:
        """The situation's part for its subject: the trigger (and its events), the payment,
        the score, or else the game error."""
        parts = {"trigger": self._trigger_part, "payment": self._payment, "score": self._score}
        return parts.get(self.cleaned_data["subject"], self._game_error)()

    def _trigger_part(self) -> dict[str, Any]:
        part: dict[str, Any] = {"trigger": self._trigger()}
        events = self._events()
        if events:
            part["events"] = events
        return part

    def _payment(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "payment": {
                "player": self._player(data.get("payment_player")),
                "cost": data["payment_cost"],
                "paid": data["payment_paid"],
                "wrong_requirements": bool(data.get("payment_wrong_requirements")),
                "caused_result": bool(data.get("payment_caused_result")),
                "correctable": bool(data.get("payment_correctable")),
            }
        }

    def _score(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "score": {
                "player": self._player(data.get("score_player")),
                "source": data.get("score_source") or "",
                "determinable": bool(data.get("score_determinable")),
            }
        }

    def _game_error(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "game_error": {
                "kind": data.get("error_kind") or "",
                "player": self._player(data.get("error_player")),
            }
        }

    def _trigger(self) -> dict[str, Any]:
        data = self.cleaned_data
        trigger: dict[str, Any] = {
            "kind": data.get("trigger_kind") or None,
            "name": str(data.get("trigger_name") or "").strip(),
            "controller": self._player(data.get("trigger_controller")) or None,
            "optional": data.get("trigger_optional") == "may",
        }
        effect = data.get("trigger_effect") or "plain"
        if effect == "detrimental":
            trigger["detrimental"] = True
        elif effect.startswith("symmetric_"):
            trigger["symmetric"] = True
            trigger["symmetric_effect"] = effect.removeprefix("symmetric_")
        return trigger

    def _events(self) -> list[dict[str, Any]]:
        data = self.cleaned_data
        events = []
        for n in range(1, MAX_EVENTS + 1):
            action = data.get(f"event_{n}_action")
            if not action:
                continue
            events.append(
                {
                    "by": self._player(data.get(f"event_{n}_by")),
                    "action": action,
                    "turn": data.get(f"event_{n}_turn") or 0,
                }
            )
        return events

    # --- from the engine ----------------------------------------------------------------

    def add_engine_error(self, error: SituationError) -> None:
        """Put the engine's complaint on the field it names, in the reader's language."""
        field = engine_field(error.path, self)
        message = FIELD_MESSAGES.get(field or "", _("This does not fit the rest of the story."))
        if field and re.fullmatch(r"event_\d+_by", field):  # walk 4, #18: say why
            message = _(
                "This player is not in the game: name them among the players above, or "
                "choose one of those named."
            )
        self.add_error(field if field in self.fields else None, message)


FIELD_MESSAGES: dict[str, Any] = {
    "player_1": _("Each player needs a name of their own."),
    "turn_player": _("Choose a player who is in the game."),
    "trigger_controller": _("Choose who controls the ability: a player in the game."),
    "trigger_kind": _("This policy version has no such category: choose another."),
    "payment_player": _("Choose who paid: a player in the game."),
    "payment_cost": _("Enter the cost."),
    "payment_paid": _("Enter what was paid."),
    "score_player": _("Choose who should have scored: a player in the game."),
    "score_source": _("Choose how the point was earned."),
    "error_player": _("Choose who made the error: a player in the game."),
    "error_kind": _("This policy version has no such error: choose another."),
    "subject": _("This policy version does not cover this subject."),
    "policy_version": _("This policy version is for the other game."),
}
_EVENT_PATH = re.compile(r"^events\[(\d+)\](?:\.(\w+))?")
_DIRECT = {
    "players": "player_1",
    "turn_player": "turn_player",
    "trigger": "subject",
    "trigger.kind": "trigger_kind",
    "trigger.controller": "trigger_controller",
    "payment": "subject",
    "payment.player": "payment_player",
    "payment.cost": "payment_cost",
    "payment.paid": "payment_paid",
    "score": "subject",
    "score.player": "score_player",
    "score.source": "score_source",
    "game_error": "subject",
    "game_error.kind": "error_kind",
    "game_error.player": "error_player",
    "policy_version": "policy_version",
    "game": "game",
    "noticed.when": "noticed_when",
    "noticed.by": "noticed_by",
    "history": "warnings_infraction",
}


def engine_field(path: str, form: WorkbenchForm) -> str | None:
    """The form field for an engine error path (``events[1].by`` is the second event that was
    filled in, whatever its row), or None for the form as a whole."""
    found = _EVENT_PATH.match(path)
    if found:
        filled = [n for n in range(1, MAX_EVENTS + 1) if form.cleaned_data.get(f"event_{n}_action")]
        index = int(found.group(1))
        if index >= len(filled):
            return None
        part = "by" if found.group(2) == "by" else "action"
        if found.group(2) == "turn":
            part = "turn"
        return f"event_{filled[index]}_{part}"
    if path.startswith("players["):
        return "player_1"
    for prefix in sorted(_DIRECT, key=len, reverse=True):
        if path == prefix or path.startswith(prefix + ".") or path.startswith(prefix + "["):
            return _DIRECT[prefix]
    return None


class SaveForm(forms.Form):
    """Where the story goes: one of the mentor's cohorts, or (the committee) a proposal."""

    cohort = forms.TypedChoiceField(label=_("Cohort"), coerce=int, required=False)
    for_exams = forms.BooleanField(
        label=_("Meant for exams (told with the private pools' names)"), required=False
    )

    def __init__(self, *args: Any, cohorts: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["cohort"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "—"), *cohorts]
        if len(cohorts) == 1:
            field.initial = cohorts[0][0]  # walk 10, #5: "this cohort" is the only one


DERIVED_FACTS = {
    "play.acknowledged": _("Awareness of the trigger"),
    "play.following_action": _("The action that passed its point of impact"),
    "play.following_action_by": _("That action was taken by"),
    "play.controller_active_role": _("What its controller did first"),
    "noticed.when": _("Noticed"),
    "noticed.turns_elapsed": _("Turns begun since the trigger"),
    "noticed.by": _("Noticed by"),
}
DERIVED_VALUES: dict[str, dict[str, Any]] = {
    "play.acknowledged": {"in_time": _("in time"), "late": _("late"), "no": _("never shown")},
    "play.following_action": {**EVENT_NAMES, "none": _("none")},
    "play.following_action_by": {
        "accountable": _("its controller"),
        "other": _("another player"),
    },
    "play.controller_active_role": {
        "action": _("a game action"),
        "explicit_pass": _("an explicit pass"),
        "none": _("nothing yet: still remembered"),
        "unstated": _("not said"),
    },
    "noticed.when": NOTICED_NAMES,
    "noticed.by": dict(NOTICED_BY),
}


def derived_words(facts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The engine's conclusions from the events, in plain words in the active language."""
    return [
        {
            **fact,
            "label": DERIVED_FACTS.get(fact["fact"], fact["fact"]),
            "words": DERIVED_VALUES.get(fact["fact"], {}).get(fact["raw"], fact["raw"]),
        }
        for fact in facts
    ]
