"""The bulk ingestion's first hop in-process: the ATS API's batches (``jobs.domain.ats.put_jobs``,
the use case of ``POST /ats/v1/jobs:batch``, of the feed import's chunks and of the data set
generator) against a scratch PostgreSQL database, jobs per second and SQL statements per job,
beside a raw baseline measured in the same run (issue 27, ADR 0042).

- **api**: the data set generator's jobs (``scripts/dataset.py``: the same organizations, titles,
  vocabularies and publication asks), one ``put_jobs`` call per organization's batch, one batch
  after the other, as a new job each (the wizard's checks, sanitizing, slug, events, the
  publication asked for).
- **baseline**: the rows the api wrote (the jobs, their slugs and their outbox events), copied
  with plain INSERTs (the driver's executemany, 1,000 rows a call) into tables made like theirs
  in the same database: what writing the same data costs without any use case.

    .venv/bin/python -m bench.ats_batches
    .venv/bin/python -m bench.ats_batches --jobs 10000 --organizations 100

Needs only the local PostgreSQL (no service, no broker): the run makes a database of its own
(``test_jobs_<hex>``, migrated to head) and drops it after. Statements are counted too: unlike
the seconds, they do not depend on how busy the machine is.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jobkit.auth import Principal
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.testing.database import temporary_database
from jobkit.testing.statements import count_statements
from jobkit.vocabulary import TermUpserted, apply_term_upserted
from jobs.db import outbox
from jobs.db import terms as jobs_terms
from jobs.domain.ats import AtsJob, PutJob, put_jobs
from jobs.domain.errors import JobErrors
from jobs.domain.models import Job, JobSlug, KnownOrganization, VerifiedOrganization
from jobs.settings import SERVICE_DIR as JOBS_DIR
from jobs.settings import JobsSettings
from search.taxonomy.seed import read_seed_terms
from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bench.ingest import machine
from bench.raw_copy import copy_rows

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import dataset
from demo.jobs_data import demo_jobs


@dataclass
class Figures:
    jobs: int
    published: int
    seconds: float
    cpu_seconds: float  # of this process (the use case's Python side; the database's is apart)
    statements: int
    rows: int
    baseline_seconds: float
    baseline_statements: int

    @property
    def per_second(self) -> float:
        return self.jobs / self.seconds if self.seconds else 0.0

    @property
    def baseline_per_second(self) -> float:
        return self.jobs / self.baseline_seconds if self.baseline_seconds else 0.0


async def _seed(
    sessions: async_sessionmaker[AsyncSession], organizations: int
) -> tuple[dict[tuple[str, str], int], dict[str, uuid.UUID]]:
    """The site's vocabularies (search's seed data) and the organizations, as their events
    would leave them in jobs' read models; (vocabulary, alias) -> tid and name -> id."""
    seed = read_seed_terms()
    made: dict[str, uuid.UUID] = {}
    async with unit_of_work(sessions) as session:
        for term in seed:
            await apply_term_upserted(
                session,
                jobs_terms,
                TermUpserted(
                    tid=term.tid,
                    vocabulary=term.vocabulary,
                    label=term.labels["en"],
                    labels=dict(term.labels),
                    aliases=dict(term.aliases),
                    parent_tid=term.parent_tid,
                    weight=term.weight,
                ),
            )
        for number, organization in enumerate(dataset.dataset_organizations(organizations), 1):
            made[organization.name] = uuid.uuid4()
            session.add(
                KnownOrganization(
                    id=made[organization.name],
                    number=number,
                    name=organization.name,
                    profile_slug=f"bench-{number}",
                    profile_published=True,
                )
            )
            session.add(VerifiedOrganization(organization_id=made[organization.name]))
    tids = {(term.vocabulary, term.aliases.get("en", "")): term.tid for term in seed}
    return tids, made


