import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from judgetrain.accounts.services import DemoDataError, demo_accounts_load

DEFAULT_FILE = Path(settings.BASE_DIR) / "fixtures" / "demo_accounts.json"


class Command(BaseCommand):
    help = "Create the demo candidate, mentor, committee member and admin (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
        parser.add_argument(
            "--reset-passwords",
            action="store_true",
            help="Give every demo account a new random password and print it.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            data = json.loads(options["file"].read_text(encoding="utf-8"))
            accounts = demo_accounts_load(data=data, reset_passwords=options["reset_passwords"])
        except (OSError, json.JSONDecodeError, DemoDataError) as exc:
            raise CommandError(f"{options['file']}: {exc}") from exc
        fresh = [account for account in accounts if account.password]
        if not fresh:
            self.stdout.write(
                "Demo accounts already exist; `python manage.py load_demo --reset-passwords` "
                "prints new passwords."
            )
            return
        self.stdout.write(self.style.SUCCESS("Demo accounts (log in at /accounts/login/):"))
        for account in fresh:
            roles = ", ".join(account.roles) or "admin"
            self.stdout.write(f"  {account.email:<24} {account.password}  ({roles})")
