"""A person's data exports in the schema (ADR 0038): asking for one (the person, or an
administrator on their behalf), following its parts, and its signed download link."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import Enum
from typing import Annotated

import strawberry
from jobkit.graphql import parse_uuid
from strawberry.types import Info

from identity.domain import export as domain
from identity.domain.errors import AccountError as DomainAccountError
from identity.domain.errors import AccountErrorCode as DomainCode
from identity.domain.errors import AccountErrors as DomainAccountErrors
from identity.domain.models import DataExport as ExportModel
from identity.graphql.context import IdentityContext
from identity.graphql.types import AccountErrors, ErasureCount
from identity.settings import IdentitySettings

MY_EXPORTS = 5
EXPORT_PAGE_MAX = 100


@strawberry.enum(description="Where an export stands.")
class DataExportState(Enum):
    PREPARING = "preparing"
    READY = "ready"
    EXPIRED = "expired"


@strawberry.type(description="One service's part of an export.")
class DataExportPart:
    service: str
    received_at: datetime | None = strawberry.field(
        description="When the service sent its part; null while it has not."
    )
    counts: list[ErasureCount] = strawberry.field(description="What the part holds, by kind.")


@strawberry.type(description="A copy of a person's data, assembled from every service.")
class DataExport:
    id: strawberry.ID
    user_id: strawberry.ID
    requested_by_themselves: bool = strawberry.field(
        description="False when an administrator asked on the person's behalf."
    )
    requested_at: datetime
    completed_at: datetime | None
    expires_at: datetime | None = strawberry.field(
        description="Until when the archive can be downloaded."
    )
    size: int | None = strawberry.field(description="The archive's size in bytes.")
    state: DataExportState
    download_url: str | None = strawberry.field(
        description="The archive's link, signed for you and valid until it expires; null while "
        "it is prepared, once expired, and for anyone but the person and whoever asked."
    )
    attempts: int
    parts: list[DataExportPart]


@strawberry.type
class DataExports:
    exports: list[DataExport]
    total: int


DataExportResult = Annotated[DataExport | AccountErrors, strawberry.union("DataExportResult")]


def _state(export: ExportModel) -> DataExportState:
    if export.completed_at is None:
        return DataExportState.PREPARING
    if export.archive_key is None or (
        export.expires_at is not None and export.expires_at <= datetime.now(UTC)
    ):
        return DataExportState.EXPIRED
    return DataExportState.READY


def _export(settings: IdentitySettings, progress: domain.ExportProgress, viewer: str) -> DataExport:
    row = progress.export
    return DataExport(
        id=strawberry.ID(str(row.id)),
        user_id=strawberry.ID(str(row.user_id)),
        requested_by_themselves=row.requested_by == str(row.user_id),
        requested_at=row.requested_at,
        completed_at=row.completed_at,
        expires_at=row.expires_at,
        size=row.archive_size if row.archive_key is not None else None,
        state=_state(row),
        download_url=domain.download_url(settings, row, user_id=viewer)
        if viewer in {str(row.user_id), row.requested_by}
        else None,
        attempts=row.attempts,
        parts=[
            DataExportPart(
                service=part.service,
                received_at=part.received_at,
                counts=[ErasureCount(kind=k, count=v) for k, v in sorted(part.counts.items())],
            )
            for part in progress.parts
        ],
    )


def _settings(info: Info[IdentityContext, None]) -> IdentitySettings:
    settings = info.context.settings
    assert isinstance(settings, IdentitySettings)
    return settings


async def _answer(
    info: Info[IdentityContext, None], result: ExportModel | DomainAccountErrors, viewer: str
) -> DataExportResult:
    if isinstance(result, DomainAccountErrors):
        return AccountErrors.from_domain(result)
    _, [progress] = await domain.exports_of(info.context.sessions, export_id=result.id)
    return _export(_settings(info), progress, viewer)


async def request_data_export(info: Info[IdentityContext, None]) -> DataExportResult:
    principal = info.context.require_principal()
    user_id = parse_uuid(principal.user_id)
    assert user_id is not None
    result = await domain.request_export(
        info.context.sessions,
        _settings(info),
        user_id=user_id,
        actor=principal.actor_id or principal.user_id,
    )
    return await _answer(info, result, principal.user_id)


async def export_user_data(
    info: Info[IdentityContext, None], user_id: strawberry.ID
) -> DataExportResult:
    principal = info.context.require_principal()
    actor = principal.actor_id or principal.user_id
    target = parse_uuid(user_id)
    result: ExportModel | DomainAccountErrors = (
        await domain.request_export(
            info.context.sessions, _settings(info), user_id=target, actor=actor, on_behalf=True
        )
        if target is not None
        else DomainAccountErrors(
            [DomainAccountError(DomainCode.NOT_FOUND, "No such user.", "userId")]
        )
    )
    return await _answer(info, result, actor)


async def my_data_exports(info: Info[IdentityContext, None]) -> list[DataExport]:
    principal = info.context.require_principal()
    user_id = parse_uuid(principal.user_id)
    assert user_id is not None
    _, found = await domain.exports_of(info.context.sessions, user_id=user_id, limit=MY_EXPORTS)
    return [_export(_settings(info), progress, principal.user_id) for progress in found]


async def data_exports(
    info: Info[IdentityContext, None],
    pending_only: bool = False,
    user_id: strawberry.ID | None = None,
    limit: int = 20,
    offset: int = 0,
) -> DataExports:
    principal = info.context.require_principal()
    viewer = principal.actor_id or principal.user_id
    total, found = await domain.exports_of(
        info.context.sessions,
        user_id=parse_uuid(user_id) if user_id else None,
        pending_only=pending_only,
        limit=max(1, min(limit, EXPORT_PAGE_MAX)),
        offset=max(0, offset),
    )
    return DataExports(
        total=total, exports=[_export(_settings(info), progress, viewer) for progress in found]
    )
