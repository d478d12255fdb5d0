"""The demo seed's jobs (scripts/demo/seed_jobs.py::create_demo_job) against a temporary
database: one demo job of each demo state, created and filled through the use cases, then
brought to its state by the seed's own moves (publish_now, archive), with the lifecycle events
search needs, one version per event."""

from __future__ import annotations

import json
import random
import uuid
from datetime import UTC, datetime
from typing import Any

import pytest
from jobkit.settings import ServiceSettings
from jobkit.testing.service import persist
from jobkit.vocabulary import TermUpserted, apply_term_upserted
from jobs.db import outbox, terms
from jobs.domain import structured_data
from jobs.domain.models import Job, KnownOrganization, SiteSetting
from jobs.settings import JobsSettings
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.demo.jobs_data import US_SHARED_JOBS, DemoJob, demo_jobs, us_site_jobs
from scripts.demo.seed_jobs import (
    bring_into_line,
    create_demo_job,
    seed_site_jobs,
    share_site_jobs,
)
from services.jobs.tests.factories import organization

pytestmark = pytest.mark.integration

# What each demo state leaves in the outbox after the edits (created, then one update a group).
LIFECYCLE = {
    "draft": [],
    "published": ["jobs.job.published"],
    "scheduled": ["jobs.job.scheduled"],
    "expired": ["jobs.job.published", "jobs.job.expired"],
    "archived": ["jobs.job.published", "jobs.job.archived"],
}


def _terms_of(job: DemoJob) -> set[tuple[str, str]]:
    """The (vocabulary, alias) pairs the seed's groups refer to."""
    return {
        ("remote_options", job.remote),
        *(("employment_types", a) for a in job.employment),
        *(("occupational_fields", a) for a in job.occupations),
        *(("fields_of_study", a) for a in job.studies),
        ("degree_levels", job.degree),
        ("years_of_experience", job.experience),
        *(("languages", a) for a in job.languages),
        *(("skills", a) for a in job.skills),
    }


async def _seed_terms(
    sessions: async_sessionmaker[AsyncSession], demos: list[DemoJob]
) -> dict[tuple[str, str], int]:
    """The vocabularies' terms, as search's events would have brought them (fresh tids; the
    alias as the label)."""
    base = random.randrange(10_000_000, 20_000_000)
    pairs = sorted(set().union(*(_terms_of(demo) for demo in demos)))
    tids = {pair: base + n for n, pair in enumerate(pairs)}
    async with sessions() as session, session.begin():
        for (vocabulary, alias), tid in tids.items():
            await apply_term_upserted(
                session,
                terms,
                TermUpserted(
                    tid=tid,
                    vocabulary=vocabulary,
                    label=alias,
                    labels={},
                    aliases={"en": alias},
                    parent_tid=None,
                    weight=0,
                ),
            )
    return tids


async def test_a_remote_demo_job_seeded_without_a_location_is_brought_into_line_once(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, JobsSettings)
    demo = next(
        job
        for job in demo_jobs()
        if job.remote == "remote" and job.state == "published" and job.kind == "JOB_PER_TEMPLATE"
    )
    tids = await _seed_terms(committed_sessions, [demo])
    org = organization(name=demo.organization.name)
    await persist(committed_sessions, org)
    owner = uuid.uuid4()
    now = datetime.now(UTC)
    job_id = await create_demo_job(
        demo,
        sessions=committed_sessions,
        settings=service_settings,
        tids=tids,
        organization_id=org.id,
        owner=str(owner),
        now=now,
    )
    # as the seed left remote jobs before they named their applicants' country
    async with committed_sessions() as session, session.begin():
        await session.execute(update(Job).where(Job.id == job_id).values(locations=[]))

    def line_up() -> Any:
        return bring_into_line(
            sessions=committed_sessions,
            settings=service_settings,
            tids=tids,
            organizations={demo.organization.name: (org.id, org.number)},
            owners={demo.organization.recruiter: owner},
            now=now,
        )

    assert await line_up() == 1
    assert await line_up() == 0  # idempotent
    async with committed_sessions() as session:
        job = await session.get(Job, job_id)
        assert job is not None
        known = await session.get(KnownOrganization, org.id)
        kinds = list(
            await session.scalars(
                select(outbox.c.event_type).where(outbox.c.key == str(job_id)).order_by(outbox.c.id)
            )
        )
    assert job.state == "published"
    assert [place["address"]["country_code"] for place in job.locations] == [
        demo.organization.country
    ]
    assert kinds[-1] == "jobs.job.updated"  # search follows
    broken = structured_data.hints(
        job,
        settings=service_settings,
        organization=known,
        employment_labels=list(demo.employment),
        remote_labels=[demo.remote],
        now=now,
    )
    assert [rule.property for rule in broken if rule.level == "required"] == []


