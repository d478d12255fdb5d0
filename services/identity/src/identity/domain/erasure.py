"""The erasure saga, identity's side (ADR 0036).

Deleting an account opens its erasure request in the same transaction and publishes
``identity.user.deleted`` naming every eraser (``jobkit.contracts.ERASERS``). Each eraser confirms
with ``<service>.erasure.completed``; :func:`record_confirmation` keeps the first one and closes
the request with the last. :func:`ask_again` (a scheduled step, one replica at a time) republishes
the request to the services that have not confirmed within ``erasure_retry_after_seconds``, and
logs an error for a request asked ``erasure_alert_after_attempts`` times or more.
"""

from __future__ import annotations

import logging
import uuid
import zlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from jobkit.contracts import ERASERS
from jobkit.erasure import ErasureCompleted
from jobkit.outbox import enqueue
from sqlalchemy import func, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.db import outbox
from identity.domain.events import UserDeleted
from identity.domain.models import ErasureConfirmation, ErasureRequest, User
from identity.settings import IdentitySettings

log = logging.getLogger(__name__)

RETRY_LOCK = zlib.crc32(b"identity.erasure.retry")
RETRY_ACTOR = "system:erasure-retry"


def _now() -> datetime:
    return datetime.now(UTC)


async def open_erasure(
    session: AsyncSession, settings: IdentitySettings, user: User, *, actor: str | None
) -> None:
    """In the deletion's transaction: the request, and the event that asks every eraser. Under
    a legal hold the request is kept, holding the hold's reason, and nobody is asked until an
    administrator lifts it (:func:`release_held`)."""
    now = _now()
    held = user.legal_hold_reason
    session.add(
        ErasureRequest(
            user_id=user.id,
            roles=list(user.roles),
            email=user.email,
            site=user.site,
            requested_by=actor,
            requested_at=now,
            last_asked_at=now,
            attempts=0 if held else 1,
            held_reason=held,
        )
    )
    if held:
        log.info("erasure of %s held: %s", user.id, held)
        return
    await _publish(
        session,
        settings,
        user_id=user.id,
        email=user.email,
        roles=list(user.roles),
        services=list(ERASERS),
        actor=actor,
        version=1,
    )


async def _publish(
    session: AsyncSession,
    settings: IdentitySettings,
    *,
    user_id: uuid.UUID,
    email: str | None,
    roles: list[str],
    services: list[str],
    actor: str | None,
    version: int,
) -> None:
    payload = UserDeleted(user_id=str(user_id), email=email, roles=roles, services=services)
    event = payload.envelope(
        aggregate_id=str(user_id), site=settings.site, actor=actor, aggregate_version=version
    )
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)


async def release_held(
    session: AsyncSession, settings: IdentitySettings, user_id: uuid.UUID, *, actor: str
) -> bool:
    """A legal hold lifted after the account was deleted: its erasure request asks every eraser
    now; False when no held request waits for the person."""
    request = await session.get(ErasureRequest, user_id, with_for_update=True)
    if request is None or request.held_reason is None:
        return False
    request.held_reason = None
    request.attempts = 1
    request.last_asked_at = _now()
    await _publish(
        session,
        settings,
        user_id=request.user_id,
        email=request.email,
        roles=list(request.roles),
        services=list(ERASERS),
        actor=actor,
        version=1,
    )
    log.info("erasure of %s released from its legal hold", user_id)
    return True


async def record_confirmation(
    session: AsyncSession, *, service: str, payload: dict[str, object]
) -> None:
    """A service's ``<service>.erasure.completed``: kept once; the request closes with the last
    eraser's. A confirmation for a request identity does not know (an account deleted before the
    saga existed) is logged and dropped."""
    confirmed = ErasureCompleted.model_validate(payload)
    try:
        user_id = uuid.UUID(confirmed.user_id)
    except ValueError:
        log.warning("erasure confirmation from %s for a malformed id", service)
        return
    request = await session.get(ErasureRequest, user_id, with_for_update=True)
    if request is None:
        log.info("erasure confirmation from %s for an unknown request", service)
        return
    now = _now()
    await session.execute(
        insert(ErasureConfirmation)
        .values(
            user_id=user_id,
            service=service,
            confirmed_at=now,
            erased=confirmed.erased,
            anonymized=confirmed.anonymized,
        )
        .on_conflict_do_nothing()
    )
    confirmed_services = set(
        await session.scalars(
            select(ErasureConfirmation.service).where(ErasureConfirmation.user_id == user_id)
        )
    )
    if request.completed_at is None and set(ERASERS) <= confirmed_services:
        request.completed_at = now
        request.email = None
        log.info("erasure of %s completed", user_id)


