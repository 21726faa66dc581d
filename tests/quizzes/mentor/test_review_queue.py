"""The review queue at scale: filters, "save and next" and accepting several gradings at once."""

import pytest
from django.urls import reverse

from quizzes.exams.models.exams import Attempt
from quizzes.exams.services import exams
from quizzes.practice.services import practice_answer_submit
from quizzes.review.models.review import AuditEntry, Review
from quizzes.review.services import review
from tests.factories import cohort, mentor, question
from tests.quizzes.mentor.conftest import (
    HEDGED,
    RIGHT,
    count_queries,
    graded_attempt,
    mentored_candidate,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

ACCEPT = reverse("mentor-reviews-accept")


def a_cohort_with_exam_and_practice_reviews():
    """One cohort: two candidates with a flagged exam answer each, one flagged practice answer."""
    the_cohort = cohort()
    ana, _ = mentored_candidate(the_cohort)
    bruno, _ = mentored_candidate(the_cohort)
    graded_attempt(ana, [HEDGED])
    graded_attempt(bruno, [HEDGED])
    practice_answer_submit(user=ana, question=question(), response=HEDGED, lang="en")
    return the_cohort, ana, bruno


def listed(client, query: str = "") -> set[int]:
    html = client.get(reverse("mentor-reviews") + query).content.decode()
    return {r.pk for r in Review.objects.all() if f'id="pick-{r.pk}"' in html}


def test_the_queue_filters_by_source_candidate_exam_and_reason(client):
    the_cohort, ana, bruno = a_cohort_with_exam_and_practice_reviews()
    client.force_login(the_cohort.mentor)
    exam_reviews = set(Review.objects.filter(item__isnull=False).values_list("pk", flat=True))
    practice = set(Review.objects.filter(item__isnull=True).values_list("pk", flat=True))
    ana_exam = Review.objects.get(candidate=ana, item__isnull=False)
    blueprint = ana_exam.item.attempt.assignment.blueprint_id

    assert len(exam_reviews) == 2
    assert len(practice) == 1
    assert listed(client) == exam_reviews | practice
    assert listed(client, "?source=exam") == exam_reviews
    assert listed(client, "?source=practice") == practice
    assert listed(client, f"?candidate={bruno.pk}") == {Review.objects.get(candidate=bruno).pk}
    assert listed(client, f"?source=exam&exam={blueprint}") == {ana_exam.pk}
    assert listed(client, "?reason=flagged") == exam_reviews | practice
    assert listed(client, "?reason=borderline") == set()


def test_a_practice_gradings_source_tag_is_a_noun_in_spanish(client):
    the_cohort, _ana, _bruno = a_cohort_with_exam_and_practice_reviews()
    client.force_login(the_cohort.mentor)

    html = client.get(reverse("mentor-reviews"), HTTP_ACCEPT_LANGUAGE="es").content.decode()

    assert '<span class="badge">Práctica</span>' in html
    assert '<span class="badge">Practicar</span>' not in html


def test_the_appeal_reason_lists_reviews_whose_answer_the_candidate_appealed(client):
    the_cohort, ana, _bruno = a_cohort_with_exam_and_practice_reviews()
    appealed = Review.objects.get(candidate=ana, item__isnull=False)
    exams.appeal_create(item=appealed.item, comment="I did write the remedy.")
    client.force_login(the_cohort.mentor)

    assert listed(client, "?reason=appeal") == {appealed.pk}


def test_the_filter_form_offers_only_the_exams_and_candidates_in_the_queue(client):
    the_cohort, ana, _bruno = a_cohort_with_exam_and_practice_reviews()
    stranger, _ = mentored_candidate()  # another mentor's candidate
    graded_attempt(stranger, [HEDGED])
    client.force_login(the_cohort.mentor)

    html = client.get(reverse("mentor-reviews"), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()

    assert f'<option value="{ana.pk}">{ana}</option>' in html
    assert str(stranger) not in html
    assert "Correções de provas" in html  # the filters are translated


def test_save_and_next_opens_the_next_grading_of_the_same_filtered_queue(client):
    the_cohort, _ana, _bruno = a_cohort_with_exam_and_practice_reviews()
    client.force_login(the_cohort.mentor)
    first, second = Review.objects.filter(item__isnull=False).order_by("created_at", "id")
    accept_all = {f"{name}-decision": "accept" for name in review.review_parts(first)}

    url = reverse("mentor-review", args=[first.pk]) + "?source=exam"
    response = client.post(url, {**accept_all, "then": "next"})

    assert response.status_code == 302
    assert response["Location"] == reverse("mentor-review", args=[second.pk]) + "?source=exam"
    page = client.get(response["Location"]).content.decode()
    assert f'href="{reverse("mentor-reviews")}?source=exam"' in page  # back to the same queue

    last = client.post(response["Location"], {**accept_all, "then": "next"})
    assert last["Location"] == reverse("mentor-reviews") + "?source=exam"  # the practice one stays
    assert Review.objects.filter(status=Review.Status.PENDING).count() == 1


def test_skip_opens_the_next_grading_and_saves_nothing(client):
    the_cohort, _ana, _bruno = a_cohort_with_exam_and_practice_reviews()
    client.force_login(the_cohort.mentor)
    first, second = Review.objects.filter(item__isnull=False).order_by("created_at", "id")

    url = reverse("mentor-review", args=[first.pk]) + "?source=exam"
    response = client.post(url, {"then": "skip"})

    assert response.status_code == 302
    assert response["Location"] == reverse("mentor-review", args=[second.pk]) + "?source=exam"
    assert Review.objects.filter(status=Review.Status.PENDING).count() == 3
    assert not AuditEntry.objects.filter(action__icontains="review").exists()


def test_a_pending_review_preselects_no_decision(client):
    the_cohort, _ana, _bruno = a_cohort_with_exam_and_practice_reviews()
    client.force_login(the_cohort.mentor)
    first = Review.objects.filter(item__isnull=False).order_by("created_at", "id").first()

    html = client.get(reverse("mentor-review", args=[first.pk])).content.decode()

    assert 'value="accept"' in html
    assert "checked" not in html
    assert 'value="skip"' in html


def test_a_part_left_undecided_is_an_error_on_that_part_and_saves_nothing(client):
    the_cohort, _ana, _bruno = a_cohort_with_exam_and_practice_reviews()
    client.force_login(the_cohort.mentor)
    first = Review.objects.filter(item__isnull=False).order_by("created_at", "id").first()
    names = list(review.review_parts(first))
    decided = {f"{name}-decision": "accept" for name in names[1:]}

    response = client.post(reverse("mentor-review", args=[first.pk]), {**decided, "then": "next"})

    assert response.status_code == 400
    assert list(response.context["form"].errors) == [f"{names[0]}-decision"]
    assert "Accept the grader&#x27;s verdict on this part or override it." in (
        response.content.decode()
    )
    first.refresh_from_db()
    assert first.status == Review.Status.PENDING


def test_bulk_accept_asks_to_confirm_then_decides_and_audits_each(client):
    the_cohort, _ana, _bruno = a_cohort_with_exam_and_practice_reviews()
    client.force_login(the_cohort.mentor)
    chosen = list(Review.objects.filter(item__isnull=False))
    ids = [found.pk for found in chosen]

    confirm = client.post(ACCEPT + "?source=exam", {"review": ids})

    assert confirm.status_code == 200
    assert "Accept 2 gradings" in confirm.content.decode()
    assert not Review.objects.exclude(status=Review.Status.PENDING).exists()

    done = client.post(ACCEPT + "?source=exam", {"review": ids, "confirm": "1"})

    assert done.status_code == 302
    assert done["Location"] == reverse("mentor-reviews") + "?source=exam"
    for found in chosen:
        found.refresh_from_db()
        assert found.status == Review.Status.ACCEPTED
        assert found.decided_by == the_cohort.mentor
        entry = AuditEntry.objects.get(review=found)
        assert entry.action == "review_accepted"
        assert entry.before["status"] == "pending"
        # Nothing else waited: the attempt's result is released and no longer provisional.
        attempt = Attempt.objects.get(pk=found.item.attempt_id)
        assert not Review.objects.filter(item__attempt=attempt, status="pending").exists()
    assert Review.objects.filter(status=Review.Status.PENDING).count() == 1  # the practice one


def test_bulk_accept_is_all_or_nothing_when_one_was_decided_meanwhile(client):
    the_cohort, _ana, _bruno = a_cohort_with_exam_and_practice_reviews()
    client.force_login(the_cohort.mentor)
    first, second = Review.objects.filter(item__isnull=False)
    review.reviews_accept_bulk(reviews=[second], by=the_cohort.mentor)

    response = client.post(ACCEPT, {"review": [first.pk, second.pk], "confirm": "1"})

    assert response.status_code == 302
    first.refresh_from_db()
    assert first.status == Review.Status.PENDING


def test_bulk_accept_service_rolls_back_every_decision_on_a_refusal():
    _cohort, ana, bruno = a_cohort_with_exam_and_practice_reviews()
    brunos = Review.objects.get(candidate=bruno)
    anas = Review.objects.get(candidate=ana, item__isnull=False)

    with pytest.raises(review.ReviewError):
        # Ana may not accept her own grading: Bruno's, accepted first, is undone too.
        review.reviews_accept_bulk(reviews=[brunos, anas], by=ana)

    assert Review.objects.get(pk=brunos.pk).status == Review.Status.PENDING
    assert not AuditEntry.objects.exists()


def test_another_mentor_cannot_bulk_accept_this_mentors_reviews(client):
    _the_cohort, _ana, _bruno = a_cohort_with_exam_and_practice_reviews()
    client.force_login(mentor())
    ids = list(Review.objects.values_list("pk", flat=True))

    response = client.post(ACCEPT, {"review": ids, "confirm": "1"})

    assert response.status_code == 404
    assert not Review.objects.exclude(status=Review.Status.PENDING).exists()


def test_the_filtered_queue_and_the_confirmation_run_a_constant_number_of_queries(client):
    the_cohort = cohort()
    client.force_login(the_cohort.mentor)

    def grow():
        who, _ = mentored_candidate(the_cohort)
        graded_attempt(who, [HEDGED, HEDGED])
        practice_answer_submit(user=who, question=question(), response=HEDGED, lang="en")

    def confirm():
        ids = list(Review.objects.filter(item__isnull=False).values_list("pk", flat=True))
        return lambda: client.post(ACCEPT, {"review": ids})

    queue = reverse("mentor-reviews") + "?source=exam&reason=flagged"
    grow()
    few = count_queries(lambda: client.get(queue))
    confirming = count_queries(confirm())
    grow()
    grow()
    assert count_queries(lambda: client.get(queue)) == few
    assert count_queries(confirm()) == confirming


def test_an_unknown_filter_value_is_ignored_not_an_error(client):
    the_cohort, _ana, _bruno = a_cohort_with_exam_and_practice_reviews()
    client.force_login(the_cohort.mentor)

    response = client.get(reverse("mentor-reviews") + "?source=nonsense&exam=abc")

    assert response.status_code == 200
    assert RIGHT not in response.content.decode()


def test_the_bulk_confirmation_tells_two_practice_answers_apart(client):
    the_cohort = cohort()
    ana, _ = mentored_candidate(the_cohort)
    first = question(stem="Tomás forgot his Treasure Hunter's trigger.")
    second = question(stem="Yuki drew an extra card while shuffling.")
    for asked in (first, second):
        practice_answer_submit(user=ana, question=asked, response=HEDGED, lang="en")
    client.force_login(the_cohort.mentor)
    ids = [str(pk) for pk in Review.objects.values_list("pk", flat=True)]

    page = client.post(ACCEPT, {"review": ids}).content.decode()

    assert "Tomás forgot his Treasure Hunter&#x27;s trigger." in page
    assert "Yuki drew an extra card while shuffling." in page
    assert page.count("<time datetime=") == 2


def test_the_empty_queue_does_not_claim_every_grading_was_certain(client):
    the_cohort = cohort()
    ana, _ = mentored_candidate(the_cohort)
    graded_attempt(ana, [HEDGED])
    client.force_login(the_cohort.mentor)
    client.post(ACCEPT, {"review": [str(Review.objects.get().pk)], "confirm": "1"})

    page = client.get(reverse("mentor-reviews")).content.decode()

    assert "was certain" not in page
    assert "every grading the grader was unsure of has been decided" in page


def test_an_override_to_the_graders_own_mark_is_not_told_as_a_change(client):
    the_cohort = cohort()
    ana, _ = mentored_candidate(the_cohort)
    found = Review.objects.get(item__attempt=graded_attempt(ana, [HEDGED]))
    grader = review.review_parts(found)
    client.force_login(the_cohort.mentor)
    data = {f"{name}-decision": "accept" for name in grader}
    data |= {
        "penalty-decision": "override",
        "penalty-percent": str(grader["penalty"]["grader_percent"]),
        "penalty-reason": "Right to hedge here? No, but the mark stands.",
    }
    client.post(reverse("mentor-review", args=[found.pk]), data)

    page = client.get(reverse("mentor-review", args=[found.pk])).content.decode()

    assert "changed the penalty" not in page
    assert "accepted the grader&#x27;s mark for the penalty" in page


# UX walk (major): the queue and its confirmation showed neither the answer nor what the grader
# read, so a mentor accepted readings they never saw. HEDGED's grade: the infraction read as
# "Missed Trigger" and right, the penalty left open between two options, the remedy not read.


def test_each_queue_row_shows_the_answer_and_each_parts_reading(client):
    the_cohort = cohort()
    ana, _ = mentored_candidate(the_cohort)
    practice_answer_submit(user=ana, question=question(), response=HEDGED, lang="en")
    client.force_login(the_cohort.mentor)

    html = client.get(reverse("mentor-reviews")).content.decode()

    assert f'<p class="response excerpt" lang="en">{HEDGED}</p>' in html
    assert "<strong>Infraction</strong>: Found: Missed Trigger · Key: Missed Trigger · " in html
    assert (
        "<strong>Penalty</strong>: Found: — (left open: Warning, No penalty) · Key: No penalty · "
    ) in html
    assert "<strong>Remedy</strong>: Found: — · Key: the opponent chooses" in html
    assert html.count("✓ right") == 1
    assert html.count("✗ wrong") == 2


def test_a_queue_rows_answer_is_cut_to_its_first_200_characters(client):
    the_cohort = cohort()
    ana, _ = mentored_candidate(the_cohort)
    long_answer = HEDGED + ". " + "The opponent was distracted by the shuffle. " * 10 + "TAIL"
    practice_answer_submit(user=ana, question=question(), response=long_answer, lang="en")
    client.force_login(the_cohort.mentor)

    html = client.get(reverse("mentor-reviews")).content.decode()

    assert f'lang="en">{long_answer[:199]}…</p>' in html
    assert "TAIL" not in html


def test_the_queue_rows_reading_is_in_the_mentors_language(client):
    the_cohort = cohort()
    ana, _ = mentored_candidate(the_cohort)
    graded_attempt(ana, [HEDGED])
    client.force_login(the_cohort.mentor)

    html = client.get(reverse("mentor-reviews"), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()

    assert HEDGED in html  # the answer as written
    assert "<strong>Infração</strong>: Encontrado: " in html
    assert "<strong>Penalidade</strong>: Encontrado: — (em aberto entre: " in html
    assert "✗ errada" in html
    assert "o que o corretor leu em cada parte" in html


def test_the_bulk_confirmation_shows_each_answer_and_the_graders_reading_in_full(client):
    the_cohort = cohort()
    ana, _ = mentored_candidate(the_cohort)
    graded_attempt(ana, [HEDGED, RIGHT])
    practice_answer_submit(user=ana, question=question(), response=HEDGED, lang="en")
    client.force_login(the_cohort.mentor)
    ids = [str(pk) for pk in Review.objects.values_list("pk", flat=True)]

    page = client.post(ACCEPT, {"review": ids}).content.decode()

    assert page.count(f'<p class="response" lang="en">{HEDGED}</p>') == 2
    assert page.count('<table class="grade">') == 2
    assert page.count('<td data-label="Key">No penalty</td>') == 2
    assert page.count("— (left open: Warning, No penalty)") == 2
    assert page.count('<td data-label="Found">Missed Trigger</td>') == 2
    assert page.count("<mark>a warning</mark>") == 2  # the words the grader matched
    assert page.count("Why it was flagged") == 2


def test_the_bulk_confirmation_reads_in_spanish(client):
    the_cohort = cohort()
    ana, _ = mentored_candidate(the_cohort)
    graded_attempt(ana, [HEDGED])
    client.force_login(the_cohort.mentor)
    ids = [str(pk) for pk in Review.objects.values_list("pk", flat=True)]

    page = client.post(ACCEPT, {"review": ids}, HTTP_ACCEPT_LANGUAGE="es").content.decode()

    assert f'<p class="response" lang="en">{HEDGED}</p>' in page
    assert '<td data-label="Encontrado">' in page
    assert "✗ incorrecta" in page
    assert "— (abierto entre: " in page


def test_the_answers_and_readings_add_no_query_per_row(client):
    the_cohort = cohort()
    client.force_login(the_cohort.mentor)

    def grow():
        who, _ = mentored_candidate(the_cohort)
        graded_attempt(who, [HEDGED])
        practice_answer_submit(user=who, question=question(), response=HEDGED, lang="en")

    def confirm():
        ids = list(Review.objects.values_list("pk", flat=True))
        return lambda: client.post(ACCEPT, {"review": ids})

    queue = reverse("mentor-reviews")
    grow()
    few = count_queries(lambda: client.get(queue))
    confirming = count_queries(confirm())
    grow()
    grow()
    html = client.get(queue).content.decode()
    assert html.count('class="response excerpt"') == 6
    assert html.count('class="part-summary"') == 6
    assert count_queries(lambda: client.get(queue)) == few
    assert count_queries(confirm()) == confirming
