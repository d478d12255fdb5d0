"""Fixed-window rate limits counted in PostgreSQL, shared by every replica of a service (jobs'
applications, organizations' contact form; ADR 0011), and the mail budget of anonymous requests
(:func:`may_mail`, ADR 0024).

A service keeps a ``rate_limit_hits`` table (key, window start, count); each hit is one upsert,
committed at once so refused attempts count too.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta

from sqlalchemy import Column, ColumnElement, DateTime, Integer, MetaData, String, Table, func, or_
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobkit.db import unit_of_work
from jobkit.settings import ServiceSettings


def _like_escaped(value: str) -> str:
    return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def rate_limit_table(metadata: MetaData) -> Table:
    return Table(
        "rate_limit_hits",
        metadata,
        Column("key", String(200), primary_key=True),
        Column("window_start", DateTime(timezone=True), primary_key=True),
        Column("count", Integer, nullable=False, default=0),
    )


def window_start(now: datetime, seconds: int) -> datetime:
    """The start of the fixed window ``now`` falls in."""
    return datetime.fromtimestamp(int(now.timestamp()) // seconds * seconds, UTC)


async def count_hit(
    sessions: async_sessionmaker[AsyncSession],
    table: Table,
    key: str,
    window: datetime,
    amount: int = 1,
) -> int:
    """``amount`` more hits (e.g. bytes) in ``key``'s window; the count so far (committed at
    once)."""
    async with unit_of_work(sessions) as session:
        statement = insert(table).values(key=key[:200], window_start=window, count=amount)
        count = await session.scalar(
            statement.on_conflict_do_update(
                index_elements=[table.c.key, table.c.window_start],
                set_={"count": table.c.count + amount},
            ).returning(table.c.count)
        )
        # Old windows are of no use; a few are removed with each hit.
        await session.execute(
            table.delete().where(table.c.window_start < window - timedelta(days=1))
        )
    return int(count or 0)


async def over_limits(
    sessions: async_sessionmaker[AsyncSession],
    table: Table,
    limits: list[tuple[str, int]],
    *,
    now: datetime,
    window_seconds: int,
    amount: int = 1,
) -> bool:
    """Counts ``amount`` hits on each ``(key, limit)`` and answers whether any is over its
    limit."""
    window = window_start(now, window_seconds)
    over = False
    for key, limit in limits:
        over = await count_hit(sessions, table, key, window, amount) > limit or over
    return over


def recipient_key(address: str) -> str:
    """The mail budget's key of an address: a digest, so the table holds no addresses."""
    digest = hashlib.sha256(address.strip().lower().encode()).hexdigest()
    return f"mail:to:{digest}"


async def may_mail(
    sessions: async_sessionmaker[AsyncSession],
    table: Table,
    settings: ServiceSettings,
    *,
    recipient: str,
    client_ip: str | None,
    account: str | None = None,
    now: datetime | None = None,
) -> bool:
    """Counts one mail a request asks to send to ``recipient`` and answers whether it may go:
    at most ``mail_limit_per_recipient`` per address, and ``mail_limit_per_client`` per client
    address (and per signed-in account), in each ``mail_limit_window_seconds`` window.

    Call it for every request that could mail, whether or not it will (an account exists or
    not), and answer the caller the same either way: a refused mail is silently not sent, so the
    limit reveals nothing about accounts (ADR 0017, ADR 0024)."""
    limits = [(recipient_key(recipient), settings.mail_limit_per_recipient)]
    if client_ip:
        limits.append((f"mail:client:{client_ip}", settings.mail_limit_per_client))
    if account:
        limits.append((f"mail:account:{account}", settings.mail_limit_per_client))
    return not await over_limits(
        sessions,
        table,
        limits,
        now=now or datetime.now(UTC),
        window_seconds=settings.mail_limit_window_seconds,
    )


async def forget_person(
    session: AsyncSession, table: Table, *, user_id: str, email: str | None
) -> int:
    """The erasure saga's share of the counters (ADR 0036), in the caller's transaction: every
    window whose key names the person goes, by account id (``apply:user:<id>``,
    ``mail:account:<id>``, ...) or by address (``apply:email:<address>``, the digest of the mail
    budget). They would only go when later hits prune old windows, a day or more on. Answers how
    many rows went."""
    names: list[ColumnElement[bool]] = [
        table.c.key.like(f"%:{_like_escaped(user_id)}", escape="\\")
    ]
    if email:
        address = email.strip().lower()
        names.append(func.lower(table.c.key).like(f"%:{_like_escaped(address)}", escape="\\"))
        names.append(table.c.key == recipient_key(address))
    result = await session.execute(table.delete().where(or_(*names)))
    return int(getattr(result, "rowcount", 0) or 0)
