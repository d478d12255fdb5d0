"""The read models jobs keeps from other contexts' events (applied as the consumers do), and
the rejection mail."""

from __future__ import annotations

import uuid

import pytest
from aiosmtpd.controller import Controller
from jobkit.auth import Principal
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.server import free_port
from jobkit.testing.service import persist
from jobs.db import members
from jobs.domain.access import is_member
from jobs.domain.models import Job, KnownOrganization
from jobs.domain.publishing import moderates
from jobs.messaging.consumers import (
    apply_organization,
    apply_profile,
    apply_site_config,
    mailer_handlers,
    organization_handlers,
    rejection_mail,
)
from jobs.settings import JobsSettings
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.demo.seed_jobs import remember_organization
from scripts.mailcatcher import Mailbox
from services.jobs.tests.factories import job, organization

pytestmark = pytest.mark.integration


def _event(type: str, **payload: object) -> EventEnvelope:
    return EventEnvelope(type=type, aggregate_id="x", site="jobboard", payload=payload)


async def test_organizations_members_and_profiles_fill_the_read_models(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    org_id, user = uuid.uuid4(), uuid.uuid4()
    handlers = organization_handlers(JobsSettings())
    async with sessions() as session, session.begin():
        await apply_organization(
            session,
            _event(
                "organizations.organization.created",
                organization_id=str(org_id),
                number=77,
                name="Old",
                owner_id=str(user),
            ),
        )
        await handlers["organizations.member.added"](
            session,
            _event(
                "organizations.member.added",
                organization_id=str(org_id),
                organization_number=77,
                user_id=str(user),
                role="owner",
            ),
        )
    row = job(organization(id=org_id, number=77, name="Old"))
    await persist(sessions, row)
    async with sessions() as session, session.begin():
        await apply_organization(
            session,
            _event(
                "organizations.organization.updated",
                organization_id=str(org_id),
                number=77,
                name="New name",
            ),
        )
        await apply_profile(
            session,
            _event(
                "organizations.profile.published",
                organization_id=str(org_id),
                organization_number=77,
                name="New name",
                slug="new-name",
                published=True,
                logo_url="/api/uploads/organizations/files/1/job_squared_logo_medium",
            ),
        )
    async with sessions() as session:
        known = await session.get(KnownOrganization, org_id)
        assert known is not None
        assert (known.number, known.name, known.profile_slug) == (77, "New name", "new-name")
        assert known.logo_url is not None
        assert (
            await session.scalar(select(Job.organization_name).where(Job.id == row.id))
            == "New name"
        )
        principal = Principal(user_id=str(user), roles=frozenset({"recruiter"}))
        assert await is_member(session, principal, org_id)
    async with sessions() as session, session.begin():
        await handlers["organizations.member.removed"](
            session,
            _event(
                "organizations.member.removed",
                organization_id=str(org_id),
                organization_number=77,
                user_id=str(user),
            ),
        )
    async with sessions() as session:
        assert list(await session.execute(select(members))) == []


async def test_the_sites_moderation_setting_comes_from_identity(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with sessions() as session:
        assert await moderates(session, "jobboard") is False  # the platform default
    async with sessions() as session, session.begin():
        await apply_site_config(
            session,
            _event(
                "identity.site.config_changed",
                site="jobboard",
                changes=[{"key": "jobs", "name": "moderation", "value": True}],
            ),
        )
    async with sessions() as session:
        assert await moderates(session, "jobboard") is True


async def test_the_seed_can_remember_an_organization(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    org_id = uuid.uuid4()
    await remember_organization(sessions=sessions, organization_id=org_id, number=5, name="Seeded")
    await remember_organization(
        sessions=sessions, organization_id=org_id, number=5, name="Seeded", profile_slug="seeded"
    )
    async with sessions() as session:
        known = await session.get(KnownOrganization, org_id)
        assert known is not None
        assert known.profile_slug == "seeded"


def test_the_rejection_mail_tells_the_reason_and_where_to_fix_it() -> None:
    row = job(organization(name="Green Harbor"), application_emails=["hr@harbor.example"])
    event_id = str(uuid.uuid4())
    mail = rejection_mail(
        job=row,
        to=row.application_emails,
        reason="Add the salary.",
        settings=JobsSettings(),
        event_id=event_id,
    )
    assert mail["To"] == "hr@harbor.example"
    # made from the event: a mail sent again after a crash is recognisably the same one
    assert mail["Message-ID"] == f"<{event_id}.rejected@jobboard.example>"
    body = mail.get_content()
    assert "Add the salary." in body
    assert "/job-manager" in body


async def test_a_rejection_is_mailed_to_the_recruiter_who_created_the_job(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    """Over real SMTP (a local aiosmtpd server): to the creator's address kept at creation,
    not to the job's application emails."""
    assert isinstance(service_settings, JobsSettings)
    mailbox = Mailbox()
    smtp = Controller(mailbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    try:
        settings = service_settings.model_copy(update={"smtp_port": smtp.port})
        org = organization()
        row = job(org, owner_email="rita@harbor.example", application_emails=["hr@harbor.example"])
        await persist(committed_sessions, org, row)
        handler = mailer_handlers(settings)["jobs.job.rejected"]
        event = _event(
            "jobs.job.rejected",
            job_id=str(row.id),
            organization_id=str(org.id),
            owner_id=str(row.owner_id),
            title=row.title,
            reason="Add the salary.",
        )
        async with committed_sessions() as session:
            await handler(session, event)
    finally:
        smtp.stop()
    assert [mail.to for mail in mailbox.mails] == [["rita@harbor.example"]]
    assert "Add the salary." in mailbox.mails[0].text
