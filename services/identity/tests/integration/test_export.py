"""The export saga, identity's side (ADR 0038): asking opens a request that asks every exporter;
parts are recorded once and, with the last one, checked against their digests and assembled with
identity's own part into one archive, mailed as a signed link that only the person (or the
administrator who asked) can download until it expires; services that have not answered are
asked again; the archive is deleted at expiry and with the account."""

from __future__ import annotations

import hashlib
import io
import json
import uuid
import zipfile
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import httpx
import pytest
from identity.db import outbox
from identity.domain.account import delete_account
from identity.domain.export import STEP_LOCK, export_steps, request_export
from identity.domain.models import AuditEntry, DataExport, DataExportPart, User
from identity.domain.service import register_user
from identity.messaging.consumers import export_handlers
from identity.settings import IdentitySettings
from jobkit.contracts import EXPORT_REQUESTED, EXPORTERS, export_completed, export_topic
from jobkit.events import EventEnvelope
from jobkit.export import ExportPart, export_storage, part_key
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.smtp import Inbox, smtp_inbox
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

PASSWORD = "a long enough password"


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    with smtp_inbox() as handler:
        yield handler


@pytest.fixture
def settings(service_settings: IdentitySettings, inbox: Inbox) -> IdentitySettings:
    return service_settings.model_copy(update={"smtp_port": inbox.port})


async def _person(sessions: async_sessionmaker[AsyncSession], settings: IdentitySettings) -> User:
    user = await register_user(
        sessions=sessions,
        settings=settings,
        email=f"export-{uuid.uuid4().hex[:8]}@example.org",
        password=PASSWORD,
        first_name="Ada",
        last_name="Lovelace",
    )
    assert isinstance(user, User)
    return user


async def _requests(
    sessions: async_sessionmaker[AsyncSession], user_id: uuid.UUID
) -> list[EventEnvelope]:
    async with sessions() as session:
        bodies = await session.scalars(
            select(outbox.c.body)
            .where(outbox.c.key == str(user_id), outbox.c.event_type == EXPORT_REQUESTED)
            .order_by(outbox.c.id)
        )
        return [EventEnvelope.from_bytes(body) for body in bodies]


async def _send_part(
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    export: DataExport,
    service: str,
    *,
    tamper: bool = False,
) -> None:
    """What an exporter does: its part stored under the export, then announced."""
    part = ExportPart(service)
    part.add("things", [{"service": service, "owner": str(export.user_id)}])
    part.file("cv.pdf", f"%PDF {service}".encode())
    data = part.to_zip()
    key = part_key(str(export.id), service)
    await export_storage(settings).put(key, data + (b"x" if tamper else b""), "application/zip")
    handler = export_handlers(settings)[export_topic(service)][export_completed(service)]
    async with sessions() as session, session.begin():
        await handler(
            session,
            EventEnvelope(
                type=export_completed(service),
                aggregate_id=str(export.user_id),
                site="jobboard",
                payload={
                    "export_id": str(export.id),
                    "user_id": str(export.user_id),
                    "key": key,
                    "size": len(data),
                    "sha256": hashlib.sha256(data).hexdigest(),
                    "counts": part.counts(),
                },
            ),
        )


async def _export(sessions: async_sessionmaker[AsyncSession], export_id: uuid.UUID) -> DataExport:
    async with sessions() as session:
        found = await session.get(DataExport, export_id)
        assert found is not None
        return found


