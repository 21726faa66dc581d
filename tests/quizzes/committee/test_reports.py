import csv
import io
import json
import re
import statistics
from datetime import UTC, datetime
from xml.etree import ElementTree

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from judgetrain.accounts.models import Cohort
from quizzes.certification.models import CertificationLevel, LevelRequirement
from quizzes.exams.models.exams import Attempt
from quizzes.practice.models import PracticeAnswer
from quizzes.reports import selectors as sr
from quizzes.reports import tables as report_tables
from quizzes.review.models.review import Review
from quizzes.review.services import review
from rulings.grading_eval.evaluation import parse_items
from tests.factories import BlueprintFactory, candidate, cohort, committee_member, mentor, question
from tests.quizzes.committee.seeding import free_form_grade, graded_attempt

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    """Cohort A (mentor ma): c1 passes (100%), c2 fails (75%); cohort B (mentor mb): c3 passes."""
    blueprint = BlueprintFactory(pass_score=0.8)
    level = CertificationLevel.objects.create(name="L1", game="riftbound")
    LevelRequirement.objects.create(level=level, blueprint=blueprint)
    ma, mb = mentor(), mentor()
    c1, c2, c3 = candidate(), candidate(), candidate()
    cohort(name="A", mentor=ma, candidates=[c1, c2])
    cohort(name="B", mentor=mb, candidates=[c3])
    q1, q2 = question(template_id="t1"), question(template_id="t2")
    graded_attempt(c1, blueprint, [1.0, 1.0], [q1, q2])
    graded_attempt(c2, blueprint, [1.0, 0.5], [q1, q2])
    graded_attempt(c3, blueprint, [1.0, 1.0], [q1, q2])
    return {"ma": ma, "blueprint": blueprint, "q1": q1, "q2": q2}


def cells(html: str) -> str:
    """The page with its cells' column names (``data-label``, for phones) left out."""
    return re.sub(r'<td data-label="[^"]*">', "<td>", html)


def rates(rows):
    return {row.label: (row.attempts, row.passed) for row in rows}


def test_pass_rates_for_the_committee_cover_every_cohort(world):
    scope = sr.Scope(mentor=None)

    assert rates(sr.pass_rates_by_cohort(scope)) == {"A": (2, 1), "B": (1, 1)}
    assert rates(sr.pass_rates_by_level(scope)) == {"L1": (3, 2)}
    [period] = sr.pass_rates_by_period(scope)
    assert (period.attempts, period.passed, round(period.rate, 4)) == (3, 2, 0.6667)


def test_a_mentor_sees_only_their_own_cohorts(world):
    scope = sr.report_scope(world["ma"])

    assert rates(sr.pass_rates_by_cohort(scope)) == {"A": (2, 1)}
    assert rates(sr.pass_rates_by_level(scope)) == {"L1": (2, 1)}


def test_item_facility_is_the_mean_score_per_template(world):
    templates, questions = sr.item_analysis(sr.Scope(mentor=None))

    by_key = {row.key: row for row in templates}
    assert by_key["t1"].facility == 1.0
    assert by_key["t1"].flags == []  # 3 answers: too few to flag (test_item_flags.py)
    assert round(by_key["t2"].facility, 4) == round((1 + 0.5 + 1) / 3, 4)
    assert len(questions) == 2


def test_withdrawn_answers_are_left_out_of_item_analysis(world):
    """Walk 7, #9: a withdrawn question counts in no score, yet read as facility 0."""
    from quizzes.exams.models.exams import AttemptItem

    withdrawn = question(template_id="t3")
    graded_attempt(candidate(), world["blueprint"], [1.0, 0.0], [world["q1"], withdrawn])
    AttemptItem.objects.filter(question=withdrawn).update(withdrawn=True, score=0.0)

    templates, questions = sr.item_analysis(sr.Scope(mentor=None))

    assert "t3" not in {row.key for row in templates}
    # Walk 8, #8: the question stays listed, marked withdrawn, with no figure.
    (row,) = [row for row in questions if row.key == str(withdrawn.pk)]
    assert row.withdrawn
    assert row.responses == 0
    assert row.facility is None


