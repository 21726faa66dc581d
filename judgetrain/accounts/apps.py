from django.apps import AppConfig
from django.db.models.signals import post_migrate


class AccountsConfig(AppConfig):
    name = "judgetrain.accounts"
    label = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.db import models
        from rest_framework import serializers

        import judgetrain.schema  # noqa: F401  (registers the OpenAPI extension)
        from judgetrain import dates
        from judgetrain import tasks as project_tasks  # noqa: F401  (registers judgetrain.ping)
        from judgetrain.accounts import (
            tasks,  # noqa: F401  (queued by name: judgetrain.queueing)
            views,  # noqa: F401  (connects the login receiver)
        )
        from judgetrain.accounts.roles import sync_role_groups

        # Groups follow the role table in code after every migrate, so a permission added
        # to a role reaches every installation without a hand-written data migration.
        post_migrate.connect(sync_role_groups, dispatch_uid="accounts.sync_role_groups")
        # Every model serializer writes a moment the reader's zone cannot hold in UTC
        # rather than failing the answer (``judgetrain.dates``).
        serializers.ModelSerializer.serializer_field_mapping[models.DateTimeField] = (
            dates.DateTimeField
        )