async def test_the_last_part_assembles_the_archive_and_mails_a_link_only_the_person_can_use(
    settings: IdentitySettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    inbox: Inbox,
    service_url: str,
    tokens: TokenIssuer,
) -> None:
    user = await _person(committed_sessions, settings)
    export = await request_export(committed_sessions, settings, user_id=user.id, actor=str(user.id))
    assert isinstance(export, DataExport)
    [asked] = await _requests(committed_sessions, user.id)
    assert asked.payload == {
        "export_id": str(export.id),
        "user_id": str(user.id),
        "email": user.email,
        "services": list(EXPORTERS),
    }
    # asking again while it is prepared answers the same export
    again = await request_export(committed_sessions, settings, user_id=user.id, actor=str(user.id))
    assert isinstance(again, DataExport)
    assert again.id == export.id

    for service in EXPORTERS[:-1]:
        await _send_part(committed_sessions, settings, export, service)
    await _send_part(committed_sessions, settings, export, EXPORTERS[0])  # again: the latest counts
    assert (await _export(committed_sessions, export.id)).completed_at is None
    assert inbox.to(user.email) == []
    await _send_part(committed_sessions, settings, export, EXPORTERS[-1])

    done = await _export(committed_sessions, export.id)
    assert done.completed_at is not None
    assert done.archive_key is not None
    assert done.expires_at is not None
    assert done.expires_at - done.completed_at == timedelta(seconds=settings.export_ttl_seconds)
    storage = export_storage(settings)
    archive = await storage.get(done.archive_key)
    assert done.archive_size == len(archive)
    with zipfile.ZipFile(io.BytesIO(archive)) as opened:
        names = set(opened.namelist())
        assert {"README.txt", "identity/data.json"} <= names
        for service in EXPORTERS:
            assert f"{service}/data.json" in names
            assert opened.read(f"{service}/files/cv.pdf") == f"%PDF {service}".encode()
        mine = json.loads(opened.read("identity/data.json"))
    assert mine["account"]["email"] == user.email
    assert mine["account"]["first_name"] == "Ada"
    assert mine["exports"][0]["id"] == str(export.id)
    for service in EXPORTERS:  # the parts went once assembled
        with pytest.raises(FileNotFoundError):
            await storage.get(part_key(str(export.id), service))

    [mail] = inbox.to(user.email)
    assert mail["Subject"] == "Your Jobboard data is ready to download"
    body = mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    links = [line for line in body.splitlines() if "/api/uploads/identity/files/" in line]
    assert len(links) == 1, body
    link = links[0]
    path = urlsplit(link)
    files_path = path.path.removeprefix("/api/uploads/identity") + "?" + path.query
    async with httpx.AsyncClient(base_url=service_url) as client:
        person = {"Authorization": f"Bearer {tokens.token(str(user.id))}"}
        answer = await client.get(files_path, headers=person)
        assert answer.status_code == 200
        assert answer.content == archive
        assert answer.headers["content-type"] == "application/zip"
        assert answer.headers["content-disposition"].startswith("attachment")
        assert "no-store" in answer.headers["cache-control"]
        # without a session: sign in first; anyone else, or a changed link: nothing
        assert (await client.get(files_path)).status_code == 401
        other = {"Authorization": f"Bearer {tokens.token(str(uuid.uuid4()))}"}
        assert (await client.get(files_path, headers=other)).status_code == 404
        forged = files_path.replace("signature=", "signature=0")
        assert (await client.get(forged, headers=person)).status_code == 404
        unsigned = files_path.partition("?")[0]
        assert (await client.get(unsigned, headers=person)).status_code == 404

    # at expiry the archive goes; the request stays as the record it was answered
    await export_steps(committed_sessions, settings, now=done.expires_at + timedelta(seconds=1))
    expired = await _export(committed_sessions, export.id)
    assert expired.archive_key is None
    assert expired.completed_at is not None
    with pytest.raises(FileNotFoundError):
        await storage.get(done.archive_key)


async def test_a_part_that_does_not_match_its_digest_is_asked_for_again(
    settings: IdentitySettings, committed_sessions: async_sessionmaker[AsyncSession], inbox: Inbox
) -> None:
    user = await _person(committed_sessions, settings)
    export = await request_export(committed_sessions, settings, user_id=user.id, actor=str(user.id))
    assert isinstance(export, DataExport)
    for service in EXPORTERS[:-1]:
        await _send_part(committed_sessions, settings, export, service)
    await _send_part(committed_sessions, settings, export, EXPORTERS[-1], tamper=True)
    assert (await _export(committed_sessions, export.id)).completed_at is None
    async with committed_sessions() as session:
        received = set(
            await session.scalars(
                select(DataExportPart.service).where(DataExportPart.export_id == export.id)
            )
        )
    assert received == set(EXPORTERS[:-1])
    assert inbox.to(user.email) == []

    # not yet due: nobody is asked; once due, only the missing service, then it completes
    await export_steps(committed_sessions, settings)
    assert len(await _requests(committed_sessions, user.id)) == 1
    later = datetime.now(UTC) + timedelta(seconds=settings.export_retry_after_seconds + 1)
    asked, _ = await export_steps(committed_sessions, settings, now=later)
    assert asked >= 1
    retry = (await _requests(committed_sessions, user.id))[-1]
    assert retry.payload["services"] == [EXPORTERS[-1]]
    assert retry.payload["export_id"] == str(export.id)
    await _send_part(committed_sessions, settings, export, EXPORTERS[-1])
    assert (await _export(committed_sessions, export.id)).completed_at is not None
    assert len(inbox.to(user.email)) == 1


