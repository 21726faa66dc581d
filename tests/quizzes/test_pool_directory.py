"""Private pools kept as files in the directory ``JUDGETRAIN_PRIVATE_POOLS`` names: exams draw
on them, a malformed one is a clear error naming the file, and ``check --deploy`` and the
committee's pages warn while exams would show public material (issue 27, point 3)."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from django.core.checks import run_checks
from django.test import override_settings

from quizzes.bank.pool_directory import PoolDirectoryError, directory_check, directory_pools
from quizzes.bank.services.pools import exam_pools_gaps, pools_active
from quizzes.checks import exam_pools_private, pool_directory_usable
from quizzes.exams.services import exams
from tests.factories import assignment, committee_member

EXAM_NAMES = ["Ximena", "Yago", "Zuleica", "Wander", "Valquíria", "Ubirajara"]
BANK_NAMES = ["Quésia", "Rodolfo", "Severina", "Teodoro", "Ulisses", "Vitória"]
SETUP = {
    "en": "{count} sit down at a {opl} table, in turn order {order}.",
    "pt-BR": "{count} sentam-se a uma mesa {opl}, na ordem de turno {order}.",
    "es": "{count} se sientan a una mesa {opl}, en el orden de turno {order}.",
}


def names_toml(names: list[str]) -> str:
    quoted = ", ".join(f'"{name}"' for name in names)
    return f"[people]\nriftbound = [{quoted}]\nmtg = [{quoted}]\n"


def full_toml() -> str:
    """Names for both games, a card and a sentence in every language: nothing left public
    by kind of material (what W002 and the committee's note look at)."""
    card = (
        "[cards.treasure_hunter]\n"
        'name = { en = "Gilded Seeker", pt-BR = "Buscador Dourado", es = "Buscador Dorado" }\n'
    )
    phrases = "".join(
        f'[phrases.{lang}]\n"setup.riftbound" = ["{text}"]\n' for lang, text in SETUP.items()
    )
    return names_toml(EXAM_NAMES) + card + phrases


@pytest.fixture
def pools_dir(tmp_path: Path):
    """An empty pools directory (exams/ and bank/) set as the installation's."""
    (tmp_path / "exams").mkdir()
    (tmp_path / "bank").mkdir()
    with override_settings(PRIVATE_POOLS_DIR=tmp_path):
        yield tmp_path


def write(directory: Path, name: str, text: str | bytes) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def names_in(text: str, names: list[str]) -> set[str]:
    return {name for name in names if re.search(rf"\b{re.escape(name)}\b", text)}


# --- reading ---------------------------------------------------------------------------------


def test_without_a_directory_there_are_no_file_pools():
    with override_settings(PRIVATE_POOLS_DIR=None):
        assert directory_pools(use="exams") == []


def test_each_use_reads_only_its_own_folder(pools_dir):
    write(pools_dir, "exams/spring.toml", names_toml(EXAM_NAMES))
    write(pools_dir, "bank/practice.toml", names_toml(BANK_NAMES))

    [exam] = directory_pools(use="exams")
    [bank] = directory_pools(use="bank")

    assert exam.people["mtg"] == tuple(EXAM_NAMES)
    assert bank.people["mtg"] == tuple(BANK_NAMES)


def test_a_changed_file_is_read_again(pools_dir):
    path = write(pools_dir, "exams/spring.toml", names_toml(EXAM_NAMES))
    directory_pools(use="exams")

    path.write_text(names_toml([*BANK_NAMES, "Zora"]), encoding="utf-8")

    assert directory_pools(use="exams")[0].people["mtg"][-1] == "Zora"


@pytest.mark.django_db
@pytest.mark.usefixtures("on_commit_now")
def test_exam_variants_are_drawn_with_the_directorys_exam_pools(pools_dir):
    write(pools_dir, "exams/spring.toml", names_toml(EXAM_NAMES))
    write(pools_dir, "bank/practice.toml", names_toml(BANK_NAMES))

    attempt = exams.attempt_start(assignment=assignment(), language="en")

    stems = " ".join(item.question.stem for item in attempt.items.select_related("question"))
    assert names_in(stems, EXAM_NAMES)
    assert not names_in(stems, BANK_NAMES)
    assert all(item.question.pools is not None for item in attempt.items.all())


# --- malformed pools: a clear error naming the file -------------------------------------------


MALFORMED = [
    ("exams/typo.toml", "[people\n", r"typo\.toml: pools: not valid TOML"),
    ("exams/few.toml", '[people]\nmtg = ["Ana"]\n', r"few\.toml: .*at least 4 names"),
    ("exams/section.toml", '[persons]\nmtg = ["A"]\n', r"section\.toml: .*unknown section"),
    ("exams/empty.toml", "# nothing yet\n", r"empty\.toml holds no names"),
    ("exams/latin1.toml", "[people]\nmtg = ['Jos\xe9']\n".encode("latin-1"), r"not UTF-8"),
    ("exams/notes.txt", "remember to rotate", r"notes\.txt is not a pool file"),
    ("spring.toml", names_toml(EXAM_NAMES), r"spring\.toml is not expected here"),
    ("exam/spring.toml", names_toml(EXAM_NAMES), r"exam is not expected here"),
]


@pytest.mark.parametrize(("name", "content", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_pool_is_an_error_naming_the_file(pools_dir, name, content, message):
    write(pools_dir, name, content)

    with pytest.raises(PoolDirectoryError, match=message):
        directory_check(pools_dir)
    [error] = pool_directory_usable()
    assert error.id == "quizzes.E001"
    assert re.search(message, error.msg)


def test_a_directory_that_went_away_is_an_error(tmp_path):
    gone = tmp_path / "gone"
    with (
        override_settings(PRIVATE_POOLS_DIR=gone),
        pytest.raises(PoolDirectoryError, match="gone is not a directory"),
    ):
        directory_pools(use="exams")


@pytest.mark.django_db
@pytest.mark.usefixtures("on_commit_now")
def test_an_exam_never_falls_back_to_public_material_when_a_pool_file_is_broken(pools_dir, caplog):
    write(pools_dir, "exams/typo.toml", "[people\n")

    with caplog.at_level(logging.ERROR), pytest.raises(exams.ExamError):
        exams.attempt_start(assignment=assignment(), language="en")

    assert "typo.toml" in caplog.text


@pytest.mark.django_db
def test_a_good_directory_passes_the_start_up_check(pools_dir):
    write(pools_dir, "exams/spring.toml", names_toml(EXAM_NAMES))

    assert pool_directory_usable() == []
    assert "quizzes.E001" not in {m.id for m in run_checks()}


# --- the warning: check --deploy and the committee's pages -----------------------------------


@pytest.mark.django_db
def test_deploy_check_warns_when_exams_would_use_public_material_only(pools_dir):
    assert exam_pools_gaps() == ["all"]
    assert [m.id for m in exam_pools_private()] == ["quizzes.W001"]
    assert "quizzes.W001" in {m.id for m in run_checks(include_deployment_checks=True)}
    assert "quizzes.W001" not in {m.id for m in run_checks()}  # --deploy only


@pytest.mark.django_db
def test_deploy_check_lists_what_the_exam_pools_leave_public(pools_dir):
    write(pools_dir, "exams/spring.toml", '[people]\nmtg = ["Ana", "Bia", "Caio", "Duda"]\n')

    [warning] = exam_pools_private()

    assert warning.id == "quizzes.W002"
    assert "names:riftbound" in warning.msg
    assert "cards" in warning.msg
    assert "sentences:pt-BR" in warning.msg
    assert "names:mtg" not in warning.msg


@pytest.mark.django_db
def test_deploy_check_is_quiet_when_exam_pools_replace_every_kind_of_material(pools_dir):
    write(pools_dir, "exams/spring.toml", full_toml())

    assert pools_active(use="exams") is not None
    assert exam_pools_private() == []


@pytest.mark.django_db
def test_deploy_check_warns_when_the_pools_lie_inside_the_checkout(settings, tmp_path):
    settings.BASE_DIR = tmp_path  # the checkout, for this test
    settings.PRIVATE_POOLS_DIR = tmp_path / "pools"
    (tmp_path / "pools" / "exams").mkdir(parents=True)
    write(tmp_path / "pools", "exams/spring.toml", full_toml())

    assert [m.id for m in exam_pools_private()] == ["quizzes.W003"]


@pytest.mark.django_db
def test_the_committee_sees_the_warning_on_its_overview_until_exam_pools_exist(client, pools_dir):
    client.force_login(committee_member())

    page = client.get("/committee/").content.decode()
    assert "draw their names, cards and wording from the public repository" in page
    # Walk 10, #10: not on every committee page, pushing its heading off a phone's screen.
    for url in ("/committee/blueprints/", "/committee/levels/", "/reports/"):
        assert "pools-warning" not in client.get(url).content.decode(), url

    write(pools_dir, "exams/spring.toml", names_toml(EXAM_NAMES))
    page = client.get("/committee/").content.decode()
    assert "draw their names, cards and wording" not in page
    # Walk 3, #25: it says what is public, why it matters, and where to fix it.
    assert "still take some of their wording from the public repository" in page
    assert "cards" in page
    # Walk 4, #20: each kind once, its languages together.
    assert "the sentences that tell the story (en, pt-BR, es)" in page
    assert page.count("the sentences that tell the story") == 1
    assert 'href="/admin/quizzes/questionpool/"' in page

    write(pools_dir, "exams/spring.toml", full_toml())
    assert "pools-warning" not in client.get("/committee/").content.decode()


@pytest.mark.django_db
def test_the_committee_is_told_when_a_pool_file_is_broken(client, pools_dir):
    write(pools_dir, "exams/typo.toml", "[people\n")
    client.force_login(committee_member())

    page = client.get("/committee/").content.decode()

    assert "holds a file that cannot be used" in page


# --- make_private_pools: the demo's (and a first sitting's) pool -----------------------------


def test_make_private_pools_writes_a_private_random_pool_once(tmp_path):
    from io import StringIO

    from django.core.management import call_command

    call_command("make_private_pools", str(tmp_path), stdout=StringIO())
    target = tmp_path / "exams" / "generated.toml"
    first = target.read_text(encoding="utf-8")
    call_command("make_private_pools", str(tmp_path), stdout=StringIO())

    assert target.stat().st_mode & 0o777 == 0o600
    assert target.read_text(encoding="utf-8") == first  # kept, never overwritten
    [pools] = directory_pools(use="exams", directory=tmp_path)
    assert set(pools.people) == {"riftbound", "mtg"}
    assert len(pools.people["mtg"]) == 40


def test_make_private_pools_refuses_a_directory_with_a_broken_pool(tmp_path):
    from io import StringIO

    from django.core.management import CommandError, call_command

    write(tmp_path, "bank/typo.toml", "[people\n")

    with pytest.raises(CommandError, match=r"typo\.toml"):
        call_command("make_private_pools", str(tmp_path), stdout=StringIO())


def test_two_installations_draw_different_pools(tmp_path):
    from io import StringIO

    from django.core.management import call_command

    for name in ("one", "two"):
        call_command("make_private_pools", str(tmp_path / name), stdout=StringIO())
    one, two = (directory_pools(use="exams", directory=tmp_path / n)[0] for n in ("one", "two"))

    assert set(one.people["mtg"]).isdisjoint(two.people["mtg"])
