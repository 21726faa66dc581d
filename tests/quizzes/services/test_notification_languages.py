"""Every e-mail JudgeTrain sends is written in its recipient's language, names included: the
account's language, else the language they sat the exam in (or, for an invitation, the one the
mentor chose), else the site's."""

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from quizzes.bank.services import question_reports as reports
from quizzes.cohorts import services as cohorts
from quizzes.exams.services import exams
from quizzes.review.models.review import Notification
from quizzes.review.services import appeals
from quizzes.review.services.appeals import withdrawal_preview
from tests.factories import candidate, cohort, committee_member, mentor, question
from tests.quizzes.certificates.seeding import issued, level
from tests.quizzes.mentor.conftest import HEDGED, RIGHT, committee_decides, graded_attempt
from tests.quizzes.workbench.test_workbench_pages import facts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_commit_now")]

EXAM = {
    "name": "L1 written",
    "name_translations": {"pt-br": "Prova escrita", "es": "Examen escrito"},
}
COHORT = {
    "name": "Saturday group",
    "name_translations": {"pt-br": "Turma de sábado", "es": "Grupo del sábado"},
}

# Per kind and language: what the subject says, words the body has, English it must not have.
EXPECTED = {
    "results": {
        "en": ("Your result for L1 written", ["is available", "passed"], []),
        "pt-br": ("Seu resultado em Prova escrita", ["está disponível", "aprovada"], ["passed"]),
        "es": ("Tu resultado en Examen escrito", ["está disponible", "aprobado"], ["passed"]),
    },
    "appeal": {
        "en": ("Your appeal on L1 written was decided", ["upheld", "Fair point."], []),
        "pt-br": (
            "Seu recurso em Prova escrita foi decidido",
            ["deferido"],
            ["upheld", " by the "],
        ),
        "es": ("Tu apelación en Examen escrito fue decidida", ["aceptada"], ["upheld", " by the "]),
    },
    "certificate": {
        "en": ("Your certificate: L1 judge", ["valid until", "/certificates/"], []),
        "pt-br": ("Seu certificado: Juiz L1", ["válido até"], ["valid until"]),
        "es": ("Tu certificado: Juez L1", ["válido hasta"], ["valid until"]),
    },
    "proposal": {
        "en": (
            "Your story for the question bank was rejected",
            ["Name the effect.", "revise it, or suggest it again"],
            [],
        ),
        "pt-br": (
            "Sua história para o banco de questões foi rejeitada",
            ["Name the effect.", "revisá-la ou sugeri-la de novo"],
            [],
        ),
        "es": (
            "Tu historia para el banco de preguntas fue rechazada",
            ["Name the effect.", "revisarla o sugerirla de nuevo"],
            [],
        ),
    },
    "report": {
        "en": ("Your report on a question was decided", ["the question was withdrawn"], []),
        "pt-br": (
            "Seu relato sobre uma questão foi decidido",
            ["a questão foi retirada"],
            ["withdrawn"],
        ),
        "es": (
            "Se decidió tu informe sobre una pregunta",
            ["la pregunta fue retirada"],
            ["withdrawn"],
        ),
    },
    "outcome": {
        "en": ("You passed L1 written", ["withdrew a question", "passed"], []),
        "pt-br": (
            "Você foi aprovado em Prova escrita",
            ["retirou uma questão"],
            ["withdrew", "passed"],
        ),
        "es": (
            "Aprobó Examen escrito",
            ["retiró una pregunta"],
            ["withdrew", "passed"],
        ),
    },
    "invitation": {
        "en": ("You are invited to JudgeTrain", ["Saturday group"], []),
        "pt-br": ("Você foi convidado para o JudgeTrain", ["Turma de sábado"], ["invites you"]),
        "es": ("Te invitaron a JudgeTrain", ["Grupo del sábado"], ["invites you"]),
    },
}
ENGLISH = {
    "results": ["Your result", "See it at"],
    "appeal": ["Your appeal", "See it at"],
    "invitation": ["invites you", "Open this link"],
    "certificate": ["Your certificate", "Open it to download"],
    "report": ["Your report", "Read the committee's reason"],
    "proposal": ["Your story", "On the scenario workbench"],
    "outcome": ["You passed", "See it at"],
}


def send_results(language: str, **who) -> None:
    graded_attempt(candidate(**who), [RIGHT], blueprint=EXAM, language="en")


def send_appeal(language: str, **who) -> None:
    student = candidate(**who)
    guide = mentor()
    cohort(mentor=guide, candidates=[student])
    attempt = graded_attempt(student, [RIGHT], blueprint=EXAM)
    appeal = exams.appeal_create(item=attempt.items.get(position=1), comment="Look again.")
    mail.outbox.clear()
    appeals.appeal_decide(appeal=appeal, by=guide, uphold=True, reason="Fair point.", percent=90)


def send_invitation(language: str, **who) -> None:
    group = cohort(mentor=mentor(), **COHORT)
    cohorts.invitation_create(
        cohort=group, email="new.judge@example.com", by=group.mentor, language=language
    )


def send_certificate(language: str, **who) -> None:
    names = {"pt-br": "Juiz L1", "es": "Juez L1"}
    issued(candidate(**who), level(name="L1 judge", name_translations=names))


