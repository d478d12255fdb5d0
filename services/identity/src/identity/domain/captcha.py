"""Captcha on sign-up (spec 5: on for this site, off by default), checked by the siteverify
protocol that Cloudflare Turnstile and Google reCAPTCHA share: POST ``secret``, ``response`` and
optionally ``remoteip`` as a form, get ``{"success": bool, "error-codes": [...]}``.

The endpoint and secret come from the environment (``IDENTITY_CAPTCHA_VERIFY_URL``,
``IDENTITY_CAPTCHA_SECRET``); ``make up`` runs a local server speaking the protocol
(``scripts/captcha.py``) and points identity at it. A site that turns the captcha on while no
endpoint is configured refuses sign-ups rather than letting them through unchecked.
"""

from __future__ import annotations

import logging

import httpx

from identity.domain.errors import (
    CAPTCHA_INVALID,
    CAPTCHA_REQUIRED,
    AccountError,
    AccountErrorCode,
    AccountErrors,
)
from identity.settings import IdentitySettings

log = logging.getLogger(__name__)


async def check_captcha(
    token: str | None, *, settings: IdentitySettings, remote_ip: str | None = None
) -> AccountErrors | None:
    """None when the token is valid; otherwise the refusal to answer."""
    if not token or not token.strip():
        return _refused(AccountErrorCode.CAPTCHA_REQUIRED, CAPTCHA_REQUIRED)
    if settings.captcha_verify_url is None or settings.captcha_secret is None:
        log.error("captcha is on for this site but IDENTITY_CAPTCHA_VERIFY_URL/SECRET are unset")
        return _refused(AccountErrorCode.CAPTCHA_INVALID, CAPTCHA_INVALID)
    form = {"secret": settings.captcha_secret.get_secret_value(), "response": token[:4096]}
    if remote_ip:
        form["remoteip"] = remote_ip
    try:
        async with httpx.AsyncClient(timeout=settings.captcha_timeout_seconds) as client:
            response = await client.post(settings.captcha_verify_url, data=form)
            answer = response.json() if response.status_code == 200 else {}
    except (httpx.HTTPError, ValueError) as error:
        log.warning("captcha verification unavailable: %s", error)
        answer = {}
    if isinstance(answer, dict) and answer.get("success") is True:
        return None
    codes = answer.get("error-codes") if isinstance(answer, dict) else None
    log.info("captcha refused: %s", codes)
    return _refused(AccountErrorCode.CAPTCHA_INVALID, CAPTCHA_INVALID)


def _refused(code: AccountErrorCode, message: str) -> AccountErrors:
    return AccountErrors([AccountError(code, message, "captcha_token")])
