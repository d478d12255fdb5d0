"""Topics get the settings jobkit.topics declares: history topics (the aggregates search's reindex
replays) keep their events forever, set at creation and applied to a topic made before the rule,
idempotently; other topics keep the broker's default; a declared compacted topic is compacted."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType
from jobkit import topics
from jobkit.kafka import HISTORY_TOPICS, ensure_topics, keeps_history
from jobkit.settings import ServiceSettings
from jobkit.topics import COMPACTION_WINDOW_MS, TOPICS, TopicSettings

pytestmark = pytest.mark.integration


@pytest.fixture
async def admin() -> AsyncIterator[AIOKafkaAdminClient]:
    client = AIOKafkaAdminClient(bootstrap_servers=ServiceSettings().kafka_bootstrap_servers)
    await client.start()
    yield client
    await client.close()


async def _settled(admin: AIOKafkaAdminClient, topic: str, wanted: str = "-1") -> str:
    """The topic's retention once it is ``wanted`` (the broker applies a change through its
    metadata log, so a describe right after may lag), else what it is after 60 s."""
    deadline = asyncio.get_running_loop().time() + 60
    while (value := await _retention(admin, topic)) != wanted:
        if asyncio.get_running_loop().time() > deadline:
            break
        await asyncio.sleep(0.1)
    return value


async def _retention(admin: AIOKafkaAdminClient, topic: str) -> str:
    return await _config(admin, topic, "retention.ms")


async def _config(admin: AIOKafkaAdminClient, topic: str, key: str) -> str:
    described = await admin.describe_configs(
        [ConfigResource(ConfigResourceType.TOPIC, topic, {key: None})]
    )
    # a topic made a moment ago may answer with an error and no configs yet
    return next(
        (
            str(entry[1])
            for response in described
            for resource in response.resources
            for entry in resource[4]
            if entry[0] == key
        ),
        "",
    )


async def _configs_settled(
    admin: AIOKafkaAdminClient, topic: str, wanted: dict[str, str]
) -> dict[str, str]:
    """The topic's values of ``wanted``'s keys once they are as wanted, else after 10 s."""
    deadline = asyncio.get_running_loop().time() + 10
    while True:
        found = {key: await _config(admin, topic, key) for key in wanted}
        if found == wanted or asyncio.get_running_loop().time() > deadline:
            return found
        await asyncio.sleep(0.1)


def test_which_topics_keep_their_history() -> None:
    # search rebuilds its indices from these (resumes.resume: the last event of each resume,
    # compacted); identity.session is kept only as long as a token lives (ADR 0023, 0036)
    assert {
        "jobs.job",
        "organizations.profile",
        "billing.subscription",
        "resumes.resume",
    } == HISTORY_TOPICS
    assert TOPICS["resumes.resume"].configs()["cleanup.policy"] == "compact"
    assert int(TOPICS["identity.session"].configs()["retention.ms"]) > 30 * 24 * 3600 * 1000
    assert keeps_history("resumes.resume")
    assert keeps_history("jobs.job")
    assert keeps_history("test-1a2b.jobs.job")
    assert keeps_history("organizations.profile")
    assert keeps_history("billing.subscription")
    assert not keeps_history("jobs.job.dlt")
    assert not keeps_history("jobs.application")
    assert not keeps_history("billing.slot")


async def test_history_topics_are_kept_forever_new_or_old(
    admin: AIOKafkaAdminClient, run_prefix: str
) -> None:
    servers = ServiceSettings().kafka_bootstrap_servers
    fresh, old, other = (
        f"{run_prefix}retention.jobs.job",
        f"{run_prefix}retention.organizations.profile",
        f"{run_prefix}retention.jobs.application",
    )
    # a topic made before the rule, with the broker's default retention
    await admin.create_topics([NewTopic(old, num_partitions=1, replication_factor=1)])
    assert await _retention(admin, old) != "-1"
    try:
        await ensure_topics(servers, [fresh, old, other])
        assert await _settled(admin, fresh) == "-1"
        assert await _settled(admin, old) == "-1"
        assert await _retention(admin, other) != "-1"
        await ensure_topics(servers, [fresh, old, other])  # again: nothing changes
        assert await _retention(admin, old) == "-1"
    finally:
        await admin.delete_topics([fresh, old, other])


async def test_a_declared_topic_gets_its_partitions_retention_and_compaction(
    admin: AIOKafkaAdminClient, run_prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = "settings-test.compacted"
    monkeypatch.setitem(
        topics.TOPICS, name, TopicSettings(partitions=2, retention_ms=86_400_000, compacted=True)
    )
    wanted = {
        "retention.ms": "86400000",
        "cleanup.policy": "compact",
        "segment.ms": str(COMPACTION_WINDOW_MS),
        "delete.retention.ms": str(COMPACTION_WINDOW_MS),
    }
    servers = ServiceSettings().kafka_bootstrap_servers
    fresh, old = f"{run_prefix}fresh.{name}", f"{run_prefix}old.{name}"
    await admin.create_topics([NewTopic(old, num_partitions=1, replication_factor=1)])
    try:
        await ensure_topics(servers, [fresh, old])
        assert await _configs_settled(admin, fresh, wanted) == wanted
        assert await _configs_settled(admin, old, wanted) == wanted
        described = await admin.describe_topics([fresh, old])
        partitions = {found["topic"]: len(found["partitions"]) for found in described}
        # partitions are set at creation only: the older topic keeps its one
        assert partitions == {fresh: 2, old: 1}
    finally:
        await admin.delete_topics([fresh, old])
