"""A person's data in their export from jobs (ADR 0038): what the erasure treats as theirs
(ADR 0036) — the applications they sent, signed in or as a visitor with their address, with the
recruiters' notes and their files' original bytes; bookmarks; reports; that they created jobs;
their uploads — and nothing of anyone else's; a file gone from storage is named, not fatal; the
part is stored under the export and announced through the outbox with its counts; a request
for other services is not ours; the erasure's group reads the requests."""

from __future__ import annotations

import hashlib
import uuid
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any, cast

import pytest
from jobkit import contracts
from jobkit.app import ServiceRuntime
from jobkit.export import export_storage, part_key
from jobkit.testing.erasure import deliver
from jobkit.testing.export import announcements, export_event, opened_part
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
)
from jobs.messaging.consumers import ERASURE_GROUP, build_consumers, export_handlers
from jobs.settings import JobsSettings
from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import job, organization

pytestmark = pytest.mark.integration

CV = b"%PDF-1.4 Ada's CV, the original bytes"


def _application(
    job_row: Job, applicant: str | None, email: str, *, name: str, notes: str | None
) -> Application:
    return Application(
        site="jobboard",
        job_id=job_row.id,
        organization_id=job_row.organization_id,
        applicant_id=applicant,
        first_name=name,
        last_name="Lovelace" if name == "Ada" else "Builder",
        email=email,
        phone="+44 20 7946 0000",
        cover_letter=f"Dear team, I am {name}.",
        answers=[{"question": "Why?", "type": "free_text", "answer": f"{name}'s reasons"}],
        workflow="on_site",
        status="shortlisted",
        notes=notes,
    )


async def _upload(
    sessions: async_sessionmaker[AsyncSession],
    storage: LocalDiskStorage,
    owner: str,
    *,
    filename: str,
    data: bytes | None,
    purpose: str = "application_attachment",
) -> uuid.UUID:
    """An upload row, and its original in storage unless ``data`` is None (a file gone)."""
    upload_id = uuid.uuid4()
    key = f"{upload_id}/original.pdf"
    if data is not None:
        await storage.put(key, data, "application/pdf")
    async with sessions() as session, session.begin():
        await session.execute(
            insert(uploads).values(
                id=upload_id,
                owner_id=owner,
                kind="pdf",
                media_type="application/pdf",
                filename=filename,
                size=len(data or b""),
                styles={"original": {"key": key, "media_type": "application/pdf"}},
                private=True,
                purpose=purpose,
            )
        )
    return upload_id


