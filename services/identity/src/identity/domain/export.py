"""The export saga, identity's side (ADR 0038).

:func:`request_export` opens a request and publishes ``identity.export.requested`` naming every
exporter (``jobkit.contracts.EXPORTERS``). Each one stores its part in the shared export storage
and announces it with ``<service>.export.completed``; :func:`record_part` keeps the first
announcement and, with the last one, checks every part against its digest, adds identity's own
part (:func:`identity_part`) and assembles the archive, then mails the person a signed,
expiring link. :func:`export_steps` (a scheduled step, one replica at a time) asks the services
that have not answered again after ``export_retry_after_seconds`` and deletes archives past their
expiry.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
import uuid
import zipfile
import zlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from types import SimpleNamespace

from jobkit.contracts import EXPORTERS
from jobkit.export import ARCHIVE_TYPE, ExportCompleted, archive_key, export_storage
from jobkit.mail import compose, send_mail
from jobkit.outbox import enqueue
from jobkit.site_settings import site_names
from jobkit.uploads.signing import signature_holds
from jobkit.uploads.signing import signed_file_url as _signed_url
from jobkit.uploads.storage import Storage
from pydantic_core import to_jsonable_python
from sqlalchemy import func, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.db import outbox
from identity.domain.audit import record_admin_action
from identity.domain.errors import AccountError, AccountErrorCode, AccountErrors
from identity.domain.events import ExportRequested
from identity.domain.models import (
    AuditEntry,
    DataExport,
    DataExportPart,
    SiteSetting,
    SocialAccount,
    User,
    UserConsentMark,
    UserSession,
)
from identity.settings import IdentitySettings

log = logging.getLogger(__name__)

STEP_LOCK = zlib.crc32(b"identity.export.steps")
RETRY_ACTOR = "system:export-retry"
# the style the archive is signed and served under (jobkit.uploads.signing)
ARCHIVE_STYLE = "archive"
# the web path the upload proxy forwards to identity's /files/<id>/archive
DOWNLOAD_PATH = "/api/uploads/identity"
DAILY_LIMIT_MESSAGE = "You asked for a copy of your data {limit} times today. Try again tomorrow."

README = """A copy of the personal data {site} keeps about you, prepared on {date}.

Each folder is one part of the platform, with its data in data.json (machine-readable JSON)
and the original files you gave us (CVs, pictures, attachments) under files/. A record that
refers to a file names its path in this archive.

{services}

Questions about your data: reply to the mail that brought you this archive, or write to the
site's contact address.
"""


def _now() -> datetime:
    return datetime.now(UTC)


async def request_export(
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    *,
    user_id: uuid.UUID,
    actor: str,
    on_behalf: bool = False,
) -> DataExport | AccountErrors:
    """Open an export of the person's data, or answer the one still being prepared. A person
    may ask ``export_daily_limit`` times a day (an administrator acting for them is not
    limited). An administrator's request is written to the audit log."""
    async with sessions() as session, session.begin():
        user = await session.get(User, user_id, with_for_update=True)
        if user is None:
            return AccountErrors(
                [AccountError(AccountErrorCode.NOT_FOUND, "No such user.", "userId")]
            )
        now = _now()
        open_export = await session.scalar(
            select(DataExport)
            .where(DataExport.user_id == user_id, DataExport.completed_at.is_(None))
            .order_by(DataExport.requested_at.desc())
            .limit(1)
        )
        if open_export is not None:
            return open_export
        if not on_behalf:
            today = await session.scalar(
                select(func.count())
                .select_from(DataExport)
                .where(
                    DataExport.user_id == user_id,
                    DataExport.requested_by == str(user_id),
                    DataExport.requested_at > now - timedelta(days=1),
                )
            )
            if int(today or 0) >= settings.export_daily_limit:
                message = DAILY_LIMIT_MESSAGE.format(limit=settings.export_daily_limit)
                return AccountErrors([AccountError(AccountErrorCode.THROTTLED, message, None)])
        export = DataExport(
            id=uuid.uuid4(),
            user_id=user_id,
            site=user.site,
            requested_by=actor,
            requested_at=now,
            last_asked_at=now,
            attempts=1,
        )
        session.add(export)
        if on_behalf:
            record_admin_action(
                session,
                write_id=export.id,
                admin_id=uuid.UUID(actor),
                user_id=user_id,
                site=user.site,
                operation="exportUserData",
            )
        await _publish(session, settings, export, email=user.email, services=list(EXPORTERS))
        log.info("export %s of %s requested by %s", export.id, user_id, actor)
        return export


