"""Rebuild the indices from the owners' events and switch the aliases with no empty moment.

The job, profile and resume events carry whole aggregates, so replaying their topics from the
start and keeping each aggregate's newest version rebuilds every document. Profiles go first
(jobs copy the organization's industry and slug from them). Each kind is built into a new index
while the alias still serves the old one; one ``update_aliases`` call then moves the alias, and
the events published meanwhile are applied again on top (versioned writes make that safe). Old
indices are deleted afterwards. Resume events are applied in their order, all of them (a
deletion carries no version: search.engine.indexing.resumes makes it final)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.engine.answer_cache import bump_generation
from search.engine.indexing.payloads import (
    JOB_DELETED,
    JOB_EVENTS,
    JOB_TOPIC,
    PROFILE_EVENTS,
    PROFILE_TOPIC,
    RESUME_DELETED,
    RESUME_EVENTS,
    RESUME_TOPIC,
    RESUME_UPDATED,
    SUBSCRIPTION_TOPIC,
    JobDeletedPayload,
    JobPayload,
    ProfilePayload,
    ResumeDeletedPayload,
    ResumePayload,
    ResumeVisibilityPayload,
)
from search.engine.indexing.resumes import delete_resume, hide_resume, index_resume
from search.engine.indexing.store import SearchStore
from search.messaging.snapshots import apply_job, apply_profile, delete_job
from search.settings import SearchSettings

log = logging.getLogger(__name__)

Offsets = dict[TopicPartition, int]


@dataclass
class ReindexReport:
    jobs: int
    organizations: int
    caught_up: int
    resumes: int = 0

    def __str__(self) -> str:
        return (
            f"{self.organizations} organization profiles and {self.jobs} jobs indexed, "
            f"{self.resumes} resumes indexed, "
            f"{self.caught_up} later events applied after the switch"
        )


async def read_topic(
    bootstrap_servers: str, topic: str, types: tuple[str, ...], start: Offsets | None = None
) -> tuple[list[EventEnvelope], Offsets]:
    """Every event of ``types`` on ``topic`` from ``start`` (else the beginning) to its end now."""
    # "earliest", and the positions settled before seeking: assign() starts resetting each
    # partition to the consumer's default at once, and a reset to "latest" answering after a
    # seek_to_beginning() moved the position back to the end (a whole partition was skipped)
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap_servers,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
    )
    await consumer.start()
    try:
        partitions = await _partitions(bootstrap_servers, topic)
        assigned = [TopicPartition(topic, p) for p in sorted(partitions)]
        if not assigned:
            return [], {}
        consumer.assign(assigned)
        for partition in assigned:
            await consumer.position(partition)
        ends: Offsets = await consumer.end_offsets(assigned)
        for partition in assigned:
            if start and partition in start:
                consumer.seek(partition, start[partition])
            else:
                await consumer.seek_to_beginning(partition)
        events: list[EventEnvelope] = []
        remaining = {p for p in assigned if await consumer.position(p) < ends[p]}
        while remaining:
            batches = await consumer.getmany(*remaining, timeout_ms=1000)
            for partition, records in batches.items():
                for record in records:
                    if record.offset < ends[partition] and record.value is not None:
                        try:
                            envelope = EventEnvelope.from_bytes(record.value)
                        except ValueError:
                            continue  # the consumer dead-letters these; nothing to index
                        if envelope.type in types:
                            events.append(envelope)
            remaining = {p for p in remaining if await consumer.position(p) < ends[p]}
        return events, ends
    finally:
        await consumer.stop()


async def _partitions(bootstrap_servers: str, topic: str) -> list[int]:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap_servers)
    await admin.start()
    try:
        described = await admin.describe_topics([topic])
    finally:
        await admin.close()
    return [
        int(partition["partition"])
        for description in described
        if description.get("error_code", 0) == 0
        for partition in description.get("partitions", [])
    ]


def newest_events(events: list[EventEnvelope], version_key: str = "version") -> list[EventEnvelope]:
    """Each aggregate's newest event (by its version; the later one on a tie)."""
    newest: dict[str, EventEnvelope] = {}
    for envelope in events:
        current = newest.get(envelope.aggregate_id)
        version = int(envelope.payload.get(version_key, envelope.aggregate_version))
        if current is None or version >= int(
            current.payload.get(version_key, current.aggregate_version)
        ):
            newest[envelope.aggregate_id] = envelope
    return list(newest.values())


