"""Kafka client construction in one place: idempotent producers and topic creation."""

from __future__ import annotations

import logging

from aiokafka import AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import TopicAlreadyExistsError

log = logging.getLogger(__name__)

REQUEST_TIMEOUT_MS = 10_000


def idempotent_producer(bootstrap_servers: str, *, client_id: str) -> AIOKafkaProducer:
    """A producer that never duplicates or reorders on retry (acks from every in-sync replica)."""
    return AIOKafkaProducer(
        bootstrap_servers=bootstrap_servers,
        client_id=client_id,
        acks="all",
        enable_idempotence=True,
        request_timeout_ms=REQUEST_TIMEOUT_MS,
        linger_ms=5,
    )


async def ensure_topics(bootstrap_servers: str, topics: list[str], *, partitions: int = 3) -> None:
    """Create the topics a service reads or writes, so consumers never wait on auto-creation."""
    admin = AIOKafkaAdminClient(
        bootstrap_servers=bootstrap_servers, request_timeout_ms=REQUEST_TIMEOUT_MS
    )
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        missing = [name for name in dict.fromkeys(topics) if name not in existing]
        if missing:
            try:
                await admin.create_topics(
                    [
                        NewTopic(name, num_partitions=partitions, replication_factor=1)
                        for name in missing
                    ]
                )
            except TopicAlreadyExistsError:
                log.debug("topics created concurrently: %s", missing)
    finally:
        await admin.close()


async def kafka_reachable(bootstrap_servers: str) -> bool:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap_servers, request_timeout_ms=3_000)
    try:
        await admin.start()
        await admin.describe_cluster()
    except Exception:
        return False
    finally:
        await admin.close()
    return True
