"""A contested appeal's key correction (UX walk 1, #24): offered only where it can be applied
(a free-form question), with each part's ids of the question's game alone, labelled with the
engine's words in the page's language; elsewhere the page says to withdraw instead."""

from __future__ import annotations

import pytest
from django.urls import reverse

from quizzes.bank.models.questions import QuestionKind
from quizzes.review.services import appeals
from rulings.core.explain import labels
from rulings.core.grading import ruling_ids
from tests.factories import committee_member
from tests.quizzes.mentor.test_mentor_views import contested_appeal

pytestmark = pytest.mark.django_db


def test_a_choice_question_offers_withdrawing_its_key_and_not_correcting_it(client):
    appeal = contested_appeal()
    question = appeal.item.question
    question.kind = QuestionKind.MULTIPLE_CHOICE
    question.save(update_fields=["kind"])
    client.force_login(committee_member())

    page = client.get(reverse("mentor-appeal", args=[appeal.pk]))

    form = page.context["form"]
    actions = [value for value, _label in form.fields["key_action"].choices]
    assert actions == ["", "withdraw"]
    assert not {"infraction", "penalty", "remedy"} & set(form.fields)
    html = page.content.decode()
    assert "Correct the key for everyone" not in html
    assert "If the key is wrong, withdraw the question." in html


def test_a_free_form_correction_offers_only_the_questions_games_ids_per_part(client):
    appeal = contested_appeal()
    game = appeal.item.question.game
    other = "mtg" if game == "riftbound" else "riftbound"
    client.force_login(committee_member())

    form = client.get(reverse("mentor-appeal", args=[appeal.pk])).context["form"]

    for part in ("infraction", "remedy"):
        offered = {value for value, _label in form.fields[part].choices if value}
        assert offered == set(ruling_ids(game, part))
        assert set(ruling_ids(other, part)) - offered  # the other game's own ids are left out


def test_the_corrected_parts_are_labelled_with_the_engines_words_in_the_page_language(client):
    appeal = contested_appeal()
    client.force_login(committee_member())
    client.cookies["django_language"] = "pt-br"

    form = client.get(reverse("mentor-appeal", args=[appeal.pk])).context["form"]

    headings = labels("pt-BR")["heading"]
    for part in ("infraction", "penalty", "remedy"):
        assert form.fields[part].label == headings[part]


def test_a_correction_naming_another_games_id_is_refused():
    appeal = contested_appeal()
    game = appeal.item.question.game
    foreign = next(
        i for i in ruling_ids("mtg" if game == "riftbound" else "riftbound", "remedy")
        if i not in ruling_ids(game, "remedy")
    )  # fmt: skip
    key = appeal.item.question
    correction = appeals.KeyCorrection(
        action="correct",
        infraction=key.key_infraction,
        penalty=key.key_penalty,
        remedy=foreign,
    )

    with pytest.raises(appeals.AppealError, match="not one of this game's"):
        appeals.appeal_decide(
            appeal=appeal,
            by=committee_member(),
            uphold=True,
            reason="Key.",
            percent=None,
            correction=correction,
        )