def test_discrimination_is_the_items_correlation_with_the_total():
    blueprint = BlueprintFactory()
    good, bad = question(template_id="good"), question(template_id="bad")
    # Strong candidates get "good" right and "bad" wrong: "bad" discriminates negatively.
    plan = [(1.0, 0.0, 1.0), (1.0, 0.0, 1.0), (1.0, 0.0, 0.5), (0.0, 1.0, 0.0), (0.0, 1.0, 0.5)]
    filler = question(template_id="filler")
    for g, b, f in plan:
        graded_attempt(candidate(), blueprint, [g, b, f], [good, bad, filler])
    totals = [(g + b + f) / 3 for g, b, f in plan]

    rows = {row.key: row for row in sr.item_analysis(sr.Scope(mentor=None))[0]}

    expected = statistics.correlation([g for g, _, _ in plan], totals)
    assert rows["good"].discrimination == pytest.approx(expected)
    assert rows["bad"].discrimination == pytest.approx(
        statistics.correlation([b for _, b, _ in plan], totals)
    )
    assert "negative_discrimination" in rows["bad"].flags
    assert rows["good"].flags == []


def overridden(person, blueprint, found, override, language="en"):
    q = question()
    attempt = graded_attempt(person, blueprint, [0.0], [q], language=language)
    item = attempt.items.get()
    item.grade = free_form_grade(found, q)
    item.score = item.grade["score"]
    item.override_score = override
    item.save()
    return item


def test_agreement_per_part_and_language_and_the_devset_export():
    blueprint = BlueprintFactory()
    person = candidate()
    q = question()
    key = {"infraction": q.key_infraction, "penalty": q.key_penalty, "remedy": q.key_remedy}
    wrong_penalty = {**key, "penalty": "game_loss"}
    # The grader missed the penalty; the mentor gave full marks: the grader was wrong on it.
    overridden(person, blueprint, wrong_penalty, 1.0)
    # The mentor confirmed the grader's 2/3 in Spanish: agreement on every part.
    overridden(person, blueprint, wrong_penalty, 2 / 3, language="es")
    # A partial override that does not say which part: counted per language only.
    overridden(person, blueprint, key, 0.0)

    parts, langs = sr.grader_agreement(sr.Scope(mentor=None))

    assert {r.label: (r.agreeing, r.total) for r in parts} == {
        "infraction": (2, 2),
        "penalty": (1, 2),
        "remedy": (2, 2),
    }
    assert {r.label: (r.agreeing, r.total) for r in langs} == {"en": (0, 2), "es": (1, 1)}
    lines = sr.devset_lines(sr.Scope(mentor=None))
    items = parse_items("\n".join(lines))
    assert len(items) == 2
    assert dict(items[0].label) == key
    assert json.loads(lines[1])["lang"] == "es"


def reviewed(person, by, found, decisions, *, language="en", practice=False):
    """A flagged free-form grading (grader found ``found``) a person decided part by part:
    ``decisions`` maps a part to None (accept) or the percent it was overridden to."""
    q = question()
    grade = free_form_grade(found, q)
    if practice:
        answer = PracticeAnswer.objects.create(
            user=person, question=q, response="an answer", grade=grade, score=grade["score"]
        )
        flagged = Review.objects.create(practice_answer=answer, candidate=person)
    else:
        attempt = graded_attempt(person, BlueprintFactory(), [0.0], [q], language=language)
        item = attempt.items.get()
        item.grade, item.score = grade, grade["score"]
        item.save()
        flagged = Review.objects.create(item=item, candidate=person)
    review.review_decide(
        review=flagged,
        by=by,
        decisions={
            part: review.PartDecision(
                override=percent is not None,
                percent=percent,
                reason="Checked." if percent is not None else "",
            )
            for part, percent in decisions.items()
        },
    )
    return flagged


def test_agreement_per_part_counts_each_part_a_mentor_reviewed():
    guide, person = mentor(), candidate()
    cohort(mentor=guide, candidates=[person])
    q = question()
    key = {"infraction": q.key_infraction, "penalty": q.key_penalty, "remedy": q.key_remedy}
    wrong_penalty = {**key, "penalty": "game_loss"}
    # The grader missed the penalty; the mentor overrode only the penalty to 100%.
    reviewed(person, guide, wrong_penalty, {"infraction": None, "penalty": 100, "remedy": None})
    # Every part accepted, in Spanish: the grader agreed on each part.
    reviewed(person, guide, wrong_penalty, {"infraction": None, "penalty": None, "remedy": None},
             language="es")  # fmt: skip
    # A practice answer: the grader was right on the infraction, the mentor marked it wrong;
    # the remedy override gives the grader's own mark (100%): agreement.
    reviewed(person, guide, key, {"infraction": 0, "penalty": None, "remedy": 100}, practice=True)
    # Another mentor's candidate: outside this mentor's report, inside the committee's.
    outsider = candidate()
    cohort(mentor=mentor(), candidates=[outsider])
    reviewed(outsider, committee_member(), key, {"infraction": 0, "penalty": 0, "remedy": 0})

    mine, mine_langs = sr.grader_agreement(sr.Scope(mentor=guide))
    everyone, _langs = sr.grader_agreement(sr.Scope(mentor=None))

    assert {r.label: (r.agreeing, r.total) for r in mine} == {
        "infraction": (2, 3),
        "penalty": (2, 3),
        "remedy": (3, 3),
    }
    assert {r.label: (r.agreeing, r.total) for r in mine_langs} == {"en": (0, 2), "es": (1, 1)}
    assert {r.label: (r.agreeing, r.total) for r in everyone} == {
        "infraction": (2, 4),
        "penalty": (2, 4),
        "remedy": (3, 4),
    }


