"""The blueprint form keeps a slot to its game's topics (UX walk 1, #15 and #20)."""

import pytest
from django.urls import reverse

from quizzes.bank.models.reports import RetiredTemplate
from quizzes.exams.models.exams import ExamBlueprint
from quizzes.exams.services import blueprints
from tests.factories import committee_member
from tests.quizzes.committee.test_committee_pages import blueprint_post

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("button", [{"preview": "1"}, {}])
def test_a_topic_of_the_other_game_is_an_error_on_its_row_and_keeps_what_was_typed(client, button):
    client.force_login(committee_member())

    response = client.post(
        reverse("committee-blueprint-new"),
        blueprint_post(**{"slots-0-topic": "delayed_trigger"}, **button),
    )

    assert response.status_code == 400
    page = response.content.decode()
    assert "No question template covers this topic in this game." in page
    assert 'value="L1 written"' in page
    assert '<option value="delayed_trigger" selected data-game="mtg">' in page
    assert not ExamBlueprint.objects.exists()


@pytest.mark.parametrize("button", [{"preview": "1"}, {}])
def test_a_slot_the_engine_cannot_draw_is_an_error_on_its_row(client, monkeypatch, button):
    monkeypatch.setattr(blueprints.generator, "generate_questions", lambda **kwargs: [])
    client.force_login(committee_member())

    response = client.post(reverse("committee-blueprint-new"), blueprint_post(**button))

    assert response.status_code == 400
    page = response.content.decode()
    assert "The engine cannot draw this many questions of this kind on this topic" in page
    assert 'value="L1 written"' in page
    assert not ExamBlueprint.objects.exists()


def test_topics_are_grouped_by_game_and_name_their_game(client):
    client.force_login(committee_member())

    page = client.get(reverse("committee-blueprint-new")).content.decode()

    assert '<optgroup label="Topics of both games">' in page
    magic = page.index('<optgroup label="Magic')
    riftbound = page.index('<optgroup label="Riftbound')
    assert page.index('data-game="mtg"', magic) < riftbound or magic > riftbound
    assert '<option value="delayed_trigger" data-game="mtg">' in page
    assert '<option value="scoring" data-game="riftbound">' in page
    assert '<option value="missed_trigger" data-game="">' in page
    assert "quizzes/game_choices.js" in page


def test_the_sample_names_topics_and_kinds_not_template_ids(client):
    client.force_login(committee_member())

    response = client.post(reverse("committee-blueprint-new"), blueprint_post(preview="1"))

    page = response.content.decode()
    assert response.status_code == 200
    assert "Triggered abilities" in page
    assert "Free-form: state the error, penalty and remedy · Key:" in page
    assert "rb-" not in page.split('id="sample-title"')[1]


def test_policy_versions_read_title_first_with_no_slug_and_a_translated_label(client):
    from django.utils import translation

    from rulings.core import policy
    from tests.factories import question

    version = question().policy_version
    client.force_login(committee_member())
    client.cookies["django_language"] = "es"
    with translation.override("es"):
        page = client.get(reverse("committee-blueprint-new"))
    html = page.content.decode()

    assert '<html lang="es">' in html
    option = html.split(f'<option value="{version.pk}"', 1)[1].split("</option>", 1)[0]
    assert option.split(">", 1)[1].startswith(policy.title(version.version_id, "es"))
    assert version.version_id not in option
    assert "Policy version:" not in html


def test_a_slot_left_undrawable_by_a_retired_template_names_it_and_where_to_restore_it(client):
    """Walk 4, #12: only "The generator cannot draw these slots", with no cause."""
    RetiredTemplate.objects.create(template_id="rb-forgetting-to-score", reason="x", flags=[])
    client.force_login(committee_member())

    response = client.post(
        reverse("committee-blueprint-new"),
        blueprint_post(**{"slots-0-topic": "scoring", "slots-0-count": "1", "preview": "1"}),
    )

    page = response.content.decode()
    assert response.status_code == 400
    assert "Slot 1" in page
    assert "restore them under Item analysis" in page
    assert "The generator cannot draw these slots" not in page
