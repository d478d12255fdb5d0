"""Masquerade: an admin-like user acts as another user (spec 6: session flag masqueraded)."""

from __future__ import annotations

import uuid

from jobkit.auth import ADMIN_LIKE_ROLES, Principal
from jobkit.db import unit_of_work
from jobkit.outbox import enqueue
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.db import outbox
from identity.domain.events import MasqueradeStarted
from identity.domain.models import User
from identity.settings import IdentitySettings


class MasqueradeRefused(Exception):
    """Why this masquerade cannot start; the message is safe to show to the admin."""


async def start_masquerade(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    admin: Principal,
    target: str,
) -> User:
    """The user ``admin`` may act as (an id or an email address), recorded as an event.

    Only admin-like users may masquerade, never from a masquerade, never as themself and never
    as another admin-like user (that would hand over roles they do not hold).
    """
    if not admin.is_admin_like or admin.masqueraded:
        raise MasqueradeRefused("Only administrators can act as another user.")
    async with unit_of_work(sessions) as session:
        user = await _find(session, target.strip())
        if user is None:
            raise MasqueradeRefused("No user with this email address or id exists.")
        if str(user.id) == admin.user_id or ADMIN_LIKE_ROLES & set(user.roles):
            raise MasqueradeRefused("You cannot act as yourself or another administrator.")
        started = MasqueradeStarted(admin_id=admin.user_id, user_id=str(user.id))
        event = started.envelope(aggregate_id=str(user.id), site=settings.site, actor=admin.user_id)
        await enqueue(session, outbox, topic=settings.topic(MasqueradeStarted.topic), event=event)
        return user


async def _find(session: AsyncSession, target: str) -> User | None:
    try:
        user_id = uuid.UUID(target)
    except ValueError:
        by_email = select(User).where(func.lower(User.email) == target.lower())
        found: User | None = await session.scalar(by_email)
        return found
    return await session.get(User, user_id)