def test_a_pending_review_does_not_count_for_agreement():
    person = candidate()
    q = question()
    attempt = graded_attempt(person, BlueprintFactory(), [0.0], [q])
    item = attempt.items.get()
    item.grade = free_form_grade({"infraction": None, "penalty": None, "remedy": None}, q)
    item.save()
    Review.objects.create(item=item, candidate=person)

    parts, langs = sr.grader_agreement(sr.Scope(mentor=None))

    assert [(r.agreeing, r.total) for r in parts] == [(0, 0)] * 3
    assert langs == []


def test_agreement_reads_a_fixed_number_of_queries_as_reviews_grow():
    guide, person = mentor(), candidate()
    cohort(mentor=guide, candidates=[person])
    q = question()
    key = {"infraction": q.key_infraction, "penalty": q.key_penalty, "remedy": q.key_remedy}

    def count():
        with CaptureQueriesContext(connection) as captured:
            sr.grader_agreement(sr.Scope(mentor=guide))
        return len(captured)

    reviewed(person, guide, key, {"infraction": None, "penalty": 0, "remedy": None})
    few = count()
    for _ in range(3):
        reviewed(person, guide, key, {"infraction": None, "penalty": 0, "remedy": None})
        reviewed(person, guide, key, {"infraction": 0, "penalty": None, "remedy": None},
                 practice=True)  # fmt: skip

    assert count() == few


def test_candidates_never_see_reports(client):
    client.force_login(candidate())

    for url in [
        reverse("reports"),
        reverse("report-csv", args=["pass-by-cohort"]),
        reverse("report-devset"),
    ]:
        assert client.get(url).status_code == 403


def test_anonymous_visitors_are_sent_to_log_in(client):
    assert client.get(reverse("reports")).status_code == 302


def test_a_csv_export_has_the_table(client, world):
    client.force_login(committee_member())

    response = client.get(reverse("report-csv", args=["pass-by-cohort"]))

    lines = response.content.decode().splitlines()
    assert lines[0].startswith("Group,Attempts,Passed")
    assert lines[1:] == ["A,2,1,50.0", "B,1,1,100.0"]


def test_an_unknown_table_is_not_found(client):
    client.force_login(committee_member())
    assert client.get(reverse("report-csv", args=["nope"])).status_code == 404


def test_a_mentors_report_page_leaves_out_other_cohorts(client, world):
    client.force_login(world["ma"])

    body = client.get(reverse("reports")).content.decode()

    assert re.search(r"<td data-label=\"[^\"]+\">A</td>", body)
    assert not re.search(r"<td data-label=\"[^\"]+\">B</td>", body)


def test_every_report_cell_is_named_by_its_column_to_stack_on_a_phone(client, world):
    """Walk 4, #13: on a phone the item-analysis tables kept 5 to 7 columns, cut off at
    the right. Their rows stack there (table.stack), each value named by its column."""
    client.force_login(world["ma"])

    body = client.get(reverse("reports")).content.decode()

    tables = re.findall(r"<table class=\"stack report-table\">(.*?)</table>", body, re.S)
    assert tables
    for table in tables:
        head = re.findall(r"<th scope=\"col\">(.*?)</th>", table)
        for row in re.findall(r"<tr>(<td data-label.*?)</tr>", table):
            assert re.findall(r"<td data-label=\"(.*?)\">", row) == head[: len(head)]
    assert 'tabindex="0" role="region"' in body  # the box stays reachable by keyboard


def add_world(n, blueprint):
    for _index in range(n):
        person = candidate()
        cohort(candidates=[person])
        item = graded_attempt(person, blueprint, [1.0, 0.5]).items.first()
        item.override_score = 0.5
        item.save()


