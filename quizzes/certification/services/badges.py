"""A certificate as an Open Badges 3.0 credential, signed by the installation's key, and the
check of a badge someone hands in.

The credential follows the W3C Verifiable Credentials data model 2.0 with the Open Badges 3.0
context: an ``OpenBadgeCredential`` whose achievement is the certification level. The holder
is named in ``credentialSubject.identifier`` (their full name, or a salted hash of their
account when they gave no name); never their e-mail address. It is secured as a VC-JWT
(VC-JOSE-COSE: the JWS payload is the credential itself), signed with the key of
``judgetrain.signing``, whose ``kid`` the header names and whose public half the site
publishes at ``/.well-known/jwks.json``.

Links in the credential start with ``SITE_URL``, never with the host a request named: what is
signed must not depend on a header the caller chose.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _
from joserfc import jws
from joserfc.errors import JoseError

from judgetrain.errors import ApplicationError
from judgetrain.signing import ALGORITHMS, signing_key, verification_keys
from quizzes.certification.models import Certificate

VC_CONTEXT = "https://www.w3.org/ns/credentials/v2"
OB_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"
JWT_MEDIA_TYPE = "application/vc+jwt"
#: A badge this installation signs is about 2 KB; anything past this is not one of ours.
MAX_BADGE_BYTES = 64 * 1024


def site_url(path: str = "/") -> str:
    return settings.SITE_URL.rstrip("/") + path


def verify_url(certificate: Certificate) -> str:
    return site_url(reverse("certificate-verify", args=[certificate.code]))


def _moment(value: datetime) -> str:
    """An XML Schema dateTime in UTC to the second, as the data model writes them."""
    return value.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _achievement_id(certificate: Certificate) -> str:
    """A stable URI for the level: the same for every holder of it on this site."""
    return uuid.uuid5(uuid.NAMESPACE_URL, site_url(f"/levels/{certificate.level_id}")).urn


def _identity(certificate: Certificate) -> dict[str, Any]:
    name = certificate.holder_name
    if name:
        return {"type": "IdentityObject", "identityType": "name", "hashed": False,
                "identityHash": name}  # fmt: skip
    salt = hashlib.sha256(f"salt:{certificate.code}".encode()).hexdigest()[:16]
    digest = hashlib.sha256(f"{certificate.candidate_id}{salt}".encode()).hexdigest()
    return {"type": "IdentityObject", "identityType": "systemId", "hashed": True,
            "identityHash": f"sha256${digest}", "salt": salt}  # fmt: skip


def _criteria(certificate: Certificate) -> str:
    exams = [
        f"{requirement.blueprint.name} (≥ {round(requirement.min_score * 100)}%)"
        for requirement in certificate.level.requirements.all()
    ]
    return "Passed " + ", ".join(exams) + "." if exams else "Issued by the committee."


def badge_credential(certificate: Certificate) -> dict[str, Any]:
    """The unsigned OpenBadgeCredential (names as typed: a credential has one language)."""
    level = certificate.level
    home = site_url("/")
    return {
        "@context": [VC_CONTEXT, OB_CONTEXT],
        "id": verify_url(certificate),
        "type": ["VerifiableCredential", "OpenBadgeCredential"],
        "name": level.name,
        "issuer": {
            "id": home,
            "type": ["Profile"],
            "name": settings.CERTIFICATE_ISSUER_NAME,
            "url": home,
        },
        "validFrom": _moment(certificate.issued_at),
        "validUntil": _moment(certificate.expires_at),
        "credentialSubject": {
            "type": ["AchievementSubject"],
            "identifier": [_identity(certificate)],
            "achievement": {
                "id": _achievement_id(certificate),
                "type": ["Achievement"],
                "achievementType": "Certificate",
                "name": level.name,
                "description": level.description or level.name,
                "criteria": {"narrative": _criteria(certificate)},
            },
        },
    }


def badge_jwt(certificate: Certificate) -> str:
    """The credential as a compact JWS: header ``typ`` vc+jwt with the key's ``kid``."""
    key = signing_key()
    credential = badge_credential(certificate)
    claims = {
        **credential,
        "iss": credential["issuer"]["id"],
        "jti": credential["id"],
        "nbf": int(certificate.issued_at.timestamp()),
        "exp": int(certificate.expires_at.timestamp()),
    }
    header = {"alg": key.alg, "kid": key.kid, "typ": "vc+jwt", "cty": "vc"}
    payload = json.dumps(claims, ensure_ascii=False, separators=(",", ":")).encode()
    return jws.serialize_compact(header, payload, key.key, algorithms=[key.alg])


def badge_envelope(certificate: Certificate) -> dict[str, Any]:
    """The signed badge as JSON: a VCDM 2.0 ``EnvelopedVerifiableCredential``."""
    return {
        "@context": VC_CONTEXT,
        "id": f"data:{JWT_MEDIA_TYPE},{badge_jwt(certificate)}",
        "type": "EnvelopedVerifiableCredential",
    }


# --- checking a badge ------------------------------------------------------------------------


