"""The ATS API's batch use case (``put_jobs``: the batch endpoint, the feed import's chunks, the
data set) against the real database: its reads and the outbox's writes are one statement per
batch, so a job costs the same few statements whatever the batch's size (issue 27, ADR 0042),
and a refused job still rolls back alone with its own errors."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from jobkit.auth import Principal
from jobkit.testing.service import persist
from jobkit.testing.statements import StatementLog
from jobs.db import outbox
from jobs.domain.ats import AtsJob, PutJob, put_jobs
from jobs.domain.errors import JobErrors
from jobs.domain.models import Job
from jobs.settings import JobsSettings
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import organization, seed_terms

pytestmark = pytest.mark.integration

ADMIN = Principal(user_id=str(uuid.uuid4()), roles=frozenset({"administrator"}))
# statements a job of a batch costs: its savepoint and its release, the job's INSERT and its
# UPDATE (the groups, the slug, the state), its slug's INSERT
PER_JOB = 5


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


async def test_a_batch_costs_the_same_few_statements_a_job_whatever_its_size(
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: JobsSettings,
    statements: Callable[[], AbstractContextManager[StatementLog]],
) -> None:
    organization_id = await _organization(committed_sessions)
    tag = uuid.uuid4().hex[:6]
    titles = [f"Harbour Nurse {tag}", f"Harbour Cook {tag}", f"Harbour Pilot {tag}"]
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
            )
        assert all(isinstance(result, PutJob) for result in results), results
        logs.append(log)
        # the reads of the batch (its jobs by reference, the terms, the slugs' bases) and the
        # outbox's rows (three events a job) are one statement each
        assert _count(log, "INSERT INTO outbox") == 1
        assert _count(log, "SELECT pg_notify") == 1
        assert _count(log, "SELECT vocabulary_terms") == 1
        assert _count(log, "SELECT pg_advisory_xact_lock") == 1
    small, large = logs
    assert large.count - small.count <= PER_JOB * (30 - 3), (small.count, large.count)
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


async def test_a_refused_job_rolls_back_alone_and_frees_its_slug(
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: JobsSettings,
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