def queries(client, url):
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context)


@pytest.mark.parametrize(
    "name",
    [
        "reports",
        "report-devset",
        "report-devset-csv",
        ("report-csv", "items-by-question"),
        ("report-csv", "agreement-by-part"),
        ("report-chart", "items-by-question"),
        ("report-chart", "pass-by-cohort"),
    ],
)
def test_reports_run_a_constant_number_of_queries(client, name):
    url = reverse(name) if isinstance(name, str) else reverse(name[0], args=[name[1]])
    blueprint = BlueprintFactory()
    client.force_login(committee_member())
    add_world(1, blueprint)
    one = queries(client, url)
    add_world(6, blueprint)

    assert queries(client, url) == one


def test_the_corrected_gradings_export_is_read_by_grade_eval(client, tmp_path, capsys):
    from rulings.cli import main

    q = question()
    key = {"infraction": q.key_infraction, "penalty": q.key_penalty, "remedy": q.key_remedy}
    item = overridden(candidate(), BlueprintFactory(), key, 1.0)
    item.response = "missed trigger, no penalty, the opponent chooses to resolve it or not"
    item.save()
    client.force_login(committee_member())
    path = tmp_path / "corrected.jsonl"
    path.write_bytes(client.get(reverse("report-devset")).content)

    main(["grade-eval", "--file", str(path)])

    assert "grade-eval: 1 answers" in capsys.readouterr().out


def test_a_cohort_named_like_a_formula_is_text_in_the_csv(client, world):
    cohort(name='=HYPERLINK("http://x","y")', mentor=world["ma"])
    client.force_login(committee_member())

    response = client.get(reverse("report-csv", args=["pass-by-cohort"]))

    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert ['\'=HYPERLINK("http://x","y")', "0", "0", ""] in rows
    assert not [row for row in rows if row[0].startswith("=")]


# --- readable reports and exports with data ---------------------------------------------------


def accepted_reviews(guide, person, n=2):
    """``n`` flagged exam gradings whose reading the mentor accepted as it was: nothing is
    overridden, so only the reviews say what the answers meant."""
    q = question()
    key = {"infraction": q.key_infraction, "penalty": q.key_penalty, "remedy": q.key_remedy}
    return [
        reviewed(person, guide, {**key, "penalty": "game_loss"}, dict.fromkeys(key))
        for _ in range(n)
    ]


def test_the_corrected_gradings_export_lists_accepted_reviews_as_jsonl_and_csv(client):
    guide, person = mentor(), candidate()
    cohort(mentor=guide, candidates=[person])
    flagged = accepted_reviews(guide, person)
    practice = reviewed(
        person, guide, {"infraction": None, "penalty": None, "remedy": None},
        {"infraction": None, "penalty": None, "remedy": None}, practice=True,
    )  # fmt: skip
    client.force_login(guide)

    lines = client.get(reverse("report-devset")).content.decode().splitlines()
    table = list(csv.reader(io.StringIO(client.get(reverse("report-devset-csv")).content.decode())))

    items = parse_items("\n".join(lines))
    assert len(items) == 3
    assert {item.ident for item in items} == {
        *(f"attempt-{r.item.attempt_id}-q{r.item.position}" for r in flagged),
        f"practice-{practice.practice_answer_id}",
    }
    assert all(dict(item.label)["penalty"] == "game_loss" for item in items[:2])
    assert table[0][:2] == ["Id", "Question id"]
    assert len(table) == 4
    assert {row[0] for row in table[1:]} == {item.ident for item in items}
    # Walk 4, #14: the spreadsheet is read by people: names, not ids (the JSONL keeps ids).
    assert "Game Loss" in table[1]
    assert not any("game_loss" in cell for row in table[1:] for cell in row)


def test_a_part_overridden_to_another_mark_leaves_the_answer_out_of_the_export():
    guide, person = mentor(), candidate()
    cohort(mentor=guide, candidates=[person])
    q = question()
    key = {"infraction": q.key_infraction, "penalty": q.key_penalty, "remedy": q.key_remedy}
    reviewed(person, guide, key, {"infraction": None, "penalty": 50, "remedy": None})

    assert sr.corrected_gradings(sr.Scope(mentor=guide)) == []


