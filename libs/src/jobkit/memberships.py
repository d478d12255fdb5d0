"""Who belongs to which organization, as a local read model in every service that needs to know.

The organizations service owns memberships and publishes member added/removed events; a service
that authorizes by membership (billing, jobs, resumes...) adds :func:`memberships_table` to its
metadata and applies those events into it with :func:`apply_member_added` /
:func:`apply_member_removed` from its idempotent consumer. Checking a membership is then a local,
batched read (``ServiceContext.is_member``), never a call to another service per request.
"""

from __future__ import annotations

from typing import Literal

from sqlalchemy import Column, DateTime, MetaData, String, Table, delete, func, tuple_
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from strawberry.dataloader import DataLoader

from jobkit.consumer import Handler
from jobkit.contracts import MEMBER_ADDED, MEMBER_REMOVED, ORGANIZATION_TOPIC, EventView
from jobkit.events import EventEnvelope

MembershipKey = tuple[str, str]  # (organization_id, user_id)


def memberships_table(metadata: MetaData) -> Table:
    return Table(
        "organization_memberships",
        metadata,
        Column("organization_id", String(64), primary_key=True),
        Column("user_id", String(64), primary_key=True),
        Column("role", String(30), nullable=False, server_default="recruiter"),
        Column("updated_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    )


async def apply_member_added(
    session: AsyncSession,
    table: Table,
    *,
    organization_id: str,
    user_id: str,
    role: str = "recruiter",
) -> None:
    await session.execute(
        insert(table)
        .values(organization_id=organization_id, user_id=user_id, role=role)
        .on_conflict_do_update(
            index_elements=[table.c.organization_id, table.c.user_id],
            set_={"role": role, "updated_at": func.now()},
        )
    )


async def apply_member_removed(
    session: AsyncSession, table: Table, *, organization_id: str, user_id: str
) -> None:
    await session.execute(
        delete(table).where(table.c.organization_id == organization_id, table.c.user_id == user_id)
    )


def membership_loader(
    sessions: async_sessionmaker[AsyncSession], table: Table
) -> DataLoader[MembershipKey, bool]:
    """One batched query per request for every (organization, user) pair asked about."""

    async def load(keys: list[MembershipKey]) -> list[bool]:
        async with sessions() as session:
            rows = await session.execute(
                table.select().where(tuple_(table.c.organization_id, table.c.user_id).in_(keys))
            )
            found = {(row.organization_id, row.user_id) for row in rows}
        return [key in found for key in keys]

    return DataLoader(load_fn=load)


MEMBER_TOPIC = ORGANIZATION_TOPIC
__all__ = ["MEMBER_ADDED", "MEMBER_REMOVED", "MEMBER_TOPIC"]


class MemberRemovedView(EventView):
    """organizations.member.removed as a membership read model keyed by organization id reads
    it."""

    organization_id: str
    user_id: str


class MemberAddedView(MemberRemovedView):
    role: str = "recruiter"


class MemberRemovedByNumberView(EventView):
    """organizations.member.removed as a read model keyed by organization number reads it."""

    organization_number: int
    user_id: str


class MemberAddedByNumberView(MemberRemovedByNumberView):
    role: str = "recruiter"


def membership_handlers(
    table: Table, *, key: Literal["organization_id", "organization_number"] = "organization_id"
) -> dict[str, Handler]:
    """Handlers of organizations' member events for ``IdempotentConsumer`` on
    ``settings.topic(MEMBER_TOPIC)``; ``key`` names the organization as this service's API does
    (billing's ``Int`` ids are the organization's ``number``)."""

    by_id = key == "organization_id"
    added_view = MemberAddedView if by_id else MemberAddedByNumberView
    removed_view = MemberRemovedView if by_id else MemberRemovedByNumberView

    async def added(session: AsyncSession, event: EventEnvelope) -> None:
        payload = added_view.model_validate(event.payload)
        await apply_member_added(
            session,
            table,
            organization_id=str(getattr(payload, key)),
            user_id=payload.user_id,
            role=payload.role,
        )

    async def removed(session: AsyncSession, event: EventEnvelope) -> None:
        payload = removed_view.model_validate(event.payload)
        await apply_member_removed(
            session, table, organization_id=str(getattr(payload, key)), user_id=payload.user_id
        )

    return {MEMBER_ADDED: added, MEMBER_REMOVED: removed}
