"""The ATS API's batch use case (``put_jobs``: the batch endpoint, the feed import's chunks, the
data set) against the real database: its reads and the outbox's writes are one statement per
batch, so a job costs the same few statements whatever the batch's size (issue 27, ADR 0042),
and a refused job still rolls back alone with its own errors."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

import pytest
from jobkit.auth import Principal
from jobkit.testing.service import persist
from jobkit.testing.statements import StatementLog
from jobs.db import outbox
from jobs.domain import snapshots
from jobs.domain.ats import AtsJob, PutJob, put_jobs
from jobs.domain.errors import JobErrors
from jobs.domain.fingerprint import fingerprint_of
from jobs.domain.models import Job, KnownOrganization
from jobs.settings import JobsSettings
from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests import factories
from services.jobs.tests.factories import organization, seed_terms

pytestmark = pytest.mark.integration

ADMIN = Principal(user_id=str(uuid.uuid4()), roles=frozenset({"administrator"}))
# statements a job of a batch costs when it is put in a savepoint of its own (a job the batch
# replaces, and every job when the batch is put again after a conflict): its savepoint and
# its release, the job's INSERT and its UPDATE (the groups, the slug, the state), its slug's
# INSERT
PER_JOB_IN_SAVEPOINT = 5


def _body(title: str, **overrides: Any) -> AtsJob:
    return AtsJob.model_validate(
        {
            "title": title,
            "description": "<p>Care for the harbour's families.</p>",
            "locations": [
                {
                    "address": {
                        "country_code": "US",
                        "locality": "Boston",
                        "administrative_area": "MA",
                        "address_line1": "1 Harbor Way",
                        "zip": "02110",
                    }
                }
            ],
            "remote_option_tids": [3300],
            "employment_type_tids": [3000],
            "occupational_field_tids": [4100],
            "application_workflow": "email",
            "application_emails": ["jobs@greenharbor.example"],
            "publish": True,
        }
        | overrides
    )


async def _organization(sessions: async_sessionmaker[AsyncSession]) -> uuid.UUID:
    await seed_terms(sessions)
    org = organization()
    await persist(sessions, org)
    return org.id


def _count(log: StatementLog, start: str) -> int:
    return sum(1 for statement in log.statements if statement.lstrip().startswith(start))


@pytest.mark.parametrize("savepoints", [False, True], ids=["new-jobs-together", "savepoints"])
async def test_a_batch_costs_the_same_few_statements_a_job_whatever_its_size(
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: JobsSettings,
    statements: Callable[[], AbstractContextManager[StatementLog]],
    savepoints: bool,
) -> None:
    organization_id = await _organization(committed_sessions)
    tag = uuid.uuid4().hex[:6]
    # a claim of ``harbour-nurse-<tag>-practitioner`` must not make the batch read again
    # what ``harbour-nurse-<tag>`` has taken
    titles = [f"Harbour Nurse {tag}", f"Harbour Nurse {tag} Practitioner", f"Harbour Pilot {tag}"]
    logs = []
    for size in (3, 30):
        jobs = [(f"{tag}-{size}-{n}", _body(titles[n % 3])) for n in range(size)]
        with statements() as log:
            results = await put_jobs(
                sessions=committed_sessions,
                settings=service_settings,
                principal=ADMIN,
                organization_id=organization_id,
                jobs=jobs,
                savepoints=savepoints,
            )
        assert all(isinstance(result, PutJob) for result in results), results
        logs.append(log)
        # the reads of the batch (its jobs by reference, the terms, the slugs' bases) and the
        # outbox's rows (three events a job) are one statement each; a claim answers from
        # what the batch read and claimed, never with a read of its own
        assert _count(log, "INSERT INTO outbox") == 1
        assert _count(log, "SELECT pg_notify") == 1
        assert _count(log, "SELECT vocabulary_terms") == 1
        assert _count(log, "SELECT pg_advisory_xact_lock") == 1
        assert _count(log, "SELECT EXISTS") == 0
        if not savepoints:
            # the new jobs checked first, then written together: their rows and their slugs'
            # rows one statement each, no savepoint, nothing updated after its INSERT
            assert _count(log, "SAVEPOINT") == 0
            assert _count(log, "INSERT INTO jobs") == 1
            assert _count(log, "INSERT INTO job_slugs") == 1
            assert _count(log, "UPDATE") == 0
    small, large = logs
    # the events' INSERT is one text whatever the batch's length: compiled and prepared once
    assert [s for s in small.statements if s.startswith("INSERT INTO outbox")] == [
        s for s in large.statements if s.startswith("INSERT INTO outbox")
    ]
    if savepoints:
        assert large.count - small.count <= PER_JOB_IN_SAVEPOINT * (30 - 3), (
            small.count,
            large.count,
        )
    else:
        assert large.count == small.count, (small.statements, large.statements)
    async with committed_sessions() as session:
        ids = [
            str(job_id)
            for job_id in await session.scalars(
                select(Job.id).where(Job.organization_id == organization_id)
            )
        ]
        events = await session.scalar(
            select(func.count()).select_from(outbox).where(outbox.c.key.in_(ids))
        )
        slugs = set(
            await session.scalars(select(Job.slug).where(Job.organization_id == organization_id))
        )
    assert events == 3 * 33  # created, submitted, publication asked for
    assert len(slugs) == 33


@pytest.mark.parametrize("savepoints", [False, True], ids=["new-jobs-together", "savepoints"])
async def test_a_refused_job_rolls_back_alone_and_frees_its_slug(
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: JobsSettings,
    savepoints: bool,
) -> None:
    organization_id = await _organization(committed_sessions)
    tag = uuid.uuid4().hex[:6]
    title = f"Harbour Medic {tag}"
    base = f"harbour-medic-{tag}"
    results = await put_jobs(
        sessions=committed_sessions,
        settings=service_settings,
        principal=ADMIN,
        organization_id=organization_id,
        jobs=[
            (f"{tag}-1", _body(title)),
            # an unknown term: refused after its slug was claimed
            (f"{tag}-2", _body(title, employment_type_tids=[999_999])),
            (f"{tag}-3", _body(title)),
            (f"{tag}-1", _body(title, description="<p>Changed.</p>")),
        ],
        savepoints=savepoints,
    )
    first, refused, third, again = results
    assert isinstance(refused, JobErrors)
    assert [(e.code, e.field) for e in refused.errors] == [("UNKNOWN_TERM", "employment_type_tids")]
    assert isinstance(first, PutJob)
    assert isinstance(third, PutJob)
    assert isinstance(again, PutJob)
    assert first.job.slug == base
    assert third.job.slug == f"{base}-2"  # the refused job's claim was rolled back
    assert again.job.id == first.job.id
    assert not again.created
    assert again.job.description == "<p>Changed.</p>"
    async with committed_sessions() as session:
        keys = list(
            await session.scalars(
                select(outbox.c.key)
                .where(outbox.c.key.in_([str(first.job.id), str(third.job.id)]))
                .order_by(outbox.c.id)
            )
        )
        jobs = await session.scalar(
            select(func.count()).select_from(Job).where(Job.external_reference.like(f"{tag}-%"))
        )
    assert jobs == 2
    # each job's events in its order: created, submitted, publication asked for; the second
    # put of the first job its update
    assert keys.count(str(first.job.id)) == 4
    assert keys.count(str(third.job.id)) == 3


async def test_a_new_jobs_events_carry_what_the_database_wrote(
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: JobsSettings,
) -> None:
    """A batch's new jobs are written together after their events were made: their snapshots'
    times are the row's (the transaction's time, as the database's defaults write it), and the
    answer is the row as written."""
    organization_id = await _organization(committed_sessions)
    tag = uuid.uuid4().hex[:6]
    results = await put_jobs(
        sessions=committed_sessions,
        settings=service_settings,
        principal=ADMIN,
        organization_id=organization_id,
        jobs=[(f"{tag}-{n}", _body(f"Harbour Diver {tag}")) for n in range(3)],
    )
    puts = [result for result in results if isinstance(result, PutJob)]
    assert len(puts) == 3
    async with committed_sessions() as session:
        for put in puts:
            row = await session.get(Job, put.job.id)
            assert row is not None
            bodies = [
                json.loads(body)
                for body in await session.scalars(
                    select(outbox.c.body).where(outbox.c.key == str(row.id)).order_by(outbox.c.id)
                )
            ]
            types = [body["type"] for body in bodies]
            assert types == ["jobs.job.created", "jobs.job.submitted", "jobs.job.publish_requested"]
            created = bodies[0]["payload"]
            assert datetime.fromisoformat(created["created_at"]) == row.created_at
            assert datetime.fromisoformat(created["updated_at"]) == row.updated_at
            assert created["slug"] == row.slug
            assert (put.job.created_at, put.job.updated_at, put.job.state, put.job.version) == (
                row.created_at,
                row.updated_at,
                row.state,
                row.version,
            )


async def _waiting_on_a_lock(sessions: async_sessionmaker[AsyncSession]) -> None:
    for _ in range(200):
        async with sessions() as session:
            waiting = await session.scalar(
                text(
                    "SELECT count(*) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND wait_event_type = 'Lock'"
                )
            )
        if waiting:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the batch never waited for the other request's job")


async def test_a_reference_another_request_makes_meanwhile_puts_the_batch_again_job_by_job(
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: JobsSettings,
) -> None:
    """The batch's new jobs are written together: when another request makes a job with one of
    their references at the same moment, the batch's writes break the reference's constraint
    and the batch is put again, each job in its own savepoint; the other jobs are saved as
    ever, and the contested one replaces the other request's job once it is committed."""
    organization_id = await _organization(committed_sessions)
    tag = uuid.uuid4().hex[:6]
    async with committed_sessions() as session:
        org = await session.get(KnownOrganization, organization_id)
    assert org is not None
    other = factories.job(org, external_reference=f"{tag}-contested", title=f"Harbour Oiler {tag}")
    async with committed_sessions() as meanwhile, meanwhile.begin():
        meanwhile.add(other)
        await meanwhile.flush()  # its row is written, not committed: the batch waits for it
        batch = asyncio.create_task(
            put_jobs(
                sessions=committed_sessions,
                settings=service_settings,
                principal=ADMIN,
                organization_id=organization_id,
                jobs=[
                    (f"{tag}-free", _body(f"Harbour Mate {tag}")),
                    (f"{tag}-contested", _body(f"Harbour Oiler {tag}")),
                ],
            )
        )
        await _waiting_on_a_lock(committed_sessions)
    free, contested = await batch
    assert isinstance(free, PutJob)
    assert free.created
    assert isinstance(contested, PutJob), contested
    assert not contested.created
    assert contested.job.id == other.id
    async with committed_sessions() as session:
        jobs = await session.scalar(
            select(func.count()).select_from(Job).where(Job.external_reference.like(f"{tag}-%"))
        )
        free_events = await session.scalar(
            select(func.count()).select_from(outbox).where(outbox.c.key == str(free.job.id))
        )
    assert jobs == 2
    assert free_events == 3  # written once: the first try's were rolled back with it


