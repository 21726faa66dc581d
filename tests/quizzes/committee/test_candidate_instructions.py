"""The committee writes a blueprint's instructions for candidates on its page and through the
API (issue 28): set, read back, and too long an error on the field."""

import pytest
from django.urls import reverse

from quizzes.exams.models.exams import ExamBlueprint
from tests.factories import BlueprintFactory, committee_member
from tests.quizzes.committee.test_committee_api import BLUEPRINT, api
from tests.quizzes.committee.test_committee_pages import blueprint_post

pytestmark = pytest.mark.django_db

TYPED = "Bring the Core Rules.\r\nNo phones at the table."


def test_the_blueprint_page_saves_the_instructions_for_candidates(client):
    client.force_login(committee_member())

    response = client.post(
        reverse("committee-blueprint-new"), blueprint_post(candidate_instructions=TYPED)
    )

    assert response.status_code == 302
    assert ExamBlueprint.objects.get().candidate_instructions == TYPED


def test_the_blueprint_page_shows_the_saved_instructions_in_their_labelled_field(client):
    client.force_login(committee_member())
    blueprint = BlueprintFactory(candidate_instructions="No <b>phones</b>.")

    page = client.get(reverse("committee-blueprint-edit", args=[blueprint.pk])).content.decode()

    assert '<label for="id_candidate_instructions">Instructions for candidates:</label>' in page
    assert 'maxlength="2000"' in page
    assert "No &lt;b&gt;phones&lt;/b&gt;.</textarea>" in page


def test_the_blueprint_page_labels_the_instructions_in_spanish(client):
    client.force_login(committee_member())
    client.cookies["django_language"] = "es"

    page = client.get(reverse("committee-blueprint-new")).content.decode()

    assert "Instrucciones para los candidatos" in page


def test_instructions_over_2000_characters_are_an_error_on_their_field_and_save_nothing(client):
    client.force_login(committee_member())

    response = client.post(
        reverse("committee-blueprint-new"), blueprint_post(candidate_instructions="x" * 2001)
    )

    assert response.status_code == 400
    assert response.context["form"].errors["candidate_instructions"] == [
        "Ensure this value has at most 2000 characters (it has 2001)."
    ]
    assert 'href="#id_candidate_instructions"' in response.content.decode()
    assert not ExamBlueprint.objects.exists()


def test_the_api_sets_the_instructions_and_answers_them():
    response = api(committee_member()).post(
        reverse("api-committee-blueprints"),
        {**BLUEPRINT, "candidate_instructions": TYPED},
        format="json",
    )

    assert response.status_code == 201
    assert response.data["candidate_instructions"] == TYPED
    assert ExamBlueprint.objects.get().candidate_instructions == TYPED


def test_the_api_leaves_the_instructions_empty_when_not_given():
    response = api(committee_member()).post(
        reverse("api-committee-blueprints"), BLUEPRINT, format="json"
    )

    assert response.status_code == 201
    assert response.data["candidate_instructions"] == ""


def test_the_api_names_instructions_over_2000_characters_as_a_field_error():
    response = api(committee_member()).post(
        reverse("api-committee-blueprints"),
        {**BLUEPRINT, "candidate_instructions": "x" * 2001},
        format="json",
    )

    assert response.status_code == 400
    assert response.data["code"] == "invalid"
    assert response.data["candidate_instructions"] == [
        "Ensure this field has no more than 2000 characters."
    ]
    assert not ExamBlueprint.objects.exists()


def test_the_openapi_schema_shows_the_instructions_in_the_blueprint_and_its_answer(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    components = schema["components"]["schemas"]

    given = components["BlueprintInput"]["properties"]["candidate_instructions"]
    assert given["maxLength"] == 2000
    assert "candidate_instructions" in components["BlueprintCreated"]["properties"]
