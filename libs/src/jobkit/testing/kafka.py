"""Kafka helpers for tests: read what landed on a topic, and stop/start the real broker."""

from __future__ import annotations

import asyncio
import os
import subprocess
import uuid
from pathlib import Path

from aiokafka import AIOKafkaConsumer, ConsumerRecord
from aiokafka.admin import AIOKafkaAdminClient

STACK_SCRIPT = "deploy/local/stack"


def stack_script() -> Path:
    """The project's stack script: ``JOBBOARD_STACK_SCRIPT``, else found from the working directory.

    Tests run from the repository (or a directory inside it); the kit itself knows no paths.
    """
    configured = os.environ.get("JOBBOARD_STACK_SCRIPT")
    if configured:
        return Path(configured)
    for directory in (Path.cwd(), *Path.cwd().parents):
        candidate = directory / STACK_SCRIPT
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(
        f"{STACK_SCRIPT} not found above {Path.cwd()}; set JOBBOARD_STACK_SCRIPT to its path"
    )


async def read_topic(
    bootstrap_servers: str, topic: str, *, expect: int, timeout: float = 30.0
) -> list[ConsumerRecord[bytes, bytes]]:
    """Every record of ``topic`` from the beginning, waiting until ``expect`` have arrived."""
    consumer = AIOKafkaConsumer(
        topic,
        bootstrap_servers=bootstrap_servers,
        group_id=f"test-reader-{uuid.uuid4().hex[:8]}",
        auto_offset_reset="earliest",
        enable_auto_commit=False,
    )
    await consumer.start()
    records: list[ConsumerRecord[bytes, bytes]] = []
    try:
        deadline = asyncio.get_running_loop().time() + timeout
        while len(records) < expect and asyncio.get_running_loop().time() < deadline:
            batches = await consumer.getmany(timeout_ms=500)
            for batch in batches.values():
                records.extend(batch)
    finally:
        await consumer.stop()
    return records


async def delete_topics_with_prefix(bootstrap_servers: str, prefix: str) -> int:
    """Delete every topic whose name starts with ``prefix`` (a test run's own); how many went.

    Each run makes topics of its own; left behind, thousands of them slow every later start of
    the broker (it loads each partition), so a suite that restarts it would time out on reruns.
    """
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap_servers, request_timeout_ms=30_000)
    await admin.start()
    try:
        ours = [topic for topic in await admin.list_topics() if topic.startswith(prefix)]
        if ours:
            await admin.delete_topics(ours, timeout_ms=30_000)
        return len(ours)
    finally:
        await admin.close()


def stack(*args: str) -> None:
    """Run the project's own stack script (e.g. ``stack("stop", "kafka")``)."""
    subprocess.run([str(stack_script()), *args], check=True, timeout=300)  # noqa: S603
