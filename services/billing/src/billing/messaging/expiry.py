"""The scheduled expiry step: every ``expiry_interval_seconds`` the service writes expiry entries
for grants past their expiry (``billing.domain.ledger.expire_credits``, idempotent, so several
replicas running it at once write each entry once)."""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from billing.domain.ledger import expire_credits, now_utc
from billing.settings import BillingSettings

log = logging.getLogger(__name__)


async def run_expiry_forever(
    sessions: async_sessionmaker[AsyncSession], settings: BillingSettings
) -> None:
    while True:
        try:
            written = await expire_credits(sessions, settings, now_utc())
            if written:
                log.info("expired %d grants", written)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("credit expiry step failed")
        await asyncio.sleep(settings.expiry_interval_seconds)
