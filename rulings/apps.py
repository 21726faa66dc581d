from django.apps import AppConfig


class RulingsConfig(AppConfig):
    """Django adapters for the pure rulings engine in ``rulings.core``."""

    name = "rulings"
    verbose_name = "Rulings engine"
