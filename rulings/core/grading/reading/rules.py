"""Decision rules: what an answer commits to for one part, from that part's mentions.

Each rule looks at the mentions of one part (terms found in the answer, each marked by the
cue words around it: denied, rejected, hypothetical, hedged, ...) and either decides the
part or passes. `decide` tries `PART_RULES` in order; the first rule that decides names the
reading (`Reading.rule`). The mentions a claim is read among are first narrowed by
`_claims` (a named id beats a description of it; an id the answer rejects by name is not
claimed again by a paraphrase), and a part with live claims is then decided among them by
`CLAIM_RULES`, in their own order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ..lexicon import EMPTY_IDS, Lexicon
from ..mentions import Mention

NOTHING_SAID = 0.9
ONLY_DENIED = 0.8
DENIED_WARNING = 0.75
FALLBACK = 0.7
HYPOTHETICAL = 0.45
QUESTIONED = 0.45
HEDGED = 0.4
CONCLUDED = 0.7
CONFLICT = 0.35
ALTERNATIVES = 0.3
NAMED = 0.95
FIRM = 0.9
"""A name, an abbreviation or a tight paraphrase; below it, a cue between neighbours is weak."""


@dataclass(frozen=True, slots=True)
class Reading:
    """What the answer claims for one part, before comparing with the expected id."""

    found: str | None
    confidence: float
    evidence: Mention | None
    hedged: bool = False
    conflict: bool = False
    steps: tuple[str, ...] = ()
    candidates: tuple[str, ...] = ()
    counts: bool = False
    """The id found is not the expected one but counts as it (a section's concrete fix
    for "apply the section's procedure"): reported as claimed, graded right."""
    implied: bool = False
    """Set by the label convention from the infraction read (or the infraction from a remedy
    of its own), not by words about this part: a second reading of the words does not doubt it."""
    procedure_named: bool = False
    """The answer also names the section's procedure (in words or by citing the section)
    beside the concrete fix it states."""
    left_open: bool = False
    """Options offered as alternatives ("X or Y") and left so: no commitment."""
    rule: str = ""
    """The name of the decision rule that decided the part."""


@dataclass(frozen=True, slots=True)
class _Offered:
    """The options offered as alternatives ("X or Y") and the ids among them that stand."""

    mentions: list[Mention]
    kept: set[str]


_NONE_OFFERED = _Offered([], set())


@dataclass(slots=True)
class PartMentions:
    """The mentions of one part, the claims among them (see `_claims`) and the options
    offered as alternatives."""

    part: str
    mentions: list[Mention]
    lex: Lexicon
    live: list[Mention] = field(default_factory=list)
    offered: _Offered = _NONE_OFFERED
    corrections: tuple[int, ...] = ()
    picks: tuple[tuple[int, int], ...] = ()


Rule = Callable[[PartMentions], Reading | None]


def decide(
    part: str,
    mentions: list[Mention],
    lex: Lexicon,
    corrections: tuple[int, ...] = (),
    picks: tuple[tuple[int, int], ...] = (),
) -> Reading:
    """The reading of one part: the first of `PART_RULES` that decides it. `corrections`
    are the tokens where the answer corrects itself ("actually no", "na verdade"); `picks`
    where it picks an option by its order ("the latter": token, index)."""
    pool = PartMentions(
        part, _named_over_described(mentions), lex, corrections=corrections, picks=picks
    )
    pool.live = _claims(pool.mentions)
    if any(m.alternative for m in pool.mentions):
        pool.offered = _offered(pool)
    for rule in PART_RULES:
        reading = rule(pool)
        if reading is not None:
            return reading
    raise AssertionError("only_denied decides every part")  # pragma: no cover


def _named_over_described(mentions: list[Mention]) -> list[Mention]:
    """ "He forgot to say it, but it's a GRV": a named id wins over a description."""
    if any(m.live and not m.described for m in mentions):
        return [m for m in mentions if not m.described]
    return mentions


def _claims(mentions: list[Mention]) -> list[Mention]:
    """The live mentions, less paraphrases of an id the answer rejects by name when it
    claims another ("Trapaça? Não. Ele ignorou de propósito ...")."""
    live = [m for m in mentions if m.live]
    refused = {m.ident for m in mentions if m.rejected and not m.described and m.confidence >= FIRM}
    if refused and any(m.ident not in refused for m in live):
        live = [m for m in live if m.ident not in refused or m.confidence >= NAMED]
    return live


# -- rules over all of a part's mentions, in order ------------------------------------------


def nothing_said(p: PartMentions) -> Reading | None:
    """The answer mentions nothing for the part."""
    if p.mentions:
        return None
    return Reading(None, NOTHING_SAID, None, rule="nothing_said")


def upgrade(p: PartMentions) -> Reading | None:
    """ "Upgraded to a Game Loss": the end of an upgrade is the claim."""
    upgrades = [m for m in p.live if m.upgrade]
    if not upgrades:
        return None
    return single(upgrades[-1:], False, "upgrade")


def _offered(p: PartMentions) -> _Offered:
    offered = [m for m in p.mentions if m.alternative and not (m.negated or m.rejected)]
    return _Offered(offered, kept(p.part, {m.ident for m in offered}, p.lex, offered=True))


def options_then_choice(p: PartMentions) -> Reading | None:
    """ "Two options: leave it or back up. I'd back up.": the choice made after the options
    are laid out is the answer."""
    offered = p.offered
    if len(offered.kept) <= 1:
        return None
    concluded = [m for m in p.live if m.concluded and not m.alternative]
    if len(offered.kept) > 1 and settled(concluded, offered.mentions):
        return Reading(concluded[-1].ident, CONCLUDED, concluded[-1], rule="options_then_choice")
    chosen = _claimed_past_would_be(p)
    if chosen is not None:
        return Reading(chosen.ident, CONCLUDED, chosen, rule="options_then_choice")
    return None


def _claimed_past_would_be(p: PartMentions) -> Mention | None:
    """ "Not a simple missed trigger (that would be no penalty or a Warning): she did it on
    purpose, so Cheating and a Disqualification": options said to be what a reading the
    answer sets aside would give ("would be" / "seria" / "sería"), then one other id
    claimed plainly after them, the answer's own ruling."""
    options = p.offered.mentions
    if not any(m.counterfactual for m in options):
        return None
    last = max(m.last for m in options)
    later = [
        m
        for m in p.live
        if m.first >= last and not (m.alternative or m.hedged) and m.ident not in p.offered.kept
    ]
    if len({m.ident for m in later}) != 1:
        return None
    return later[-1]


