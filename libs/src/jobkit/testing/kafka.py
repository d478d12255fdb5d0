"""Kafka helpers for tests: read what landed on a topic, and stop/start the real broker."""

from __future__ import annotations

import asyncio
import os
import subprocess
import uuid
from collections.abc import Callable, Mapping
from pathlib import Path

from aiokafka import AIOKafkaConsumer, ConsumerRecord
from aiokafka.admin import AIOKafkaAdminClient

from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics, idempotent_producer

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
    bootstrap_servers: str,
    topic: str,
    *,
    expect: int = 1,
    timeout: float = 30.0,
    until: Callable[[list[ConsumerRecord[bytes, bytes]]], bool] | None = None,
) -> list[ConsumerRecord[bytes, bytes]]:
    """Every record of ``topic`` from the beginning, waiting until ``expect`` have arrived (or
    until ``until`` holds of them: at least once, a record may come twice) or ``timeout``."""
    done = until or (lambda records: len(records) >= expect)
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
        while not done(records) and asyncio.get_running_loop().time() < deadline:
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


async def wait_for_broker(
    bootstrap_servers: str, *, probe_topic: str, timeout: float = 180.0
) -> None:
    """Until the broker takes a record (acks=all, idempotent, as the relay sends) and a consumer
    group reads it back. After a restart the port answers well before partitions have leaders
    and the group coordinator is loaded; a test that stopped the broker waits for this, so the
    next test finds it as it found it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    last: BaseException | None = None
    while loop.time() < deadline:
        marker = uuid.uuid4().hex.encode()
        try:
            await asyncio.wait_for(_probe(bootstrap_servers, probe_topic, marker), timeout=60)
            return
        except Exception as error:
            last = error
        await asyncio.sleep(1.0)
    raise AssertionError(f"Kafka at {bootstrap_servers} did not serve within {timeout:g} s: {last}")


async def _probe(bootstrap_servers: str, topic: str, marker: bytes) -> None:
    await ensure_topics(bootstrap_servers, [topic], partitions=1)
    producer = idempotent_producer(bootstrap_servers, client_id="broker-probe")
    await producer.start()
    try:
        await producer.send_and_wait(topic, marker)
    finally:
        await producer.stop()
    records = await read_topic(
        bootstrap_servers,
        topic,
        timeout=30,
        until=lambda records: any(record.value == marker for record in records),
    )
    if not any(record.value == marker for record in records):
        raise TimeoutError(f"the probe record did not come back from {topic}")


def stack(*args: str, env: Mapping[str, str] | None = None, timeout: float = 300) -> None:
    """Run the project's own stack script (e.g. ``stack("stop", "kafka")``); ``env`` adds
    variables for it (e.g. a longer ``KAFKA_READY_TIMEOUT`` for a slow machine)."""
    subprocess.run(  # noqa: S603
        [str(stack_script()), *args],
        check=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )


async def stop_kafka() -> None:
    """Stop the project's broker (from a thread: the caller's event loop, its services' and
    relays', keeps running meanwhile)."""
    await asyncio.to_thread(stack, "stop", "kafka")


async def start_kafka(bootstrap_servers: str, *, probe_topic: str, timeout: float = 900) -> None:
    """Start the project's broker (nothing happens if it runs) and wait until it serves again
    (:func:`wait_for_broker`), for as long as a slow machine needs: a broker stopped uncleanly
    (killed after its stop timeout) first recovers its logs, for minutes."""
    await asyncio.to_thread(
        stack,
        "start",
        "kafka",
        env={"KAFKA_READY_TIMEOUT": str(int(timeout))},
        timeout=timeout + 120,
    )
    await wait_for_broker(bootstrap_servers, probe_topic=probe_topic, timeout=timeout)


def fetched_record(
    topic: str, event: EventEnvelope, *, partition: int = 0, offset: int = 0
) -> ConsumerRecord[bytes, bytes]:
    """An event as a consumer's fetch hands it over (keyed by its aggregate id, its type in the
    headers as the outbox relay sends it), for driving ``IdempotentConsumer.apply`` without a
    broker."""
    key, value = event.aggregate_id.encode(), event.to_bytes()
    return ConsumerRecord(
        topic=topic,
        partition=partition,
        offset=offset,
        timestamp=0,
        timestamp_type=0,
        key=key,
        value=value,
        checksum=None,
        serialized_key_size=len(key),
        serialized_value_size=len(value),
        headers=[("event-type", event.type.encode())],
    )
