"""Coverage: every statement of every default policy version is exercised by a template."""

from __future__ import annotations

import io
import json

from rulings.core import default_version, load_policy
from rulings.core.questions import coverage, run_coverage
from rulings.core.questions.coverage import EXCLUDED


def test_coverage_reports_every_default_statement_reached() -> None:
    out = io.StringIO()
    assert run_coverage(["--json"], out) == 0
    data = json.loads(out.getvalue())
    assert data["complete"] is True
    for version in data["versions"]:
        if version["default"]:
            assert version["unreached"] == []


def test_every_statement_of_the_default_versions_is_listed_under_a_template_or_excluded() -> None:
    # 40 samples, as the CLI: rarer stories (an admitted deliberate skip, a Game Rule
    # Violation left as it is) come about one seed in ten.
    report = {v.version: v for v in coverage(samples=40)}
    for game in ("riftbound", "mtg"):
        version = report[default_version(game)]
        statements = set(load_policy(version.version).statements)
        assert statements <= version.reached | set(version.excluded)


def test_deliberate_exclusions_stay_tiny() -> None:
    # Review 9 retired two story variants whose key the seeds and the committee leave open
    # (TR 702.10 against 702.11; another player's action and TR 506.3.b); review 10 retired the
    # overpayment advantage no legal story can tell (TR 702.8.b.1.a); review 11 an opponent's
    # hand seen by accident (TR 702.11): six in all. Review 13 retired two more: the project's
    # reading of the round cycle's boundary (fr-021) and the unlisted wrong-zone partial fix
    # (mu-045), which the seeds and the notes do not state: eight.
    assert len(EXCLUDED) <= 8
    assert all(len(why) > 40 for why in EXCLUDED.values())


def test_text_report_names_templates_sections_and_the_verdict() -> None:
    out = io.StringIO()
    run_coverage(["--samples", "10"], out)
    text = out.getvalue()
    assert "rb-forgetting-to-score: " in text
    assert "(TR 702.3.b.1)" in text
    assert "coverage of default policy versions:" in text
