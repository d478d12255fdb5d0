"""Events analytics publishes (docs/events.md): the erasure saga's confirmations (ADR 0036)."""

from typing import ClassVar

from jobkit import contracts
from jobkit.erasure import ErasureCompletedPayload

ERASURE_TOPIC = contracts.erasure_topic("analytics")  # erasure confirmations, keyed by user id

PUBLISHED_TOPICS = (ERASURE_TOPIC,)


class ErasureCompleted(ErasureCompletedPayload):
    """A deleted account's analytics events anonymized, its consent and relay forwards deleted."""

    event_type: ClassVar[str] = contracts.erasure_completed("analytics")
    topic: ClassVar[str] = ERASURE_TOPIC