def option_picked_by_order(p: PartMentions) -> Reading | None:
    """ "Stack, or resolve now or at the next phase? A delayed trigger, so the latter": the
    options laid out, then one picked by its order ("the latter", "o primeiro", "lo
    segundo") after the last of them."""
    offered = p.offered
    if len(offered.kept) <= 1 or not p.picks:
        return None
    options = [m for m in offered.mentions if m.ident in offered.kept]
    last = max(m.last for m in options)
    picked = [which for at, which in p.picks if at >= last]
    if not picked:
        return None
    idents = list(dict.fromkeys(m.ident for m in sorted(options, key=lambda m: m.first)))
    chosen = idents[picked[-1]]
    evidence = next(m for m in options if m.ident == chosen)
    return Reading(chosen, CONCLUDED, evidence, rule="option_picked_by_order")


def options_left_open(p: PartMentions) -> Reading | None:
    """ "Warning or no penalty": options offered and left so commit to none."""
    offered = p.offered
    if len(offered.kept) <= 1:
        return None
    options = tuple(dict.fromkeys(m.ident for m in offered.mentions if m.ident in offered.kept))
    return Reading(
        None,
        ALTERNATIVES,
        offered.mentions[0],
        hedged=True,
        candidates=options,
        left_open=True,
        rule="options_left_open",
    )