def send_report(language: str, **who) -> None:
    report = reports.question_report_create(
        question=question(), reporter=candidate(**who), problem="wrong", comment="Hmm."
    )
    reports.question_withdraw(
        question=report.question,
        reason="Agreed.",
        by=committee_member(),
        preview_token=withdrawal_preview(question_id=report.question.pk).token,
    )


def send_outcome(language: str, **who) -> None:
    """A committee withdrawal turns a failed attempt into a pass."""
    student = candidate(**who)
    guide = mentor()
    cohort(mentor=guide, candidates=[student])
    attempt = graded_attempt(student, [HEDGED, RIGHT], blueprint=EXAM)
    appeal = exams.appeal_create(item=attempt.items.get(position=1), comment="Look again.")
    appeals.appeal_decide(appeal=appeal, by=guide, uphold=False, reason="The key is right.")
    appeals.appeal_contest(appeal=appeal, comment="The key is wrong.")
    committee_decides(
        appeal,
        committee_member(),
        reason="Withdrawn.",
        correction=appeals.KeyCorrection(action="withdraw"),
    )


def send_proposal(language: str, **who) -> None:
    """A mentor's cohort story suggested for the bank, rejected by the committee."""
    author = mentor(**who)
    group = cohort(mentor=author, candidates=[candidate()])
    browser = Client()
    browser.force_login(author)
    browser.post(reverse("workbench"), facts(action="save", cohort=str(group.pk)))
    story = group.workbench_stories.get()
    browser.post(reverse("workbench-suggest", args=[story.pk]))
    browser.force_login(committee_member())
    browser.post(
        reverse("workbench-decide", args=[story.pk]),
        {"decision": "reject", "reason": "Name the effect.", "confirm": "True"},
    )


SENDERS = {
    "proposal": send_proposal,
    "results": send_results,
    "appeal": send_appeal,
    "invitation": send_invitation,
    "certificate": send_certificate,
    "report": send_report,
    "outcome": send_outcome,
}


def test_every_kind_of_email_is_checked_in_every_language():
    assert set(SENDERS) == set(EXPECTED) == set(Notification.Kind.values)


@pytest.mark.parametrize("language", ["en", "pt-br", "es"])
@pytest.mark.parametrize("kind", sorted(SENDERS))
def test_each_email_is_written_in_the_recipients_language(kind, language):
    SENDERS[kind](language, preferred_language=language)

    subject, present, absent = EXPECTED[kind][language]
    # The outcome e-mail comes with the appeal's own decision: the one with the subject is read.
    sent = [m for m in mail.outbox if m.subject == subject]
    assert sent, [m.subject for m in mail.outbox]
    sent = sent[-1]
    for words in present:
        assert words in sent.body
    for words in absent + (ENGLISH[kind] if language != "en" else []):
        assert words not in sent.body, words


def test_without_an_account_language_the_result_comes_in_the_exams_language():
    graded_attempt(candidate(preferred_language=""), [RIGHT], blueprint=EXAM, language="pt-BR")

    assert mail.outbox[-1].subject == "Seu resultado em Prova escrita"


def test_without_a_translated_name_the_email_shows_the_name_as_typed():
    graded_attempt(candidate(preferred_language="es"), [RIGHT], blueprint={"name": "Prueba L1"})

    assert mail.outbox[-1].subject == "Tu resultado en Prueba L1"


def test_the_mentor_chooses_the_invitations_language_on_the_cohort_page(client):
    group = cohort(mentor=mentor(), **COHORT)
    client.force_login(group.mentor)
    page = client.get(reverse("mentor-cohort", args=[group.pk])).content.decode()
    assert 'name="invite-language"' in page

    client.post(
        reverse("mentor-cohort-invite", args=[group.pk]),
        {"invite-email": "new.judge@example.com", "invite-language": "es"},
    )

    assert mail.outbox[-1].subject == "Te invitaron a JudgeTrain"


def test_an_invitation_without_a_chosen_language_uses_the_mentors_page_language(client):
    group = cohort(mentor=mentor(), **COHORT)
    client.force_login(group.mentor)
    client.cookies["django_language"] = "pt-br"

    client.post(
        reverse("mentor-cohort-invite", args=[group.pk]), {"invite-email": "a.judge@example.com"}
    )

    assert mail.outbox[-1].subject == "Você foi convidado para o JudgeTrain"


def test_a_bad_invitation_language_is_a_form_error(client):
    group = cohort(mentor=mentor(), **COHORT)
    client.force_login(group.mentor)

    response = client.post(
        reverse("mentor-cohort-invite", args=[group.pk]),
        {"invite-email": "a.judge@example.com", "invite-language": "klingon"},
    )

    assert response.status_code == 400
    assert mail.outbox == []


def test_an_invitation_to_an_existing_account_comes_in_the_accounts_language():
    candidate(email="known.judge@example.com", preferred_language="es")
    group = cohort(mentor=mentor(), **COHORT)

    cohorts.invitation_create(
        cohort=group, email="known.judge@example.com", by=group.mentor, language="en"
    )

    assert mail.outbox[-1].subject == "Te invitaron a JudgeTrain"