def test_a_question_is_named_by_its_exam_and_position_with_its_whole_text_in_the_csv(client):
    """Walk 8, #8: bars and rows read "Question 914", a database id, with no exam named."""
    long_stem = "A player forgets a trigger. " * 10
    q = question(stem=long_stem.strip())
    person = candidate()
    cohort(candidates=[person])
    graded_attempt(person, BlueprintFactory(name="Riftbound demo exam"), [1.0], [q])
    client.force_login(committee_member())

    response = client.get(reverse("report-csv", args=["items-by-question"]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    page = cells(client.get(reverse("reports")).content.decode())

    assert rows[0][:2] == ["Exam question", "Question"]
    assert rows[1][:2] == ["Riftbound demo exam · Q1", long_stem.strip()]
    assert long_stem.strip() not in page  # the page shortens it
    assert "<td>Riftbound demo exam · Q1</td>" in page
    assert f"Question {q.pk}" not in page


def test_a_withdrawn_question_stays_listed_marked_withdrawn_and_uncounted():
    q = question()
    person = candidate()
    cohort(candidates=[person])
    attempt = graded_attempt(person, BlueprintFactory(name="Magic demo exam"), [0.0], [q])
    attempt.items.update(withdrawn=True)

    built = report_tables.TABLES["items-by-question"][1](sr.Scope(mentor=None), False, "en")

    assert built.rows[0][0] == "Magic demo exam · Q1 (withdrawn)"
    assert built.rows[0][2:4] == [0, ""]
    assert built.bars == [("Magic demo exam · Q1 (withdrawn)", None)]


def test_the_report_page_names_parts_languages_and_flags_in_the_readers_language(client):
    guide, person = mentor(), candidate()
    cohort(mentor=guide, candidates=[person])
    accepted_reviews(guide, person)
    blueprint = BlueprintFactory()
    hard = question()
    for _ in range(5):  # five wrong answers: the question is flagged too hard
        someone = candidate()
        cohort(mentor=guide, candidates=[someone])
        graded_attempt(someone, blueprint, [0.0], [hard])
    client.force_login(guide)

    page = cells(client.get(reverse("reports"), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode())

    assert "<td>Penalidade</td>" in page
    assert "<td>Inglês</td>" in page
    assert "muito difícil" in page
    for code in ("too_hard", "<td>penalty</td>", "<td>en</td>", "option:"):
        assert code not in page, code


def test_each_report_has_a_chart_image_with_a_text_alternative_beside_its_table(client, world):
    client.force_login(committee_member())

    page = cells(client.get(reverse("reports")).content.decode())

    # Every table with rows (all but agreement by language: nothing was overridden).
    charts = re.findall(r'<img src="(/reports/[\w-]+\.svg)" alt="([^"]*)"', page)
    assert len(charts) == 6
    assert charts[0] == (
        "/reports/pass-by-cohort.svg",
        "Chart: Pass rate by cohort. A: 50%; B: 100%.",
    )
    assert page.count("<table ") == 7  # the tables stay, below the charts


def chart_bars(svg: bytes) -> dict[str | None, tuple[float, str | None]]:
    """Each bar's label (the text above it) → (the length pygal drew, the figure after it)."""
    root = ElementTree.fromstring(svg)
    ns = {"svg": "http://www.w3.org/2000/svg"}
    rects = [
        r for r in root.iterfind(".//svg:rect", ns) if "reactive" in r.get("class", "").split()
    ]
    texts = root.findall(".//svg:g[@class='bar-labels']/svg:text", ns)
    # A long label wraps onto lines (tspans): read whole, its words joined again.
    labels = [" ".join(t.itertext()) for t in texts if t.get("class") == "bar-label"]
    figures = [t.text for t in texts if t.get("class") == "bar-value"]
    widths = [float(r.get("width", 0)) for r in reversed(rects)]  # pygal draws bottom up
    rows = zip(labels, widths, figures, strict=True)
    return {label: (width, figure) for label, width, figure in rows}


def test_a_charts_bars_are_as_long_as_their_values(client, world):
    """Bars were once all drawn the same length whatever their value."""
    c4 = candidate()
    cohort(name="C", candidates=[c4])
    graded_attempt(c4, world["blueprint"], [0.0, 0.0], [world["q1"], world["q2"]])
    client.force_login(committee_member())

    response = client.get(reverse("report-chart", args=["pass-by-cohort"]))
    bars = chart_bars(response.content)

    assert response["Content-Type"].startswith("image/svg+xml")
    assert [figure for _width, figure in bars.values()] == ["50%", "100%", "0%"]
    assert bars["A"][0] == pytest.approx(bars["B"][0] / 2)
    assert bars["C"][0] == 0


def test_chart_labels_are_whole_so_two_bars_never_read_the_same(client):
    blueprint = BlueprintFactory()
    long_names = [
        "Riftbound Judge Level 1 certification cohort, spring",
        "Riftbound Judge Level 1 certification cohort, autumn",
    ]
    for name in long_names:
        person = candidate()
        cohort(name=name, candidates=[person])
        graded_attempt(person, blueprint, [1.0], [question()])
    client.force_login(committee_member())

    svg = client.get(reverse("report-chart", args=["pass-by-cohort"])).content

    assert sorted(chart_bars(svg)) == sorted(long_names)


def test_the_chart_runs_no_script_and_its_style_is_allowed_only_in_its_own_response(client, world):
    client.force_login(committee_member())

    response = client.get(reverse("report-chart", args=["items-by-template"]))
    page = client.get(reverse("reports"))

    assert b"<script" not in response.content
    assert b"http" not in response.content.replace(b"http://www.w3.org/2000/svg", b"")
    policy = response["Content-Security-Policy"]
    assert "default-src 'none'" in policy
    assert "'unsafe-inline'" in policy
    assert "script-src" not in policy
    assert "'unsafe-inline'" not in page["Content-Security-Policy"]


def test_candidates_never_see_a_chart(client, world):
    client.force_login(candidate())

    assert client.get(reverse("report-chart", args=["pass-by-cohort"])).status_code == 403


def test_a_mentors_chart_leaves_out_other_cohorts(client, world):
    client.force_login(world["ma"])

    svg = client.get(reverse("report-chart", args=["pass-by-cohort"])).content

    assert list(chart_bars(svg)) == ["A"]


def test_reports_name_cohorts_levels_and_months_in_the_readers_language(client, world):
    Cohort.objects.filter(name="A").update(name_translations={"es": "Grupo A"})
    CertificationLevel.objects.filter(name="L1").update(name_translations={"es": "Nivel 1"})
    Attempt.objects.update(graded_at=datetime(2026, 12, 3, 12, tzinfo=UTC))
    client.force_login(committee_member())

    page = cells(client.get(reverse("reports"), HTTP_ACCEPT_LANGUAGE="es").content.decode())
    month_csv = client.get(reverse("report-csv", args=["pass-by-period"])).content.decode()

    assert "<td>Grupo A</td>" in page
    assert "<td>Nivel 1</td>" in page
    assert "<td>diciembre de 2026</td>" in page
    assert "2026-12" not in page
    assert "2026-12,3,2" in month_csv  # the CSV keeps the sortable month
    assert "Calificaciones corregidas (CSV)" in page
    assert "Calificaciones corregidas (JSONL, para grade-eval)" in page


def test_months_are_lower_case_in_portuguese(client, world):
    Attempt.objects.update(graded_at=datetime(2026, 12, 3, 12, tzinfo=UTC))
    client.force_login(committee_member())

    page = cells(client.get(reverse("reports"), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode())

    assert "<td>dezembro de 2026</td>" in page


def test_the_page_names_templates_without_ids_and_writes_percentages_the_readers_way(client):
    blueprint = BlueprintFactory()
    paying = question(template_id="rb-mispayment")
    for score in (1.0, 1.0, 0.0):
        graded_attempt(candidate(), blueprint, [score], [paying])
    client.force_login(committee_member())

    page = cells(client.get(reverse("reports"), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode())
    exported = client.get(reverse("report-csv", args=["items-by-template"])).content.decode()

    items = page[page.index("items-by-template") :]
    assert "<td>66,7</td>" in items
    assert "(rb-mispayment)" not in page
    assert "rb-mispayment" in exported  # the CSV keeps the id a spreadsheet can look up
    assert ",66.7," in exported


def test_a_long_label_wraps_so_the_chart_stays_readable_when_scaled(client):
    """Walk 3, #17: a chart as wide as its longest label was scaled to ~6 px text."""
    blueprint = BlueprintFactory()
    name = "Triggered abilities · Other rules errors · How far the game can go back, spring"
    person = candidate()
    cohort(name=name, candidates=[person])
    graded_attempt(person, blueprint, [1.0], [question()])
    client.force_login(committee_member())

    svg = client.get(reverse("report-chart", args=["pass-by-cohort"])).content

    width = float(ElementTree.fromstring(svg).get("viewBox").split()[2])
    assert width <= 400  # was 48 characters of label wider than the 360 of a phone's chart
    assert list(chart_bars(svg)) == [name]
