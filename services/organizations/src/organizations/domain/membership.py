"""Membership: a member removes another member or leaves (the owner stays), a member chooses
their active organization (the first one they join becomes it when they have none)."""

from __future__ import annotations

import uuid

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from organizations.db import members
from organizations.domain.access import actor_of, authorize, is_member
from organizations.domain.errors import (
    NO_SUCH_PROFILE,
    OrganizationErrorCode,
    OrganizationErrors,
    forbidden,
    one_error,
)
from organizations.domain.events import MemberRemoved
from organizations.domain.models import ActiveOrganization, Organization
from organizations.domain.snapshots import emit
from organizations.settings import OrganizationsSettings

Code = OrganizationErrorCode


async def activate_unless_active(
    session: AsyncSession, user_id: uuid.UUID, organization_id: uuid.UUID
) -> None:
    """Make the organization the user's active one when they have none; one statement, so two
    organizations founded at once by the same recruiter cannot both claim it."""
    await session.execute(
        pg_insert(ActiveOrganization)
        .values(user_id=user_id, organization_id=organization_id)
        .on_conflict_do_nothing(index_elements=[ActiveOrganization.user_id])
    )


async def remove_member(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal,
    organization_id: uuid.UUID,
    user_id: uuid.UUID,
) -> Organization | OrganizationErrors:
    """A member removes another member, or themself (leaving); the owner stays."""
    async with unit_of_work(sessions) as session:
        organization = await session.get(Organization, organization_id)
        if organization is None:
            return one_error(Code.NOT_FOUND, NO_SUCH_PROFILE, "organizationId")
        refused = await authorize(session, principal, organization_id)
        if refused is not None:
            return refused
        if user_id == organization.owner_id:
            return one_error(
                Code.OWNER_CANNOT_LEAVE, "The owner cannot leave or be removed.", "userId"
            )
        removed = await session.execute(
            delete(members).where(
                members.c.organization_id == str(organization_id), members.c.user_id == str(user_id)
            )
        )
        if not removed.rowcount:  # type: ignore[attr-defined]
            return one_error(Code.NOT_FOUND, "This person is not a member.", "userId")
        await session.execute(
            delete(ActiveOrganization).where(
                ActiveOrganization.user_id == user_id,
                ActiveOrganization.organization_id == organization_id,
            )
        )
        await emit(
            session,
            settings,
            MemberRemoved(
                organization_id=str(organization_id),
                organization_number=organization.number,
                user_id=str(user_id),
            ),
            organization_id,
            actor_of(principal),
        )
        return organization


async def set_active_organization(
    *,
    sessions: async_sessionmaker[AsyncSession],
    principal: Principal,
    organization_id: uuid.UUID,
) -> Organization | OrganizationErrors:
    async with unit_of_work(sessions) as session:
        organization = await session.get(Organization, organization_id)
        if organization is None:
            return one_error(Code.NOT_FOUND, NO_SUCH_PROFILE, "organizationId")
        if not await is_member(session, principal, organization_id):
            return forbidden()
        user = uuid.UUID(principal.user_id)
        active = await session.get(ActiveOrganization, user)
        if active is None:
            session.add(ActiveOrganization(user_id=user, organization_id=organization_id))
        else:
            active.organization_id = organization_id
        return organization