async def _publish(
    session: AsyncSession,
    settings: IdentitySettings,
    export: DataExport,
    *,
    email: str | None,
    services: list[str],
    actor: str | None = None,
) -> None:
    payload = ExportRequested(
        export_id=str(export.id), user_id=str(export.user_id), email=email, services=services
    )
    event = payload.envelope(
        aggregate_id=str(export.user_id),
        site=export.site,
        actor=actor or export.requested_by,
        aggregate_version=export.attempts,
    )
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)


async def identity_part(session: AsyncSession, user: User) -> dict[str, object]:
    """What identity keeps about the person: the account, its sign-ins, social sign-in links,
    consent marks, the audit log's entries about writes made in their name, and their export
    requests."""
    sessions = await session.scalars(
        select(UserSession).where(UserSession.user_id == user.id).order_by(UserSession.created_at)
    )
    socials = await session.scalars(select(SocialAccount).where(SocialAccount.user_id == user.id))
    marks = await session.scalars(select(UserConsentMark).where(UserConsentMark.user_id == user.id))
    audit = await session.scalars(
        select(AuditEntry).where(AuditEntry.user_id == user.id).order_by(AuditEntry.attempted_at)
    )
    exports = await session.scalars(
        select(DataExport).where(DataExport.user_id == user.id).order_by(DataExport.requested_at)
    )
    document = {
        "service": "identity",
        "account": {
            "id": user.id,
            "email": user.email,
            "pending_email": user.pending_email,
            "first_name": user.first_name,
            "last_name": user.last_name,
            "display_name": user.chosen_display_name,
            "roles": list(user.roles),
            "email_verified": user.email_verified,
            "signup_method": user.signup_method,
            "site": user.site,
            "created_at": user.created_at,
            "updated_at": user.updated_at,
            "blocked_at": user.blocked_at,
            "password_changed_at": user.password_changed_at,
            "inactivity_warned_at": user.inactivity_warned_at,
        },
        "sessions": [
            {
                "method": row.method,
                "user_agent": row.user_agent,
                "created_at": row.created_at,
                "last_used_at": row.last_used_at,
                "revoked_at": row.revoked_at,
                "revoked_reason": row.revoked_reason,
            }
            for row in sessions
        ],
        "social_accounts": [
            {"provider": row.provider, "subject": row.subject, "created_at": row.created_at}
            for row in socials
        ],
        "consent_marks": [
            {
                column.key: getattr(row, column.key)
                for column in UserConsentMark.__table__.columns
                if column.key != "user_id"
            }
            for row in marks
        ],
        # writes an administrator made while acting as the person (the administrator is not
        # named: their identity is their own data)
        "audit_log": [
            {
                "service": row.service,
                "operation": row.operation_name,
                "fields": list(row.fields),
                "outcome": row.outcome,
                "errors": list(row.errors),
                "at": row.attempted_at,
                "by_an_administrator": row.admin_id != user.id,
            }
            for row in audit
        ],
        "exports": [
            {
                "id": row.id,
                "requested_at": row.requested_at,
                "requested_by_themselves": row.requested_by == str(user.id),
                "completed_at": row.completed_at,
            }
            for row in exports
        ],
    }
    result: dict[str, object] = to_jsonable_python(document)
    return result