async def test_a_persons_data_is_exported_from_jobs_with_their_files(
    service_settings: JobsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    storage = storage_from_settings(service_settings)
    assert isinstance(storage, LocalDiskStorage)
    person, other = str(uuid.uuid4()), str(uuid.uuid4())
    org = organization()
    mine = job(org, title="Ada's own job", owner_id=uuid.UUID(person), owner_email="ada@x.org")
    theirs = job(org, title="Harbor nurse", owner_email="recruiter@greenharbor.example")
    await persist(committed_sessions, org, mine, theirs)
    applied = _application(theirs, person, "ada@example.org", name="Ada", notes="Ada was great")
    as_visitor = _application(mine, None, "ada@example.org", name="Ada", notes=None)
    kept = _application(theirs, other, "bob@example.org", name="Bob", notes="Bob was late")
    await persist(committed_sessions, applied, as_visitor, kept)
    my_cv = await _upload(committed_sessions, storage, person, filename="ada cv.pdf", data=CV)
    gone = await _upload(committed_sessions, storage, "anonymous", filename="gone.pdf", data=None)
    their_cv = await _upload(
        committed_sessions, storage, other, filename="bob-cv.pdf", data=b"%PDF-1.4 Bob's CV"
    )
    my_logo = await _upload(
        committed_sessions, storage, person, filename="logo.pdf", data=b"%PDF", purpose="job_file"
    )
    await persist(
        committed_sessions,
        ApplicationAttachment(upload_id=my_cv, application_id=applied.id, kind="cv"),
        ApplicationAttachment(upload_id=gone, application_id=as_visitor.id, kind="cover_letter"),
        ApplicationAttachment(upload_id=their_cv, application_id=kept.id, kind="cv"),
        Bookmark(user_id=person, job_id=theirs.id),
        Bookmark(user_id=other, job_id=mine.id),
        JobReport(
            job_id=theirs.id,
            site="jobboard",
            reporter=f"user:{person}",
            reason="scam",
            details="Asks for money",
        ),
        JobReport(job_id=theirs.id, site="jobboard", reporter=f"user:{other}", reason="other"),
        ApiKey(
            organization_id=org.id,
            name="Ada's ATS sync",
            prefix="jbk_ada123",
            secret_sha256="a" * 64,
            scopes=["jobs"],
            created_by=uuid.UUID(person),
            created_by_email="ada@x.org",
        ),
        ApiKey(
            organization_id=org.id,
            name="Bob's key",
            prefix="jbk_bob123",
            secret_sha256="b" * 64,
            scopes=["applications"],
            created_by=uuid.UUID(other),
        ),
        FeedSource(
            organization_id=org.id,
            name="Ada's careers feed",
            url="https://ada.example/jobs.xml",
            format="xml",
            created_by=uuid.UUID(person),
            created_by_email="ada@x.org",
            next_run_at=datetime.now(UTC),
        ),
        FeedSource(
            organization_id=org.id,
            name="Bob's feed",
            url="https://bob.example/jobs.json",
            format="json",
            created_by=uuid.UUID(other),
            next_run_at=datetime.now(UTC),
        ),
    )

    event = export_event(person, email="Ada@example.org")
    handler = export_handlers(service_settings, storage)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, event)

    [announced] = await announcements(committed_sessions, outbox, service="jobs", user_id=person)
    payload = announced.payload
    assert payload["export_id"] == event.payload["export_id"]
    assert payload["key"] == part_key(event.payload["export_id"], "jobs")
    assert payload["counts"] == {
        "applications": 2,
        "bookmarks": 1,
        "job_reports": 1,
        "jobs": 1,
        "api_keys": 1,
        "feed_sources": 1,
        "uploads": 2,
        "files": 1,
    }
    parts = export_storage(service_settings)
    stored = await parts.get(payload["key"])
    assert payload["size"] == len(stored)
    assert payload["sha256"] == hashlib.sha256(stored).hexdigest()

    document, files = await opened_part(parts, payload["key"])
    assert document["service"] == "jobs"
    assert set(document) == {
        "service",
        "applications",
        "bookmarks",
        "job_reports",
        "jobs",
        "api_keys",
        "feed_sources",
        "uploads",
    }
    [key] = document["api_keys"]
    assert (key["name"], key["prefix"], key["scopes"]) == ("Ada's ATS sync", "jbk_ada123", ["jobs"])
    assert "secret_sha256" not in key
    [feed] = document["feed_sources"]
    assert (feed["name"], feed["url"], feed["format"]) == (
        "Ada's careers feed",
        "https://ada.example/jobs.xml",
        "xml",
    )

    # applications: signed in, and as a visitor by address; the files' original bytes
    by_id: dict[str, dict[str, Any]] = {item["id"]: item for item in document["applications"]}
    assert set(by_id) == {str(applied.id), str(as_visitor.id)}
    signed_in, visitor = by_id[str(applied.id)], by_id[str(as_visitor.id)]
    assert signed_in["signed_in"] is True
    assert visitor["signed_in"] is False
    assert signed_in["job"] == {
        "id": str(theirs.id),
        "title": "Harbor nurse",
        "reference": theirs.slug,
        "site": "jobboard",
        "organization": org.name,
    }
    assert visitor["job"]["title"] == "Ada's own job"
    assert (signed_in["first_name"], signed_in["last_name"]) == ("Ada", "Lovelace")
    assert (signed_in["email"], signed_in["phone"]) == ("ada@example.org", "+44 20 7946 0000")
    assert signed_in["cover_letter"] == "Dear team, I am Ada."
    assert signed_in["answers"] == [
        {"question": "Why?", "type": "free_text", "answer": "Ada's reasons"}
    ]
    assert (signed_in["status"], signed_in["workflow"]) == ("shortlisted", "on_site")
    assert signed_in["sent_at"]
    assert signed_in["updated_at"]
    assert "status_changed_at" in signed_in
    assert signed_in["knocked_out"] is False
    assert signed_in["recruiter_notes"]["text"] == "Ada was great"
    assert signed_in["recruiter_notes"]["as_of"]
    assert visitor["recruiter_notes"] is None
    [cv] = signed_in["attachments"]
    assert cv["upload_id"] == str(my_cv)
    assert (cv["kind"], cv["filename"], cv["media_type"]) == ("cv", "ada cv.pdf", "application/pdf")
    assert cv["missing"] is False
    assert cv["file"] == "jobs/files/ada-cv.pdf"
    assert files == {"jobs/files/ada-cv.pdf": CV}
    [missing] = visitor["attachments"]
    assert (missing["upload_id"], missing["kind"]) == (str(gone), "cover_letter")
    assert (missing["file"], missing["missing"]) == (None, True)

    [bookmark] = document["bookmarks"]
    assert bookmark["job"] == {"id": str(theirs.id), "title": "Harbor nurse"}
    assert bookmark["bookmarked_at"]

    [report] = document["job_reports"]
    assert report["job"] == {"id": str(theirs.id), "title": "Harbor nurse"}
    assert (report["reason"], report["details"]) == ("scam", "Asks for money")
    assert report["reported_at"]
    assert report["resolved_at"] is None
    assert "reporter" not in report

    [created] = document["jobs"]
    assert set(created) == {"id", "title", "state", "created_at"}
    assert (created["id"], created["title"], created["state"]) == (
        str(mine.id),
        "Ada's own job",
        "draft",
    )

    uploaded = {item["id"]: item for item in document["uploads"]}
    assert set(uploaded) == {str(my_cv), str(my_logo)}
    assert uploaded[str(my_cv)]["file"] == "jobs/files/ada-cv.pdf"
    assert uploaded[str(my_logo)]["file"] is None
    assert uploaded[str(my_logo)]["purpose"] == "job_file"
    assert uploaded[str(my_cv)]["size"] == len(CV)

    # nobody else's data: not the other applicant, not the recruiters, not the job's addresses
    text = str(document)
    for theirs_only in (
        other,
        str(kept.id),
        str(their_cv),
        "bob@example.org",
        "Bob",
        "Bob was late",
        "recruiter@greenharbor.example",
        "jobs@greenharbor.example",
    ):
        assert theirs_only not in text
    assert not any("bob" in name for name in files)


