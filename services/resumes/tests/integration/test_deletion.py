"""A resume is deleted with its entries and contact requests, by the applicant
(``deleteMyResume``) or with their account (identity.user.deleted): ``resumes.resume.deleted``
goes out once; the event again changes nothing."""

from __future__ import annotations

import pytest
from jobkit.events import EventEnvelope
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from resumes.db import outbox
from resumes.domain.models import ContactRequest, Resume, WorkExperienceEntry
from resumes.messaging.consumers import identity_handlers
from resumes.settings import ResumesSettings
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.resumes.tests.factories import contact_request, organization, resume

pytestmark = pytest.mark.integration

DELETE = """mutation { deleteMyResume { __typename ... on ResumeDeleted { id }
  ... on ResumeErrors { errors { code } } } }"""


async def _left(sessions: async_sessionmaker[AsyncSession], row: Resume) -> tuple[int, int, int]:
    async with sessions() as session:
        resumes = await session.scalar(select(func.count()).where(Resume.id == row.id))
        entries = await session.scalar(
            select(func.count()).where(WorkExperienceEntry.resume_id == row.id)
        )
        requests = await session.scalar(
            select(func.count()).where(ContactRequest.resume_id == row.id)
        )
        return int(resumes or 0), int(entries or 0), int(requests or 0)


async def _deleted_events(sessions: async_sessionmaker[AsyncSession], row: Resume) -> int:
    async with sessions() as session:
        return int(
            await session.scalar(
                select(func.count())
                .select_from(outbox)
                .where(outbox.c.key == str(row.id), outbox.c.event_type == "resumes.resume.deleted")
            )
            or 0
        )


async def test_the_applicant_deletes_the_resume(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    row = resume()
    await persist(committed_sessions, row)
    await persist(
        committed_sessions, contact_request(row, await organization(committed_sessions), "pending")
    )
    assert await _left(committed_sessions, row) == (1, 1, 1)
    owner = graphql.as_user(tokens.token(row.owner_id, ["applicant"]))
    assert (await owner.data(DELETE))["deleteMyResume"] == {
        "__typename": "ResumeDeleted",
        "id": str(row.id),
    }
    assert await _left(committed_sessions, row) == (0, 0, 0)
    assert await _deleted_events(committed_sessions, row) == 1
    again = (await owner.data(DELETE))["deleteMyResume"]
    assert again["errors"] == [{"code": "NOT_FOUND"}]


async def test_a_deleted_account_takes_its_resume_once(
    service_settings: ResumesSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    row = resume()
    other = resume()
    await persist(committed_sessions, row, other)
    handler = identity_handlers(service_settings)["identity.user.deleted"]
    event = EventEnvelope(
        type="identity.user.deleted",
        aggregate_id=str(row.owner_id),
        site="jobboard",
        payload={"user_id": str(row.owner_id), "roles": ["applicant"]},
    )
    for _ in range(2):
        async with committed_sessions() as session, session.begin():
            await handler(session, event)
    assert await _left(committed_sessions, row) == (0, 0, 0)
    assert await _left(committed_sessions, other) == (1, 1, 0)
    assert await _deleted_events(committed_sessions, row) == 1
    # an account that never had a resume, or an id that is not one's: nothing to do
    async with committed_sessions() as session, session.begin():
        await handler(session, event.model_copy(update={"payload": {"user_id": "admin-1"}}))
    assert await _left(committed_sessions, other) == (1, 1, 0)
