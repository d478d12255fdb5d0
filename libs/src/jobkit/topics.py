"""Every Kafka topic of the platform and its settings, in one place.

``jobkit.kafka.ensure_topics`` creates a topic with these settings (every service prepares the
topics it publishes and reads when it starts, ``jobkit.app``; ``scripts/seed.py`` prepares all of
them when the stack starts) and brings a topic made earlier to its declared retention and cleanup
policy. Partitions are set at creation only: adding partitions to a topic would move keys to
other partitions and break the order per aggregate. ``docs/events.md`` lists this table
(``scripts/event_contracts.py``) and ``make check`` fails when a published or consumed topic is
not declared here.

A topic not declared (dead-letter topics ``<topic>.dlt``, tests' own topics) gets
:data:`DEFAULT_PARTITIONS` and the broker's defaults.
"""

from __future__ import annotations

from dataclasses import dataclass

from jobkit import contracts

DEFAULT_PARTITIONS = 3
DAY_MS = 24 * 3600 * 1000
COMPACTION_WINDOW_MS = DAY_MS


@dataclass(frozen=True)
class TopicSettings:
    partitions: int = DEFAULT_PARTITIONS
    # milliseconds; -1 keeps every event forever; None: the broker's default (7 days)
    retention_ms: int | None = None
    # keep only the last event per key (cleanup.policy=compact) instead of deleting by age
    compacted: bool = False
    why: str = ""

    def configs(self) -> dict[str, str]:
        """The topic-level overrides of the broker's defaults."""
        found: dict[str, str] = {}
        if self.retention_ms is not None:
            found["retention.ms"] = str(self.retention_ms)
        if self.compacted:
            found["cleanup.policy"] = "compact"
            # a segment closes within a day, so the cleaner can compact it; a tombstone stays a
            # day for consumers to see, then goes with every earlier event of its key
            found["segment.ms"] = str(COMPACTION_WINDOW_MS)
            found["delete.retention.ms"] = str(COMPACTION_WINDOW_MS)
        return found


# Aggregate topics whose whole history rebuilds a read model: search's reindex replays them from
# the beginning (every job, every profile, every subscription's last state), so they are kept
# forever instead of the broker's 7-day default. Each event carries its whole aggregate.
_HISTORY = "search's reindex replays it from the beginning"

TOPICS: dict[str, TopicSettings] = {
    contracts.USER_TOPIC: TopicSettings(),
    contracts.SITE_TOPIC: TopicSettings(),
    # every service's revocation read model reads it from its beginning (jobkit.revocations)
    # every service's revocation read model replays it (ADR 0023); a revocation matters only
    # while the session's tokens are valid (token_lifetime_seconds, 30 days), so it is kept a
    # little longer than that and then goes, with the ended account's id (ADR 0036)
    contracts.SESSION_TOPIC: TopicSettings(
        retention_ms=35 * DAY_MS,
        why="the revocation read models replay it (ADR 0023), longer than a token lives",
    ),
    "audit.masquerade": TopicSettings(),
    contracts.ORGANIZATION_TOPIC: TopicSettings(),
    contracts.PROFILE_TOPIC: TopicSettings(retention_ms=-1, why=_HISTORY),
    contracts.ORGANIZATION_CONTACT_TOPIC: TopicSettings(),
    contracts.JOB_TOPIC: TopicSettings(retention_ms=-1, why=_HISTORY),
    contracts.APPLICATION_TOPIC: TopicSettings(),
    contracts.BOOKMARK_TOPIC: TopicSettings(),
    "billing.ledger": TopicSettings(),
    contracts.SUBSCRIPTION_TOPIC: TopicSettings(retention_ms=-1, why=_HISTORY),
    contracts.SLOT_TOPIC: TopicSettings(),
    "billing.contact": TopicSettings(),
    contracts.CONSENT_INFO_TOPIC: TopicSettings(),
    contracts.CONSENT_TOPIC: TopicSettings(),
    # a resume's last event carries what search needs (its whole public part, or that it is
    # hidden), so only the last one per resume is kept; a deleted resume's tombstone takes its
    # history out of the topic (ADR 0036)
    contracts.RESUME_TOPIC: TopicSettings(
        retention_ms=-1,
        compacted=True,
        why="search's reindex replays the last event of every resume",
    ),
    contracts.RESUME_CONTACT_TOPIC: TopicSettings(),
    "search.vocabulary": TopicSettings(),
    # each eraser's confirmations, keyed by the person's id (ADR 0036)
    **{contracts.erasure_topic(service): TopicSettings() for service in contracts.ERASERS},
    # export requests, and each service's part of them (ADR 0038)
    contracts.EXPORT_REQUEST_TOPIC: TopicSettings(),
    **{contracts.export_topic(service): TopicSettings() for service in contracts.EXPORTERS},
}


def declared(topic: str) -> TopicSettings | None:
    """The settings of a physical topic (maybe with a test prefix ending in "."), if declared."""
    for name, settings in TOPICS.items():
        if topic == name or topic.endswith(f".{name}"):
            return settings
    return None


def settings_of(topic: str) -> TopicSettings:
    return declared(topic) or TopicSettings()
