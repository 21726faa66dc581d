import pytest

from rulings import core as engine
from rulings.api.services import policies_sync
from rulings.models import PolicyDocument, PolicyStatement, PolicyVersion

pytestmark = pytest.mark.django_db


def test_migrate_mirrors_every_engine_policy_version_and_statement():
    for version_id in engine.policy_versions():
        policy = engine.load_policy(version_id)
        version = PolicyVersion.objects.get(version_id=version_id)
        assert version.document.game == policy.game
        assert version.is_default == policy.default
        assert version.statements.count() == len(policy.statements)


def test_each_game_has_exactly_one_default_version():
    for document in PolicyDocument.objects.all():
        assert document.versions.filter(is_default=True).count() == 1


def test_statements_keep_section_and_three_paraphrases():
    statement = PolicyStatement.objects.get(
        version__version_id=engine.default_version("riftbound"), section="TR 702.2.f.2"
    )

    assert statement.text_en
    assert statement.text_pt_br
    assert statement.text_es
    assert statement.text("pt-BR") == statement.text_pt_br


def test_sync_repairs_edited_rows_removes_stale_ones_and_is_idempotent():
    version = PolicyVersion.objects.get(version_id=engine.default_version("mtg"))
    statement = version.statements.first()
    statement.text_en = "tampered"
    statement.save(update_fields=["text_en"])
    PolicyStatement.objects.create(
        version=version,
        statement_id="stale",
        position=999,
        section="X",
        kind="principle",
        text_en="-",
        text_pt_br="-",
        text_es="-",
    )
    total = PolicyStatement.objects.count()

    policies_sync()
    policies_sync()

    statement.refresh_from_db()
    assert statement.text_en != "tampered"
    assert not PolicyStatement.objects.filter(statement_id="stale").exists()
    assert PolicyStatement.objects.count() == total - 1
