"""The retention rule for inactive accounts, scheduled (``identity.domain.inactivity``): every
``retention_interval_seconds`` one replica warns the accounts due for a warning and erases those
warned long enough ago and not used since."""

from __future__ import annotations

import asyncio
import logging

from jobkit.app import ServiceRuntime

from identity.domain.inactivity import apply_inactivity_rules
from identity.settings import IdentitySettings

log = logging.getLogger(__name__)


async def run_inactivity_rules(runtime: ServiceRuntime) -> None:
    settings = runtime.settings
    assert isinstance(settings, IdentitySettings)
    while True:
        try:
            await apply_inactivity_rules(runtime.sessions, settings)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the inactive accounts' retention step failed")
        await asyncio.sleep(settings.retention_interval_seconds)