def claimed(p: PartMentions) -> Reading | None:
    """The part has live claims: `CLAIM_RULES` decide among them."""
    if not p.live:
        return None
    live = _after_last_correction(p.live, p.corrections)
    corrected = bool({m.ident for m in p.live} - {m.ident for m in live})
    pool = Claims.of(p.part, _narrowed(p.part, live, p.lex), p.lex, corrected)
    for rule in CLAIM_RULES:
        reading = rule(pool)
        if reading is not None:
            return reading
    raise AssertionError("conflict decides every claim")  # pragma: no cover


def _after_last_correction(live: list[Mention], corrections: tuple[int, ...]) -> list[Mention]:
    """ "Give him the point back -- wait, the round is over: play continues": the answer
    corrects itself after claiming something for the part and claims the part again; the
    claims after the last such correction are the ones weighed (the last commitment wins,
    before any id yields to another)."""
    if not corrections:
        return live
    first = min(m.first for m in live)
    later = [pos for pos in corrections if pos > first and any(m.first > pos for m in live)]
    if not later:
        return live
    return [m for m in live if m.first > max(later)]


def _set_aside(flag: str, conf: float) -> Rule:
    """A rule reading an id only set aside by `flag` (a fallback, the player's record, a
    hypothetical), when nothing is claimed plainly: at most `conf`, hedged below 0.5."""

    def rule(p: PartMentions) -> Reading | None:
        pool = [m for m in p.mentions if getattr(m, flag) and not (m.negated or m.rejected)]
        left = kept(p.part, {m.ident for m in pool}, p.lex)
        pool = [m for m in pool if m.ident in left]  # the generic choice yields here too
        if not pool:
            return None
        reading = single(pool, False, flag)
        return Reading(reading.found, min(conf, reading.confidence), pool[0], conf < 0.5, rule=flag)

    rule.__name__ = flag
    return rule


def questioned(p: PartMentions) -> Reading | None:
    """ "A Warning?" left unanswered: only asked, hedged."""
    asked = [m for m in p.mentions if m.questioned and not (m.negated or m.rejected)]
    if not asked:
        return None
    return Reading(asked[0].ident, QUESTIONED, asked[0], True, rule="questioned")


def questioned_over_record(p: PartMentions) -> Reading | None:
    """ "His sixth Warning, so a Game Loss?": the player's record (counted) is why; the id
    asked after it is the answer the candidate proposes, hedged."""
    counted = [m for m in p.mentions if m.counted and not (m.negated or m.rejected)]
    if not counted:
        return None
    reading = questioned(p)
    if reading is None or reading.evidence is None:
        return None
    if reading.evidence.first < max(m.first for m in counted):
        return None
    return replace(reading, rule="questioned_over_record")


def denied_warning(p: PartMentions) -> Reading | None:
    """Warning is the lowest rung: "not a Warning" or "a Warning is not appropriate", with
    no other penalty claimed, says there is no penalty."""
    if p.part != "penalty":
        return None
    denied = [m for m in p.mentions if m.ident == "warning" and (m.negated or m.rejected)]
    if not denied:
        return None
    return Reading(EMPTY_IDS[p.part], DENIED_WARNING, denied[0], rule="denied_warning")


def only_denied(p: PartMentions) -> Reading:
    """Every id mentioned is denied or rejected: the answer claims none."""
    return Reading(None, ONLY_DENIED, None, rule="only_denied")


PART_RULES: Sequence[Rule] = (
    nothing_said,
    upgrade,
    options_then_choice,
    option_picked_by_order,
    options_left_open,
    claimed,
    questioned_over_record,
    _set_aside("fallback", FALLBACK),
    _set_aside("counted", FALLBACK),
    _set_aside("hypothetical", HYPOTHETICAL),
    questioned,
    denied_warning,
    only_denied,
)
"""The decision rules over one part's mentions, in the order they are tried."""


