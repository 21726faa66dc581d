from typing import Any

from django.core.management.base import BaseCommand

from rulings.api.services import policies_sync


class Command(BaseCommand):
    help = "Mirror the engine's policy versions and statements into the database."

    def handle(self, *args: Any, **options: Any) -> None:
        count = policies_sync()
        self.stdout.write(self.style.SUCCESS(f"{count} policy versions synced."))
