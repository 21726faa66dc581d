"""The installation's signing key: read from the setting (PEM or a file), generated once into
var/ when unset, refused loudly when malformed; retired keys stay in the published key set."""

from __future__ import annotations

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from django.core.exceptions import ImproperlyConfigured

from judgetrain import signing


def _pem(key) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


def _public_pem(key) -> str:
    return (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )


def test_without_a_setting_a_key_is_generated_once_and_kept(settings, tmp_path):
    settings.CERTIFICATE_SIGNING_KEY = ""
    settings.CERTIFICATE_SIGNING_KEY_DEFAULT_PATH = tmp_path / "var" / "key.pem"

    first = signing.signing_key()
    signing.signing_key.cache_clear()
    again = signing.signing_key()

    assert first.kid == again.kid
    assert first.alg == "ES256"
    assert (tmp_path / "var" / "key.pem").stat().st_mode & 0o077 == 0  # owner only


@pytest.mark.parametrize(
    ("key", "alg"),
    [
        (ed25519.Ed25519PrivateKey.generate(), "Ed25519"),
        (ec.generate_private_key(ec.SECP256R1()), "ES256"),
    ],
)
def test_the_setting_holds_the_pem_itself_or_its_path(settings, tmp_path, key, alg):
    path = tmp_path / "signing.pem"
    path.write_text(_pem(key))

    settings.CERTIFICATE_SIGNING_KEY = _pem(key)
    inline = signing.signing_key()
    settings.CERTIFICATE_SIGNING_KEY = str(path)
    from_file = signing.signing_key()

    assert inline.kid == from_file.kid
    assert inline.alg == alg
    assert "d" not in signing.jwks()["keys"][0]  # the published key has no private part


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("-----BEGIN PRIVATE KEY-----\nbroken\n-----END PRIVATE KEY-----", "not an unencrypted"),
        ("/no/such/key.pem", "neither a PEM key nor a readable file"),
        (_pem(rsa.generate_private_key(public_exponent=65537, key_size=2048)), "Ed25519 or P-256"),
        (_pem(ec.generate_private_key(ec.SECP384R1())), "P-256"),
    ],
)
def test_a_malformed_key_stops_the_start_up(value, message):
    with pytest.raises(ImproperlyConfigured, match=message):
        signing.check_key_setting("CERTIFICATE_SIGNING_KEY", value, private=True)


def test_retired_keys_stay_published_after_the_current_one(settings):
    old, older = ed25519.Ed25519PrivateKey.generate(), ec.generate_private_key(ec.SECP256R1())
    settings.CERTIFICATE_SIGNING_KEY = _pem(ec.generate_private_key(ec.SECP256R1()))
    settings.CERTIFICATE_RETIRED_PUBLIC_KEYS = _public_pem(old) + "\n" + _public_pem(older)

    keys = signing.jwks()["keys"]

    assert len(keys) == 3
    assert keys[0]["kid"] == signing.signing_key().kid
    assert [key["alg"] for key in keys[1:]] == ["Ed25519", "ES256"]
    assert len({key["kid"] for key in keys}) == 3


def test_a_retired_key_setting_without_a_public_key_is_refused(tmp_path):
    path = tmp_path / "retired.pem"
    path.write_text("junk")
    with pytest.raises(ImproperlyConfigured, match="no PEM public key"):
        signing.check_key_setting("CERTIFICATE_RETIRED_PUBLIC_KEYS", str(path), private=False)
