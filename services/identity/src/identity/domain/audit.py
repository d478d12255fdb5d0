"""The audit log of masqueraded writes, fed by the ``audit.masquerade`` events every service
publishes (``jobkit.audit``). Keyed by the write's id: the attempt creates the entry, the outcome
completes it. Either may arrive first after a redelivery, so both upsert."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from jobkit.audit import MasqueradedWriteAttempted, MasqueradedWriteFinished
from jobkit.events import EventEnvelope
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.domain.models import AuditEntry


def record_admin_action(
    session: AsyncSession,
    *,
    write_id: uuid.UUID,
    admin_id: uuid.UUID,
    user_id: uuid.UUID,
    site: str,
    operation: str,
) -> None:
    """An administrator's own act about a person (an export on their behalf, a legal hold), in
    the caller's transaction, beside the masqueraded writes."""
    now = datetime.now(UTC)
    session.add(
        AuditEntry(
            write_id=write_id,
            admin_id=admin_id,
            user_id=user_id,
            service="identity",
            site=site,
            operation_name=operation,
            fields=[operation],
            variables=["userId"],
            outcome="succeeded",
            attempted_at=now,
            finished_at=now,
        )
    )


async def record_attempted(session: AsyncSession, event: EventEnvelope) -> None:
    payload = MasqueradedWriteAttempted.model_validate(event.payload)
    values = {
        "admin_id": uuid.UUID(payload.admin_id),
        "user_id": uuid.UUID(payload.user_id),
        "service": payload.service,
        "site": event.site,
        "operation_name": payload.operation_name,
        "fields": payload.fields,
        "variables": payload.variables,
        "attempted_at": event.occurred_at,
    }
    statement = insert(AuditEntry).values(write_id=uuid.UUID(payload.write_id), **values)
    await session.execute(statement.on_conflict_do_update(index_elements=["write_id"], set_=values))


async def record_finished(session: AsyncSession, event: EventEnvelope) -> None:
    payload = MasqueradedWriteFinished.model_validate(event.payload)
    actor = uuid.UUID(event.actor) if event.actor else uuid.UUID(int=0)
    values = {
        "outcome": payload.outcome,
        "errors": payload.errors,
        "finished_at": event.occurred_at,
    }
    statement = insert(AuditEntry).values(
        write_id=uuid.UUID(payload.write_id),
        admin_id=actor,
        user_id=uuid.UUID(int=0),  # completed by the attempt when it arrives
        service="",
        site=event.site,
        attempted_at=event.occurred_at,
        **values,
    )
    await session.execute(statement.on_conflict_do_update(index_elements=["write_id"], set_=values))


@dataclass(frozen=True)
class AuditPage:
    entries: list[AuditEntry]
    total: int


async def audit_log(
    *,
    sessions: async_sessionmaker[AsyncSession],
    limit: int,
    offset: int,
    admin_id: uuid.UUID | None = None,
    user_id: uuid.UUID | None = None,
) -> AuditPage:
    """Newest first; filtered by the admin acting or the user acted as."""
    query = select(AuditEntry)
    if admin_id is not None:
        query = query.where(AuditEntry.admin_id == admin_id)
    if user_id is not None:
        query = query.where(AuditEntry.user_id == user_id)
    async with sessions() as session:
        total = await session.scalar(select(func.count()).select_from(query.subquery())) or 0
        rows = await session.scalars(
            query.order_by(AuditEntry.attempted_at.desc()).limit(limit).offset(offset)
        )
        return AuditPage(list(rows), total)
