"""Search's index against the owners' databases. PostgreSQL outlives a checkout, while Kafka's and
Elasticsearch's data live in it: a fresh clone on a machine that already has the demo data finds
it all in the databases, every event long sent, and an empty index. Then jobs, organizations and
resumes send their current snapshots again (through their outboxes, as any change), and `make up`
/ `make test` wait until search's indexer has caught up before anyone searches."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

import httpx
from jobkit.db import make_engine, make_sessionmaker
from jobs.domain.models import Job
from jobs.resync import republish_snapshots as republish_jobs
from jobs.settings import get_settings as jobs_settings
from organizations.domain.models import OrganizationProfile
from organizations.resync import republish_snapshots as republish_profiles
from organizations.settings import get_settings as organizations_settings
from resumes.domain.models import Resume
from resumes.resync import republish_snapshots as republish_resumes
from resumes.settings import get_settings as resumes_settings
from search.settings import get_settings as search_settings
from sqlalchemy import func, select


@dataclass(frozen=True)
class Counts:
    jobs: int  # every job (drafts too: each has a document, findable or not)
    jobs_indexed: int
    profiles: int  # published profiles
    profiles_indexed: int
    resumes: int  # every resume (each has a document, searchable or not)
    resumes_indexed: int

    @property
    def caught_up(self) -> bool:
        return (
            self.jobs_indexed >= self.jobs
            and self.profiles_indexed >= self.profiles
            and self.resumes_indexed >= self.resumes
        )


async def _indexed(kind: str) -> int:
    """How many documents search's index of `kind` holds (0 when it does not exist yet)."""
    settings = search_settings()
    async with httpx.AsyncClient(base_url=settings.elasticsearch_url, timeout=30) as client:
        answer = await client.get(f"/{settings.index_prefix}-{kind}/_count")
    return int(answer.json()["count"]) if answer.status_code == 200 else 0


def _databases() -> tuple[Any, Any, Any]:
    return (
        make_sessionmaker(make_engine(jobs_settings().database_url)),
        make_sessionmaker(make_engine(organizations_settings().database_url)),
        make_sessionmaker(make_engine(resumes_settings().database_url)),
    )


async def counts() -> Counts:
    jobs_db, organizations_db, resumes_db = _databases()
    async with jobs_db() as session:
        jobs = int(await session.scalar(select(func.count()).select_from(Job)) or 0)
    async with organizations_db() as session:
        profiles = int(
            await session.scalar(
                select(func.count()).where(OrganizationProfile.status == "published")
            )
            or 0
        )
    async with resumes_db() as session:
        resumes = int(await session.scalar(select(func.count()).select_from(Resume)) or 0)
    return Counts(
        jobs,
        await _indexed("jobs"),
        profiles,
        await _indexed("organizations"),
        resumes,
        await _indexed("resumes"),
    )


async def resync_search() -> None:
    """Send every snapshot again when the index lacks documents. Whether some events still wait
    in an outbox does not matter: the seed's own changes (a fresh clone redraws the logos) leave
    some there, and they say nothing of the aggregates they do not touch. A snapshot sent twice
    is harmless: the indexer's writes are versioned."""
    jobs_db, organizations_db, resumes_db = _databases()
    now = await counts()
    if now.jobs_indexed < now.jobs:
        count = await republish_jobs(sessions=jobs_db, settings=jobs_settings())
        print(f"search: the index lacked jobs; {count} job snapshots sent again")  # noqa: T201
    if now.profiles_indexed < now.profiles:
        count = await republish_profiles(
            sessions=organizations_db, settings=organizations_settings()
        )
        print(  # noqa: T201
            f"search: the index lacked organizations; {count} profile snapshots sent again"
        )
    if now.resumes_indexed < now.resumes:
        count = await republish_resumes(sessions=resumes_db, settings=resumes_settings())
        print(f"search: the index lacked resumes; {count} resume snapshots sent again")  # noqa: T201


async def wait_for_search(timeout: float = 900, interval: float = 2) -> bool:
    """Until the indexer holds every job and published profile (True), or `timeout` (False)."""
    deadline = time.monotonic() + timeout
    last = None
    while True:
        now = await counts()
        if now.caught_up:
            return True
        if now != last:
            print(  # noqa: T201
                f"search: indexing {now.jobs_indexed}/{now.jobs} jobs, "
                f"{now.profiles_indexed}/{now.profiles} organizations, "
                f"{now.resumes_indexed}/{now.resumes} resumes",
                flush=True,
            )
            last = now
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(interval)
