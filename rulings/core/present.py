"""A ruling for a reader: each part named in en, pt-BR or es, with its statement's paraphrase
and citation. Pages and API answers that show a ruling built from facts read it from here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulings.core.explain import citation, labels
from rulings.core.policy import statement


def statement_text(version: str, sid: str | None, lang: str) -> str:
    """The paraphrase of statement ``sid`` of policy ``version`` in ``lang`` ("" for none)."""
    return statement(version, sid).paraphrase(lang) if sid else ""


def ruling_view(ruling: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The ruling (as ``Ruling.to_dict`` gives it) in ``lang``: each part with its statement
    and citation."""
    names = labels(lang)["id"]
    version = str(ruling["policy_version"])

    def name(ident: Any) -> str:
        return str(names.get(ident, ident))

    def cited(step: Mapping[str, Any]) -> dict[str, str]:
        return {
            "citation": citation(str(step.get("citation") or ""), lang),
            "text": statement_text(version, step.get("statement"), lang),
        }

    return {
        "policy_version": version,
        "infraction": {
            "id": ruling["infraction"],
            "name": name(ruling["infraction"]),
            "text": statement_text(version, ruling.get("infraction_statement"), lang),
        },
        "accountable_player": ruling.get("accountable_player"),
        "penalty": {
            "base": name(ruling["penalty"]["base"]),
            "final": name(ruling["penalty"]["final"]),
            "steps": [
                {
                    "from": name(step["from_penalty"]),
                    "to": name(step["to_penalty"]),
                    "direction": step["direction"],
                    **cited(step),
                }
                for step in ruling["penalty"]["steps"]
            ],
        },
        "remedy": [
            {"id": s["remedy"], "name": name(s["remedy"]), **cited(s)} for s in ruling["remedy"]
        ],
        "explanation": [{"role": s["role"], **cited(s)} for s in ruling["explanation"]],
        "derived": [
            {
                "fact": d["fact"],
                "raw": d["value"],
                "value": name(d["value"]),
                "event": d.get("event"),
                **cited(d),
            }
            for d in ruling.get("derived", ())
        ],
    }
