"""Signed, expiring file URLs for private uploads (e.g. an application's attachments).

The service decides who may read a file when it answers the URL (its GraphQL field); the URL
then carries ``expires`` and ``signature``, an HMAC-SHA256 over the file, the style, the expiry
and the user it was issued to. ``GET /files/...`` serves a private file on such a URL only to that
same signed-in user and only until it expires: a copied link is useless to anyone else.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from urllib.parse import urlencode

from pydantic import SecretStr


def _signature(secret: SecretStr, upload_id: object, style: str, user_id: str, expires: int) -> str:
    message = f"{upload_id}\n{style}\n{user_id}\n{expires}".encode()
    return hmac.new(secret.get_secret_value().encode(), message, hashlib.sha256).hexdigest()


def signed_file_url(
    settings: object,
    upload_id: object,
    style: str,
    *,
    user_id: str,
    secret: SecretStr,
    ttl_seconds: int,
    now: float | None = None,
) -> str:
    expires = int((now if now is not None else time.time()) + ttl_seconds)
    query = urlencode(
        {"expires": expires, "signature": _signature(secret, upload_id, style, user_id, expires)}
    )
    base = getattr(settings, "upload_public_url", "")
    return f"{base}/files/{upload_id}/{style}?{query}"


def signature_holds(
    secret: SecretStr,
    upload_id: object,
    style: str,
    *,
    user_id: str,
    expires: str | None,
    signature: str | None,
    now: float | None = None,
) -> bool:
    if not expires or not signature or not expires.isdigit():
        return False
    if int(expires) < (now if now is not None else time.time()):
        return False
    wanted = _signature(secret, upload_id, style, user_id, int(expires))
    return hmac.compare_digest(wanted, signature)
