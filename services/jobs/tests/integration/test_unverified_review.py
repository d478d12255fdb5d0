"""Organizations' verified flag reaches jobs through their events, and a site that reviews
unverified organizations' jobs sends those (and only those) to the review queue when billing
grants their slot (ADR 0030)."""

from __future__ import annotations

import uuid

import pytest
from jobkit.auth import Principal
from jobkit.events import EventEnvelope
from jobkit.testing.service import persist
from jobs.domain import publishing, slots
from jobs.domain.events import SlotGranted
from jobs.domain.models import Job, KnownOrganization, SiteSetting, VerifiedOrganization
from jobs.messaging.consumers import apply_organization
from jobs.settings import JobsSettings
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import add_member, job, organization

pytestmark = pytest.mark.integration


def _named(org: KnownOrganization, **verified: bool) -> EventEnvelope:
    payload = {"organization_id": str(org.id), "number": org.number, "name": org.name}
    return EventEnvelope(
        type="organizations.organization.updated",
        aggregate_id=str(org.id),
        site="jobboard",
        payload=payload | verified,
    )


async def _granted(
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    org: KnownOrganization,
    site: str,
) -> str:
    """A complete draft of ``org`` on ``site``, published and granted its slot: its state."""
    row = job(org, site=site)
    await persist(sessions, row)
    member = uuid.uuid4()
    await add_member(sessions, org, member)
    asked = await publishing.publish_job(
        sessions=sessions,
        settings=settings,
        principal=Principal(user_id=str(member), roles=frozenset({"recruiter"})),
        job_id=row.id,
    )
    assert isinstance(asked, Job), asked
    async with sessions() as session, session.begin():
        await slots.apply_slot_granted(
            session,
            settings,
            SlotGranted(job_id=str(row.id), organization_number=org.number, source="credits"),
        )
    async with sessions() as session:
        found = await session.get(Job, row.id)
        assert found is not None
        return found.state


async def test_unverified_organizations_jobs_wait_for_review_where_the_site_asks(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: JobsSettings
) -> None:
    site = f"careful-{uuid.uuid4().hex[:6]}"
    unverified, verified = organization(), organization()
    await persist(committed_sessions, unverified, verified)
    async with committed_sessions() as session, session.begin():
        await apply_organization(session, _named(verified, verified=True))
        await apply_organization(session, _named(unverified))  # an event before the flag
    # the site does not ask (the platform default): both go live
    assert await _granted(committed_sessions, service_settings, unverified, site) == "published"

    await persist(
        committed_sessions,
        SiteSetting(site=site, key="jobs", name="review_unverified", value=True),
    )
    assert await _granted(committed_sessions, service_settings, unverified, site) == (
        "needs_review"
    )
    assert await _granted(committed_sessions, service_settings, verified, site) == "published"

    # an administrator takes the flag back: the next job waits too
    async with committed_sessions() as session, session.begin():
        await apply_organization(session, _named(verified, verified=False))
    async with committed_sessions() as session:
        assert await session.get(VerifiedOrganization, verified.id) is None
    assert await _granted(committed_sessions, service_settings, verified, site) == "needs_review"