def batches(
    args: argparse.Namespace, tids: dict[tuple[str, str], int], made: dict[str, uuid.UUID]
) -> list[tuple[uuid.UUID, list[tuple[str, AtsJob]]]]:
    """The data set generator's jobs, one batch per organization. The generator gives an
    organization a few dozen titles at most; beyond them another round (another seed) adds
    more, as a large ATS does with the same titles in other places."""
    organizations = dataset.dataset_organizations(args.organizations)
    wanted = max(1, -(-args.jobs // len(organizations)))
    by_organization: dict[uuid.UUID, list[tuple[str, AtsJob]]] = {
        made[o.name]: [] for o in organizations
    }
    number = 0
    for round_ in range(wanted):
        for job in demo_jobs(organizations, per_organization=wanted, seed=dataset.SEED + round_):
            jobs = by_organization[made[job.organization.name]]
            if len(jobs) < wanted:
                body = dataset.ats_job(job, tids, publish=job.state != "draft")
                jobs.append((f"DS-{number}", body))
                number += 1
        if all(len(jobs) >= wanted for jobs in by_organization.values()):
            break
    return list(by_organization.items())


async def put_all(
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    actor: Principal,
    work: Sequence[tuple[uuid.UUID, Sequence[tuple[str, AtsJob]]]],
    batch: int,
    **switch: Any,
) -> list[PutJob | JobErrors]:
    """Every organization's jobs through the ATS batch use case, ``batch`` jobs a call, as the
    API's clients send them (``switch``: the use case's keyword arguments a bench compares)."""
    results: list[PutJob | JobErrors] = []
    for organization_id, jobs in work:
        for start in range(0, len(jobs), batch):
            results += await put_jobs(
                sessions=sessions,
                settings=settings,
                principal=actor,
                organization_id=organization_id,
                jobs=jobs[start : start + batch],
                **switch,
            )
    return results


async def main(args: argparse.Namespace) -> Figures:
    settings = JobsSettings()
    async with temporary_database(settings, service_dir=JOBS_DIR) as url:
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)
        tids, made = await _seed(sessions, args.organizations)
        work = batches(args, tids, made)
        actor = Principal(
            user_id=str(uuid.uuid4()), roles=frozenset({"recruiter", "administrator"})
        )
        async with engine.connect() as connection:  # the pool's connection made before timing
            await connection.execute(text("SELECT 1"))
        with count_statements(engine.sync_engine) as log:
            started, cpu = time.perf_counter(), time.process_time()
            results = await put_all(sessions, settings, actor, work, args.batch)
            seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        refused = [result for result in results if isinstance(result, JobErrors)]
        if refused:
            raise SystemExit(f"{len(refused)} jobs refused: {refused[0].errors}")
        async with sessions() as session:
            asked = await session.scalar(
                select(func.count()).select_from(Job).where(Job.state == "awaiting_slot")
            )
        base_seconds, base_statements, rows = await copy_rows(
            engine, [Job.__table__, JobSlug.__table__, outbox]
        )
        await engine.dispose()
    return Figures(
        jobs=len(results),
        published=int(asked or 0),
        seconds=seconds,
        cpu_seconds=cpu,
        statements=log.count,
        rows=rows,
        baseline_seconds=base_seconds,
        baseline_statements=base_statements,
    )


def report(figures: Figures, args: argparse.Namespace) -> None:
    print()
    print(
        f"ats batches: {figures.jobs} jobs ({figures.published} asked to be published), "
        f"{args.organizations} organizations, batches of up to {args.batch}, "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}"
    )
    print(f"{'measure':<44} {'seconds':>8} {'jobs/s':>8} {'stmts/job':>10}")
    print(
        f"{'api: put_jobs per organization':<44} {figures.seconds:>8.2f} "
        f"{figures.per_second:>8.1f} {figures.statements / figures.jobs:>10.2f}"
        f"   ({figures.cpu_seconds:.1f} s of this process's CPU)"
    )
    print(
        f"{f'baseline: INSERT of its {figures.rows} rows':<44} {figures.baseline_seconds:>8.2f} "
        f"{figures.baseline_per_second:>8.1f} {figures.baseline_statements / figures.jobs:>10.2f}"
    )
    print("the baseline writes the jobs, slugs and outbox rows the api wrote, in the same run")


def parse(
    argv: Sequence[str] | None = None,
    *,
    prog: str = "python -m bench.ats_batches",
    doc: str | None = __doc__,
    rounds: bool = False,
) -> argparse.Namespace:
    """The arguments of the benches that put the data set's jobs through ``put_jobs`` (this
    one, ``bench.api_hop`` with ``rounds``)."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description=doc.split("\n\n")[0] if doc else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--jobs", type=int, default=2_000, help="jobs in all (2000)")
    parser.add_argument("--organizations", type=int, default=20, help="(20)")
    parser.add_argument("--batch", type=int, default=1_000, help="jobs a call at most (1000)")
    if rounds:
        parser.add_argument("--rounds", type=int, default=1, help="pairs of rows, alternating (1)")
    args = parser.parse_args(argv)
    if not 1 <= args.organizations <= args.jobs:
        parser.error("at least one organization, and one job for each")
    return args


if __name__ == "__main__":
    arguments = parse()
    report(asyncio.run(main(arguments)), arguments)