async def test_a_job_saved_with_several_events_is_fingerprinted_once(
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: JobsSettings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new job asked to be published writes three events (created, submitted, publication
    asked), each keeping the content fingerprint: it is computed once for the three (ADR
    0062), and again when what it is made of changed (the same reference put again in the
    batch with another title)."""
    organization_id = await _organization(committed_sessions)
    tag = uuid.uuid4().hex[:6]
    computed: list[str] = []

    def counted(job: Job) -> str:
        computed.append(job.title)
        return fingerprint_of(job)

    monkeypatch.setattr(snapshots, "fingerprint_of", counted)
    results = await put_jobs(
        sessions=committed_sessions,
        settings=service_settings,
        principal=ADMIN,
        organization_id=organization_id,
        jobs=[
            (f"{tag}-a", _body(f"Harbour Cook {tag}")),
            (f"{tag}-b", _body(f"Harbour Baker {tag}")),
            (f"{tag}-b", _body(f"Harbour Brewer {tag}")),
        ],
    )
    assert all(isinstance(result, PutJob) for result in results), results
    # a's three events, b's three, b's edit (its publication already asked: one event)
    assert computed == [f"Harbour Cook {tag}", f"Harbour Baker {tag}", f"Harbour Brewer {tag}"]
    async with committed_sessions() as session:
        jobs = list(
            await session.scalars(select(Job).where(Job.external_reference.like(f"{tag}-%")))
        )
        events = await session.scalar(
            select(func.count())
            .select_from(outbox)
            .where(outbox.c.key.in_([str(job.id) for job in jobs]))
        )
    assert events == 7
    assert sorted(job.title for job in jobs) == [f"Harbour Brewer {tag}", f"Harbour Cook {tag}"]
    for job in jobs:
        assert job.content_fingerprint == fingerprint_of(job)
