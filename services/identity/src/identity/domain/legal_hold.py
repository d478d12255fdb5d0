"""Legal holds (ADR 0036): an administrator keeps a person's data from being erased while a
legal obligation (a dispute, an authority's request) requires it. While the account is under a
hold, deleting it still removes the account, but its erasure request waits, holding the reason,
and no service is asked; lifting the hold asks every service then. Placing and lifting are
written to the audit log."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from jobkit.db import unit_of_work
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.domain.audit import record_admin_action
from identity.domain.erasure import release_held
from identity.domain.errors import AccountError, AccountErrorCode, AccountErrors
from identity.domain.models import ErasureRequest, User
from identity.settings import IdentitySettings

MAX_REASON = 500
REASON_MISSING = "Say why the person's data must be kept."
REASON_TOO_LONG = f"Use at most {MAX_REASON} characters."
NOT_FOUND = "No such user."


def _audit(
    session: AsyncSession, *, user_id: uuid.UUID, site: str, actor: str, operation: str
) -> None:
    try:
        admin_id = uuid.UUID(actor)
    except ValueError:
        return  # a system step: the request itself is the record
    record_admin_action(
        session,
        write_id=uuid.uuid4(),
        admin_id=admin_id,
        user_id=user_id,
        site=site,
        operation=operation,
    )


async def set_legal_hold(
    sessions: async_sessionmaker[AsyncSession],
    *,
    user_id: uuid.UUID,
    reason: str,
    actor: str,
) -> User | AccountErrors:
    """Put the account under a legal hold (or change its reason)."""
    reason = reason.strip()
    if not reason:
        return AccountErrors([AccountError(AccountErrorCode.REQUIRED, REASON_MISSING, "reason")])
    if len(reason) > MAX_REASON:
        return AccountErrors([AccountError(AccountErrorCode.TOO_LONG, REASON_TOO_LONG, "reason")])
    async with unit_of_work(sessions) as session:
        user = await session.get(User, user_id, with_for_update=True)
        if user is None:
            return AccountErrors([AccountError(AccountErrorCode.NOT_FOUND, NOT_FOUND, "userId")])
        user.legal_hold_reason = reason
        user.legal_hold_at = datetime.now(UTC)
        _audit(session, user_id=user.id, site=user.site, actor=actor, operation="setLegalHold")
        return user


async def lift_legal_hold(
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    *,
    user_id: uuid.UUID,
    actor: str,
) -> uuid.UUID | AccountErrors:
    """Lift the hold: from the account, and from its erasure request when the account was
    deleted meanwhile (every service is then asked to erase). NOT_FOUND when neither holds."""
    async with unit_of_work(sessions) as session:
        user = await session.get(User, user_id, with_for_update=True)
        held_account = user is not None and user.legal_hold_reason is not None
        if user is not None:
            user.legal_hold_reason = None
            user.legal_hold_at = None
        request = await session.get(ErasureRequest, user_id)
        site = user.site if user is not None else request.site if request is not None else ""
        released = await release_held(session, settings, user_id, actor=actor)
        if not (held_account or released):
            return AccountErrors(
                [
                    AccountError(
                        AccountErrorCode.NOT_FOUND, "No legal hold on this account.", "userId"
                    )
                ]
            )
        _audit(session, user_id=user_id, site=site, actor=actor, operation="liftLegalHold")
        return user_id
