"""Recording analytics events; called by consumers inside their unit of work."""

import uuid
from datetime import datetime
from typing import Any

from opentelemetry import trace
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from analytics.domain.models import AnalyticsEvent


async def record_event(
    session: AsyncSession,
    *,
    source_event_id: uuid.UUID,
    key: str,
    site: str,
    occurred_at: datetime,
    dimensions: dict[str, Any],
) -> None:
    span_context = trace.get_current_span().get_span_context()
    await session.execute(
        insert(AnalyticsEvent)
        .values(
            id=uuid.uuid4(),
            source_event_id=source_event_id,
            key=key,
            site=site,
            occurred_at=occurred_at,
            dimensions=dimensions,
            trace_id=format(span_context.trace_id, "032x") if span_context.is_valid else None,
        )
        .on_conflict_do_nothing(index_elements=[AnalyticsEvent.source_event_id])
    )


async def count_events(session: AsyncSession, *, key: str, site: str) -> int:
    return int(
        await session.scalar(
            select(func.count()).where(AnalyticsEvent.key == key, AnalyticsEvent.site == site)
        )
        or 0
    )
