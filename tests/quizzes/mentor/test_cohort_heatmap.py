"""The cohort page's heatmap: topics as rows, a few candidates as columns or one at a time,
sortable through the query string, stacked into a list per topic on a phone."""

import re

import pytest
from django.urls import reverse

from quizzes.bank.models.questions import Topic
from quizzes.practice.models import TopicMastery
from tests.factories import candidate, cohort
from tests.quizzes.mentor.conftest import count_queries

pytestmark = pytest.mark.django_db


def mastered(who, slug, value, answered=5):
    topic, _ = Topic.objects.get_or_create(slug=slug)
    TopicMastery.objects.create(user=who, topic=topic, mastery=value, answered=answered)


def a_cohort(size):
    people = [candidate(first_name=f"Cand{n:02d}", last_name="X") for n in range(size)]
    return cohort(candidates=people), people


def page(client, the_cohort, query="", language="en"):
    url = reverse("mentor-cohort", args=[the_cohort.pk]) + query
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def heatmap_of(html):
    return html[html.index('id="mastery-heading"') :]


def test_topics_are_rows_and_a_few_candidates_columns_in_the_pages_language(client):
    the_cohort, people = a_cohort(3)
    mastered(people[0], "battlefield", 0.9)
    mastered(people[1], "cheating", 0.3)
    client.force_login(the_cohort.mentor)

    html = heatmap_of(page(client, the_cohort, language="pt-br"))

    assert '<th scope="row">Habilidades de campos de batalha</th>' in html
    assert '<th scope="row">Intenção</th>' in html
    for person in people:
        assert f'<th scope="col">{person}</th>' in html
    assert html.count(f'data-label="{people[2]}"') == 2  # each topic lists every candidate


def test_a_large_cohort_is_shown_one_candidate_at_a_time(client):
    the_cohort, people = a_cohort(12)
    for n, person in enumerate(people):
        mastered(person, "battlefield", n / 12)
    client.force_login(the_cohort.mentor)

    first = heatmap_of(page(client, the_cohort))
    chosen = heatmap_of(page(client, the_cohort, f"?candidate={people[7].pk}"))

    assert first.count('<th scope="col">Cand') == 1
    assert f'<th scope="col">{people[0]}</th>' in first
    assert f'<th scope="col">{people[7]}</th>' in chosen
    assert f'<th scope="col">{people[0]}</th>' not in chosen
    assert "one candidate at a time" in first


def test_the_candidates_sort_by_a_column_and_the_heading_says_so(client):
    the_cohort, people = a_cohort(3)
    client.force_login(the_cohort.mentor)
    mastered(people[2], "battlefield", 0.5)
    TopicMastery.objects.filter(user=people[2]).update(due_at="2000-01-01T00:00Z")

    html = page(client, the_cohort, "?order=due")
    table = html[html.index('class="stack candidates"') : html.index('id="mastery-heading"')]
    names = re.findall(r"#mastery-heading\">(Cand\d+ X)</a>", table)

    assert names[0] == str(people[2])  # most topics due first
    assert 'aria-sort="descending"><a href="?order=due' in table


def test_the_topics_sort_weakest_first(client):
    the_cohort, people = a_cohort(2)
    mastered(people[0], "battlefield", 0.9)
    mastered(people[0], "cheating", 0.2)
    mastered(people[1], "accountability", 0.6)
    client.force_login(the_cohort.mentor)

    html = heatmap_of(page(client, the_cohort, "?topics=weakest"))
    rows = re.findall(r'<th scope="row">([^<]+)</th>', html)

    assert rows == ["Intent", "Who is accountable", "Battlefield abilities"]


def test_on_a_phone_the_heatmap_stacks_into_a_list_per_topic(client):
    # table.stack turns each row into a block whose cells name their column (site.css).
    the_cohort, people = a_cohort(2)
    mastered(people[0], "battlefield", 0.9)
    client.force_login(the_cohort.mentor)

    html = heatmap_of(page(client, the_cohort))

    assert '<table class="heatmap stack">' in html
    assert f'data-label="{people[0]}">90% <span' in html


def test_the_cohort_page_runs_a_fixed_number_of_queries_past_the_column_limit(client):
    the_cohort, people = a_cohort(3)
    client.force_login(the_cohort.mentor)
    for person in people:
        mastered(person, "battlefield", 0.5)
    few = count_queries(lambda: page(client, the_cohort))
    for n in range(10):
        extra = candidate(first_name=f"More{n}")
        the_cohort.candidates.add(extra)
        mastered(extra, "cheating", 0.4)
    assert count_queries(lambda: page(client, the_cohort, "?order=best&topics=strongest")) == few


def test_a_topic_with_too_few_answers_shows_no_percentage_as_on_the_candidates_home(client):
    the_cohort, people = a_cohort(2)
    mastered(people[0], "battlefield", 0.0, answered=2)
    mastered(people[1], "battlefield", 0.9, answered=5)
    client.force_login(the_cohort.mentor)

    html = heatmap_of(page(client, the_cohort))
    cell = html[html.index(f'data-label="{people[0]}"') :]
    cell = cell[: cell.index("</td>")]

    assert "not enough answers yet (2 of 3)" in cell
    assert "0%" not in cell
    assert "low" not in cell
    assert '<td data-label="Cohort mean">90%</td>' in html  # only the proven answer counts