async def test_each_demo_state_is_reached_with_its_events(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, JobsSettings)
    chosen: dict[str, DemoJob] = {}
    for demo in demo_jobs():
        if demo.kind != "JOB_PER_FILE":  # no PDF drawn into the upload folder here
            chosen.setdefault(demo.state, demo)
    assert set(chosen) == set(LIFECYCLE)
    tids = await _seed_terms(committed_sessions, list(chosen.values()))
    org = organization()
    await persist(committed_sessions, org)
    now = datetime.now(UTC)

    for state, demo in chosen.items():
        job_id = await create_demo_job(
            demo,
            sessions=committed_sessions,
            settings=service_settings,
            tids=tids,
            organization_id=org.id,
            owner=str(uuid.uuid4()),
            now=now,
        )
        async with committed_sessions() as session:
            found = await session.get(Job, job_id)
            assert found is not None
            events = list(
                await session.execute(
                    select(outbox.c.event_type, outbox.c.body)
                    .where(outbox.c.key == str(job_id))
                    .order_by(outbox.c.id)
                )
            )
        kinds = [kind for kind, _ in events]
        lifecycle_start = len(kinds) - len(LIFECYCLE[state])
        assert found.state == state
        assert kinds[0] == "jobs.job.created"
        assert set(kinds[1:lifecycle_start]) == {"jobs.job.updated"}
        assert kinds[lifecycle_start:] == LIFECYCLE[state]
        # one version per event, the last one the job's
        versions = [json.loads(body)["aggregate_version"] for _, body in events]
        assert versions == list(range(1, len(events) + 1))
        assert found.version == len(events)
        if state == "scheduled":
            assert found.published_at is None
            assert found.published is not None
        if state in {"published", "expired", "archived"}:
            assert found.published_at == found.published


async def test_the_second_sites_demo_jobs_are_its_own_published_and_seeded_once(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    """The US site's six demo jobs (ADR 0049): created for that site only, published, with
    their events on that site; a second seed adds nothing."""
    assert isinstance(service_settings, JobsSettings)
    demos = us_site_jobs()
    tids = await _seed_terms(committed_sessions, demos)
    organizations: dict[str, tuple[uuid.UUID, int]] = {}
    owners: dict[str, uuid.UUID] = {}
    for demo in demos:
        if demo.organization.name not in organizations:
            # a name of its own per run: other tests' organizations share the database
            org = organization(name=f"{demo.organization.name} {uuid.uuid4().hex[:6]}")
            await persist(committed_sessions, org)
            organizations[demo.organization.name] = (org.id, org.number)
        owners[demo.organization.recruiter] = uuid.uuid4()
    site = f"us-{uuid.uuid4().hex[:8]}"

    def seed() -> Any:
        return seed_site_jobs(
            sessions=committed_sessions,
            settings=service_settings,
            tids=tids,
            owners=owners,
            organizations=organizations,
            site=site,
        )

    assert await seed() == 6
    assert await seed() == 0
    async with committed_sessions() as session:
        jobs = list(await session.scalars(select(Job).where(Job.site == site)))
        bodies = await session.scalars(
            select(outbox.c.body).where(outbox.c.key.in_([str(job.id) for job in jobs]))
        )
        sites = {json.loads(body)["site"] for body in bodies}
    assert sorted(job.title for job in jobs) == sorted(demo.title for demo in demos)
    assert {job.state for job in jobs} == {"published"}
    assert sites == {site}


async def test_a_few_first_site_demo_jobs_are_shared_with_the_second_site_once(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    """The seed shares US_SHARED_JOBS with the US site through the sharing use case (ADR 0057):
    their snapshots carry the site; a second seed shares nothing more."""
    assert isinstance(service_settings, JobsSettings)
    wanted = set(US_SHARED_JOBS)
    demos = [d for d in demo_jobs() if (d.organization.name, d.title) in wanted]
    demos = list({(d.organization.name, d.title): d for d in demos}.values())
    assert len(demos) == len(US_SHARED_JOBS)
    assert {d.state for d in demos} == {"published"}
    tids = await _seed_terms(committed_sessions, demos)
    organizations: dict[str, tuple[uuid.UUID, int]] = {}
    owners: dict[str, uuid.UUID] = {}
    now = datetime.now(UTC)
    for demo in demos:
        org = organization(name=f"{demo.organization.name} {uuid.uuid4().hex[:6]}")
        await persist(committed_sessions, org)
        organizations[demo.organization.name] = (org.id, org.number)
        owners[demo.organization.recruiter] = uuid.uuid4()
        await create_demo_job(
            demo,
            sessions=committed_sessions,
            settings=service_settings,
            tids=tids,
            organization_id=org.id,
            owner=str(owners[demo.organization.recruiter]),
            now=now,
        )
    site = f"us-{uuid.uuid4().hex[:8]}"
    await persist(committed_sessions, SiteSetting(site=site, key="site", name="name", value="US"))

    def share() -> Any:
        return share_site_jobs(
            sessions=committed_sessions,
            settings=service_settings,
            owners=owners,
            organizations=organizations,
            site=site,
            wait_seconds=0,
        )

    assert await share() == len(US_SHARED_JOBS)
    assert await share() == 0
    ids = [org_id for org_id, _ in organizations.values()]
    async with committed_sessions() as session:
        jobs = list(await session.scalars(select(Job).where(Job.organization_id.in_(ids))))
        bodies = list(
            await session.scalars(
                select(outbox.c.body)
                .where(
                    outbox.c.key.in_([str(job.id) for job in jobs]),
                    outbox.c.event_type == "jobs.job.updated",
                )
                .order_by(outbox.c.id)
            )
        )
    assert {(job.site, tuple(job.shared_sites), job.state) for job in jobs} == {
        (service_settings.site, (site,), "published")
    }
    assert json.loads(bodies[-1])["payload"]["shared_sites"] == [site]
