"""What the matcher finds in an answer: mentions of ids and cue phrases."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Mention:
    """One term or citation found in the answer, with what its context says about it."""

    part: str
    ident: str
    first: int
    last: int
    confidence: float
    lang: str
    negated: bool = False
    rejected: bool = False
    upgrade: bool = False
    hypothetical: bool = False
    fallback: bool = False
    counted: bool = False
    hedged: bool = False
    questioned: bool = False
    alternative: bool = False
    concluded: bool = False
    aside: bool = False
    step: bool = False
    counterfactual: bool = False
    """After "would be" / "seria" / "sería": hypothetical if a condition follows it."""
    reason: bool = False
    """Inside a reason ("since the opponent benefited from the overpayment, ..."): yields
    to another id of its part claimed outside any reason."""
    neg_from: int = -1
    typo: bool = False
    """Read through a corrected typo ("Warnnig")."""
    described: bool = False
    """Read from the infraction described in plain words ("he forgot the +3/+0"), not
    named: any named id of the part wins over it."""
    cited: bool = False
    """Read from a citation of one of the id's subsections ("702.2.c" names the missed
    trigger's section), not from words."""
    slot: bool = False
    """Right after its part's label ("Penalty: Warning", "Infraction is GRV"): the value the
    answer fills in for that part."""

    @property
    def live(self) -> bool:
        """Whether the answer plainly claims this id."""
        return not (
            self.negated
            or self.rejected
            or self.hypothetical
            or self.fallback
            or self.counted
            or self.questioned
            or self.aside
        )


@dataclass(slots=True)
class CueHit:
    """A cue phrase found at tokens [first, last)."""

    first: int
    last: int
    kind: str
