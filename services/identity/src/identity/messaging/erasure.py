"""The privacy sagas' scheduled step: every ``erasure_check_interval_seconds`` the open erasure
requests not confirmed by every eraser in time are asked again
(``identity.domain.erasure.ask_again``, ADR 0036), so are exports some service has not sent its
part of, and expired export archives are deleted (``identity.domain.export.export_steps``, ADR
0038); each one replica at a time, under an advisory lock."""

from __future__ import annotations

import asyncio
import logging

from jobkit.app import ServiceRuntime

from identity.domain.erasure import ask_again
from identity.domain.export import export_steps
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
            exports, expired = await export_steps(runtime.sessions, settings)
            if exports or expired:
                log.info("asked %d exports again, deleted %d expired archives", exports, expired)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("erasure retry step failed")
        await asyncio.sleep(settings.erasure_check_interval_seconds)
