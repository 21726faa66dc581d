"""ExamBlueprint: the committee's instructions for candidates (issue 28)."""

import pytest
from django.core.exceptions import ValidationError

from tests.factories import BlueprintFactory

pytestmark = pytest.mark.django_db


def test_a_blueprint_keeps_its_instructions_for_candidates_as_typed():
    typed = "Bring the Riftbound Core Rules.\nNo phones at the table."
    blueprint = BlueprintFactory(candidate_instructions=typed)

    blueprint.refresh_from_db()

    assert blueprint.candidate_instructions == typed


def test_a_blueprint_has_no_instructions_unless_the_committee_writes_some():
    assert BlueprintFactory().candidate_instructions == ""


def test_instructions_of_2000_characters_are_valid_and_one_more_is_an_error_on_the_field():
    blueprint = BlueprintFactory.build(candidate_instructions="x" * 2000)
    blueprint.full_clean()

    blueprint.candidate_instructions = "x" * 2001
    with pytest.raises(ValidationError) as raised:
        blueprint.full_clean()

    assert list(raised.value.message_dict) == ["candidate_instructions"]
