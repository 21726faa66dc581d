from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _sync_policies(sender: Any = None, **kwargs: Any) -> None:
    from rulings.api.services import policies_sync

    policies_sync()


class RulingsConfig(AppConfig):
    """Django adapters for the pure rulings engine in ``rulings.core``."""

    name = "rulings"
    verbose_name = "Rulings engine"

    def ready(self) -> None:
        # The policy files are the source of truth: every migrate refreshes their mirror.
        post_migrate.connect(_sync_policies, sender=self, dispatch_uid="rulings.sync_policies")
