"""Events the alerts publish (docs/events.md): the erasure saga's confirmations (ADR 0036)."""

from typing import ClassVar

from jobkit import contracts
from jobkit.erasure import ErasureCompletedPayload

ERASURE_TOPIC = contracts.erasure_topic("search")  # erasure confirmations, keyed by user id


class ErasureCompleted(ErasureCompletedPayload):
    """A deleted account's alerts and what the mailer kept about its address deleted."""

    event_type: ClassVar[str] = contracts.erasure_completed("search")
    topic: ClassVar[str] = ERASURE_TOPIC
