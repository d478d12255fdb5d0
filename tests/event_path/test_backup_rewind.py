"""scripts/backup.py rewind against the real broker: after a database is restored, its service's
consumer groups go back to the backup's time, so the events consumed since are delivered again;
other services' groups stay; a group that still has members is refused
(docs/runbooks/backup-and-restore.md)."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from pathlib import Path

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient
from jobkit.kafka import ensure_topics
from jobkit.settings import ServiceSettings

from scripts.backup import BackupError, rewind

pytestmark = pytest.mark.integration


async def _consume_all(bootstrap: str, group: str, topic: str, count: int) -> None:
    """A group that read every record and committed, then left (a stopped service)."""
    consumer = AIOKafkaConsumer(
        topic,
        bootstrap_servers=bootstrap,
        group_id=group,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
    )
    await consumer.start()
    try:
        seen = 0
        while seen < count:
            batch = await consumer.getmany(timeout_ms=1000)
            seen += sum(len(records) for records in batch.values())
        await consumer.commit()
    finally:
        await consumer.stop()


async def _committed(bootstrap: str, group: str, topic: str) -> int:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        offsets = await admin.list_consumer_group_offsets(group)
    finally:
        await admin.close()
    return sum(offset.offset for tp, offset in offsets.items() if tp.topic == topic)


async def test_a_restored_services_groups_go_back_to_the_backups_time(
    run_prefix: str, tmp_path: Path
) -> None:
    settings = ServiceSettings(service_name="backup", kafka_topic_prefix=run_prefix)
    bootstrap = settings.kafka_bootstrap_servers
    topic = settings.topic(f"jobs.job.{uuid.uuid4().hex[:6]}")
    await ensure_topics(bootstrap, [topic])
    taken = dt.datetime.now(dt.UTC).replace(microsecond=0)
    (tmp_path / "manifest.json").write_text(
        json.dumps({"format": 1, "created_at": taken.isoformat(), "databases": {}})
    )
    at_ms = int(taken.timestamp() * 1000)
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap)
    await producer.start()
    try:
        for index in range(5):  # three before the backup, two after it
            when = at_ms - 60_000 + index if index < 3 else at_ms + 1_000 + index
            await producer.send_and_wait(topic, f"event {index}".encode(), timestamp_ms=when)
    finally:
        await producer.stop()
    restored = settings.topic("search-indexer")
    other = settings.topic("analytics-jobs")
    for group in (restored, other):
        await _consume_all(bootstrap, group, topic, 5)

    moved = await rewind(tmp_path, ["search"], settings)

    assert moved == {restored: 2}
    assert await _committed(bootstrap, restored, topic) == 3  # the two after the backup again
    assert await _committed(bootstrap, other, topic) == 5
    # a second rewind moves nothing further back
    assert await rewind(tmp_path, ["search"], settings) == {restored: 0}

    running = AIOKafkaConsumer(
        topic, bootstrap_servers=bootstrap, group_id=other, auto_offset_reset="earliest"
    )
    await running.start()
    try:
        for _ in range(60):  # until it has joined: the group has a member
            await running.getmany(timeout_ms=500)
            if running.assignment():
                break
        with pytest.raises(BackupError, match="member\\(s\\): stop the service"):
            await rewind(tmp_path, ["analytics"], settings)
    finally:
        await running.stop()
    assert await _committed(bootstrap, other, topic) == 5
