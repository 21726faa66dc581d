"""The committee gives exam, level and cohort names per language; each viewer reads them in
their language, falling back to the name as typed."""

import pytest
from django.urls import reverse

from judgetrain.accounts.models import Cohort
from quizzes.certification.models import CertificationLevel
from quizzes.exams.models.exams import ExamBlueprint
from tests.factories import (
    BlueprintFactory,
    assignment,
    candidate,
    cohort,
    committee_member,
    mentor,
    user,
)
from tests.quizzes.committee.test_committee_pages import blueprint_post, level_post

pytestmark = pytest.mark.django_db


def in_language(client, lang):
    client.cookies["django_language"] = lang


def test_a_blueprint_gets_its_name_per_language_in_the_committee_form(client):
    client.force_login(committee_member())

    response = client.post(
        reverse("committee-blueprint-new"),
        blueprint_post(name_en="", name_pt_br=" Prova escrita ", name_es="Examen escrito"),
    )

    assert response.status_code == 302
    blueprint = ExamBlueprint.objects.get()
    assert blueprint.name == "L1 written"
    assert blueprint.name_translations == {"pt-br": "Prova escrita", "es": "Examen escrito"}
    form = client.get(reverse("committee-blueprint-edit", args=[blueprint.pk])).content.decode()
    assert 'name="name_es" value="Examen escrito"' in form
    assert form.index('name="name"') < form.index('name="name_en"') < form.index('name="game"')


def test_editing_a_blueprint_can_remove_a_translation(client):
    client.force_login(committee_member())
    client.post(reverse("committee-blueprint-new"), blueprint_post(name_es="Examen escrito"))
    blueprint = ExamBlueprint.objects.get()

    client.post(
        reverse("committee-blueprint-edit", args=[blueprint.pk]),
        blueprint_post(name_es="", name_pt_br="Prova escrita"),
    )

    blueprint.refresh_from_db()
    assert blueprint.name_translations == {"pt-br": "Prova escrita"}


def test_a_too_long_translated_name_is_a_form_error(client):
    client.force_login(committee_member())

    response = client.post(reverse("committee-blueprint-new"), blueprint_post(name_es="x" * 161))

    assert response.status_code == 400
    assert not ExamBlueprint.objects.exists()


def test_a_level_gets_its_name_per_language_in_the_committee_form(client):
    blueprint = BlueprintFactory()
    client.force_login(committee_member())

    response = client.post(
        reverse("committee-level-new"),
        level_post(
            blueprint, name_pt_br="Juiz Riftbound Nível 1", name_es="Juez Riftbound Nivel 1"
        ),
    )

    assert response.status_code == 302
    level = CertificationLevel.objects.get()
    assert level.name_translations == {
        "pt-br": "Juiz Riftbound Nível 1",
        "es": "Juez Riftbound Nivel 1",
    }
    in_language(client, "es")
    assert "Juez Riftbound Nivel 1" in client.get(reverse("committee-levels")).content.decode()


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("es", "Examen escrito"), ("pt-br", "Prova escrita"), ("en", "L1 written")],
)
def test_the_candidate_sees_the_exam_name_in_their_language(client, lang, shown):
    blueprint = BlueprintFactory(
        name="L1 written", name_translations={"es": "Examen escrito", "pt-br": "Prova escrita"}
    )
    student = candidate()
    assignment(candidate=student, blueprint=blueprint)
    client.force_login(student)
    in_language(client, lang)

    html = client.get(reverse("exams")).content.decode()

    assert f"<h3>{shown}</h3>" in html


def test_the_candidate_sees_the_cohort_name_in_their_language(client):
    student = candidate()
    cohort(
        name="Saturday group",
        name_translations={"es": "Grupo del sábado"},
        mentor=mentor(),
        candidates=[student],
    )
    client.force_login(student)

    in_language(client, "es")
    assert "Grupo del sábado" in client.get(reverse("home")).content.decode()
    in_language(client, "pt-br")
    assert "Saturday group" in client.get(reverse("home")).content.decode()


