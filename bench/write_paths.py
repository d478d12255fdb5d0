"""The bulk write path's hot spots against a real PostgreSQL, each beside the way it is done one
event at a time (or the way it was done before), measured in the same run (issue 27):

- **billing draws**: job credits drawn one at a time from an organization with many grants,
  as the slot group applies a fetched batch (``ledger.batched_balances``: the grants read once
  per batch, one balance event per batch); baseline: one draw per transaction, as a record the
  batch path gave back is applied (the grants read for each draw, a balance event each).
- **search slug index**: job snapshots' paths written per batch (``routes.gathered_paths``, as
  the indexer's batch scope does: five statements a batch); baseline: ``apply_paths`` one job
  at a time in the same transactions (four or five statements a job).
- **jobs slug claims**: ``claim_slug`` for a title many jobs already share, with the site's
  slugs as many as ``--slugs``; baseline: the read the claim made before (every taken slug of
  the base, then the first free number found in Python).

    .venv/bin/python -m bench.write_paths
    .venv/bin/python -m bench.write_paths --grants 1000 --draws 500 --paths 1000 --slugs 100000

Needs only the local PostgreSQL (no service, no broker): each part makes a database of its own
(``test_<service>_<hex>``, migrated to head) and drops it after. Statements per item are counted
too: unlike the milliseconds, they do not depend on how busy the machine is.
"""

from __future__ import annotations

import argparse
import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from billing.domain import ledger
from billing.domain.models import LedgerEntry
from billing.settings import SERVICE_DIR as BILLING_DIR
from billing.settings import BillingSettings
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.settings import ServiceSettings
from jobkit.testing.database import temporary_database
from jobkit.testing.statements import count_statements
from jobs.domain.models import JobSlug
from jobs.domain.slugs import claim_slug, slugify
from jobs.settings import SERVICE_DIR as JOBS_DIR
from search.settings import SERVICE_DIR as SEARCH_DIR
from search.site.routes import ContentPaths, apply_paths, gathered_paths, job_paths
from sqlalchemy import insert, or_, select, text
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bench.ingest import machine

BATCH = 100  # the records of a partition's fetch the consumers apply together (jobkit.consumer)
SITE = "jobboard"


@dataclass
class Row:
    measure: str
    items: int
    seconds: float
    statements: int
    baseline_seconds: float
    baseline_statements: int

    def line(self) -> str:
        per = 1000 * self.seconds / self.items
        base = 1000 * self.baseline_seconds / self.items
        return (
            f"{self.measure:<52} {per:>9.2f} {base:>9.2f} {base / per:>6.1f}x "
            f"{self.statements / self.items:>7.2f} {self.baseline_statements / self.items:>7.2f}"
        )


async def _timed(engine: AsyncEngine, work: Callable[[], Awaitable[None]]) -> tuple[float, int]:
    async with engine.connect() as connection:  # the pool's connection made before timing
        await connection.execute(text("SELECT 1"))
    with count_statements(engine.sync_engine) as log:
        started = time.perf_counter()
        await work()
        seconds = time.perf_counter() - started
    return seconds, log.count


# billing -------------------------------------------------------------------------------------


async def _grants(
    sessions: async_sessionmaker[AsyncSession], number: int, grants: int, now: datetime
) -> None:
    """``grants`` grants of one credit each (written as rows: add_grant would announce each)."""
    async with unit_of_work(sessions) as session:
        session.add_all(
            LedgerEntry(
                id=uuid.uuid4(),
                organization_number=number,
                organization_name=f"Bench {number}",
                frontend=SITE,
                kind="job",
                entry_type="grant",
                amount=1,
                label="Job postings",
                created_at=now,
                actor="bench",
            )
            for _ in range(grants)
        )


async def _draw(
    session: AsyncSession, settings: BillingSettings, number: int, reference: str, now: datetime
) -> None:
    await ledger.lock_organization(session, number)
    taken = await ledger.draw(
        session,
        settings,
        organization_number=number,
        kind="job",
        amount=1,
        entry_type="reservation",
        reference=reference,
        actor="bench",
        now=now,
    )
    assert taken is not None, "the bench ran out of credits"


async def billing_draws(args: argparse.Namespace) -> Row:
    settings = BillingSettings()
    async with temporary_database(settings, service_dir=BILLING_DIR) as url:
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)
        now = datetime.now(UTC)
        batched, single = 1, 2
        for number in (batched, single):
            await _grants(sessions, number, args.grants, now)

        async def in_batches() -> None:
            for start in range(0, args.draws, BATCH):
                async with unit_of_work(sessions) as session, ledger.batched_balances(settings):
                    for i in range(start, min(start + BATCH, args.draws)):
                        await _draw(session, settings, batched, f"batched-{i}", now)

        async def one_by_one() -> None:
            for i in range(args.draws):
                async with unit_of_work(sessions) as session:
                    await _draw(session, settings, single, f"single-{i}", now)

        seconds, statements = await _timed(engine, in_batches)
        base_seconds, base_statements = await _timed(engine, one_by_one)
        async with sessions() as session:
            for number in (batched, single):
                left = await ledger.balance(
                    session, organization_number=number, kind="job", now=now
                )
                assert left == args.grants - args.draws, left
        await engine.dispose()
    return Row(
        f"billing: a draw, {args.grants} grants",
        args.draws,
        seconds,
        statements,
        base_seconds,
        base_statements,
    )


# search --------------------------------------------------------------------------------------


