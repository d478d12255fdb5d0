"""A deleted account in jobs (ADR 0036): its applications stay anonymized (the organization's
statistics) with their files deleted from storage, its bookmarks go, its reports and jobs stay
without it; nobody else's data changes; a second delivery changes nothing; the confirmation goes
out through the outbox."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest
from jobkit import contracts
from jobkit.testing.erasure import confirmations, deletion_event, deliver
from jobkit.testing.service import persist
from jobkit.uploads.storage import LocalDiskStorage, storage_from_settings
from jobs.db import outbox, uploads
from jobs.domain.models import (
    ApiKey,
    Application,
    ApplicationAttachment,
    Bookmark,
    FeedSource,
    Job,
    JobReport,
    RateLimitHit,
)
from jobs.messaging.consumers import erasure_handlers
from jobs.settings import JobsSettings
from sqlalchemy import func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import job, organization

pytestmark = pytest.mark.integration


def _application(job_row: Job, applicant: str | None, email: str) -> Application:
    return Application(
        site="jobboard",
        job_id=job_row.id,
        organization_id=job_row.organization_id,
        applicant_id=applicant,
        first_name="Ada",
        last_name="Lovelace",
        email=email,
        phone="+44 20 7946 0000",
        cover_letter="Dear team, I am Ada.",
        answers=[{"question": "Why?", "type": "text", "answer": "Ada's reasons"}],
        workflow="on_site",
        status="shortlisted",
        notes="Ada was great",
    )


async def _upload(
    sessions: async_sessionmaker[AsyncSession], storage: LocalDiskStorage, owner: str
) -> uuid.UUID:
    upload_id = uuid.uuid4()
    key = f"{upload_id}/original.pdf"
    await storage.put(key, b"%PDF-1.4 Ada's CV", "application/pdf")
    async with sessions() as session, session.begin():
        await session.execute(
            insert(uploads).values(
                id=upload_id,
                owner_id=owner,
                kind="pdf",
                media_type="application/pdf",
                filename="ada-cv.pdf",
                size=17,
                styles={"original": {"key": key}},
                private=True,
                purpose="application_attachment",
            )
        )
    return upload_id


async def test_a_deleted_account_is_erased_from_jobs_once(
    service_settings: JobsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    storage = storage_from_settings(service_settings)
    assert isinstance(storage, LocalDiskStorage)
    person, other = str(uuid.uuid4()), str(uuid.uuid4())
    org = organization()
    mine = job(org, owner_id=uuid.UUID(person), owner_email="ada@example.org")
    theirs = job(org)
    await persist(committed_sessions, org, mine, theirs)
    applied = _application(theirs, person, "ada@example.org")
    kept = _application(theirs, other, "bob@example.org")
    as_visitor = _application(mine, None, "ada@example.org")
    await persist(committed_sessions, applied, kept, as_visitor)
    my_file = await _upload(committed_sessions, storage, person)
    their_file = await _upload(committed_sessions, storage, other)
    await persist(
        committed_sessions,
        ApplicationAttachment(upload_id=my_file, application_id=applied.id, kind="cv"),
        ApplicationAttachment(upload_id=their_file, application_id=kept.id, kind="cv"),
        Bookmark(user_id=person, job_id=theirs.id),
        Bookmark(user_id=other, job_id=theirs.id),
        JobReport(job_id=theirs.id, site="jobboard", reporter=f"user:{person}", reason="scam"),
    )
    my_key, their_key = (
        ApiKey(
            organization_id=org.id,
            name="ATS",
            prefix="jbk_abcdef",
            secret_sha256=uuid.uuid4().hex * 2,
            scopes=["jobs"],
            created_by=uuid.UUID(maker),
            created_by_email=f"{maker[:8]}@example.org",
        )
        for maker in (person, other)
    )
    my_feed, their_feed = (
        FeedSource(
            organization_id=org.id,
            name="Careers feed",
            url="https://ngo.example/jobs.xml",
            format="xml",
            created_by=uuid.UUID(maker),
            created_by_email=f"{maker[:8]}@example.org",
            next_run_at=datetime.now(UTC),
        )
        for maker in (person, other)
    )
    await persist(committed_sessions, my_key, their_key, my_feed, their_feed)

    handler = erasure_handlers(service_settings, storage)[contracts.USER_DELETED]
    for _ in range(2):
        await deliver(committed_sessions, handler, deletion_event(person, email="Ada@example.org"))

    async with committed_sessions() as session:
        row = await session.get(Application, applied.id)
        assert row is not None
        assert (row.applicant_id, row.first_name, row.last_name, row.phone) == (None, "", "", None)
        assert row.email == f"erased:{applied.id}"
        assert (row.cover_letter, row.answers, row.notes) == (None, [], None)
        assert row.status == "shortlisted"  # the organization's statistics
        visitor_row = await session.get(Application, as_visitor.id)
        assert visitor_row is not None
        assert (visitor_row.email, visitor_row.first_name) == (f"erased:{as_visitor.id}", "")
        other_row = await session.get(Application, kept.id)
        assert other_row is not None
        assert other_row.email == "bob@example.org"
        assert other_row.notes == "Ada was great"
        files = set(await session.scalars(select(uploads.c.id)))
        assert my_file not in files
        assert their_file in files
        assert set(await session.scalars(select(Bookmark.user_id))) >= {other}
        assert (
            await session.scalar(
                select(func.count()).select_from(Bookmark).where(Bookmark.user_id == person)
            )
            == 0
        )
        reporters = set(
            await session.scalars(select(JobReport.reporter).where(JobReport.job_id == theirs.id))
        )
        assert len(reporters) == 1
        assert person not in next(iter(reporters))
        created = await session.get(Job, mine.id)
        assert created is not None
        assert created.owner_id != uuid.UUID(person)
        assert created.owner_email is None
        # the key acted as the person and names them: it goes; a colleague's stays
        assert set(
            await session.scalars(select(ApiKey.id).where(ApiKey.organization_id == org.id))
        ) == {their_key.id}
        # a feed source is the organization's: it stays, its maker anonymized as their jobs'
        feed = await session.get(FeedSource, my_feed.id)
        assert feed is not None
        assert (feed.created_by, feed.created_by_email) == (created.owner_id, None)
        kept_feed = await session.get(FeedSource, their_feed.id)
        assert kept_feed is not None
        assert kept_feed.created_by == uuid.UUID(other)
    assert not storage.path(f"{my_file}/original.pdf").exists()
    assert storage.path(f"{their_file}/original.pdf").exists()

    done = await confirmations(committed_sessions, outbox, service="jobs", user_id=person)
    assert len(done) == 2
    assert done[0].payload["erased"] == {"api_keys": 1, "application_files": 1, "bookmarks": 1}
    assert done[0].payload["anonymized"] == {
        "applications": 2,
        "feed_sources": 1,
        "job_reports": 1,
        "jobs": 1,
    }
    assert done[1].payload["erased"] == {}
    assert done[1].payload["anonymized"] == {}


async def test_the_rate_limit_counters_naming_the_person_go(
    service_settings: JobsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    """The counters of applications and reports per account and address name the person; they
    go with the erasure instead of when later hits prune old windows (a day or more on)."""
    storage = storage_from_settings(service_settings)
    person, other = str(uuid.uuid4()), str(uuid.uuid4())
    address = f"ada_{person[:8]}@example.org"  # "_" is no wildcard here
    keys = {
        f"apply:email:{address}": True,
        f"apply:user:{person}": True,
        f"report:user:{person}": True,
        f"apply:email:adax{person[:8]}@example.org": False,
        f"apply:user:{other}": False,
    }
    window = datetime.now(UTC).replace(microsecond=0)
    async with committed_sessions() as session, session.begin():
        await session.execute(
            insert(RateLimitHit),
            [{"key": key, "window_start": window, "count": 1} for key in keys],
        )

    handler = erasure_handlers(service_settings, storage)[contracts.USER_DELETED]
    await deliver(committed_sessions, handler, deletion_event(person, email=address.upper()))

    async with committed_sessions() as session:
        left = set(
            await session.scalars(select(RateLimitHit.key).where(RateLimitHit.key.in_(keys)))
        )
    assert left == {key for key, theirs in keys.items() if not theirs}
    [done] = await confirmations(committed_sessions, outbox, service="jobs", user_id=person)
    assert done.payload["erased"] == {"rate_limits": 3}
