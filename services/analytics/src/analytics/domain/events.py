"""Events analytics publishes (docs/events.md): the erasure saga's confirmations (ADR 0036) and
its parts of exports (ADR 0038)."""

from typing import ClassVar

from jobkit import contracts
from jobkit.erasure import ErasureCompletedPayload
from jobkit.export import ExportCompletedPayload

ERASURE_TOPIC = contracts.erasure_topic("analytics")  # erasure confirmations, keyed by user id
EXPORT_TOPIC = contracts.export_topic("analytics")  # parts of exports, keyed by user id

PUBLISHED_TOPICS = (ERASURE_TOPIC, EXPORT_TOPIC)


class ErasureCompleted(ErasureCompletedPayload):
    """A deleted account's analytics events anonymized, its consent and relay forwards deleted."""

    event_type: ClassVar[str] = contracts.erasure_completed("analytics")
    topic: ClassVar[str] = ERASURE_TOPIC


class ExportCompleted(ExportCompletedPayload):
    """A person's analytics events, cookie consent and relay forwards put in their export."""

    event_type: ClassVar[str] = contracts.export_completed("analytics")
    topic: ClassVar[str] = EXPORT_TOPIC