def assemble(
    identity_document: dict[str, object],
    parts: list[tuple[str, bytes]],
    *,
    site: str,
    prepared_on: datetime,
) -> bytes:
    """The archive: a README, identity's data.json and every service's part, each under its
    own folder (CPU-bound: call it in a worker thread)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        listed = ["identity/data.json: your account, sign-ins and requests"]
        archive.writestr(
            "identity/data.json",
            json.dumps(identity_document, ensure_ascii=False, indent=2, sort_keys=True),
        )
        for service, data in parts:
            with zipfile.ZipFile(io.BytesIO(data)) as part:
                names = part.namelist()
                for name in names:
                    if not name.startswith(f"{service}/") or ".." in name.split("/"):
                        raise ValueError(f"{service}'s part holds {name!r}")
                    archive.writestr(name, part.read(name))
            files = sum(1 for name in names if "/files/" in name)
            listed.append(f"{service}/: data.json" + (f" and {files} files" if files else ""))
        archive.writestr(
            "README.txt",
            README.format(
                site=site,
                date=prepared_on.strftime("%d %B %Y").lstrip("0"),
                services="\n".join(listed),
            ),
        )
    return buffer.getvalue()


def download_url(
    settings: IdentitySettings, export: DataExport, *, user_id: str, absolute: bool = False
) -> str | None:
    """The archive's link for ``user_id`` (the person or the administrator who asked), signed
    and valid until the archive expires; None when there is no archive."""
    if export.archive_key is None or export.expires_at is None:
        return None
    now = _now()
    if export.expires_at <= now:
        return None
    path = _signed_url(
        SimpleNamespace(upload_public_url=DOWNLOAD_PATH),
        export.id,
        ARCHIVE_STYLE,
        user_id=user_id,
        secret=settings.export_signing_secret,
        ttl_seconds=int((export.expires_at - now).total_seconds()),
        now=now.timestamp(),
    )
    return f"{settings.site_url.rstrip('/')}{path}" if absolute else path


def may_download(
    settings: IdentitySettings,
    export: DataExport,
    *,
    user_id: str,
    expires: str | None,
    signature: str | None,
) -> bool:
    """The link was signed for this signed-in user, who is the person or whoever asked."""
    if user_id not in {str(export.user_id), export.requested_by}:
        return False
    return signature_holds(
        settings.export_signing_secret,
        export.id,
        ARCHIVE_STYLE,
        user_id=user_id,
        expires=expires,
        signature=signature,
    )


def ready_mail(
    user: User, export: DataExport, *, link: str, site_name: str, settings: IdentitySettings
) -> EmailMessage:
    assert export.expires_at is not None
    until = export.expires_at.strftime("%d %B %Y").lstrip("0")
    asked = (
        "you asked for"
        if export.requested_by == str(user.id)
        else "an administrator prepared at your request"
    )
    account = f"{settings.site_url.rstrip('/')}/user/account"
    return compose(
        settings,
        to=user.email,
        subject=f"Your {site_name} data is ready to download",
        text=f"Hello {user.first_name},\n\n"
        f"the copy of your {site_name} data {asked} is ready: a zip archive with your account, "
        "applications, resume, alerts, consents and the files you gave us, in a folder per "
        "part of the site (data.json in each, machine-readable).\n\n"
        f"Download it until {until} (sign in first; the link works only for you):\n\n"
        f"{link}\n\n"
        f"The link is also on your account page: {account}\n\n"
        "If you did not ask for this, sign in and change your password.\n",
        message_key=f"{export.id}.export-ready",
    )


async def record_part(
    session: AsyncSession,
    settings: IdentitySettings,
    *,
    service: str,
    payload: dict[str, object],
    storage: Storage | None = None,
) -> None:
    """A service's ``<service>.export.completed``: the latest one kept; with the last exporter's the
    archive is assembled, stored and mailed. A part whose bytes do not match the announced
    digest is dropped (logged) and asked for again by the next retry."""
    announced = ExportCompleted.model_validate(payload)
    try:
        export_id = uuid.UUID(announced.export_id)
    except ValueError:
        log.warning("export part from %s for a malformed id", service)
        return
    export = await session.get(DataExport, export_id, with_for_update=True)
    if export is None or export.completed_at is not None:
        log.info("export part from %s for an unknown or finished export", service)
        return
    # the latest announcement counts: a service asked again stores its part again (new bytes,
    # the same key) and announces it after the first, in order (one partition per person)
    values = {
        "key": announced.key,
        "size": announced.size,
        "sha256": announced.sha256,
        "counts": announced.counts,
        "received_at": _now(),
    }
    await session.execute(
        insert(DataExportPart)
        .values(export_id=export_id, service=service, **values)
        .on_conflict_do_update(index_elements=["export_id", "service"], set_=values)
    )
    parts = {
        row.service: row
        for row in await session.scalars(
            select(DataExportPart).where(DataExportPart.export_id == export_id)
        )
    }
    if not set(EXPORTERS) <= set(parts):
        return
    await _complete(session, settings, export, parts, storage or export_storage(settings))


async def _complete(
    session: AsyncSession,
    settings: IdentitySettings,
    export: DataExport,
    parts: dict[str, DataExportPart],
    storage: Storage,
) -> None:
    user = await session.get(User, export.user_id)
    if user is None:  # the account went meanwhile: its export goes with it
        await session.delete(export)
        return
    contents: list[tuple[str, bytes]] = []
    for service in EXPORTERS:
        row = parts[service]
        try:
            data = await storage.get(row.key)
        except FileNotFoundError:
            data = b""
        if len(data) != row.size or hashlib.sha256(data).hexdigest() != row.sha256:
            log.error("export %s: %s's part does not match its announcement", export.id, service)
            await session.delete(row)
            return
        contents.append((service, data))
    now = _now()
    document = await identity_part(session, user)
    site_name = (await site_names(session, SiteSetting.__table__, [user.site]))[user.site]
    archive = await asyncio.to_thread(assemble, document, contents, site=site_name, prepared_on=now)
    key = archive_key(str(export.id))
    await storage.put(key, archive, ARCHIVE_TYPE)
    export.completed_at = now
    export.archive_key = key
    export.archive_size = len(archive)
    export.expires_at = now + timedelta(seconds=settings.export_ttl_seconds)
    link = download_url(settings, export, user_id=str(user.id), absolute=True)
    assert link is not None
    # raises when the relay refuses: the transaction rolls back and the event is retried
    mail = ready_mail(user, export, link=link, site_name=site_name, settings=settings)
    await send_mail(mail, settings=settings)
    for row in parts.values():
        await storage.delete(row.key)
    log.info("export %s of %s assembled (%d bytes)", export.id, user.id, len(archive))


async def export_steps(
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    *,
    now: datetime | None = None,
    storage: Storage | None = None,
) -> tuple[int, int]:
    """Ask the services that have not sent their part of an open export within the retry
    delay again, and delete archives past their expiry; (exports asked again, archives
    deleted). One replica at a time (a transaction-scoped advisory lock)."""
    now = now or _now()
    store = storage or export_storage(settings)
    due = now - timedelta(seconds=settings.export_retry_after_seconds)
    asked = dropped = 0
    async with sessions() as session, session.begin():
        if not await session.scalar(
            text("SELECT pg_try_advisory_xact_lock(:key)"), {"key": STEP_LOCK}
        ):
            return 0, 0
        waiting = list(
            await session.scalars(
                select(DataExport)
                .where(DataExport.completed_at.is_(None), DataExport.last_asked_at <= due)
                .order_by(DataExport.last_asked_at)
                .limit(200)
                .with_for_update(skip_locked=True)
            )
        )
        for export in waiting:
            received = set(
                await session.scalars(
                    select(DataExportPart.service).where(DataExportPart.export_id == export.id)
                )
            )
            missing = [service for service in EXPORTERS if service not in received]
            user = await session.get(User, export.user_id)
            if user is None:
                await session.delete(export)
                continue
            if not missing:  # completes in the last part's transaction: never left like this
                continue
            export.attempts += 1
            export.last_asked_at = now
            await _publish(
                session, settings, export, email=user.email, services=missing, actor=RETRY_ACTOR
            )
            asked += 1
            log.warning(
                "export %s asked again (attempt %d) of %s",
                export.id,
                export.attempts,
                ", ".join(missing),
            )
        expired = list(
            await session.scalars(
                select(DataExport)
                .where(DataExport.archive_key.is_not(None), DataExport.expires_at <= now)
                .limit(200)
                .with_for_update(skip_locked=True)
            )
        )
        for export in expired:
            assert export.archive_key is not None
            await store.delete(export.archive_key)
            export.archive_key = None
            dropped += 1
    return asked, dropped


async def forget_exports(session: AsyncSession, settings: IdentitySettings, user: User) -> int:
    """In an account's deletion: its export requests go, with their archives and parts."""
    store = export_storage(settings)
    exports = list(await session.scalars(select(DataExport).where(DataExport.user_id == user.id)))
    for export in exports:
        if export.archive_key is not None:
            await store.delete(export.archive_key)
        for part_key in await session.scalars(
            select(DataExportPart.key).where(DataExportPart.export_id == export.id)
        ):
            await store.delete(part_key)
        await session.delete(export)
    return len(exports)


