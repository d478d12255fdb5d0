"""Counts per day of rows created over the last days, for the administrators' dashboard (sign-ups
in identity, new organizations in organizations): one query grouped by the UTC day, and every
day of the period in the answer, zeros included."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import ColumnElement, Date, cast, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

MAX_DAYS = 366


@dataclass(frozen=True)
class DayCount:
    day: date
    count: int


async def created_per_day(
    session: AsyncSession,
    created_at: InstrumentedAttribute[datetime],
    *,
    where: ColumnElement[bool],
    today: date,
    days: int,
) -> list[DayCount]:
    """How many rows matching ``where`` were created on each of the last ``days`` (1 to 366,
    today included, UTC days)."""
    days = max(1, min(days, MAX_DAYS))
    first = today - timedelta(days=days - 1)
    day = cast(func.timezone("UTC", created_at), Date)
    rows = await session.execute(
        select(day, func.count())
        .where(where, created_at >= datetime.combine(first, time(), tzinfo=UTC))
        .group_by(day)
    )
    found = {row[0]: int(row[1]) for row in rows}
    return [
        DayCount(first + timedelta(days=n), found.get(first + timedelta(days=n), 0))
        for n in range(days)
    ]
