import pytest
from django.core.exceptions import ImproperlyConfigured

from judgetrain.env import (
    env_bool,
    env_choice,
    env_dir,
    env_float,
    env_int,
    env_list,
    env_rate,
    env_str,
)


def test_env_str_falls_back_to_default_when_unset():
    assert env_str("NAME", "fallback", environ={}) == "fallback"


def test_env_str_reads_a_secret_from_the_named_file(tmp_path):
    secret = tmp_path / "secret"
    secret.write_text("s3cret\n")
    assert env_str("SECRET_KEY", "", environ={"SECRET_KEY_FILE": str(secret)}) == "s3cret"


def test_env_str_fails_loudly_when_the_secret_file_is_missing(tmp_path):
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY_FILE"):
        env_str("SECRET_KEY", "", environ={"SECRET_KEY_FILE": str(tmp_path / "absent")})


@pytest.mark.parametrize(("raw", "expected"), [("1", True), ("TRUE", True), ("off", False)])
def test_env_bool_accepts_the_usual_spellings(raw, expected):
    assert env_bool("DEBUG", not expected, environ={"DEBUG": raw}) is expected


def test_env_bool_rejects_anything_else():
    with pytest.raises(ImproperlyConfigured, match="DEBUG='maybe' is not a boolean"):
        env_bool("DEBUG", False, environ={"DEBUG": "maybe"})


def test_env_int_rejects_a_non_integer():
    with pytest.raises(ImproperlyConfigured, match="not an integer"):
        env_int("PORT", 1, environ={"PORT": "eighty"})


def test_env_int_rejects_a_value_below_the_minimum():
    with pytest.raises(ImproperlyConfigured, match="at least 1"):
        env_int("TIMEOUT", 5, minimum=1, environ={"TIMEOUT": "0"})


def test_env_float_reads_seconds_and_rejects_anything_else():
    assert env_float("TIMEOUT", 1.0, environ={"TIMEOUT": "0.5"}) == 0.5
    assert env_float("TIMEOUT", 1.0, environ={}) == 1.0
    for raw, message in [("soon", "not a number"), ("nan", "not a finite"), ("0", "at least")]:
        with pytest.raises(ImproperlyConfigured, match=message):
            env_float("TIMEOUT", 1.0, minimum=0.1, environ={"TIMEOUT": raw})


def test_env_list_splits_on_commas_and_drops_blanks():
    assert env_list("HOSTS", [], environ={"HOSTS": "a.org, b.org,,"}) == ["a.org", "b.org"]


def test_env_choice_rejects_an_unknown_value():
    with pytest.raises(ImproperlyConfigured, match="must be one of development, production"):
        env_choice("ENV", "development", ("development", "production"), environ={"ENV": "prod"})


def test_env_rate_accepts_a_throttle_rate_and_rejects_anything_else():
    assert env_rate("RATE", "1/s", environ={"RATE": "120/min"}) == "120/min"
    with pytest.raises(ImproperlyConfigured, match="not a rate such as 600/min"):
        env_rate("RATE", "1/s", environ={"RATE": "lots"})


def test_env_dir_is_none_when_unset_and_absolute_when_set(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path.parent)
    assert env_dir("POOLS", environ={}) is None
    assert env_dir("POOLS", environ={"POOLS": tmp_path.name}) == tmp_path


def test_env_dir_fails_loudly_on_a_missing_directory_or_a_file(tmp_path):
    with pytest.raises(ImproperlyConfigured, match=r"POOLS='.*absent': no such directory"):
        env_dir("POOLS", environ={"POOLS": str(tmp_path / "absent")})
    (tmp_path / "pools.toml").write_text("")
    with pytest.raises(ImproperlyConfigured, match="is not a directory"):
        env_dir("POOLS", environ={"POOLS": str(tmp_path / "pools.toml")})
