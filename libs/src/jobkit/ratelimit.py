"""Rate limits counted in PostgreSQL, shared by every replica of a service (jobs' applications,
organizations' contact form; ADR 0011), and the mail budget of anonymous requests
(:func:`may_mail`, ADR 0024).

A service keeps a ``rate_limit_hits`` table (key, window start, count); each hit is one upsert,
committed at once so refused attempts count too. The limit holds over a sliding window: the
hits of the window in progress plus the previous window's, weighted by how much of it the
sliding window still covers. A fixed window alone let a burst straddling a window's end pass
twice the limit (three messages just before the minute and three just after).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import (
    Column,
    ColumnElement,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    func,
    or_,
    select,
)
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


@dataclass(frozen=True)
class Hits:
    """A key's counts after a hit: the window in progress (the hit included) and the one
    before it."""

    current: int
    previous: int


async def count_hit(
    sessions: async_sessionmaker[AsyncSession],
    table: Table,
    key: str,
    window: datetime,
    amount: int = 1,
    *,
    window_seconds: int,
) -> Hits:
    """``amount`` more hits (e.g. bytes) in ``key``'s window; the counts so far (committed at
    once)."""
    length = timedelta(seconds=window_seconds)
    async with unit_of_work(sessions) as session:
        statement = insert(table).values(key=key[:200], window_start=window, count=amount)
        count = await session.scalar(
            statement.on_conflict_do_update(
                index_elements=[table.c.key, table.c.window_start],
                set_={"count": table.c.count + amount},
            ).returning(table.c.count)
        )
        previous = await session.scalar(
            select(table.c.count).where(
                table.c.key == key[:200], table.c.window_start == window - length
            )
        )
        # Old windows are of no use; a few are removed with each hit.
        await session.execute(
            table.delete().where(table.c.window_start < window - max(timedelta(days=1), 2 * length))
        )
    return Hits(current=int(count or 0), previous=int(previous or 0))


def sliding_count(hits: Hits, *, now: datetime, window_seconds: int) -> float:
    """The hits in the ``window_seconds`` before ``now``, estimated from the two fixed
    windows (the previous one's hits taken as spread evenly over it)."""
    elapsed = now.timestamp() - window_start(now, window_seconds).timestamp()
    return hits.previous * (1 - elapsed / window_seconds) + hits.current


def seconds_until_allowed(
    hits: Hits, *, limit: int, amount: int, now: datetime, window_seconds: int
) -> float:
    """How long until a further ``amount`` hits would be within ``limit`` (no other hit
    counted in between): what a refusal's Retry-After says."""
    elapsed = now.timestamp() - window_start(now, window_seconds).timestamp()
    if hits.current + amount <= limit:
        # within this window, once the previous window's share has shrunk enough
        if hits.previous <= 0:
            return 0.0
        fraction = 1 - (limit - hits.current - amount) / hits.previous
        return max(0.0, fraction * window_seconds - elapsed)
    if amount > limit:
        return float("inf")
    # in the next window, once this window's share has shrunk enough
    fraction = 1 - (limit - amount) / hits.current
    return (window_seconds - elapsed) + max(0.0, fraction) * window_seconds


async def count_limits(
    sessions: async_sessionmaker[AsyncSession],
    table: Table,
    limits: list[tuple[str, int]],
    *,
    now: datetime,
    window_seconds: int,
    amount: int = 1,
) -> float | None:
    """Counts ``amount`` hits on each ``(key, limit)``; None when every key is within its
    limit over the sliding window, else the seconds until the same hits would be."""
    window = window_start(now, window_seconds)
    wait: float | None = None
    for key, limit in limits:
        hits = await count_hit(sessions, table, key, window, amount, window_seconds=window_seconds)
        if sliding_count(hits, now=now, window_seconds=window_seconds) > limit:
            seconds = seconds_until_allowed(
                hits, limit=limit, amount=amount, now=now, window_seconds=window_seconds
            )
            wait = seconds if wait is None else max(wait, seconds)
    return wait


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
    limit over the sliding window."""
    wait = await count_limits(
        sessions, table, limits, now=now, window_seconds=window_seconds, amount=amount
    )
    return wait is not None


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