async def ask_again(
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    *,
    now: datetime | None = None,
) -> int:
    """Republish every open request not confirmed by all erasers within the retry delay, to the
    services that have not confirmed; the number of requests asked again. One replica at a time
    (a transaction-scoped advisory lock): another one running the step at once finds it taken and
    does nothing."""
    now = now or _now()
    due = now - timedelta(seconds=settings.erasure_retry_after_seconds)
    asked = 0
    async with sessions() as session, session.begin():
        if not await session.scalar(
            text("SELECT pg_try_advisory_xact_lock(:key)"), {"key": RETRY_LOCK}
        ):
            return 0
        requests = list(
            await session.scalars(
                select(ErasureRequest)
                .where(
                    ErasureRequest.completed_at.is_(None),
                    ErasureRequest.held_reason.is_(None),
                    ErasureRequest.last_asked_at <= due,
                )
                .order_by(ErasureRequest.last_asked_at)
                .limit(500)
                .with_for_update(skip_locked=True)
            )
        )
        for request in requests:
            confirmed = set(
                await session.scalars(
                    select(ErasureConfirmation.service).where(
                        ErasureConfirmation.user_id == request.user_id
                    )
                )
            )
            missing = [service for service in ERASERS if service not in confirmed]
            if not missing:
                request.completed_at = now
                request.email = None
                continue
            request.attempts += 1
            request.last_asked_at = now
            await _publish(
                session,
                settings,
                user_id=request.user_id,
                email=request.email,
                roles=list(request.roles),
                services=missing,
                actor=RETRY_ACTOR,
                version=request.attempts,
            )
            asked += 1
            level = (
                logging.ERROR
                if request.attempts >= settings.erasure_alert_after_attempts
                else logging.WARNING
            )
            log.log(
                level,
                "erasure of %s asked again (attempt %d) of %s",
                request.user_id,
                request.attempts,
                ", ".join(missing),
            )
    return asked


@dataclass(frozen=True)
class ServiceProgress:
    service: str
    confirmed_at: datetime | None
    erased: dict[str, int]
    anonymized: dict[str, int]


@dataclass(frozen=True)
class ErasureProgress:
    user_id: uuid.UUID
    requested_by: str | None
    requested_at: datetime
    last_asked_at: datetime
    attempts: int
    completed_at: datetime | None
    held_reason: str | None
    services: list[ServiceProgress]


@dataclass(frozen=True)
class ErasurePage:
    total: int
    requests: list[ErasureProgress]


async def erasure_requests(
    sessions: async_sessionmaker[AsyncSession], *, pending_only: bool, limit: int, offset: int
) -> ErasurePage:
    """The requests, newest first, each with every eraser's state (two statements)."""
    where = [ErasureRequest.completed_at.is_(None)] if pending_only else []
    async with sessions() as session:
        total = int(
            await session.scalar(select(func.count()).select_from(ErasureRequest).where(*where))
            or 0
        )
        rows = list(
            await session.scalars(
                select(ErasureRequest)
                .where(*where)
                .order_by(ErasureRequest.requested_at.desc(), ErasureRequest.user_id)
                .limit(limit)
                .offset(offset)
            )
        )
        confirmations: dict[uuid.UUID, dict[str, ErasureConfirmation]] = {}
        if rows:
            for row in await session.scalars(
                select(ErasureConfirmation).where(
                    ErasureConfirmation.user_id.in_([r.user_id for r in rows])
                )
            ):
                confirmations.setdefault(row.user_id, {})[row.service] = row
    return ErasurePage(
        total=total,
        requests=[
            ErasureProgress(
                user_id=r.user_id,
                requested_by=r.requested_by,
                requested_at=r.requested_at,
                last_asked_at=r.last_asked_at,
                attempts=r.attempts,
                completed_at=r.completed_at,
                held_reason=r.held_reason,
                services=[
                    _progress(service, confirmations.get(r.user_id, {}).get(service))
                    for service in ERASERS
                ],
            )
            for r in rows
        ],
    )


def _progress(service: str, row: ErasureConfirmation | None) -> ServiceProgress:
    if row is None:
        return ServiceProgress(service=service, confirmed_at=None, erased={}, anonymized={})
    return ServiceProgress(
        service=service,
        confirmed_at=row.confirmed_at,
        erased={k: int(v) for k, v in row.erased.items()},
        anonymized={k: int(v) for k, v in row.anonymized.items()},
    )