def test_the_cohort_admin_edits_the_name_per_language(client):
    admin = user(is_staff=True, is_superuser=True)
    guide = mentor()
    client.force_login(admin)

    response = client.post(
        reverse("admin:accounts_cohort_add"),
        {"name": "Saturday group", "name_es": "Grupo del sábado", "mentor": guide.pk},
    )

    assert response.status_code == 302
    assert Cohort.objects.get().name_translations == {"es": "Grupo del sábado"}
    page = client.get(reverse("admin:accounts_cohort_change", args=[Cohort.objects.get().pk]))
    assert 'value="Grupo del sábado"' in page.content.decode()


def test_the_name_fields_are_labelled_in_the_committees_language(client):
    client.force_login(committee_member())
    in_language(client, "es")

    form = client.get(reverse("committee-level-new")).content.decode()

    for label in ("Nombre en inglés", "Nombre en portugués (Brasil)", "Nombre en español"):
        assert label in form


def test_committee_forms_name_topics_and_policy_versions_never_by_slug():
    # Issue 29: "raw slugs for topics, policy versions and report headings".
    from django.utils import translation

    from quizzes.committee.forms import PolicyCompareForm, topic_choices
    from rulings.core import policy
    from rulings.core import questions as generator
    from tests.factories import question

    version = question().policy_version
    with translation.override("es"):
        topics = {
            value: label for _group, options in topic_choices()[1:] for value, label in options
        }
        versions = dict(PolicyCompareForm().fields["old"].choices)
    slugs = generator.all_topics()

    assert set(slugs) <= set(topics)
    assert all(topics[slug] == generator.topic_name(slug, "es") for slug in slugs)
    labelled = next(label for value, label in versions.items() if str(value) == str(version.pk))
    assert policy.title(version.version_id, "es") in str(labelled)
    assert version.version_id not in str(labelled)


def test_a_question_report_is_headed_by_its_topic_not_its_template_slug(client):
    from django.urls import reverse

    from quizzes.bank.models.questions import Topic
    from quizzes.bank.services import question_reports
    from rulings.core import questions as generator
    from tests.factories import committee_member, mentor, question

    reported = question()
    slug = generator.all_topics()[0]
    reported.topics.add(Topic.objects.get_or_create(slug=slug)[0])
    question_reports.question_report_create(
        question=reported, reporter=mentor(), problem="wrong", comment="Key is wrong"
    )
    client.force_login(committee_member())

    html = client.get(reverse("committee-question-reports")).content.decode()

    heading = html.split('<h2 id="report-')[1].split("</h2>")[0]
    assert generator.topic_name(slug, "en") in heading
    assert reported.template_id not in heading


def test_policy_versions_read_in_the_committees_language_on_the_policy_update_page(client):
    # UX walk 1, #36: "policy-version names are English only".
    from rulings.core import policy
    from rulings.models import PolicyVersion
    from tests.factories import question

    question()
    version = PolicyVersion.objects.select_related("document").get(
        version_id="riftbound-tr-2026-seed"
    )
    client.force_login(committee_member())
    in_language(client, "pt-br")

    html = client.get(reverse("committee-policy-update")).content.decode()

    assert policy.title(version.version_id, "pt-BR") in html
    assert version.title not in html


def test_a_question_report_names_its_template_by_what_it_asks_not_its_id(client):
    """Walk 3, #19: "Template rb-forgetting-to-score, version 3"."""
    from django.urls import reverse

    from quizzes.bank.services import question_reports
    from quizzes.item_names import template_summary
    from tests.factories import committee_member, mentor, question

    reported = question(template_id="rb-trigger-intent")
    question_reports.question_report_create(
        question=reported, reporter=mentor(), problem="wrong", comment="Key is wrong"
    )
    client.force_login(committee_member())

    html = client.get(reverse("committee-question-reports")).content.decode()

    assert "rb-trigger-intent" not in html
    assert template_summary("rb-trigger-intent", "en")[0] in html.replace("&#x27;", "'")
