from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import strawberry
from jobkit.daily import created_per_day
from jobkit.graphql import parse_uuid
from jobkit.permissions import AdminLike, IsAuthenticated
from sqlalchemy import select
from strawberry.types import Info

from identity.domain.audit import audit_log
from identity.domain.erasure import ServiceProgress, erasure_requests
from identity.domain.models import Site as SiteModel
from identity.domain.models import User as UserModel
from identity.domain.site_config import site_config
from identity.graphql.context import IdentityContext
from identity.graphql.exports import DataExport, DataExports, data_exports, my_data_exports
from identity.graphql.types import (
    AppConfigEntry,
    AuditEntry,
    AuditLog,
    ErasureCount,
    ErasureRequest,
    ErasureRequests,
    ErasureServiceProgress,
    ErasureServiceState,
    SignUpDay,
    Site,
    User,
)

AUDIT_PAGE_MAX = 100
ERASURE_PAGE_MAX = 100


def _counts(counts: dict[str, int]) -> list[ErasureCount]:
    return [ErasureCount(kind=kind, count=count) for kind, count in sorted(counts.items())]


def _service_progress(progress: ServiceProgress) -> ErasureServiceProgress:
    return ErasureServiceProgress(
        service=progress.service,
        state=ErasureServiceState.PENDING
        if progress.confirmed_at is None
        else ErasureServiceState.CONFIRMED,
        confirmed_at=progress.confirmed_at,
        erased=_counts(progress.erased),
        anonymized=_counts(progress.anonymized),
    )


def _reference(user_id: object) -> User:
    """A user by id, resolved lazily by the fields asked (admins read the audit log)."""
    return User(
        id=strawberry.ID(str(user_id)),
        name="",
        display_name="",
        first_name="",
        last_name="",
        email=None,
        roles=None,
        email_verified=None,
        pending_email=None,
        is_user_approved_and_verified=None,
        is_eligible_for_job_apply=None,
    )


@strawberry.type
class Query:
    @strawberry.field(description="The signed-in user, or null for visitors.")
    async def current_user(self, info: Info[IdentityContext, None]) -> User | None:
        principal = info.context.principal
        if principal is None:
            return None
        user = await info.context.load(UserModel, principal.user_id)
        return User.from_model(user) if user is not None else None

    @strawberry.field(
        description="The configuration of the site named by the X-Frontend header: every "
        "setting with its effective value; an empty list for a site the platform does not serve."
    )
    async def get_app_config(self, info: Info[IdentityContext, None]) -> list[AppConfigEntry]:
        async with info.context.sessions() as session:
            entries = await site_config(session, info.context.frontend.site)
        return [AppConfigEntry(name=e.name, key=e.key, value=e.value) for e in entries]

    @strawberry.field(
        description="The sites of the platform (administrators only).",
        permission_classes=[AdminLike],
    )
    async def sites(self, info: Info[IdentityContext, None]) -> list[Site]:
        async with info.context.sessions() as session:
            rows = await session.scalars(select(SiteModel).order_by(SiteModel.name))
            return [Site(name=r.name, label=r.label, default_locale=r.default_locale) for r in rows]

    @strawberry.field(
        description="Writes made while masquerading, newest first (administrators only).",
        permission_classes=[AdminLike],
    )
    async def audit_log(
        self,
        info: Info[IdentityContext, None],
        limit: int = 20,
        offset: int = 0,
        admin_id: strawberry.ID | None = None,
        user_id: strawberry.ID | None = None,
    ) -> AuditLog:
        page = await audit_log(
            sessions=info.context.sessions,
            limit=max(1, min(limit, AUDIT_PAGE_MAX)),
            offset=max(0, offset),
            admin_id=parse_uuid(admin_id) if admin_id else None,
            user_id=parse_uuid(user_id) if user_id else None,
        )
        people = {e.admin_id for e in page.entries} | {e.user_id for e in page.entries}
        # gathered, so the request's loader fetches them in one SELECT ... IN
        rows = await asyncio.gather(*(info.context.load(UserModel, uid) for uid in people))
        users = {row.id: row for row in rows if row is not None}

        def person(user_id: object) -> User:
            row = users.get(user_id)  # type: ignore[call-overload]
            return User.from_model(row) if row is not None else _reference(user_id)

        return AuditLog(
            total=page.total,
            entries=[
                AuditEntry(
                    write_id=strawberry.ID(str(e.write_id)),
                    admin=person(e.admin_id),
                    user=person(e.user_id),
                    service=e.service,
                    site=e.site,
                    operation_name=e.operation_name,
                    fields=e.fields,
                    variables=e.variables,
                    outcome=e.outcome,
                    errors=e.errors,
                    attempted_at=e.attempted_at,
                    finished_at=e.finished_at,
                )
                for e in page.entries
            ],
        )

    @strawberry.field(
        description="Accounts created on this site on each of the last `days` days (1 to 366, "
        "today included, UTC), zeros included (administrators only).",
        permission_classes=[AdminLike],
    )
    async def sign_ups_per_day(
        self, info: Info[IdentityContext, None], days: int = 30
    ) -> list[SignUpDay]:
        async with info.context.sessions() as session:
            found = await created_per_day(
                session,
                UserModel.created_at,
                where=UserModel.site == info.context.frontend.site,
                today=datetime.now(UTC).date(),
                days=days,
            )
        return [SignUpDay(day=item.day, count=item.count) for item in found]

    my_data_exports: list[DataExport] = strawberry.field(
        resolver=my_data_exports,
        description="Your latest data exports, newest first (ADR 0038).",
        permission_classes=[IsAuthenticated],
    )
    data_exports: DataExports = strawberry.field(
        resolver=data_exports,
        description="Data exports, newest first, with each service's part (administrators "
        "only). pendingOnly: those still being prepared; userId: one person's.",
        permission_classes=[AdminLike],
    )

    @strawberry.field(
        description="Deleted accounts' erasures, newest first, with each service's progress "
        "(administrators only; ADR 0036). pendingOnly: those some service has not confirmed.",
        permission_classes=[AdminLike],
    )
    async def erasure_requests(
        self,
        info: Info[IdentityContext, None],
        pending_only: bool = False,
        limit: int = 20,
        offset: int = 0,
    ) -> ErasureRequests:
        page = await erasure_requests(
            info.context.sessions,
            pending_only=pending_only,
            limit=max(1, min(limit, ERASURE_PAGE_MAX)),
            offset=max(0, offset),
        )
        return ErasureRequests(
            total=page.total,
            requests=[
                ErasureRequest(
                    user_id=strawberry.ID(str(r.user_id)),
                    requested_by=r.requested_by,
                    requested_at=r.requested_at,
                    last_asked_at=r.last_asked_at,
                    attempts=r.attempts,
                    completed_at=r.completed_at,
                    held_reason=r.held_reason,
                    services=[_service_progress(p) for p in r.services],
                )
                for r in page.requests
            ],
        )
