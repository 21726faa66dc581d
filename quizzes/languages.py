from rulings.models import Language

_BY_LOWER = {code.lower(): code for code in Language.values}


def content_language(interface_code: str | None) -> str:
    """The question language for an interface language code ('pt-br' → 'pt-BR')."""
    code = (interface_code or "").lower()
    return _BY_LOWER.get(code) or _BY_LOWER.get(code.split("-")[0], Language.EN)
