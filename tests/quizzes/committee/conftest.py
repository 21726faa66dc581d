from collections.abc import Iterator

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """Messages are asserted in English; a page rendered in another language must not leak."""
    with translation.override("en"):
        yield