async def _apply(
    store: SearchStore,
    session: AsyncSession,
    envelope: EventEnvelope,
    *,
    index: str | None = None,
) -> None:
    """The consumers' path: the document (into ``index``) and the paths in the slug index,
    which a first reindex thereby backfills (versioned: replaying is harmless)."""
    if envelope.type in RESUME_EVENTS:
        await _apply_resume(store, session, envelope, index=index)
    elif envelope.type in PROFILE_EVENTS:
        payload = ProfilePayload.model_validate(envelope.payload)
        await apply_profile(store, session, payload, envelope, index=index)
    elif envelope.type == JOB_DELETED:
        deleted = JobDeletedPayload.model_validate(envelope.payload)
        await delete_job(store, session, deleted, index=index)
    else:
        await apply_job(
            store, session, JobPayload.model_validate(envelope.payload), envelope, index=index
        )


async def _apply_resume(
    store: SearchStore, session: AsyncSession, envelope: EventEnvelope, *, index: str | None
) -> None:
    data = envelope.payload
    if envelope.type == RESUME_UPDATED:
        await index_resume(store, session, ResumePayload.model_validate(data), index=index)
    elif envelope.type == RESUME_DELETED:
        await delete_resume(store, ResumeDeletedPayload.model_validate(data), index=index)
    else:
        await hide_resume(store, ResumeVisibilityPayload.model_validate(data), index=index)


# the slug index's rows are committed every so many events: each aggregate's advisory lock is
# held until its transaction ends, and one transaction for a board's 100,000 jobs ran out of
# PostgreSQL's lock table ("out of shared memory")
COMMIT_EVERY = 500


def _to_apply(kind: str, events: list[EventEnvelope]) -> list[EventEnvelope]:
    """A job's or a profile's newest event; every resume event, in order."""
    return events if kind == "resumes" else newest_events(events)


async def reindex(
    store: SearchStore,
    sessions: async_sessionmaker[AsyncSession],
    settings: SearchSettings,
    *,
    keep_old: bool = False,
) -> ReindexReport:
    await store.ensure_indices()
    topics: Mapping[str, tuple[str, tuple[str, ...]]] = {
        "organizations": (settings.topic(PROFILE_TOPIC), PROFILE_EVENTS),
        "jobs": (settings.topic(JOB_TOPIC), JOB_EVENTS),
        "resumes": (settings.topic(RESUME_TOPIC), RESUME_EVENTS),
    }
    # the topics it replays keep their history (jobkit.kafka.HISTORY_TOPICS); this also applies
    # retention.ms=-1 to topics made before that rule, so the next reindex misses nothing
    await ensure_topics(
        settings.kafka_bootstrap_servers,
        [topic for topic, _ in topics.values()] + [settings.topic(SUBSCRIPTION_TOPIC)],
    )
    counts: dict[str, int] = {}
    ends: dict[str, Offsets] = {}
    left: list[str] = []
    async with sessions() as session:
        for kind in ("organizations", "jobs", "resumes"):
            topic, types = topics[kind]
            events, ends[kind] = await read_topic(settings.kafka_bootstrap_servers, topic, types)
            index = await store.create_index(kind)
            for count, envelope in enumerate(_to_apply(kind, events), start=1):
                await _apply(store, session, envelope, index=index)
                if count % COMMIT_EVERY == 0:
                    await session.commit()  # each aggregate's slug lock is held to its commit
            await store.client.indices.refresh(index=index)
            await session.commit()  # the slug index's rows
            left += await store.switch_alias(kind, index)
            counts[kind] = len(newest_events(events))
        caught_up = 0
        for kind in ("organizations", "jobs", "resumes"):
            topic, types = topics[kind]
            later, _ = await read_topic(settings.kafka_bootstrap_servers, topic, types, ends[kind])
            for count, envelope in enumerate(later, start=1):
                await _apply(store, session, envelope)
                if count % COMMIT_EVERY == 0:
                    await session.commit()
            caught_up += len(later)
        await bump_generation(session, store.prefix)  # kept answers were of the old indices
        await session.commit()
    if not keep_old:
        for index in left:
            await store.client.indices.delete(index=index)
    return ReindexReport(
        jobs=counts["jobs"],
        organizations=counts["organizations"],
        caught_up=caught_up,
        resumes=counts["resumes"],
    )
