"""The level form laid out as the site's other forms (UX walk 1, #16 and #36): labelled
fields, several requirement rows at once with no remove box on an empty one, only the
level's game's exams offered and named in the page's language, and an exam of the other
game an error on its row even when another field is wrong too."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from quizzes.certification.models import CertificationLevel, LevelRequirement
from tests.factories import BlueprintFactory, committee_member
from tests.quizzes.committee.test_committee_pages import level_post

pytestmark = pytest.mark.django_db


def test_a_new_level_offers_three_labelled_requirement_rows_and_no_bare_delete_box(client):
    client.force_login(committee_member())

    html = client.get(reverse("committee-level-new")).content.decode()

    assert 'name="req-TOTAL_FORMS" value="3"' in html
    for row in (1, 2, 3):
        assert f"Exam, row {row}</label>" in html
        assert f"Minimum mark (%), row {row}</label>" in html
    assert "DELETE" not in html
    assert "Delete:" not in html
    # Every field of the level sits in the site's field block, its label above it.
    assert re.search(r'<div class="field">\s*<label for="id_validity_days">', html)


def test_a_level_with_exams_offers_to_remove_them_and_adds_empty_rows(client):
    exam = BlueprintFactory()
    level = CertificationLevel.objects.create(name="RB L1", game="riftbound")
    LevelRequirement.objects.create(level=level, blueprint=exam, min_score=0.8)
    client.force_login(committee_member())

    html = client.get(reverse("committee-level-edit", args=[level.pk])).content.decode()

    assert 'name="req-TOTAL_FORMS" value="4"' in html
    assert html.count('name="req-0-DELETE"') == 1
    assert 'name="req-1-DELETE"' not in html


def test_exams_are_grouped_by_game_named_in_the_page_language_and_tagged_with_their_game(
    client,
):
    BlueprintFactory(name="RB exam", game="riftbound", name_translations={"es": "Examen RB"})
    BlueprintFactory(name="MTG exam", game="mtg")
    client.force_login(committee_member())
    client.cookies["django_language"] = "es"

    html = client.get(reverse("committee-level-new")).content.decode()

    select = html.split('name="req-0-blueprint"')[1].split("</select>")[0]
    assert '<optgroup label="Riftbound">' in select
    assert '<optgroup label="Magic: The Gathering">' in select
    assert re.search(r'data-game="riftbound"[^>]*>Examen RB</option>', select)
    assert re.search(r'data-game="mtg"[^>]*>MTG exam</option>', select)
    assert "RB exam" not in select
    assert "quizzes/game_choices.js" in html


def test_several_exams_are_required_at_once(client):
    first, second = BlueprintFactory(), BlueprintFactory()
    client.force_login(committee_member())
    data = level_post(first, **{"req-TOTAL_FORMS": "3"})
    data |= {"req-1-blueprint": second.pk, "req-1-min_percent": "70"}
    data |= {"req-2-blueprint": "", "req-2-min_percent": "80"}  # an empty row, skipped

    response = client.post(reverse("committee-level-new"), data)

    assert response.status_code == 302
    level = CertificationLevel.objects.get()
    marks = sorted(r.min_score for r in level.requirements.all())
    assert marks == [0.7, 0.85]


def test_an_exam_of_the_other_game_is_an_error_on_its_row_beside_other_errors(client):
    magic = BlueprintFactory(game="mtg")
    client.force_login(committee_member())

    response = client.post(reverse("committee-level-new"), level_post(magic, validity_days=""))

    assert response.status_code == 400
    requirement = response.context["requirements"].forms[0]
    assert requirement.errors["blueprint"] == ["This exam is of another game than the level."]
    assert "validity_days" in response.context["form"].errors
    assert not CertificationLevel.objects.exists()


def test_a_filled_row_without_its_exam_is_an_error(client):
    exam = BlueprintFactory()
    client.force_login(committee_member())

    response = client.post(
        reverse("committee-level-new"),
        level_post(exam, **{"req-0-blueprint": "", "req-0-min_percent": "60"}),
    )

    assert response.status_code == 400
    assert "Choose the exam this row requires." in response.content.decode()


def test_the_level_form_reads_the_exams_once_however_many_rows(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    level = CertificationLevel.objects.create(name="RB L1", game="riftbound")
    LevelRequirement.objects.create(level=level, blueprint=BlueprintFactory())
    client.force_login(committee_member())
    url = reverse("committee-level-edit", args=[level.pk])
    client.get(url)

    with CaptureQueriesContext(connection) as one:
        assert client.get(url).status_code == 200
    for _n in range(4):
        LevelRequirement.objects.create(level=level, blueprint=BlueprintFactory())
    with CaptureQueriesContext(connection) as five:
        assert client.get(url).status_code == 200

    assert len(five) == len(one) <= 10