async def test_a_replica_holding_the_lock_makes_another_skip(
    settings: IdentitySettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    user = await _person(committed_sessions, settings)
    export = await request_export(committed_sessions, settings, user_id=user.id, actor=str(user.id))
    assert isinstance(export, DataExport)
    later = datetime.now(UTC) + timedelta(seconds=settings.export_retry_after_seconds + 1)
    async with committed_sessions() as holder, holder.begin():
        await holder.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": STEP_LOCK})
        assert await export_steps(committed_sessions, settings, now=later) == (0, 0)
    assert len(await _requests(committed_sessions, user.id)) == 1


async def test_a_person_may_ask_a_few_times_a_day(
    settings: IdentitySettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    user = await _person(committed_sessions, settings)
    for _ in range(settings.export_daily_limit):
        export = await request_export(
            committed_sessions, settings, user_id=user.id, actor=str(user.id)
        )
        assert isinstance(export, DataExport)
        async with committed_sessions() as session, session.begin():  # answered meanwhile
            row = await session.get(DataExport, export.id)
            assert row is not None
            row.completed_at = datetime.now(UTC)
    refused = await request_export(
        committed_sessions, settings, user_id=user.id, actor=str(user.id)
    )
    assert not isinstance(refused, DataExport)
    [error] = refused.errors
    assert error.code == "THROTTLED"
    assert error.message == "You asked for a copy of your data 3 times today. Try again tomorrow."
    # an administrator acting on the person's request is not limited, and is on record
    admin = uuid.uuid4()
    on_behalf = await request_export(
        committed_sessions, settings, user_id=user.id, actor=str(admin), on_behalf=True
    )
    assert isinstance(on_behalf, DataExport)
    async with committed_sessions() as session:
        entry = await session.get(AuditEntry, on_behalf.id)
    assert entry is not None
    assert (entry.admin_id, entry.user_id) == (admin, user.id)
    assert entry.operation_name == "exportUserData"


async def test_deleting_the_account_deletes_its_exports(
    settings: IdentitySettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    user = await _person(committed_sessions, settings)
    export = await request_export(committed_sessions, settings, user_id=user.id, actor=str(user.id))
    assert isinstance(export, DataExport)
    await _send_part(committed_sessions, settings, export, EXPORTERS[0])
    await delete_account(
        sessions=committed_sessions,
        settings=settings,
        user_id=user.id,
        current_password=PASSWORD,
        actor=str(user.id),
    )
    async with committed_sessions() as session:
        assert await session.get(DataExport, export.id) is None
    with pytest.raises(FileNotFoundError):
        await export_storage(settings).get(part_key(str(export.id), EXPORTERS[0]))


EXPORTS = """{ myDataExports { id state requestedByThemselves downloadUrl
  parts { service receivedAt counts { kind count } } } }"""
REQUEST = """mutation { requestDataExport { __typename
  ... on DataExport { id state parts { service } }
  ... on AccountErrors { errors { code message } } } }"""
ON_BEHALF = """mutation($id: ID!) { exportUserData(userId: $id) { __typename
  ... on DataExport { id requestedByThemselves }
  ... on AccountErrors { errors { field code } } } }"""
ADMIN = """query($id: ID) { dataExports(userId: $id, pendingOnly: true) { total
  exports { id userId state attempts parts { service receivedAt } } } }"""


async def test_through_graphql_each_sees_their_own_and_admins_everyones(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    service_settings: IdentitySettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    user = await _person(committed_sessions, service_settings)
    person = graphql.as_user(tokens.token(str(user.id)))
    asked = (await person.data(REQUEST))["requestDataExport"]
    assert asked["__typename"] == "DataExport"
    assert asked["state"] == "PREPARING"
    assert [part["service"] for part in asked["parts"]] == list(EXPORTERS)
    [mine] = (await person.data(EXPORTS))["myDataExports"]
    assert mine["id"] == asked["id"]
    assert mine["requestedByThemselves"] is True
    assert mine["downloadUrl"] is None
    assert {part["receivedAt"] for part in mine["parts"]} == {None}
    stranger = graphql.as_user(tokens.token(str(uuid.uuid4())))
    assert (await stranger.data(EXPORTS))["myDataExports"] == []

    admin = graphql.as_user(tokens.token(str(uuid.uuid4()), ["administrator"]))
    listed = (await admin.data(ADMIN, id=str(user.id)))["dataExports"]
    assert [e["id"] for e in listed["exports"]] == [asked["id"]]
    # the open one is answered; an unknown person is refused with a field error
    again = (await admin.data(ON_BEHALF, id=str(user.id)))["exportUserData"]
    assert again["id"] == asked["id"]
    unknown = (await admin.data(ON_BEHALF, id=str(uuid.uuid4())))["exportUserData"]
    assert unknown["errors"] == [{"field": "userId", "code": "NOT_FOUND"}]

    for roles in (["applicant"], ["recruiter"]):
        caller = graphql.as_user(tokens.token(str(uuid.uuid4()), roles))
        for document, variables in ((ADMIN, {}), (ON_BEHALF, {"id": str(user.id)})):
            answer = await caller.execute(document, **variables)
            assert answer["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    for document in (EXPORTS, REQUEST):
        visitor = await graphql.execute(document)
        assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
