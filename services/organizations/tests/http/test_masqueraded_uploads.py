"""POST /uploads made while masquerading is audited like a mutation (jobkit.audit, ADR 0006): the
attempt is recorded in the outbox, attributed to the admin, before the file is stored, and its
outcome after; an upload that cannot be recorded is refused and nothing is stored."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest
from jobkit.audit import AUDIT_UNAVAILABLE
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.server import serve
from jobkit.testing.tokens import TokenIssuer
from organizations.db import outbox, uploads
from organizations.main import create_app
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.organizations.tests.http.test_uploads import count_rows, png, post_file

pytestmark = pytest.mark.integration


def _masquerading(tokens: TokenIssuer, admin: uuid.UUID, user: uuid.UUID) -> dict[str, str]:
    token = tokens.token(user, ["recruiter"], masqueraded=True, act={"sub": str(admin)})
    return {"Authorization": f"Bearer {token}", "X-Frontend": "jobboard/en"}


async def _audit_events(
    sessions: async_sessionmaker[AsyncSession], admin: uuid.UUID
) -> list[EventEnvelope]:
    async with sessions() as session:
        bodies = await session.scalars(
            select(outbox.c.body)
            .where(outbox.c.event_type.like("audit.masquerade.%"))
            .order_by(outbox.c.id)
        )
        events = [EventEnvelope.from_bytes(body) for body in bodies]
    return [event for event in events if event.actor == str(admin)]


async def _upload(
    service_url: str, headers: dict[str, str], data: bytes, **form: Any
) -> httpx.Response:
    async with httpx.AsyncClient(base_url=service_url, timeout=60) as client:
        return await post_file(client, headers, data, **form)


def _payloads(events: list[EventEnvelope]) -> list[tuple[str, dict[str, Any]]]:
    return [(event.type, event.payload) for event in events]


async def test_a_masqueraded_upload_is_attributed_to_the_admin(
    service_url: str,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    admin, user = uuid.uuid4(), uuid.uuid4()
    response = await _upload(service_url, _masquerading(tokens, admin, user), png())
    assert response.status_code == 201, response.text

    events = await _audit_events(committed_sessions, admin)
    [(attempted_type, attempted), (finished_type, finished)] = _payloads(events)
    assert attempted_type == "audit.masquerade.write_attempted"
    write_id = attempted.pop("write_id")
    assert attempted == {
        "admin_id": str(admin),
        "user_id": str(user),
        "service": "organizations",
        "operation_name": "POST /uploads",
        "fields": ["upload:organization_logo"],
        "variables": ["file", "private", "purpose"],  # names only, never values
    }
    assert finished_type == "audit.masquerade.write_finished"
    assert finished == {"write_id": write_id, "outcome": "succeeded", "errors": []}
    assert {event.aggregate_id for event in events} == {write_id}
    assert {event.site for event in events} == {"jobboard"}
    # the file belongs to the user acted as, as any write made for them
    async with committed_sessions() as session:
        owner = await session.scalar(
            select(uploads.c.owner_id).where(uploads.c.id == uuid.UUID(response.json()["id"]))
        )
    assert owner == str(user)


async def test_a_refused_masqueraded_upload_is_recorded_as_failed(
    service_url: str,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    admin, user = uuid.uuid4(), uuid.uuid4()
    response = await _upload(service_url, _masquerading(tokens, admin, user), png()[:-40])
    assert response.status_code == 422

    [(_, attempted), (_, finished)] = _payloads(await _audit_events(committed_sessions, admin))
    assert attempted["fields"] == ["upload:organization_logo"]
    assert finished["outcome"] == "failed"
    assert finished["errors"] == ["The image could not be read."]


async def test_uploads_made_as_oneself_or_refused_before_reading_are_not_audited(
    service_url: str,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    admin, user = uuid.uuid4(), uuid.uuid4()
    own = {"Authorization": f"Bearer {tokens.token(admin, ['administrator'])}"}
    assert (await _upload(service_url, own, png())).status_code == 201
    # not an upload at all (an unknown purpose): refused before anything could be written
    masquerading = _masquerading(tokens, admin, user)
    refused = await _upload(service_url, masquerading, png(), purpose="nothing_known")
    assert refused.status_code == 400
    assert await _audit_events(committed_sessions, admin) == []


async def test_an_upload_that_cannot_be_recorded_is_refused_and_not_stored(
    service_settings: ServiceSettings,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    app = create_app(service_settings)
    admin, user = uuid.uuid4(), uuid.uuid4()
    async with serve(app) as base_url, httpx.AsyncClient(base_url=base_url, timeout=60) as client:
        app.state.runtime.outbox = None  # nowhere to record the write
        before = await count_rows(committed_sessions)
        response = await post_file(client, _masquerading(tokens, admin, user), png())
        assert response.status_code == 403
        assert response.json() == {"error": "FORBIDDEN", "message": AUDIT_UNAVAILABLE}
        assert await count_rows(committed_sessions) == before
        # the same upload made as oneself is not a masquerade: it goes through
        own = {"Authorization": f"Bearer {tokens.token(user, ['recruiter'])}"}
        assert (await post_file(client, own, png())).status_code == 201
