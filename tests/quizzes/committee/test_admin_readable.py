import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from tests.factories import BlueprintFactory, candidate, question, user
from tests.quizzes.committee.seeding import graded_attempt

pytestmark = pytest.mark.django_db


def test_a_question_reads_as_its_stem():
    q = question()
    assert str(q).startswith("Your Treasure Hunter's trigger")


def test_the_admin_shows_scores_as_percentages(client):
    graded_attempt(candidate(), BlueprintFactory(), [1.0, 0.0, 0.0])  # 0.3333…
    admin = user(is_staff=True, is_superuser=True)
    client.force_login(admin)

    body = client.get(reverse("admin:quizzes_attempt_changelist")).content.decode()

    assert "33%" in body
    assert "0.333" not in body


def test_the_admin_is_translated(client):
    admin = user(is_staff=True, is_superuser=True, preferred_language="es")
    client.force_login(admin)

    body = client.get(
        reverse("admin:quizzes_questionreport_changelist"), HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()

    assert "informes de problemas" in body.lower()
    assert Permission.objects.exists()


def test_every_quizzes_model_has_a_translated_name_in_the_admin_index(client):
    client.force_login(user(is_staff=True, is_superuser=True, preferred_language="pt-BR"))

    body = client.get(reverse("admin:index"), HTTP_ACCEPT_LANGUAGE="pt-BR").content.decode()

    for name in ("Tentativas", "Modelos de prova", "Recursos", "Respostas de prática"):
        assert name in body