class BadgeError(ApplicationError):
    """The badge cannot be checked or its signature is wrong: ``code`` and a message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code=code, field="badge")


@dataclass
class BadgeCheck:
    """A badge whose signature checks with this installation's key (current or retired)."""

    credential: dict[str, Any]
    kid: str
    certificate: Certificate | None  # the certificate it names, if this site has it
    mismatches: list[str] = field(default_factory=list)  # where it differs from the record

    @property
    def matches(self) -> bool:
        return self.certificate is not None and not self.mismatches

    @property
    def status(self) -> str:
        """The certificate's status now: valid, expired, revoked; "unknown" when unmatched."""
        return self.certificate.status() if self.matches and self.certificate else "unknown"

    @property
    def holder(self) -> str:
        identities = self.credential.get("credentialSubject", {}).get("identifier") or [{}]
        first = identities[0] if isinstance(identities, list) and identities else {}
        if isinstance(first, dict) and first.get("identityType") == "name":
            return str(first.get("identityHash", ""))
        return ""


def _compact(data: bytes) -> str:
    """The compact JWS in a badge file: the .jwt itself, or the JSON envelope's data URL."""
    if len(data) > MAX_BADGE_BYTES:
        raise BadgeError(
            "too_big",
            _("The file is larger than %(size)d KB: it is not a badge from this site.")
            % {"size": MAX_BADGE_BYTES // 1024},
        )
    try:
        text = data.decode("utf-8").strip().lstrip("\ufeff")
    except UnicodeDecodeError:
        raise BadgeError("malformed", _("The file is not text: it is not a badge file.")) from None
    if not text:
        raise BadgeError("malformed", _("Choose a badge file or paste its contents."))
    if text.startswith("{"):
        try:
            envelope = json.loads(text)
        except ValueError:
            raise BadgeError("malformed", _("The file is not valid JSON.")) from None
        value = envelope.get("id") if isinstance(envelope, dict) else None
        prefix = f"data:{JWT_MEDIA_TYPE},"
        if not isinstance(value, str) or not value.startswith(prefix):
            raise BadgeError(
                "malformed",
                _("The JSON file holds no signed badge (an enveloped credential in VC-JWT)."),
            )
        text = value.removeprefix(prefix)
    if text.count(".") != 2:
        raise BadgeError("malformed", _("This is not a signed badge (a compact JWS)."))
    return text


def _mismatches(credential: dict[str, Any], certificate: Certificate) -> list[str]:
    found = []
    if credential.get("validFrom") != _moment(certificate.issued_at):
        found.append(_("issue date"))
    if credential.get("validUntil") != _moment(certificate.expires_at):
        found.append(_("expiry date"))
    subject = credential.get("credentialSubject")
    achievement = subject.get("achievement") if isinstance(subject, dict) else None
    if not isinstance(achievement, dict) or achievement.get("id") != _achievement_id(certificate):
        found.append(_("level"))
    return found


def badge_verify(data: bytes) -> BadgeCheck:
    """Check a badge file's signature against the published keys, then find its certificate.

    Raises BadgeError when the file is no badge, is too big, names a key this installation
    never published, or its signature does not check."""
    compact = _compact(data)
    try:
        header = jws.extract_compact(compact.encode()).headers()
    except (JoseError, ValueError, TypeError):
        raise BadgeError("malformed", _("The badge cannot be read: it is damaged.")) from None
    keys = {key.kid: key for key in verification_keys()}
    key = keys.get(str(header.get("kid", "")))
    alg = header.get("alg")
    if key is None or alg not in ALGORITHMS or alg != key.alg:
        raise BadgeError(
            "unknown_key", _("The badge was not signed with a key of %(issuer)s.")
            % {"issuer": settings.CERTIFICATE_ISSUER_NAME},
        )  # fmt: skip
    try:
        signed = jws.deserialize_compact(compact, key.key, algorithms=[key.alg])
    except (JoseError, ValueError, TypeError):
        raise BadgeError(
            "bad_signature",
            _("The signature does not check: the badge was altered after it was signed."),
        ) from None
    try:
        credential = json.loads(signed.payload)
    except ValueError:
        credential = None
    types = credential.get("type") if isinstance(credential, dict) else None
    if not isinstance(credential, dict) or not isinstance(types, list):
        raise BadgeError("malformed", _("The signed content is not an Open Badges credential."))
    if "OpenBadgeCredential" not in types:
        raise BadgeError("malformed", _("The signed content is not an Open Badges credential."))
    return BadgeCheck(credential=credential, kid=key.kid, **_match(credential))


def _match(credential: dict[str, Any]) -> dict[str, Any]:
    """The certificate the credential's id names (its public page's address: the site's
    address may have moved since, the code has not)."""
    credential_id = credential.get("id")
    marker = "/certificates/verify/"
    code = ""
    if isinstance(credential_id, str) and marker in credential_id:
        code = credential_id.rsplit(marker, 1)[1]
    certificate = None
    if code and "/" not in code:
        matching = Certificate.objects.select_related("level", "candidate").filter(code=code)
        certificate = matching.first()
    if certificate is None:
        return {"certificate": None, "mismatches": []}
    return {"certificate": certificate, "mismatches": _mismatches(credential, certificate)}
