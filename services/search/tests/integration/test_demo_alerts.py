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
from search.engine.indexing.store import SearchStore
from search.settings import SearchSettings
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.demo.seed_alerts import DEMO_ALERTS, seed_demo_alerts
from services.search.tests.factories import job_payload

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
