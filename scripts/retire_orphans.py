"""Retire jobs and organization profiles that live on in their owners' event history but no longer
in their owners' databases.

Search's indices are derived from the owners' topics (``jobs.job``, ``organizations.profile``),
which keep their whole history so that ``python -m search.reindex`` can rebuild them. A row
deleted behind its service's back (before 30 November, ``scripts/dataset.py --remove`` deleted
the data set's rows and search documents directly) leaves its last event saying "published": a
reindex, as after a restore (docs/runbooks/backup-and-restore.md), would bring the job or the
profile back to the board. This finds every such aggregate and sends, through its owner's
outbox, the event the product sends when it removes one: ``jobs.job.deleted`` for a job,
``organizations.profile.unpublished`` for a profile (its last snapshot, unpublished, one version
on). The consumers apply them as they would the product's own (the job's page 410, the profile's
404, their documents gone).

    .venv/bin/python scripts/retire_orphans.py           # count them, change nothing
    .venv/bin/python scripts/retire_orphans.py --yes     # retire them

Safe to run at any time and again: an aggregate whose row exists, or whose newest event already
retired it, is left alone.
"""

from __future__ import annotations

import argparse
import asyncio
import uuid
from collections.abc import Iterable
from dataclasses import dataclass

from jobkit.contracts import (
    JOB_DELETED,
    JOB_SNAPSHOT_EVENTS,
    JOB_TOPIC,
    PROFILE_EVENTS,
    PROFILE_TOPIC,
    PROFILE_UNPUBLISHED,
)
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.events import EventEnvelope
from jobkit.outbox import enqueue
from jobs.db import outbox as jobs_outbox
from jobs.domain.models import Job
from jobs.settings import get_settings as jobs_settings
from organizations.db import outbox as organizations_outbox
from organizations.domain.models import OrganizationProfile
from organizations.settings import get_settings as organizations_settings
from search.messaging.reindex import newest_events, read_topic
from sqlalchemy import select

ACTOR = "system:retire-orphans"


def retirements(newest: Iterable[EventEnvelope], existing: set[str]) -> list[EventEnvelope]:
    """For each aggregate's newest event whose row is not in ``existing`` and that does not
    already retire it, the event that does: a job's deletion, a profile's unpublishing."""
    retiring: list[EventEnvelope] = []
    for last in newest:
        if last.aggregate_id in existing:
            continue
        version = int(last.payload.get("version", last.aggregate_version)) + 1
        if last.type in JOB_SNAPSHOT_EVENTS:
            kept = ("job_id", "site", "organization_id", "organization_number")
            retirement, payload = JOB_DELETED, {key: last.payload[key] for key in kept}
        elif last.type in PROFILE_EVENTS and last.type != PROFILE_UNPUBLISHED:
            retirement = PROFILE_UNPUBLISHED
            payload = {**last.payload, "published": False, "version": version}
        else:
            continue  # already retired
        retiring.append(
            EventEnvelope(
                type=retirement,
                aggregate_id=last.aggregate_id,
                aggregate_version=version,
                site=last.site,
                actor=ACTOR,
                payload=payload,
            )
        )
    return retiring


@dataclass(frozen=True)
class Retired:
    jobs: int
    profiles: int

    def __str__(self) -> str:
        return f"{self.jobs} jobs and {self.profiles} organization profiles"


async def retire_orphans(*, apply: bool) -> Retired:
    """Find (and with ``apply`` retire) the jobs and profiles that outlive their rows."""
    jobs, organizations = jobs_settings(), organizations_settings()
    retired: dict[str, int] = {}
    for kind, settings, topic, types, model, outbox in (
        ("jobs", jobs, JOB_TOPIC, (*JOB_SNAPSHOT_EVENTS, JOB_DELETED), Job, jobs_outbox),
        (
            "profiles",
            organizations,
            PROFILE_TOPIC,
            PROFILE_EVENTS,
            OrganizationProfile,
            organizations_outbox,
        ),
    ):
        events, _ = await read_topic(settings.kafka_bootstrap_servers, settings.topic(topic), types)
        newest = newest_events(events)
        engine = make_engine(settings.database_url)
        try:
            async with unit_of_work(make_sessionmaker(engine)) as session:
                ids = [uuid.UUID(event.aggregate_id) for event in newest]
                existing = {
                    str(row)
                    for start in range(0, len(ids), 5_000)
                    for row in await session.scalars(
                        select(model.id).where(model.id.in_(ids[start : start + 5_000]))
                    )
                }
                retiring = retirements(newest, existing)
                if apply:
                    for event in retiring:
                        await enqueue(session, outbox, topic=settings.topic(topic), event=event)
        finally:
            await engine.dispose()
        retired[kind] = len(retiring)
    return Retired(jobs=retired["jobs"], profiles=retired["profiles"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--yes", action="store_true", help="retire them (else only count)")
    apply = parser.parse_args(argv).yes
    retired = asyncio.run(retire_orphans(apply=apply))
    verb = "retired (their events are in the owners' outboxes)" if apply else "would be retired"
    print(f"orphans: {retired} {verb}")  # noqa: T201


if __name__ == "__main__":
    main()
