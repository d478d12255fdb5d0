"""Captcha on sign-up (spec 5: on for this site, off by default), checked by the siteverify
protocol that Cloudflare Turnstile and Google reCAPTCHA share: POST ``secret``, ``response`` and
optionally ``remoteip`` as a form, get ``{"success": bool, "error-codes": [...]}``.

The endpoint and secret come from the environment (``IDENTITY_CAPTCHA_VERIFY_URL``,
``IDENTITY_CAPTCHA_SECRET``); ``make up`` runs a local server speaking the protocol
(``scripts/captcha.py``) and points identity at it. A site that turns the captcha on while no
endpoint is configured refuses sign-ups rather than letting them through unchecked.
"""

from __future__ import annotations

from jobkit.captcha import captcha_passes

from identity.domain.errors import (
    CAPTCHA_INVALID,
    CAPTCHA_REQUIRED,
    AccountError,
    AccountErrorCode,
    AccountErrors,
)
from identity.settings import IdentitySettings


async def check_captcha(
    token: str | None, *, settings: IdentitySettings, remote_ip: str | None = None
) -> AccountErrors | None:
    """None when the token is valid; otherwise the refusal to answer."""
    if not token or not token.strip():
        return _refused(AccountErrorCode.CAPTCHA_REQUIRED, CAPTCHA_REQUIRED)
    passed = await captcha_passes(
        token,
        verify_url=settings.captcha_verify_url,
        secret=settings.captcha_secret,
        timeout=settings.captcha_timeout_seconds,
        remote_ip=remote_ip,
    )
    return None if passed else _refused(AccountErrorCode.CAPTCHA_INVALID, CAPTCHA_INVALID)


def _refused(code: AccountErrorCode, message: str) -> AccountErrors:
    return AccountErrors([AccountError(code, message, "captcha_token")])
