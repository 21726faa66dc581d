"""The groups of test modules sent to one xdist process name files and directories that exist
(a renamed file would silently leave its group and generate its sample again)."""

from pathlib import Path

from tests.conftest import SAME_PROCESS, SAME_PROCESS_DIRECTORIES

ROOT = Path(__file__).resolve().parent.parent


def test_every_file_of_a_same_process_group_exists():
    listed = [path for paths in SAME_PROCESS.values() for path in paths]

    assert [path for path in listed if not (ROOT / path).is_file()] == []


def test_every_same_process_directory_exists():
    assert [path for path in SAME_PROCESS_DIRECTORIES if not (ROOT / path).is_dir()] == []