async def search_paths(args: argparse.Namespace) -> Row:
    settings = ServiceSettings(service_name="search", db_name="search")
    async with temporary_database(settings, service_dir=SEARCH_DIR) as url:
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)

        def paths(prefix: str) -> list[list[ContentPaths]]:
            jobs = [
                job_paths(
                    job_id=str(uuid.uuid4()),
                    slug=f"{prefix}-nurse-{i}",
                    former_slugs=[f"{prefix}-care-worker-{i}"],
                    version=2,
                )
                for i in range(args.paths)
            ]
            return [jobs[start : start + BATCH] for start in range(0, len(jobs), BATCH)]

        gathered, single = paths("gathered"), paths("single")

        async def in_batches() -> None:
            for batch in gathered:
                async with unit_of_work(sessions) as session, gathered_paths():
                    for item in batch:
                        await apply_paths(session, item)

        async def one_by_one() -> None:
            for batch in single:
                async with unit_of_work(sessions) as session:
                    for item in batch:
                        await apply_paths(session, item)

        seconds, statements = await _timed(engine, in_batches)
        base_seconds, base_statements = await _timed(engine, one_by_one)
        async with sessions() as session:
            rows = await session.scalar(text("SELECT count(*) FROM routes"))
        assert rows == 4 * args.paths, rows
        await engine.dispose()
    return Row(
        "search: a job's paths in the slug index",
        args.paths,
        seconds,
        statements,
        base_seconds,
        base_statements,
    )


# jobs ----------------------------------------------------------------------------------------

TITLES = 30  # issue 27's data set: 100,000 jobs with a few dozen titles


async def _former_claim(session: AsyncSession, title: str) -> str:
    """The claim before: every taken slug of the base read, the first free number found."""
    base = slugify(title)
    taken = set(
        await session.scalars(
            select(JobSlug.slug).where(
                JobSlug.site == SITE,
                or_(JobSlug.slug == base, JobSlug.slug.startswith(f"{base}-", autoescape=True)),
            )
        )
    )
    candidate, number = base, 1
    while candidate in taken:
        number += 1
        candidate = f"{base}-{number}"
    return candidate


async def jobs_slugs(args: argparse.Namespace) -> Row:
    settings = ServiceSettings(service_name="jobs", db_name="jobs")
    async with temporary_database(settings, service_dir=JOBS_DIR) as url:
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)
        job_id = uuid.uuid4()
        per_title = args.slugs // TITLES
        async with unit_of_work(sessions) as session:
            # a throwaway database: the slugs need no jobs behind them here
            await session.execute(
                text("ALTER TABLE job_slugs DROP CONSTRAINT fk_job_slugs_job_id_jobs")
            )
        for t in range(TITLES):
            base = f"care-worker-{t}"
            rows = [{"site": SITE, "slug": base, "job_id": job_id}] + [
                {"site": SITE, "slug": f"{base}-{n}", "job_id": job_id}
                for n in range(2, per_title + 1)
            ]
            async with unit_of_work(sessions) as session:
                await session.execute(insert(JobSlug), rows)
        async with engine.begin() as connection:
            await connection.execute(text("ANALYZE job_slugs"))
        title = "Care Worker 7"
        expected = f"care-worker-7-{per_title + 1}"

        async def claims() -> None:
            for _ in range(args.claims):
                async with sessions() as session:
                    got = await claim_slug(session, site=SITE, title=title, job_id=job_id)
                    assert got == expected, got
                    await session.rollback()  # the same slugs taken for every claim

        async def former_claims() -> None:
            for _ in range(args.claims):
                async with sessions() as session:
                    assert await _former_claim(session, title) == expected

        # each query planned and its pages read once before timing
        async with sessions() as session:
            await claim_slug(session, site=SITE, title=title, job_id=job_id)
            await session.rollback()
            await _former_claim(session, title)
        seconds, statements = await _timed(engine, claims)
        base_seconds, base_statements = await _timed(engine, former_claims)
        await engine.dispose()
    return Row(
        f"jobs: a slug claim, {per_title} taken ({args.slugs} on the site)",
        args.claims,
        seconds,
        statements,
        base_seconds,
        base_statements,
    )


PARTS: dict[str, Callable[[argparse.Namespace], Awaitable[Row]]] = {
    "billing": billing_draws,
    "search": search_paths,
    "jobs": jobs_slugs,
}


async def main(args: argparse.Namespace) -> list[Row]:
    rows = []
    for name in args.part or list(PARTS):
        rows.append(await PARTS[name](args))
        print(f"{name}: done", flush=True)
    return rows


def report(rows: Sequence[Row]) -> None:
    print()
    print(f"write paths: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}")
    print(
        f"{'measure':<52} {'ms/item':>9} {'baseline':>9} {'gain':>7} {'stmts':>7} {'baseline':>8}"
    )
    for row in rows:
        print(row.line())
    print("ms and statements per item; each baseline measured in the same run (see --help)")


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.write_paths",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--part", action="append", choices=list(PARTS), help="repeatable")
    parser.add_argument("--grants", type=int, default=1000, help="an organization's (1000)")
    parser.add_argument("--draws", type=int, default=500, help="one credit each (500)")
    parser.add_argument("--paths", type=int, default=1000, help="jobs' paths (1000)")
    parser.add_argument("--slugs", type=int, default=150_000, help="on the site (150000)")
    parser.add_argument("--claims", type=int, default=50, help="(50)")
    args = parser.parse_args(argv)
    if args.draws > args.grants:
        parser.error("--draws at most --grants (one credit a grant)")
    if args.slugs < 2 * TITLES:
        parser.error(f"--slugs at least {2 * TITLES}")
    return args


if __name__ == "__main__":
    arguments = parse()
    report(asyncio.run(main(arguments)))
