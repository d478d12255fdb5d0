"""Takes the search-lag benchmark's probe jobs out again once they are archived: each run
publishes and archives jobs titled "Field Analyst lagprobe…" in a demo organization, and a
demo recruiter should not find hundreds of them in their job manager afterwards.

Deletes their rows where the services keep them (jobs, search's slug index and announcer,
analytics' job map) and their documents in search's index: the benchmark's own rows only, found
by the probe word in the title and the archived state. Needs the stack's databases.

    .venv/bin/python -m bench.probes          # forget every archived probe job
"""

from __future__ import annotations

import asyncio
import sys

import httpx
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobs.settings import get_settings as jobs_settings
from search.settings import get_settings as search_settings
from sqlalchemy import text

PROBE_TITLES = "Field Analyst lagprobe%"

# (database, statement) with :ids the probe jobs' ids as text
REMOVALS = (
    ("search", "DELETE FROM routes WHERE content_id::text = ANY(:ids)"),
    ("search", "DELETE FROM announcements WHERE job_id = ANY(:ids)"),
    ("search", "DELETE FROM announced_jobs WHERE job_id = ANY(:ids)"),
    ("analytics", "DELETE FROM known_jobs WHERE job_id = ANY(:ids)"),
    (
        "jobs",
        "DELETE FROM application_attachments WHERE application_id IN "
        "(SELECT id FROM applications WHERE job_id::text = ANY(:ids))",
    ),
    ("jobs", "DELETE FROM applications WHERE job_id::text = ANY(:ids)"),
    ("jobs", "DELETE FROM job_slugs WHERE job_id::text = ANY(:ids)"),
    ("jobs", "DELETE FROM jobs WHERE id::text = ANY(:ids)"),
)


async def archived_in_search(job_ids: list[str], *, timeout: float = 60.0) -> None:
    """Wait until search's index says each job is archived: its last event was applied, so
    nothing recreates what `forget_probes` deletes."""
    search = search_settings()
    deadline = asyncio.get_running_loop().time() + timeout
    async with httpx.AsyncClient(base_url=search.elasticsearch_url, timeout=30) as client:
        while True:
            answer = await client.post(
                f"/{search.index_prefix}-jobs/_mget",
                json={"ids": job_ids},
                params={"_source": "state"},
            )
            docs = answer.json().get("docs", []) if answer.is_success else []
            if docs and all(d.get("_source", {}).get("state") == "archived" for d in docs):
                return
            if asyncio.get_running_loop().time() > deadline:
                raise TimeoutError("probe jobs not archived in search after 60 s")
            await asyncio.sleep(0.2)


async def forget_jobs(ids: list[str]) -> None:
    """Delete the archived jobs `ids` (and the applications the product keeps of them) where
    the services keep them, and their documents in search's index: for a benchmark's own jobs
    only (bench.probes' search-lag probes, bench.load_fixture's jobs that had applications)."""
    if not ids:
        return
    settings = jobs_settings()
    for database in dict.fromkeys(name for name, _ in REMOVALS):
        database_sessions = make_sessionmaker(make_engine(settings.database_url_for(database)))
        async with unit_of_work(database_sessions) as session:
            for _, statement in (r for r in REMOVALS if r[0] == database):
                await session.execute(text(statement), {"ids": ids})
    search = search_settings()
    async with httpx.AsyncClient(base_url=search.elasticsearch_url, timeout=60) as client:
        lines = "".join(
            f'{{"delete":{{"_index":"{search.index_prefix}-jobs","_id":"{job_id}"}}}}\n'
            for job_id in ids
        )
        answer = await client.post(
            "/_bulk?refresh=true", content=lines, headers={"content-type": "application/x-ndjson"}
        )
        answer.raise_for_status()


async def forget_probes() -> int:
    """Delete every archived probe job; returns how many there were."""
    settings = jobs_settings()
    sessions = make_sessionmaker(make_engine(settings.database_url))
    async with sessions() as session:
        ids = [
            str(row[0])
            for row in await session.execute(
                text("SELECT id FROM jobs WHERE title LIKE :titles AND state = 'archived'"),
                {"titles": PROBE_TITLES},
            )
        ]
    await forget_jobs(ids)
    return len(ids)


if __name__ == "__main__":
    forgotten = asyncio.run(forget_probes())
    print(f"search lag probes: {forgotten} archived probe jobs forgotten", file=sys.stderr)
