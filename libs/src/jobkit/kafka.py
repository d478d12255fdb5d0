"""Kafka client construction in one place: idempotent producers and topic creation."""

from __future__ import annotations

import logging

from aiokafka import AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType
from aiokafka.errors import TopicAlreadyExistsError

log = logging.getLogger(__name__)

REQUEST_TIMEOUT_MS = 10_000

# Aggregate topics whose whole history rebuilds a read model (search's reindex replays them from
# the beginning: every job, every profile, every subscription's last state), so they are kept
# forever instead of the broker's 7-day default. Each event carries its whole aggregate.
HISTORY_TOPICS = frozenset({"jobs.job", "organizations.profile", "billing.subscription"})
KEEP_FOREVER = {"retention.ms": "-1"}


def keeps_history(topic: str) -> bool:
    """Whether a physical topic (maybe with a test prefix ending in ".") keeps its history."""
    return any(topic == name or topic.endswith(f".{name}") for name in HISTORY_TOPICS)


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
                        NewTopic(
                            name,
                            num_partitions=partitions,
                            replication_factor=1,
                            topic_configs=KEEP_FOREVER if keeps_history(name) else None,
                        )
                        for name in missing
                    ]
                )
            except TopicAlreadyExistsError:
                log.debug("topics created concurrently: %s", missing)
        # every history topic, not only those listed as existing: one created a moment ago by
        # another process (TopicAlreadyExistsError above) may have the default retention
        await _keep_history(admin, [name for name in dict.fromkeys(topics) if keeps_history(name)])
    finally:
        await admin.close()


async def _keep_history(admin: AIOKafkaAdminClient, topics: list[str]) -> None:
    """Set retention.ms=-1 on history topics made before the rule (or by the broker's
    auto-creation); a topic that has it already is left alone, so this is idempotent."""
    if not topics:
        return
    described = await admin.describe_configs(
        [ConfigResource(ConfigResourceType.TOPIC, name, {"retention.ms": None}) for name in topics]
    )
    # (error_code, message, type, name, configs); a topic made a moment ago may not answer yet
    short = [
        str(resource[3])
        for response in described
        for resource in response.resources
        if resource[0] != 0
        or any(entry[0] == "retention.ms" and entry[1] != "-1" for entry in resource[4])
    ]
    if short:
        # (alter_configs replaces the topic's overrides, retention is the only one we set; the
        # broker applies it through its metadata log, so a describe right after may lag)
        await admin.alter_configs(
            [ConfigResource(ConfigResourceType.TOPIC, name, KEEP_FOREVER) for name in short]
        )
        log.info("topics now keep their history: %s", short)


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