# -- rules among live claims, in order ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Claims:
    """The live claims of one part, once reasons, citations in passing and yielding ids
    have given way (`_narrowed`): the ids they name, in order, and those concluded."""

    part: str
    live: list[Mention]
    lex: Lexicon
    idents: list[str]
    concluded: list[Mention]
    corrected: bool = False
    """The answer corrected itself: claims of another id before its last correction were
    set aside (`_after_last_correction`)."""

    @classmethod
    def of(cls, part: str, live: list[Mention], lex: Lexicon, corrected: bool = False) -> Claims:
        idents = list(dict.fromkeys(m.ident for m in live))
        return cls(part, live, lex, idents, [m for m in live if m.concluded], corrected)


def _narrowed(part: str, live: list[Mention], lex: Lexicon) -> list[Mention]:
    """The claims left once those that give way have: a reason's term to the conclusion's,
    a subsection cited in passing to an infraction named in words, an id to the one it
    yields to."""
    if len({m.ident for m in live}) == 1:
        return live
    live = _fewer(live, [m for m in live if not m.reason])
    if part == "infraction":
        live = _fewer(live, [m for m in live if not m.cited])
    idents = {m.ident for m in live}
    if len(idents) > 1:
        left = kept(part, idents, lex)
        live = [m for m in live if m.ident in left]
    return live


def _fewer(live: list[Mention], narrower: list[Mention]) -> list[Mention]:
    """`narrower` when it is not empty and leaves fewer ids than `live` (which names two or
    more): "Since the opponent benefited from the overpayment, it's a General Error"."""
    idents = {m.ident for m in live}
    if len(idents) > 1 and narrower and len({m.ident for m in narrower}) < len(idents):
        return narrower
    return live


def one_claim(c: Claims) -> Reading | None:
    """Every claim names one id: that id, hedged if any claim is."""
    if len(c.idents) != 1:
        return None
    hedged = any(m.hedged for m in c.live)
    return single(c.live, hedged, "hedged_claim" if hedged else "one_claim")


def self_correction(c: Claims) -> Reading | None:
    """ "Warning ... actually no, no penalty", "Advertencia, mejor dicho, sin penalización":
    the answer corrected itself, and the claims after its last correction (`claimed` kept
    only those) name one id: the last commitment counts."""
    if not c.corrected or len(c.idents) != 1:
        return None
    return Reading(c.live[-1].ident, CONCLUDED, c.live[-1], rule="self_correction")


def _doubts(c: Claims) -> list[Mention]:
    return [m for m in c.live if m.hedged or (m.alternative and not m.step)]


def choice_after_doubt(c: Claims) -> Reading | None:
    """ "Maybe X, maybe Y, but I'll go with X": one id concluded after every doubt."""
    doubts = _doubts(c)
    if doubts and settled(c.concluded, doubts):
        last = c.concluded[-1]
        return Reading(last.ident, CONCLUDED, last, rule="choice_after_doubt")
    return None


def undecided(c: Claims) -> Reading | None:
    """Two ids claimed with doubt and no choice made: hedged, both candidates."""
    if not _doubts(c):
        return None
    return Reading(
        None, ALTERNATIVES, c.live[0], hedged=True, candidates=tuple(c.idents), rule="undecided"
    )


def steps(c: Claims) -> Reading | None:
    """Remedy steps stated in order ("simple backup, then the opponent chooses")."""
    if c.part != "remedy" or not in_sequence(c.part, c.live, c.lex):
        return None
    first = min(c.live, key=lambda m: m.first)
    later = {i for i in c.idents if not same_fix(c.part, i, first.ident, c.lex)}
    if later <= c.lex.ids[c.part][first.ident].then_within:
        # "A simple backup, then Vera chooses whether it goes on the stack": the later
        # step is the backup's own procedure, so the answer commits to the backup.
        return single([m for m in c.live if m.ident == first.ident], False, "own_next_step")
    best = single(c.live, False, "steps")
    return replace(best, found=c.live[0].ident, evidence=c.live[0], steps=tuple(c.idents))


