"""Sessions that can be ended (ADR 0023).

Each sign-in opens a session row; the tokens issued for it name it (``sid``) and carry the
account's ``session_version`` (``sv``). Ending sessions publishes ``identity.session.revoked``
(these ids); outdating an account's tokens raises its version and publishes
``identity.session.tokens_outdated``. Every service, identity included, applies both into its
``jobkit.revocations`` read model and refuses such tokens from then on. A session that was not
revoked can be renewed: the web server trades its token for a fresh one with the account's
current roles and version (after a role change, the old one is outdated).
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from jobkit.db import unit_of_work
from jobkit.outbox import enqueue
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.db import outbox
from identity.domain.errors import AccountError, AccountErrorCode, AccountErrors
from identity.domain.events import SessionEndReason, SessionsRevoked, TokensOutdated
from identity.domain.models import User, UserSession
from identity.settings import IdentitySettings

USER_AGENT_MAX_LENGTH = 300


async def open_session(
    *,
    sessions: async_sessionmaker[AsyncSession],
    user_id: uuid.UUID,
    method: str,
    user_agent: str | None,
) -> UserSession:
    async with unit_of_work(sessions) as session:
        row = UserSession(
            user_id=user_id,
            method=method,
            user_agent=(user_agent or None) and user_agent[:USER_AGENT_MAX_LENGTH],
        )
        session.add(row)
        await session.flush()
        return row


async def end_session(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    user_id: str,
    session_id: str,
) -> bool:
    """Sign-out: the session ends (once; ending it again changes nothing)."""
    try:
        uid, sid = uuid.UUID(user_id), uuid.UUID(session_id)
    except ValueError:
        return False
    async with unit_of_work(sessions) as session:
        ended = await session.scalars(
            update(UserSession)
            .where(
                UserSession.id == sid,
                UserSession.user_id == uid,
                UserSession.revoked_at.is_(None),
            )
            .values(revoked_at=datetime.now(UTC), revoked_reason="sign_out")
            .returning(UserSession.id)
        )
        ids = [str(row) for row in ended]
        if not ids:
            return False
        await _publish(
            session,
            settings,
            SessionsRevoked(user_id=user_id, session_ids=ids, reason="sign_out"),
            actor=user_id,
        )
        return True


async def renew_session(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    user_id: str,
    session_id: str,
) -> tuple[User, datetime] | None:
    """The account, with its current roles and version, if the session is still open, and when
    its tokens expire: renewing never extends a session past its first token's lifetime."""
    try:
        uid, sid = uuid.UUID(user_id), uuid.UUID(session_id)
    except ValueError:
        return None
    async with unit_of_work(sessions) as session:
        row = await session.get(UserSession, sid, with_for_update=True)
        if row is None or row.user_id != uid or row.revoked_at is not None:
            return None
        user = await session.get(User, uid)
        if user is None or user.blocked_at is not None:
            return None
        row.last_used_at = datetime.now(UTC)
        return user, row.created_at + timedelta(seconds=settings.token_lifetime_seconds)


async def revoke_sessions(
    session: AsyncSession,
    settings: IdentitySettings,
    user: User,
    *,
    reason: SessionEndReason,
    actor: str | None,
    keep: str | None = None,
) -> None:
    """End every open session of the account but ``keep`` (the caller's own), in the caller's
    unit of work."""
    statement = update(UserSession).where(
        UserSession.user_id == user.id, UserSession.revoked_at.is_(None)
    )
    kept = _uuid(keep)
    if kept is not None:
        statement = statement.where(UserSession.id != kept)
    ended = await session.scalars(
        statement.values(revoked_at=datetime.now(UTC), revoked_reason=reason).returning(
            UserSession.id
        )
    )
    ids = [str(row) for row in ended]
    if ids:
        await _publish(
            session,
            settings,
            SessionsRevoked(user_id=str(user.id), session_ids=ids, reason=reason),
            actor=actor,
        )


async def outdate_tokens(
    session: AsyncSession,
    settings: IdentitySettings,
    user: User,
    *,
    reason: SessionEndReason,
    actor: str | None,
) -> None:
    """Raise the account's session version, in the caller's unit of work: every token issued
    before is refused everywhere once the event arrives; open sessions renew theirs."""
    user.session_version += 1
    await _publish(
        session,
        settings,
        TokensOutdated(user_id=str(user.id), min_version=user.session_version, reason=reason),
        actor=actor,
    )


async def set_blocked(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    user_id: uuid.UUID,
    blocked: bool,
    actor: str,
) -> User | AccountErrors:
    """An administrator blocks an account (it cannot sign in; every session and token of it ends)
    or lifts the block (the account can sign in again)."""
    if str(user_id) == actor and blocked:
        return AccountErrors(
            [AccountError(AccountErrorCode.FORBIDDEN, "You cannot block yourself.", "userId")]
        )
    async with unit_of_work(sessions) as session:
        user = await session.get(User, user_id, with_for_update=True)
        if user is None:
            return AccountErrors(
                [AccountError(AccountErrorCode.NOT_FOUND, "No such user.", "userId")]
            )
        if blocked and user.blocked_at is None:
            user.blocked_at = datetime.now(UTC)
            await revoke_sessions(session, settings, user, reason="blocked", actor=actor)
            await outdate_tokens(session, settings, user, reason="blocked", actor=actor)
        elif not blocked:
            user.blocked_at = None
        return user


async def _publish(
    session: AsyncSession,
    settings: IdentitySettings,
    payload: SessionsRevoked | TokensOutdated,
    *,
    actor: str | None,
) -> None:
    event = payload.envelope(aggregate_id=payload.user_id, site=settings.site, actor=actor)
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)


def _uuid(value: str | None) -> uuid.UUID | None:
    try:
        return uuid.UUID(value) if value else None
    except ValueError:
        return None
