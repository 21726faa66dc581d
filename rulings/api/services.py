"""Django-side services around the pure engine."""

from __future__ import annotations

from django.db import transaction

import rulings as engine
from rulings.models import Game, PolicyDocument, PolicyStatement, PolicyVersion

# The documents' names, as vocabulary.md fixes them.
DOCUMENT_NAMES = {
    Game.RIFTBOUND: "Riftbound Tournament Rules",
    Game.MTG: "Magic: The Gathering Infraction Procedure Guide (and MTR 4.3)",
}
STATEMENT_FIELDS = ("position", "section", "kind", "source", "text_en", "text_pt_br", "text_es")


def _statement_rows(version: PolicyVersion, policy: engine.Policy) -> list[PolicyStatement]:
    return [
        PolicyStatement(
            version=version,
            statement_id=statement.id,
            position=position,
            section=statement.section,
            kind=statement.kind,
            source=statement.source,
            text_en=statement.paraphrase("en"),
            text_pt_br=statement.paraphrase("pt-BR"),
            text_es=statement.paraphrase("es"),
        )
        for position, statement in enumerate(policy.statements.values())
    ]


def _sync_version(version_id: str) -> None:
    policy = engine.load_policy(version_id)
    document, _ = PolicyDocument.objects.update_or_create(
        game=policy.game, defaults={"name": DOCUMENT_NAMES.get(Game(policy.game), policy.game)}
    )
    version, _ = PolicyVersion.objects.update_or_create(
        version_id=policy.id,
        defaults={
            "document": document,
            "title": policy.title,
            "is_default": policy.default,
            "extends": policy.extends or "",
            "source": policy.source,
        },
    )
    rows = _statement_rows(version, policy)
    version.statements.exclude(statement_id__in=[row.statement_id for row in rows]).delete()
    PolicyStatement.objects.bulk_create(
        rows,
        update_conflicts=True,
        unique_fields=("version", "statement_id"),
        update_fields=STATEMENT_FIELDS,
    )


@transaction.atomic
def policies_sync() -> int:
    """Mirror every engine policy version into the database; returns how many there are."""
    version_ids = engine.policy_versions()
    for version_id in version_ids:
        _sync_version(version_id)
    PolicyVersion.objects.exclude(version_id__in=version_ids).delete()
    return len(version_ids)