def concluded(c: Claims) -> Reading | None:
    """ "It's a GRV, so a Warning ... therefore a Game Loss": the one id concluded."""
    if len({m.ident for m in c.concluded}) != 1:
        return None
    last = c.concluded[-1]
    return Reading(last.ident, CONCLUDED, last, rule="concluded")


def label_slot(c: Claims) -> Reading | None:
    """ "Penalidade: Advertência" beside "(Dolores perde o jogo)": the value the answer
    fills in for the part's label is its claim."""
    slotted = [m for m in c.live if m.slot]
    if len({m.ident for m in slotted}) != 1:
        return None
    return Reading(slotted[0].ident, CONCLUDED, slotted[0], rule="label_slot")


def conflict(c: Claims) -> Reading:
    """Two ids claimed and nothing tells which: a conflict, the first one reported."""
    return Reading(
        c.live[0].ident,
        CONFLICT,
        c.live[0],
        conflict=True,
        candidates=tuple(c.idents),
        rule="conflict",
    )


CLAIM_RULES: Sequence[Callable[[Claims], Reading | None]] = (
    self_correction,
    one_claim,
    choice_after_doubt,
    undecided,
    steps,
    concluded,
    label_slot,
    conflict,
)
"""The decision rules among a part's live claims, in the order they are tried."""


# -- helpers shared with the grader ---------------------------------------------------------


def single(pool: list[Mention], hedged: bool, rule: str) -> Reading:
    """One id from its mentions: the first mention's id, the best mention's confidence."""
    best = max(pool, key=lambda m: m.confidence)
    conf = min(best.confidence, HEDGED) if hedged else best.confidence
    return Reading(pool[0].ident, conf, pool[0], hedged=hedged, rule=rule)


def same_fix(part: str, a: str, b: str, lex: Lexicon) -> bool:
    """ "um backup simples (desfaz a declaração)": two ids that count as each other."""
    table = lex.ids[part]
    return a == b or b in table[a].satisfies or a in table[b].satisfies


def settled(concluded: list[Mention], doubts: list[Mention]) -> bool:
    """ "Torn between X and Y, but I'll go with X": one id concluded after every doubt."""
    if len({m.ident for m in concluded}) != 1 or any(m.hedged for m in concluded):
        return False
    return all(m.first < concluded[-1].first for m in doubts)


def kept(part: str, idents: set[str], lex: Lexicon, *, offered: bool = False) -> set[str]:
    """The ids left once those that yield to another claimed id are dropped. Among options
    `offered` as alternatives, an id whose yield is only narrative stays (`yields_when_offered`;
    suspending every yield among options was measured and dropped: 10 more devset misgrades)."""
    info = lex.ids[part]
    left = {
        i
        for i in idents
        if not (info[i].yields_to & idents) or (offered and not info[i].yields_when_offered)
    }
    return left or idents


def in_sequence(part: str, live: list[Mention], lex: Lexicon) -> bool:
    """Remedy steps stated in order: each new id after the first follows "then" (an id that
    counts as one already stated is no new step: "backup simples (desfaz a declaração)")."""
    ordered = sorted(live, key=lambda m: m.first)
    seen = {ordered[0].ident}
    for m in ordered[1:]:
        new = not any(same_fix(part, m.ident, s, lex) for s in seen)
        if new and not m.step:
            return False
        seen.add(m.ident)
    return True


RULE_NAMES: tuple[str, ...] = (
    *(rule.__name__ for rule in PART_RULES if rule is not claimed),
    "hedged_claim",
    *(rule.__name__ for rule in CLAIM_RULES),
    "own_next_step",
    # set after the per-part rules, by the grader (grader.py)
    "unread_words",
    "record_cited",
    "implied_by_remedy",
    "bare_nothing",
    "implied_by_infraction",
    "pending_resolves_now",
    "candidates_all_expected",
    "hinted_id",
)
"""Every name a `PartGrade.rule` may carry."""
