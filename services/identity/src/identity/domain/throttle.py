"""Sign-in throttling: failures counted per account and per client address in PostgreSQL.

A key is locked once it collects ``limit`` failures inside one window and stays locked until the
window ends. The counters are rows updated atomically (INSERT ... ON CONFLICT), so every identity
replica sees and feeds the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import case, delete, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from identity.domain.models import LoginThrottle


@dataclass(frozen=True)
class ThrottleRule:
    key: str
    limit: int
    window: timedelta


def account_key(email: str) -> str:
    return f"account:{email.strip().lower()}"


def address_key(address: str) -> str:
    return f"ip:{address}"


async def locked_until(
    session: AsyncSession, rules: list[ThrottleRule], *, now: datetime
) -> datetime | None:
    """The latest lock among the rules' keys still in force, or None."""
    until = await session.scalar(
        select(func.max(LoginThrottle.locked_until)).where(
            LoginThrottle.key.in_([rule.key for rule in rules]),
            LoginThrottle.locked_until > now,
        )
    )
    return until


async def record_failure(
    session: AsyncSession, rules: list[ThrottleRule], *, now: datetime
) -> None:
    for rule in rules:
        expired = LoginThrottle.window_started_at <= now - rule.window
        failures = case((expired, 1), else_=LoginThrottle.failures + 1)
        window_started_at = case((expired, now), else_=LoginThrottle.window_started_at)
        statement = insert(LoginThrottle).values(
            key=rule.key, failures=1, window_started_at=now, locked_until=None
        )
        statement = statement.on_conflict_do_update(
            index_elements=[LoginThrottle.key],
            set_={
                "failures": failures,
                "window_started_at": window_started_at,
                "locked_until": case(
                    (failures >= rule.limit, window_started_at + rule.window),
                    else_=None,
                ),
            },
        )
        await session.execute(statement)


async def clear(session: AsyncSession, key: str) -> None:
    await session.execute(delete(LoginThrottle).where(LoginThrottle.key == key))
