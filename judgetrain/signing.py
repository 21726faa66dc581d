"""The installation's signing key: it signs certificates offered as Open Badges (VC-JWT).

``CERTIFICATE_SIGNING_KEY`` is a private key in PEM (PKCS#8 or the traditional formats), or
the path of a file holding one: an Ed25519 key signs with the JOSE algorithm ``Ed25519``
(RFC 9864), a P-256 key with ``ES256``. Without the setting, a P-256 key is generated once
into ``var/`` (``make run`` needs no configuration). A setting that names no readable key of
those kinds stops the process at start-up (``check_key_setting``, called by the settings).

``CERTIFICATE_RETIRED_PUBLIC_KEYS``: the public keys (PEM, one or more, or a file of them) of
keys used before a rotation. They stay in the published key set, so badges signed with them
still verify; each key's ``kid`` is its RFC 7638 thumbprint, written in every badge's header.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from django.core.exceptions import ImproperlyConfigured
from django.dispatch import receiver
from django.test.signals import setting_changed
from joserfc.jwk import ECKey, OKPKey

#: The JOSE algorithms a badge may be signed with, by key kind.
ALGORITHMS = ("ES256", "Ed25519")
PEM_BLOCK = re.compile(rb"-----BEGIN [A-Z ]+-----.+?-----END [A-Z ]+-----", re.S)


@dataclass(frozen=True)
class SigningKey:
    key: ECKey | OKPKey
    alg: str
    kid: str

    def public_jwk(self) -> dict[str, Any]:
        return {**self.key.as_dict(private=False), "kid": self.kid, "alg": self.alg, "use": "sig"}


def _jose_key(key: object, *, private: bool) -> SigningKey:
    """The JOSE form of a ``cryptography`` key; ValueError for any other kind of key."""
    if isinstance(key, ec.EllipticCurvePrivateKey | ec.EllipticCurvePublicKey):
        if key.curve.name != "secp256r1":
            raise ValueError(f"an elliptic-curve key must be on P-256, not {key.curve.name}")
        jose: ECKey | OKPKey = ECKey.import_key(key)
        alg = "ES256"
    elif isinstance(key, ed25519.Ed25519PrivateKey | ed25519.Ed25519PublicKey):
        jose = OKPKey.import_key(key)
        alg = "Ed25519"
    else:
        kind = "private" if private else "public"
        raise ValueError(f"the {kind} key must be Ed25519 or P-256 (ES256)")
    return SigningKey(key=jose, alg=alg, kid=jose.thumbprint())


def parse_private_key(pem: bytes) -> SigningKey:
    """The signing key in ``pem``; ValueError saying what is wrong."""
    try:
        key = serialization.load_pem_private_key(pem, password=None)
    except (ValueError, TypeError) as error:
        raise ValueError(f"not an unencrypted PEM private key ({error})") from None
    return _jose_key(key, private=True)


def parse_public_keys(pem: bytes) -> list[SigningKey]:
    """Every public key in ``pem`` (one or more PEM blocks); ValueError naming a bad one."""
    keys = []
    for index, block in enumerate(PEM_BLOCK.findall(pem), start=1):
        try:
            key = serialization.load_pem_public_key(block)
        except (ValueError, TypeError) as error:
            raise ValueError(f"PEM block {index} is not a public key ({error})") from None
        keys.append(_jose_key(key, private=False))
    if pem.strip() and not keys:
        raise ValueError("no PEM public key found")
    return keys


def _setting_bytes(name: str, raw: str) -> bytes:
    """A key setting's PEM: the value itself when it holds a PEM block, else a file's."""
    if "-----BEGIN" in raw:
        return raw.encode()
    try:
        return Path(raw).expanduser().read_bytes()
    except OSError as error:
        raise ImproperlyConfigured(
            f"{name} is neither a PEM key nor a readable file: {error}"
        ) from None


def check_key_setting(name: str, raw: str, *, private: bool) -> None:
    """Refuse to start with a key setting that holds no usable key (the settings call it)."""
    if not raw.strip():
        return
    pem = _setting_bytes(name, raw.strip())
    try:
        if private:
            parse_private_key(pem)
        else:
            parse_public_keys(pem)
    except ValueError as error:
        raise ImproperlyConfigured(f"{name}: {error}") from None


def generate_pem() -> bytes:
    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


def default_key_pem(path: Path) -> bytes:
    """The generated key at ``path``, made on first use: written to a temporary file and
    linked into place, so two processes starting at once end up with the same key."""
    if path.exists():
        return path.read_bytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".signing-key-")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(generate_pem())
        os.chmod(temporary, 0o600)
        # Another process may have made it first: theirs is the key.
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    finally:
        os.unlink(temporary)
    return path.read_bytes()


@functools.cache
def signing_key() -> SigningKey:
    from django.conf import settings

    raw = settings.CERTIFICATE_SIGNING_KEY.strip()
    if raw:
        pem = _setting_bytes("CERTIFICATE_SIGNING_KEY", raw)
    else:
        pem = default_key_pem(Path(settings.CERTIFICATE_SIGNING_KEY_DEFAULT_PATH))
    try:
        return parse_private_key(pem)
    except ValueError as error:
        raise ImproperlyConfigured(f"CERTIFICATE_SIGNING_KEY: {error}") from None


@functools.cache
def verification_keys() -> tuple[SigningKey, ...]:
    """The current key's public half, then the retired keys', each once."""
    from django.conf import settings

    keys = [signing_key()]
    raw = settings.CERTIFICATE_RETIRED_PUBLIC_KEYS.strip()
    if raw:
        keys += parse_public_keys(_setting_bytes("CERTIFICATE_RETIRED_PUBLIC_KEYS", raw))
    unique: dict[str, SigningKey] = {}
    for key in keys:
        unique.setdefault(key.kid, key)
    return tuple(unique.values())


def jwks() -> dict[str, Any]:
    """The published key set (RFC 7517): public halves only."""
    return {"keys": [key.public_jwk() for key in verification_keys()]}


KEY_SETTINGS = frozenset(
    {
        "CERTIFICATE_SIGNING_KEY",
        "CERTIFICATE_SIGNING_KEY_DEFAULT_PATH",
        "CERTIFICATE_RETIRED_PUBLIC_KEYS",
    }
)


@receiver(setting_changed)
def reset_caches(*, setting: str = "", **kwargs: Any) -> None:
    """Forget the loaded keys when a test overrides a key setting."""
    if setting in KEY_SETTINGS:
        signing_key.cache_clear()
        verification_keys.cache_clear()
