"""Settings are evaluated once, at import: each case runs the settings file afresh (runpy, in
a namespace of its own) in an environment of its own, as a process started with it would. The
deployment checks need the whole project set up on their settings, so they run
`manage.py check --deploy` in a fresh interpreter."""

import os
import re
import runpy
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest import mock

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.exceptions import ImproperlyConfigured

ROOT = Path(__file__).resolve().parents[2]
SETTINGS_FILE = ROOT / "judgetrain" / "settings.py"
GOOD_SECRET = "x" * 30 + "-production-secret-for-tests-only-0123456789"
SIGNING_KEY = (
    ec.generate_private_key(ec.SECP256R1())
    .private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    .decode()
)
PRODUCTION = {
    "JUDGETRAIN_ENV": "production",
    "SECRET_KEY": GOOD_SECRET,
    "ALLOWED_HOSTS": "judgetrain.example.org",
    "CERTIFICATE_SIGNING_KEY": SIGNING_KEY,
}
SERVICE_VARS = (
    "DATABASE_URL",
    "REDIS_URL",
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CERTIFICATE_SIGNING_KEY",
)


def load_settings(**env: str) -> dict[str, Any]:
    """The settings module's names as a process started with ``env`` (and the machine's
    variables other than the services') would have them."""
    environ = {k: v for k, v in os.environ.items() if k not in SERVICE_VARS}
    environ.update({"DJANGO_SETTINGS_MODULE": "judgetrain.settings", **env})
    with mock.patch.dict(os.environ, environ, clear=True):
        return runpy.run_path(str(SETTINGS_FILE), run_name="settings_under_test")


def read_settings(expression: str, **env: str) -> str:
    """``expression`` (names read from ``s``, the settings) as ``print`` would write it."""
    settings = SimpleNamespace(**load_settings(**env))

    def printed(*values: object) -> str:
        return " ".join(str(value) for value in values)

    return str(eval(f"printed({expression})", {"printed": printed, "s": settings}))


def test_no_environment_runs_on_sqlite_with_eager_celery_and_local_cache(tmp_path):
    out = read_settings(
        "s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER, "
        "s.CACHES['default']['BACKEND'], s.EMAIL_BACKEND, s.DEBUG",
        JUDGETRAIN_VAR_DIR=str(tmp_path),
    )
    assert out == (
        "django.db.backends.sqlite3 True django.core.cache.backends.locmem.LocMemCache "
        "django.core.mail.backends.console.EmailBackend True"
    )


def test_the_email_rate_limits_come_from_the_environment_with_defaults():
    out = read_settings(
        "' '.join(f'{k}={v}' for k, v in sorted(s.RATE_LIMITS.items()))",
        THROTTLE_INVITATION_ADDRESS="3/day",
    )
    assert out == (
        "invitation_address=3/day invitation_ip=200/hour invitation_user=100/hour "
        "password_reset_address=5/hour password_reset_ip=30/hour"
    )


def test_database_url_selects_postgresql():
    out = read_settings(
        "s.DATABASES['default']['ENGINE'], s.DATABASES['default']['NAME']",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/judgetrain",
    )
    assert out == "django.db.backends.postgresql judgetrain"


def test_redis_url_selects_redis_for_broker_results_and_cache():
    out = read_settings(
        "s.CELERY_BROKER_URL, s.CELERY_RESULT_BACKEND, s.CACHES['default']['BACKEND'], "
        "s.CELERY_TASK_ALWAYS_EAGER",
        REDIS_URL="redis://127.0.0.1:6379/0",
    )
    assert out == (
        "redis://127.0.0.1:6379/0 redis://127.0.0.1:6379/0 "
        "django.core.cache.backends.redis.RedisCache False"
    )


def test_every_redis_client_gives_up_quickly_when_redis_is_down():
    out = read_settings(
        "s.CACHES['default']['OPTIONS'], s.CELERY_BROKER_CONNECTION_TIMEOUT, "
        "s.CELERY_BROKER_TRANSPORT_OPTIONS['socket_timeout'], "
        "s.CELERY_BROKER_TRANSPORT_OPTIONS['max_retries'], s.CELERY_REDIS_SOCKET_TIMEOUT, "
        "s.CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS['retry_policy']['max_retries']",
        REDIS_URL="redis://127.0.0.1:6379/0",
        REDIS_SOCKET_TIMEOUT="1.5",
    )
    assert out == ("{'socket_connect_timeout': 1.0, 'socket_timeout': 1.5} 1.0 1.5 1 1.5 1")


