"""A resume is deleted with its entries and contact requests, by the applicant
(``deleteMyResume``) or with their account (identity.user.deleted): ``resumes.resume.deleted``
goes out once; the event again changes nothing."""

from __future__ import annotations

import uuid

import pytest
from jobkit.outbox import TOMBSTONE
from jobkit.testing.erasure import confirmations, deletion_event, deliver
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from jobkit.uploads.storage import LocalDiskStorage, storage_from_settings
from resumes.db import outbox, uploads
from resumes.domain.models import ContactRequest, Resume, WorkExperienceEntry
from resumes.messaging.consumers import identity_handlers
from resumes.settings import ResumesSettings
from sqlalchemy import func, insert, select
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
    # last, a tombstone: the compacted topic drops the resume's history with it (ADR 0036)
    async with committed_sessions() as session:
        last = (
            await session.execute(
                select(outbox.c.event_type, outbox.c.body, outbox.c.topic)
                .where(outbox.c.key == str(row.id))
                .order_by(outbox.c.id.desc())
                .limit(1)
            )
        ).one()
    assert last.event_type == TOMBSTONE
    assert last.body == b""
    assert last.topic.endswith("resumes.resume")
    again = (await owner.data(DELETE))["deleteMyResume"]
    assert again["errors"] == [{"code": "NOT_FOUND"}]


async def _upload(
    sessions: async_sessionmaker[AsyncSession], storage: LocalDiskStorage, owner: str
) -> uuid.UUID:
    upload_id = uuid.uuid4()
    key = f"{upload_id}/original.jpg"
    await storage.put(key, b"a picture of the applicant", "image/jpeg")
    async with sessions() as session, session.begin():
        await session.execute(
            insert(uploads).values(
                id=upload_id,
                owner_id=owner,
                kind="image",
                media_type="image/jpeg",
                filename="me.jpg",
                size=26,
                styles={"original": {"key": key}},
                private=False,
                purpose="resume_picture",
            )
        )
    return upload_id


async def test_a_deleted_account_takes_its_resume_and_files_once(
    service_settings: ResumesSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    """The erasure saga (ADR 0036): the resume, entries and files go; contact requests the
    person made as a recruiter stay without them; others' data stays; confirmed each time."""
    storage = storage_from_settings(service_settings)
    assert isinstance(storage, LocalDiskStorage)
    row = resume()
    other = resume()
    await persist(committed_sessions, row, other)
    person = str(row.owner_id)
    org = await organization(committed_sessions)
    made = contact_request(other, org, "pending", recruiter_id=person)
    await persist(committed_sessions, made)
    picture = await _upload(committed_sessions, storage, person)
    theirs = await _upload(committed_sessions, storage, str(other.owner_id))
    handler = identity_handlers(service_settings, storage)["identity.user.deleted"]
    for _ in range(2):
        await deliver(committed_sessions, handler, deletion_event(person))
    assert await _left(committed_sessions, row) == (0, 0, 0)
    assert await _left(committed_sessions, other) == (1, 1, 1)
    assert await _deleted_events(committed_sessions, row) == 1
    async with committed_sessions() as session:
        left = set(await session.scalars(select(uploads.c.id)))
        recruiter = await session.scalar(
            select(ContactRequest.recruiter_id).where(ContactRequest.id == made.id)
        )
    assert picture not in left
    assert theirs in left
    assert not storage.path(f"{picture}/original.jpg").exists()
    assert storage.path(f"{theirs}/original.jpg").exists()
    assert recruiter is not None
    assert recruiter.startswith("erased:")
    done = await confirmations(committed_sessions, outbox, service="resumes", user_id=person)
    assert [event.payload["erased"] for event in done] == [{"resumes": 1, "uploads": 1}, {}]
    assert done[0].payload["anonymized"] == {"contact_requests_made": 1}
    # an account that never had a resume, or an id that is not one's: nothing to do
    await deliver(committed_sessions, handler, deletion_event("admin-1"))
    assert await _left(committed_sessions, other) == (1, 1, 1)
