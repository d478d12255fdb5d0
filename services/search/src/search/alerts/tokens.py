"""Signed links: an HMAC-SHA256 over a small JSON payload with the service's
``alert_signing_secret``. A token says what it is for (``confirm``, ``manage``,
``unsubscribe``, ``resume-unsubscribe``) and whose it is (alert ids or an address); anything
altered fails."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import uuid
from dataclasses import dataclass

from search.alerts.settings import AlertSettings

CONFIRM = "confirm"
MANAGE = "manage"
UNSUBSCRIBE = "unsubscribe"
# a recruiter's resume digest: its resume alerts stop mailing (interval "no alerts")
RESUME_UNSUBSCRIBE = "resume-unsubscribe"
PURPOSES = (CONFIRM, MANAGE, UNSUBSCRIBE, RESUME_UNSUBSCRIBE)
MAX_TOKEN_LENGTH = 2000


class AlertsUnavailable(RuntimeError):
    """No signing secret is configured: no link can be made or checked."""


@dataclass(frozen=True)
class Claim:
    purpose: str
    subject: str  # alert ids, comma-separated (confirm, unsubscribe) or an address (manage)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _key(settings: AlertSettings) -> bytes:
    if (
        settings.alert_signing_secret is None
        or not settings.alert_signing_secret.get_secret_value()
    ):
        raise AlertsUnavailable("SEARCH_ALERT_SIGNING_SECRET is not set")
    return hashlib.sha256(
        b"alerts:" + settings.alert_signing_secret.get_secret_value().encode()
    ).digest()


def sign(settings: AlertSettings, purpose: str, subject: str) -> str:
    if purpose not in PURPOSES:
        raise ValueError(purpose)
    body = _b64(json.dumps({"p": purpose, "s": subject}, separators=(",", ":")).encode())
    mac = hmac.new(_key(settings), body.encode(), hashlib.sha256).digest()
    return f"{body}.{_b64(mac)}"


def verify(settings: AlertSettings, token: str, purpose: str) -> Claim | None:
    """The token's claim when it is well formed, signed with our key and for ``purpose``."""
    key = _key(settings)
    if not token or len(token) > MAX_TOKEN_LENGTH or token.count(".") != 1:
        return None
    body, _, mac = token.partition(".")
    try:
        given = _unb64(mac)
        expected = hmac.new(key, body.encode(), hashlib.sha256).digest()
        if not hmac.compare_digest(given, expected):
            return None
        data = json.loads(_unb64(body))
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict) or data.get("p") != purpose or not isinstance(data.get("s"), str):
        return None
    return Claim(purpose=purpose, subject=data["s"])


def alert_ids(settings: AlertSettings, token: str, purpose: str) -> list[uuid.UUID] | None:
    """The alert ids a link's token names (``unsubscribe``, ``resume-unsubscribe``), or None
    when it is not a valid token for ``purpose``."""
    claim = verify(settings, token, purpose)
    if claim is None:
        return None
    try:
        return [uuid.UUID(part) for part in claim.subject.split(",")]
    except ValueError:
        return None