async def test_a_request_for_other_services_is_not_ours(
    service_settings: JobsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    storage = storage_from_settings(service_settings)
    person = str(uuid.uuid4())
    org = organization()
    theirs = job(org)
    await persist(committed_sessions, org, theirs)
    await persist(committed_sessions, Bookmark(user_id=person, job_id=theirs.id))
    handler = export_handlers(service_settings, storage)[contracts.EXPORT_REQUESTED]
    event = export_event(person, services=["consent", "billing"])
    await deliver(committed_sessions, handler, event)
    assert await announcements(committed_sessions, outbox, service="jobs", user_id=person) == []
    with pytest.raises(FileNotFoundError):
        await export_storage(service_settings).get(part_key(event.payload["export_id"], "jobs"))


async def test_the_erasure_group_reads_the_export_requests(
    service_settings: JobsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    runtime = SimpleNamespace(
        settings=service_settings,
        sessions=committed_sessions,
        storage=storage_from_settings(service_settings),
    )
    consumers = build_consumers(cast(ServiceRuntime, runtime))
    groups = [consumer.group_id for consumer in consumers]
    assert len(groups) == len(set(groups))  # no group of its own
    [erasure] = [c for c in consumers if c.group_id == service_settings.topic(ERASURE_GROUP)]
    assert erasure.handled == {
        service_settings.topic(contracts.USER_TOPIC): (contracts.USER_DELETED,),
        service_settings.topic(contracts.EXPORT_REQUEST_TOPIC): (contracts.EXPORT_REQUESTED,),
    }
