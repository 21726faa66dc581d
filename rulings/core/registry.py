"""Every predicate module, imported so that all predicates are registered."""

from rulings.core import predicates_other, predicates_trigger
from rulings.core.predicates import PREDICATES, holds

MODULES = (predicates_other, predicates_trigger)

__all__ = ["MODULES", "PREDICATES", "holds"]
