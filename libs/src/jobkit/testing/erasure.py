"""Helpers of the services' erasure tests (ADR 0036): the deletion event handled the way the
consumer does (one transaction per delivery, committed), and the confirmations it left in the
outbox."""

from __future__ import annotations

from sqlalchemy import Table, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobkit import contracts
from jobkit.erasure import ErasureHandler
from jobkit.events import EventEnvelope


def deletion_event(
    user_id: str, *, email: str | None = None, services: list[str] | None = None
) -> EventEnvelope:
    """``identity.user.deleted`` as identity publishes it (every eraser asked by default)."""
    return EventEnvelope(
        type=contracts.USER_DELETED,
        aggregate_id=user_id,
        site="jobboard",
        payload={
            "user_id": user_id,
            "email": email,
            "roles": ["applicant"],
            "services": list(contracts.ERASERS) if services is None else services,
        },
    )


async def deliver(
    sessions: async_sessionmaker[AsyncSession], handler: ErasureHandler, event: EventEnvelope
) -> None:
    async with sessions() as session, session.begin():
        await handler(session, event)


async def confirmations(
    sessions: async_sessionmaker[AsyncSession], outbox: Table, *, service: str, user_id: str
) -> list[EventEnvelope]:
    """The service's erasure confirmations for the person, oldest first."""
    async with sessions() as session:
        bodies = await session.scalars(
            select(outbox.c.body)
            .where(
                outbox.c.key == user_id,
                outbox.c.event_type == contracts.erasure_completed(service),
                outbox.c.topic.endswith(contracts.erasure_topic(service)),
            )
            .order_by(outbox.c.id)
        )
        return [EventEnvelope.from_bytes(body) for body in bodies]
