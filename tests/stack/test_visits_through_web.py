"""A job page opened through the running web server is counted for the recruiter's figures
without any consent cookie (ADR 0037): once per visitor and day, never for a crawler. The way
there is web (the page's loader) -> analytics' /visits; analytics knows the job from jobs'
events over the broker, so the test first waits for that."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import httpx
import pytest
from analytics.domain.models import DailyCount, VisitMark
from analytics.domain.stats import JOB, ORGANIZATION
from analytics.settings import get_settings as analytics_settings
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.testing.graphql import GraphQLClient
from sqlalchemy import delete, update

from tests.stack.test_gateway_reaches_every_subgraph import GATEWAY_URL, WEB_URL, token_for
from tests.stack.test_jobs_through_gateway import (
    SAVED,
    _draft,
    _organization,
    _settled,
    delete_for_good,
    grant_job_credit,
)
from tests.stack.test_organizations_through_gateway import _signed_in

pytestmark = pytest.mark.integration

WITHIN_SECONDS = 60.0
JOB_STATS = "query($ids: [ID!]!) { jobStats(jobIds: $ids) { jobId visits } }"
SLUG = "query($id: ID!) { job(id: $id) { slug } }"
VIEWS = "query($id: ID!) { job(id: $id) { id viewsCount } }"


async def _stats(admin: GraphQLClient, job_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = (await admin.data(JOB_STATS, ids=[job_id]))["jobStats"]
    return found


async def _visits_become(admin: GraphQLClient, job_id: str, wanted: int) -> None:
    deadline = asyncio.get_running_loop().time() + WITHIN_SECONDS
    while (stats := await _stats(admin, job_id)) != [{"jobId": job_id, "visits": wanted}]:
        assert asyncio.get_running_loop().time() < deadline, stats
        await asyncio.sleep(0.2)


async def test_a_job_page_counts_each_visitor_once_a_day_without_consent_and_no_crawler() -> None:
    organization = await _organization("green-harbor-foundation")
    admin = GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["administrator"]))
    await grant_job_credit(admin, organization)
    recruiter = await _signed_in("recruiter@greenharbor.example")
    job_id = await _draft(recruiter, organization["id"], f"Dune Warden {uuid.uuid4().hex[:6]}")
    await recruiter.data(f"mutation($id: ID!) {{ publishJob(id: $id) {{ {SAVED} }} }}", id=job_id)
    try:
        assert (await _settled(recruiter, job_id))["state"] == "PUBLISHED"
        slug = (await recruiter.data(SLUG, id=job_id))["job"]["slug"]
        await _visits_become(admin, job_id, 0)  # analytics has heard of the job

        firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"
        browser, other_browser = (f"{firefox} run/{uuid.uuid4().hex[:8]}" for _ in range(2))
        crawler = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
        async with httpx.AsyncClient(base_url=WEB_URL) as web:
            page = await web.get(f"/job/{slug}", headers={"User-Agent": browser})
            assert page.status_code == 200, page.status_code
            await _visits_become(admin, job_id, 1)
            for agent in (browser, crawler, other_browser):  # a reload, a crawler, someone else
                page = await web.get(f"/job/{slug}", headers={"User-Agent": agent})
                assert page.status_code == 200, page.status_code
            assert "jb_cookie_consent" not in web.cookies
        await _visits_become(admin, job_id, 2)
        await asyncio.sleep(1)  # the reload's and the crawler's reports would have landed too
        assert await _stats(admin, job_id) == [{"jobId": job_id, "visits": 2}]
        # the job's own count, as anyone reads it (analytics answers Job.viewsCount)
        views = await GraphQLClient(GATEWAY_URL).data(VIEWS, id=job_id)
        assert views == {"job": {"id": job_id, "viewsCount": 2}}
        # the home page's top jobs: analytics ranks, jobs describes each job (federation)
        top = await GraphQLClient(GATEWAY_URL).data(
            "{ topJobs(days: 1, limit: 50) { id title state } }"
        )
        assert top["topJobs"], "today's views rank at least this job"
        for job in top["topJobs"]:
            assert job is None or (job["title"] and job["state"]), job
            if job and job["id"] == job_id:
                assert job["title"].startswith("Dune Warden")
    finally:
        await recruiter.data(
            f"mutation($id: ID!) {{ archiveJob(id: $id) {{ {SAVED} }} }}", id=job_id
        )
        await forget_visits(job_id, organization["id"])
        await delete_for_good(recruiter, job_id)


async def forget_visits(job_id: str, organization_id: str) -> None:
    """The demo organization's figures as they were: the test job's counts and marks go, and
    its visits leave the organization's days."""
    engine = make_engine(analytics_settings().database_url)
    try:
        async with unit_of_work(make_sessionmaker(engine)) as session:
            counted = await session.execute(
                delete(DailyCount)
                .where(DailyCount.subject_type == JOB, DailyCount.subject_id == job_id)
                .returning(DailyCount.day, DailyCount.metric, DailyCount.count)
            )
            for day, metric, count in counted.all():
                await session.execute(
                    update(DailyCount)
                    .where(
                        DailyCount.subject_type == ORGANIZATION,
                        DailyCount.subject_id == organization_id,
                        DailyCount.day == day,
                        DailyCount.metric == metric,
                    )
                    .values(count=DailyCount.count - count)
                )
            await session.execute(delete(VisitMark).where(VisitMark.subject_id == job_id))
    finally:
        await engine.dispose()
