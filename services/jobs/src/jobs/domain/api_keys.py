"""An organization's keys to the ATS API (ADR 0039): made and revoked by its recruiters in the
organization dashboard, each with a name and scopes (jobs, applications).

The secret (``jbk_`` and 43 URL-safe characters, 256 random bits) is answered once, when the key
is made; only its SHA-256 is kept, and its first characters to tell keys apart. A key acts as
the recruiter who made it, within its organization: every request checks that they are still a
member (a recruiter who leaves takes their keys' access along) and that the key is not revoked.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.domain.access import is_member
from jobs.domain.clock import now_utc
from jobs.domain.errors import JobError, JobErrorCode, JobErrors, one_error
from jobs.domain.models import ApiKey, KnownOrganization

Code = JobErrorCode

SCOPES = ("jobs", "applications")
SECRET_PREFIX = "jbk_"  # noqa: S105 (the secrets' visible prefix, not a secret)
SHOWN_PREFIX = len(SECRET_PREFIX) + 6  # "jbk_" and six characters of the secret
MAX_NAME = 100
MAX_ACTIVE_KEYS = 20  # per organization
# last_used_at is written at most this often per key (not on every request)
LAST_USE_PRECISION = timedelta(minutes=1)
NOT_A_MEMBER = "Only recruiters of this organization manage its API keys."
NO_SUCH_KEY = "This API key does not exist."


@dataclass(frozen=True)
class NewApiKey:
    key: ApiKey
    secret: str  # shown once


@dataclass(frozen=True)
class ApiCaller:
    """Who a request with a valid key is: the key, its organization and scopes, and the
    recruiter it acts as (the use cases' principal)."""

    key_id: uuid.UUID
    organization_id: uuid.UUID
    scopes: frozenset[str]
    principal: Principal


def secret_digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


async def _may_manage(
    session: AsyncSession, principal: Principal, organization_id: uuid.UUID
) -> bool:
    return await is_member(session, principal, organization_id)


def _valid(name: str, scopes: list[str]) -> tuple[str, list[str]] | JobErrors:
    name = " ".join(name.split())
    errors: list[JobError] = []
    if not name:
        errors.append(JobError(Code.REQUIRED, "Give the key a name.", "name"))
    elif len(name) > MAX_NAME:
        errors.append(
            JobError(Code.TOO_LONG, f"Keep the name under {MAX_NAME} characters.", "name")
        )
    chosen = [scope for scope in SCOPES if scope in scopes]
    if not chosen:
        errors.append(JobError(Code.REQUIRED, "Choose what the key may do.", "scopes"))
    elif len(set(scopes)) != len(chosen):
        errors.append(
            JobError(Code.INVALID_CHOICE, f"The scopes are {' and '.join(SCOPES)}.", "scopes")
        )
    return JobErrors(errors) if errors else (name, chosen)


async def create_api_key(
    *,
    sessions: async_sessionmaker[AsyncSession],
    principal: Principal,
    organization_id: uuid.UUID,
    name: str,
    scopes: list[str],
) -> NewApiKey | JobErrors:
    """A new key of the organization (its recruiters), acting as the caller."""
    async with unit_of_work(sessions) as session:
        if not await _may_manage(session, principal, organization_id):
            return one_error(Code.FORBIDDEN, NOT_A_MEMBER)
        valid = _valid(name, scopes)
        if isinstance(valid, JobErrors):
            return valid
        name, chosen = valid
        if await session.get(KnownOrganization, organization_id) is None:
            return one_error(Code.NOT_FOUND, "This organization does not exist.", "organizationId")
        active = await session.scalar(
            select(func.count())
            .select_from(ApiKey)
            .where(ApiKey.organization_id == organization_id, ApiKey.revoked_at.is_(None))
        )
        if int(active or 0) >= MAX_ACTIVE_KEYS:
            return one_error(
                Code.OUT_OF_RANGE,
                f"An organization has at most {MAX_ACTIVE_KEYS} keys; revoke one first.",
                "name",
            )
        secret = SECRET_PREFIX + secrets.token_urlsafe(32)
        key = ApiKey(
            id=uuid.uuid4(),
            organization_id=organization_id,
            name=name,
            prefix=secret[:SHOWN_PREFIX],
            secret_sha256=secret_digest(secret),
            scopes=chosen,
            created_by=uuid.UUID(principal.user_id),
            created_by_email=principal.email,
        )
        session.add(key)
        await session.flush()
        await session.refresh(key)
        return NewApiKey(key=key, secret=secret)


async def _managed_key(
    session: AsyncSession, principal: Principal, key_id: uuid.UUID
) -> ApiKey | JobErrors:
    """The key, locked, if the caller manages its organization's keys (or is admin-like)."""
    key = await session.get(ApiKey, key_id, with_for_update=True)
    if key is None:
        return one_error(Code.NOT_FOUND, NO_SUCH_KEY, "id")
    if not principal.is_admin_like and not await _may_manage(
        session, principal, key.organization_id
    ):
        return one_error(Code.FORBIDDEN, NOT_A_MEMBER)
    return key


async def revoke_api_key(
    *, sessions: async_sessionmaker[AsyncSession], principal: Principal, key_id: uuid.UUID
) -> ApiKey | JobErrors:
    """The key stops working at once (its organization's recruiters, admin-like users)."""
    async with unit_of_work(sessions) as session:
        key = await _managed_key(session, principal, key_id)
        if isinstance(key, JobErrors):
            return key
        key.revoked_at = key.revoked_at or now_utc()
        await session.flush()
        return key


async def delete_api_key(
    *, sessions: async_sessionmaker[AsyncSession], principal: Principal, key_id: uuid.UUID
) -> uuid.UUID | JobErrors:
    """A revoked key leaves the list (an active one is revoked first, so that removing a key
    never silently cuts an integration off)."""
    async with unit_of_work(sessions) as session:
        key = await _managed_key(session, principal, key_id)
        if isinstance(key, JobErrors):
            return key
        if key.revoked_at is None:
            return one_error(Code.NOT_EDITABLE, "Revoke the key before removing it.", "id")
        await session.delete(key)
        return key_id


async def api_keys_of(
    *,
    sessions: async_sessionmaker[AsyncSession],
    principal: Principal,
    organization_id: uuid.UUID,
) -> list[ApiKey] | JobErrors:
    """The organization's keys, active first, newest first (never their secrets)."""
    async with sessions() as session:
        if not principal.is_admin_like and not await _may_manage(
            session, principal, organization_id
        ):
            return one_error(Code.FORBIDDEN, NOT_A_MEMBER)
        rows = await session.scalars(
            select(ApiKey)
            .where(ApiKey.organization_id == organization_id)
            .order_by(ApiKey.revoked_at.is_not(None), ApiKey.created_at.desc())
        )
        return list(rows)


async def authenticate(
    sessions: async_sessionmaker[AsyncSession], secret: str, *, now: datetime | None = None
) -> ApiCaller | None:
    """The caller a secret stands for; None for an unknown or revoked key, or one whose
    recruiter is no longer a member of its organization. Notes the key's use."""
    if not secret.startswith(SECRET_PREFIX) or len(secret) > 200:
        return None
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        key = await session.scalar(
            select(ApiKey).where(
                ApiKey.secret_sha256 == secret_digest(secret), ApiKey.revoked_at.is_(None)
            )
        )
        if key is None:
            return None
        principal = Principal(
            user_id=str(key.created_by),
            roles=frozenset({"recruiter"}),
            email=key.created_by_email,
            email_verified=True,
        )
        if not await is_member(session, principal, key.organization_id):
            return None
        if key.last_used_at is None or now - key.last_used_at >= LAST_USE_PRECISION:
            key.last_used_at = now
        return ApiCaller(
            key_id=key.id,
            organization_id=key.organization_id,
            scopes=frozenset(key.scopes),
            principal=principal,
        )
