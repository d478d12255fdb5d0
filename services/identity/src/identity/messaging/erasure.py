"""The erasure saga's scheduled step (ADR 0036): every ``erasure_check_interval_seconds`` the
open requests not confirmed by every eraser in time are asked again
(``identity.domain.erasure.ask_again``: one replica at a time, under an advisory lock)."""

from __future__ import annotations

import asyncio
import logging

from jobkit.app import ServiceRuntime

from identity.domain.erasure import ask_again
from identity.settings import IdentitySettings

log = logging.getLogger(__name__)


async def run_erasure_retries(runtime: ServiceRuntime) -> None:
    settings = runtime.settings
    assert isinstance(settings, IdentitySettings)
    while True:
        try:
            asked = await ask_again(runtime.sessions, settings)
            if asked:
                log.info("asked %d erasure requests again", asked)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("erasure retry step failed")
        await asyncio.sleep(settings.erasure_check_interval_seconds)
