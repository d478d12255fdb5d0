"""The demo alerts (scripts/demo/seed_alerts.py): idempotent, valid searches, and due at once,
so the mailer's first round after `make up` has a digest to send."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from search.alerts import mailer
from search.alerts.models import AlertMail
from search.alerts.searches import stored_query, valid_search
from search.engine.indexing.indexer import index_job
from search.engine.indexing.payloads import ResumePayload
from search.engine.indexing.resumes import index_resume
from search.engine.indexing.store import SearchStore
from search.settings import SearchSettings
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.demo.seed_alerts import (
    DEMO_ALERTS,
    DEMO_RESUME_ALERTS,
    seed_demo_alerts,
    seed_demo_resume_alerts,
)
from services.search.tests.factories import job_payload
from services.search.tests.graphql.test_resume_alerts import set_features
from services.search.tests.integration.test_resume_index import resume_event

pytestmark = pytest.mark.integration


async def test_demo_alerts_are_seeded_once_and_mail_on_the_first_round(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    service_settings: SearchSettings,
) -> None:
    namespace = uuid.uuid4()
    applicants = {alert.owner: uuid.uuid4() for alert in DEMO_ALERTS}

    def stable_id(*parts: str) -> uuid.UUID:
        return uuid.uuid5(namespace, "/".join(parts))

    seed = {"applicants": applicants, "stable_id": stable_id, "site": "jobboard"}
    assert await seed_demo_alerts(sessions=committed_sessions, **seed) == len(DEMO_ALERTS)
    assert await seed_demo_alerts(sessions=committed_sessions, **seed) == 0
    for alert in DEMO_ALERTS:
        valid_search(stored_query(alert.search))

    recent = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    async with committed_sessions() as session, session.begin():
        await index_job(
            store,
            session,
            job_payload(title="Program Officer", published_at=recent),
            "jobs.job.published",
        )
    await store.refresh("jobs")
    assert await mailer.plan_digests(committed_sessions, store, service_settings) >= 1
    async with committed_sessions() as session:
        kinds = set(
            await session.scalars(
                select(AlertMail.kind).where(AlertMail.email == "applicant@jobboard.example")
            )
        )
    assert kinds == {"digest"}


async def test_the_demo_resume_alert_is_seeded_once_and_mails_on_the_first_round(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    service_settings: SearchSettings,
) -> None:
    namespace = uuid.uuid4()
    site = f"demo-{namespace.hex[:8]}"
    recruiters = {alert.owner: uuid.uuid4() for alert in DEMO_RESUME_ALERTS}

    def stable_id(*parts: str) -> uuid.UUID:
        return uuid.uuid5(namespace, "/".join(parts))

    seed = {"recruiters": recruiters, "stable_id": stable_id, "site": site}
    assert await seed_demo_resume_alerts(sessions=committed_sessions, **seed) == 1
    assert await seed_demo_resume_alerts(sessions=committed_sessions, **seed) == 0
    await set_features(committed_sessions, site, resume=True, resume_searches=True)
    recent = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    payload = resume_event(1, site=site, title="Community organizer, 5 years", updated_at=recent)
    async with committed_sessions() as session:
        assert await index_resume(store, session, ResumePayload.model_validate(payload))
    await store.refresh("resumes")
    assert await mailer.plan_resume_digests(committed_sessions, store, service_settings) == 1
    async with committed_sessions() as session:
        mails = list(
            await session.scalars(
                select(AlertMail).where(AlertMail.email == DEMO_RESUME_ALERTS[0].owner)
            )
        )
    assert [mail.kind for mail in mails if mail.kind == "resume_digest"]
    assert any(
        payload["resume_id"] in section["resume_ids"]
        for mail in mails
        if mail.kind == "resume_digest"
        for section in mail.content["sections"]
    )