def test_a_dead_workers_tasks_are_redelivered_after_the_visibility_timeout():
    out = read_settings(
        "s.CELERY_TASK_ACKS_LATE, s.CELERY_TASK_REJECT_ON_WORKER_LOST, "
        "s.CELERY_WORKER_PREFETCH_MULTIPLIER, s.CELERY_TASK_TIME_LIMIT, "
        "s.CELERY_BROKER_TRANSPORT_OPTIONS['visibility_timeout'], "
        "s.CELERY_BROKER_TRANSPORT_OPTIONS['unacked_restore_interval']",
        REDIS_URL="redis://127.0.0.1:6379/0",
    )
    assert out == "True True 1 60 90 5"


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DATABASE_URL": "mysql://root@localhost/db"}, "DATABASE_URL scheme 'mysql'"),
        ({"REDIS_URL": "http://localhost"}, "REDIS_URL must be a redis://"),
        ({"DEBUG": "perhaps"}, "DEBUG='perhaps' is not a boolean"),
        ({"CELERY_TASK_TIME_LIMIT": "0"}, "CELERY_TASK_TIME_LIMIT=0 must be at least 1"),
        ({"JUDGETRAIN_ENV": "staging"}, "JUDGETRAIN_ENV='staging' must be one of"),
        ({"REDIS_SOCKET_TIMEOUT": "soon"}, "REDIS_SOCKET_TIMEOUT='soon' is not a number"),
        ({"THROTTLE_PASSWORD_RESET_IP": "lots"}, "THROTTLE_PASSWORD_RESET_IP='lots' is not a"),
        (
            {"CELERY_TASK_TIME_LIMIT": "120", "CELERY_BROKER_VISIBILITY_TIMEOUT": "100"},
            "CELERY_BROKER_VISIBILITY_TIMEOUT=100 must exceed CELERY_TASK_TIME_LIMIT=120",
        ),
        (
            {"CELERY_TASK_TIME_LIMIT": "30", "CELERY_TASK_SOFT_TIME_LIMIT": "40"},
            "CELERY_TASK_SOFT_TIME_LIMIT must not exceed",
        ),
        ({**PRODUCTION, "DEBUG": "true"}, "refuses to run with DEBUG on"),
        ({**PRODUCTION, "SECRET_KEY": ""}, "needs SECRET_KEY"),
        ({**PRODUCTION, "ALLOWED_HOSTS": ""}, "needs ALLOWED_HOSTS"),
        ({**PRODUCTION, "CERTIFICATE_SIGNING_KEY": ""}, "needs CERTIFICATE_SIGNING_KEY"),
        ({"JUDGETRAIN_PRIVATE_POOLS": "/no/such/pools"}, "'/no/such/pools': no such directory"),
    ],
)
def test_bad_configuration_fails_loudly_at_start_up(env, message):
    with pytest.raises(ImproperlyConfigured, match=re.escape(message)):
        load_settings(**env)


def check_deploy(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if k not in SERVICE_VARS},
            **PRODUCTION,
            "JUDGETRAIN_VAR_DIR": str(tmp_path),
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def private_exam_pools(directory: Path) -> Path:
    """Exam pools replacing names, a card and a sentence in every language."""
    names = '["Ximena", "Yago", "Zuleica", "Wander"]'
    phrases = "".join(
        f'[phrases.{lang}]\n"setup.mtg" = ["{{count}}, {{opl}}, {{order}}."]\n'
        for lang in ("en", "pt-BR", "es")
    )
    (directory / "exams").mkdir(parents=True)
    (directory / "exams" / "sitting.toml").write_text(
        f"[people]\nmtg = {names}\nriftbound = {names}\n"
        '[cards.treasure_hunter]\nname = { en = "X", pt-BR = "Y", es = "Z" }\n' + phrases,
        encoding="utf-8",
    )
    return directory


def test_production_configuration_passes_the_deployment_checks(tmp_path):
    pools = private_exam_pools(tmp_path / "pools")

    result = check_deploy(tmp_path, JUDGETRAIN_PRIVATE_POOLS=str(pools))

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_deployment_checks_warn_when_exams_would_use_public_material(tmp_path):
    result = check_deploy(tmp_path)

    assert result.returncode != 0
    assert "quizzes.W001" in result.stderr + result.stdout
    assert "anyone can generate their questions and keys" in result.stderr + result.stdout


def test_a_malformed_private_pool_stops_every_command(tmp_path):
    pools = private_exam_pools(tmp_path / "pools")
    (pools / "exams" / "typo.toml").write_text("[people\n", encoding="utf-8")

    result = check_deploy(tmp_path, JUDGETRAIN_PRIVATE_POOLS=str(pools))

    assert result.returncode != 0
    assert "quizzes.E001" in result.stderr
    assert "typo.toml: pools: not valid TOML" in result.stderr
