"""Jobs' application and bookmark events and organizations' contact messages reach analytics'
event store through the real broker, built by the publishers' own payload models (a contract
test); a redelivered event is recorded once. Job snapshots, organizations and their members
reach the read models the recruiter counts and their permissions use."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import pytest
from analytics.db import memberships
from analytics.domain.models import AnalyticsEvent, DailyCount, KnownJob, KnownOrganization
from analytics.main import create_app
from analytics.settings import AnalyticsSettings
from jobkit.db import make_engine, make_sessionmaker
from jobkit.events import EventEnvelope, EventPayload
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.settings import ServiceSettings
from jobkit.testing.server import serve
from jobs.domain.events import (
    ApplicationStatusChanged,
    ApplicationSubmitted,
    JobBookmarked,
    JobPublished,
    JobUnbookmarked,
)
from organizations.domain.events import ContactMessageSent, MemberAdded, OrganizationCreated
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

TOPICS = (
    "jobs.application",
    "jobs.bookmark",
    "organizations.contact",
    "jobs.job",
    "organizations.organization",
)


@pytest.fixture(scope="module")
async def running(
    service_settings: ServiceSettings, run_prefix: str
) -> AsyncIterator[AnalyticsSettings]:
    assert isinstance(service_settings, AnalyticsSettings)
    settings = service_settings.model_copy(
        update={"run_background_workers": True, "kafka_topic_prefix": f"{run_prefix}analytics."}
    )
    await ensure_topics(settings.kafka_bootstrap_servers, [settings.topic(t) for t in TOPICS])
    async with serve(create_app(settings)):
        yield settings


@pytest.fixture
async def sessions(
    running: AnalyticsSettings,
) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = make_engine(running.database_url)
    yield make_sessionmaker(engine)
    await engine.dispose()


async def _publish(settings: AnalyticsSettings, events: list[tuple[str, EventEnvelope]]) -> None:
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-analytics")
    await producer.start()
    try:
        for topic, event in events:
            await producer.send_and_wait(
                settings.topic(topic), event.to_bytes(), key=event.aggregate_id.encode()
            )
    finally:
        await producer.stop()


def _envelope(payload: EventPayload, aggregate_id: str) -> EventEnvelope:
    return payload.envelope(aggregate_id=aggregate_id, site="jobboard")


async def test_applications_bookmarks_and_contact_messages_are_recorded_once(
    running: AnalyticsSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    job, org, user, application = (str(uuid.uuid4()) for _ in range(4))
    submitted = _envelope(
        ApplicationSubmitted(
            application_id=application,
            job_id=job,
            organization_id=org,
            applicant_id=None,
            workflow="on_site",
            applications_count=1,
        ),
        application,
    )
    moved = _envelope(
        ApplicationStatusChanged(
            application_id=application,
            job_id=job,
            organization_id=org,
            applicant_id=None,
            status="shortlisted",
            previous_status="new",
            message="See you.",
        ),
        application,
    )
    bookmarked = _envelope(JobBookmarked(job_id=job, user_id=user, organization_id=org), job)
    unbookmarked = _envelope(JobUnbookmarked(job_id=job, user_id=user, organization_id=org), job)
    message = str(uuid.uuid4())
    contacted = _envelope(
        ContactMessageSent(
            message_id=message,
            organization_id=org,
            organization_number=7,
            sender_id=None,
            send_copy=True,
            attachments_count=1,
        ),
        message,
    )
    await _publish(
        running,
        [
            ("jobs.application", submitted),
            ("jobs.application", moved),
            ("jobs.bookmark", bookmarked),
            ("jobs.bookmark", unbookmarked),
            ("organizations.contact", contacted),
            ("jobs.application", submitted),  # delivered again
        ],
    )
    ids = {e.id for e in (submitted, moved, bookmarked, unbookmarked, contacted)}

    async def recorded() -> list[AnalyticsEvent]:
        async with sessions() as session:
            return list(
                await session.scalars(
                    select(AnalyticsEvent).where(AnalyticsEvent.source_event_id.in_(ids))
                )
            )

    deadline = asyncio.get_running_loop().time() + 30
    while len(await recorded()) < len(ids):
        assert asyncio.get_running_loop().time() < deadline, await recorded()
        await asyncio.sleep(0.2)
    await asyncio.sleep(1)  # the redelivery has had its chance
    rows = {row.source_event_id: row for row in await recorded()}
    assert len(rows) == len(ids)
    assert rows[submitted.id].key == "job_apply_complete"
    assert rows[submitted.id].dimensions == {
        "entity_id": job,
        "entity_type": "job",
        "organization_id": org,
        "application_id": application,
        "application_workflow": "on_site",
    }
    assert rows[moved.id].key == "job_application_status"
    assert rows[moved.id].dimensions["request_status"] == "shortlisted"
    assert "See you." not in str(rows[moved.id].dimensions)  # never the message
    assert (rows[bookmarked.id].key, rows[unbookmarked.id].key) == (
        "job_bookmark",
        "job_unbookmark",
    )
    assert rows[bookmarked.id].dimensions["current_user_id"] == user
    assert rows[contacted.id].key == "orgprofile_contact"
    assert rows[contacted.id].dimensions["entity_type"] == "organization"
    async with sessions() as session:
        twice = await session.scalars(
            select(AnalyticsEvent).where(AnalyticsEvent.key == "job_apply_complete")
        )
        assert [r.source_event_id for r in twice].count(submitted.id) == 1


def published_job(job_id: str, organization_id: str) -> JobPublished:
    return JobPublished(
        job_id=job_id,
        site="jobboard",
        shared_sites=[],
        slug=f"job-{job_id[:8]}",
        former_slugs=[],
        title="Gardener",
        description=None,
        description_text="",
        type="job_posting",
        state="published",
        version=2,
        organization_id=organization_id,
        organization_number=7,
        organization_name="Acme",
        organization_assignment=None,
        logo_url=None,
        link_url=None,
        employment_type_tids=[],
        occupational_field_tids=[],
        fields_of_study_tids=[],
        degree_level_tid=None,
        years_of_experience_tid=None,
        language_tids=[],
        skill_tids=[],
        remote_option_tids=[],
        locations=[],
        salary=None,
        application_workflow="on_site",
        published_at="2026-11-23T12:00:00+00:00",
        expires_at=None,
        created_at="2026-11-23T12:00:00+00:00",
    )


async def test_jobs_organizations_and_members_reach_the_read_models_and_counts(
    running: AnalyticsSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    job, org, user, application = (str(uuid.uuid4()) for _ in range(4))
    await _publish(
        running,
        [
            (
                "organizations.organization",
                _envelope(
                    OrganizationCreated(organization_id=org, number=7, name="Acme", owner_id=user),
                    org,
                ),
            ),
            (
                "organizations.organization",
                _envelope(
                    MemberAdded(
                        organization_id=org, organization_number=7, user_id=user, role="owner"
                    ),
                    org,
                ),
            ),
            ("jobs.job", _envelope(published_job(job, org), job)),
            (
                "jobs.application",
                _envelope(
                    ApplicationSubmitted(
                        application_id=application,
                        job_id=job,
                        organization_id=org,
                        applicant_id=None,
                        workflow="on_site",
                        applications_count=1,
                    ),
                    application,
                ),
            ),
        ],
    )

    async def state() -> tuple[object, object, object, int]:
        async with sessions() as session:
            known_job = await session.get(KnownJob, job)
            known_org = await session.get(KnownOrganization, org)
            member = (
                await session.execute(
                    memberships.select().where(
                        memberships.c.organization_id == org, memberships.c.user_id == user
                    )
                )
            ).first()
            completions = await session.scalar(
                select(DailyCount.count).where(
                    DailyCount.subject_type == "organization",
                    DailyCount.subject_id == org,
                    DailyCount.metric == "apply_completions",
                )
            )
            return known_job, known_org, member, completions or 0

    deadline = asyncio.get_running_loop().time() + 30
    while None in (found := await state()) or found[3] < 1:
        assert asyncio.get_running_loop().time() < deadline, found
        await asyncio.sleep(0.2)
    known_job = found[0]
    assert isinstance(known_job, KnownJob)
    assert known_job.organization_id == org
