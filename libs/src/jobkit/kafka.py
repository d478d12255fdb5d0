"""Kafka client construction in one place: idempotent producers and topic creation."""

from __future__ import annotations

import logging

from aiokafka import AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType
from aiokafka.errors import TopicAlreadyExistsError

from jobkit.topics import DEFAULT_PARTITIONS, TOPICS, declared

log = logging.getLogger(__name__)

REQUEST_TIMEOUT_MS = 10_000

# The topics kept forever (jobkit.topics declares each topic's settings; these are the ones with
# retention.ms=-1: search's reindex replays them from the beginning).
# kept forever: every event, or the last one of each key (compacted)
HISTORY_TOPICS = frozenset(name for name, found in TOPICS.items() if found.retention_ms == -1)


def keeps_history(topic: str) -> bool:
    """Whether a physical topic (maybe with a test prefix ending in ".") keeps its history."""
    found = declared(topic)
    return found is not None and found.retention_ms == -1


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


async def ensure_topics(
    bootstrap_servers: str, topics: list[str], *, partitions: int = DEFAULT_PARTITIONS
) -> None:
    """Create the topics a service reads or writes, so consumers never wait on auto-creation,
    with their declared settings (``jobkit.topics``; ``partitions`` and the broker's defaults for
    a topic not declared there), and bring older topics to their declared retention and cleanup
    policy."""
    wanted = list(dict.fromkeys(topics))
    admin = AIOKafkaAdminClient(
        bootstrap_servers=bootstrap_servers, request_timeout_ms=REQUEST_TIMEOUT_MS
    )
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        missing = [name for name in wanted if name not in existing]
        if missing:
            try:
                await admin.create_topics(
                    [
                        NewTopic(
                            name,
                            num_partitions=(found.partitions if found else partitions),
                            replication_factor=1,
                            topic_configs=(found.configs() or None) if found else None,
                        )
                        for name in missing
                        for found in [declared(name)]
                    ]
                )
            except TopicAlreadyExistsError:
                log.debug("topics created concurrently: %s", missing)
        # every topic with overrides, not only those listed as existing: one created a moment ago
        # by another process (TopicAlreadyExistsError above) may have the broker's defaults
        await _apply_configs(
            admin, {name: found.configs() for name in wanted if (found := declared(name))}
        )
    finally:
        await admin.close()


async def _apply_configs(admin: AIOKafkaAdminClient, configs: dict[str, dict[str, str]]) -> None:
    """Set the declared overrides (retention, cleanup policy) on topics made before the
    declaration (or by the broker's auto-creation); a topic that has them already is left alone,
    so this is idempotent."""
    configs = {name: wanted for name, wanted in configs.items() if wanted}
    if not configs:
        return
    described = await admin.describe_configs(
        [
            ConfigResource(ConfigResourceType.TOPIC, name, dict.fromkeys(wanted))
            for name, wanted in configs.items()
        ]
    )
    # (error_code, message, type, name, configs); a topic made a moment ago may not answer yet
    short = [
        str(resource[3])
        for response in described
        for resource in response.resources
        if resource[0] != 0
        or any(
            {entry[0]: entry[1] for entry in resource[4]}.get(key) != value
            for key, value in configs.get(str(resource[3]), {}).items()
        )
    ]
    if short:
        # (alter_configs replaces the topic's overrides with the declared ones; the broker applies
        # them through its metadata log, so a describe right after may lag)
        await admin.alter_configs(
            [ConfigResource(ConfigResourceType.TOPIC, name, configs[name]) for name in short]
        )
        log.info("topics now have their declared settings: %s", short)


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
