"""Who may change an organization, decided in one place (:func:`authorize`): its members and
admin-like users. Invitations, membership and the profile all ask here."""

from __future__ import annotations

import uuid

from jobkit.auth import Principal
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from organizations.db import members
from organizations.domain.errors import OrganizationErrors, forbidden


def actor_of(principal: Principal) -> str:
    """Who the events name: the administrator behind a masquerade, else the user."""
    return principal.actor_id or principal.user_id


async def is_member(
    session: AsyncSession, principal: Principal, organization_id: uuid.UUID
) -> bool:
    found = await session.scalar(
        select(func.count())
        .select_from(members)
        .where(
            members.c.organization_id == str(organization_id),
            members.c.user_id == principal.user_id,
        )
    )
    return bool(found)


async def authorize(
    session: AsyncSession, principal: Principal, organization_id: uuid.UUID
) -> OrganizationErrors | None:
    """The one rule for changing an organization: a member of it, or an admin-like user."""
    if principal.is_admin_like or await is_member(session, principal, organization_id):
        return None
    return forbidden()