@dataclass(frozen=True)
class PartProgress:
    service: str
    received_at: datetime | None
    counts: dict[str, int]


@dataclass(frozen=True)
class ExportProgress:
    export: DataExport
    parts: list[PartProgress]


async def exports_of(
    sessions: async_sessionmaker[AsyncSession],
    *,
    user_id: uuid.UUID | None = None,
    export_id: uuid.UUID | None = None,
    pending_only: bool = False,
    limit: int = 20,
    offset: int = 0,
) -> tuple[int, list[ExportProgress]]:
    """Exports newest first (one person's, or every one), each with every exporter's part
    (three statements)."""
    where = []
    if user_id is not None:
        where.append(DataExport.user_id == user_id)
    if export_id is not None:
        where.append(DataExport.id == export_id)
    if pending_only:
        where.append(DataExport.completed_at.is_(None))
    async with sessions() as session:
        total = int(
            await session.scalar(select(func.count()).select_from(DataExport).where(*where)) or 0
        )
        rows = list(
            await session.scalars(
                select(DataExport)
                .where(*where)
                .order_by(DataExport.requested_at.desc(), DataExport.id)
                .limit(limit)
                .offset(offset)
            )
        )
        parts: dict[uuid.UUID, dict[str, DataExportPart]] = {}
        if rows:
            for part in await session.scalars(
                select(DataExportPart).where(DataExportPart.export_id.in_([r.id for r in rows]))
            ):
                parts.setdefault(part.export_id, {})[part.service] = part
    return total, [
        ExportProgress(
            export=row,
            parts=[
                PartProgress(
                    service=service,
                    received_at=found.received_at if found else None,
                    counts={k: int(v) for k, v in found.counts.items()} if found else {},
                )
                for service in EXPORTERS
                for found in [parts.get(row.id, {}).get(service)]
            ],
        )
        for row in rows
    ]
