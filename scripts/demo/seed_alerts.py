"""Demo job alerts (search's saved searches, ADR 0029): each demo applicant has a digest and an
instant alert, confirmed (their accounts' addresses are). The demo recruiter has a daily resume
alert (ADR 0032). The first seeding starts them in the
past, so the alert mailer's first round after `make up` mails a sample digest and a sample
instant alert (from the job events in the topic) to the mail catcher. Idempotent: an alert
that exists is left as it is (its owner may have changed it)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from search.alerts.models import RESUME_DAILY, ResumeAlert, SavedSearch
from search.alerts.searches import stored_query
from search.engine.request import GeoLocation, SearchRequest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

NEW_YORK = GeoLocation(label="New York, NY, USA", lat=40.7128, lon=-74.006, radius=50, unit="mi")


@dataclass(frozen=True)
class DemoAlert:
    owner: str
    name: str
    frequency: str
    search: SearchRequest
    # how long ago it started: jobs published since then are its first mail's
    started_days_ago: float


DEMO_ALERTS = (
    DemoAlert(
        "applicant@jobboard.example", "Program jobs", "daily", SearchRequest(fulltext="program"), 26
    ),
    DemoAlert("applicant@jobboard.example", "Every new job", "instant", SearchRequest(), 3),
    DemoAlert(
        "jamie.lee@jobboard.example",
        "Jobs near New York",
        "weekly",
        SearchRequest(geo_location=NEW_YORK),
        26,
    ),
    DemoAlert(
        "jamie.lee@jobboard.example",
        "Coordinator jobs",
        "instant",
        SearchRequest(fulltext="coordinator"),
        3,
    ),
)


async def seed_demo_alerts(
    *,
    sessions: async_sessionmaker[AsyncSession],
    applicants: dict[str, uuid.UUID],
    stable_id: Callable[..., uuid.UUID],
    site: str,
) -> int:
    """Inserts the demo alerts that are missing; answers how many are new."""
    now = datetime.now(UTC)
    added = 0
    async with sessions() as session, session.begin():
        for alert in DEMO_ALERTS:
            if alert.owner not in applicants:
                continue
            alert_id = stable_id("alert", alert.owner, alert.name)
            if await session.get(SavedSearch, alert_id) is not None:
                continue
            started = now - timedelta(days=alert.started_days_ago)
            session.add(
                SavedSearch(
                    id=alert_id,
                    site=site,
                    user_id=str(applicants[alert.owner]),
                    email=alert.owner,
                    name=alert.name,
                    language="en",
                    query=stored_query(alert.search),
                    frequency=alert.frequency,
                    paused=False,
                    confirmed_at=started,
                    created_at=started,
                    checked_until=started,
                    version=1,
                )
            )
            added += 1
    return added


@dataclass(frozen=True)
class DemoResumeAlert:
    owner: str
    name: str
    interval: int
    search: SearchRequest
    started_days_ago: float


DEMO_RESUME_ALERTS = (
    DemoResumeAlert(
        "recruiter@greenharbor.example",
        "Community organizers",
        RESUME_DAILY,
        SearchRequest(fulltext="community organizer"),
        3,
    ),
)


async def seed_demo_resume_alerts(
    *,
    sessions: async_sessionmaker[AsyncSession],
    recruiters: dict[str, uuid.UUID],
    stable_id: Callable[..., uuid.UUID],
    site: str,
) -> int:
    """Inserts the demo recruiter's resume alert when missing (started in the past, so the
    mailer's first round mails a sample resume digest); answers how many are new."""
    now = datetime.now(UTC)
    added = 0
    async with sessions() as session, session.begin():
        for alert in DEMO_RESUME_ALERTS:
            if alert.owner not in recruiters:
                continue
            alert_id = stable_id("resume-alert", alert.owner, alert.name)
            if await session.get(ResumeAlert, alert_id) is not None:
                continue
            started = now - timedelta(days=alert.started_days_ago)
            session.add(
                ResumeAlert(
                    id=alert_id,
                    site=site,
                    user_id=str(recruiters[alert.owner]),
                    email=alert.owner,
                    name=alert.name,
                    language="en",
                    query=stored_query(alert.search),
                    interval_seconds=alert.interval,
                    created_at=started,
                    checked_until=started,
                    version=1,
                )
            )
            added += 1
    return added
