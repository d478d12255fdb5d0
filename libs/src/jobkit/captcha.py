"""Captcha answers checked by the siteverify protocol (ADR 0005) that Cloudflare Turnstile and
Google reCAPTCHA share: POST ``secret``, ``response`` and optionally ``remoteip`` as a form, get
``{"success": bool, "error-codes": [...]}``. Used by every service a site protects with one."""

from __future__ import annotations

import logging

import httpx
from pydantic import SecretStr

log = logging.getLogger(__name__)


async def captcha_passes(
    token: str | None,
    *,
    verify_url: str | None,
    secret: SecretStr | None,
    timeout: float = 5.0,
    remote_ip: str | None = None,
) -> bool:
    """Whether the widget's answer is valid. Without a configured verifier nothing passes (a site
    that turns the captcha on must not be left unprotected)."""
    if not token or not token.strip():
        return False
    if verify_url is None or secret is None:
        log.error("a captcha is on but no verify URL or secret is configured")
        return False
    form = {"secret": secret.get_secret_value(), "response": token[:4096]}
    if remote_ip:
        form["remoteip"] = remote_ip
    try:
        async with httpx.AsyncClient(timeout=timeout) as client:
            response = await client.post(verify_url, data=form)
            answer = response.json() if response.status_code == 200 else {}
    except (httpx.HTTPError, ValueError) as error:
        log.warning("captcha verification unavailable: %s", error)
        return False
    if isinstance(answer, dict) and answer.get("success") is True:
        return True
    log.info("captcha refused: %s", answer.get("error-codes") if isinstance(answer, dict) else None)
    return False
