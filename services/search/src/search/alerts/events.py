"""Events the alerts publish (docs/events.md): the erasure saga's confirmations (ADR 0036) and
the parts of exports (ADR 0038)."""

from typing import ClassVar

from jobkit import contracts
from jobkit.erasure import ErasureCompletedPayload
from jobkit.export import ExportCompletedPayload

ERASURE_TOPIC = contracts.erasure_topic("search")  # erasure confirmations, keyed by user id
EXPORT_TOPIC = contracts.export_topic("search")  # parts of exports, keyed by user id


class ErasureCompleted(ErasureCompletedPayload):
    """A deleted account's alerts and what the mailer kept about its address deleted."""

    event_type: ClassVar[str] = contracts.erasure_completed("search")
    topic: ClassVar[str] = ERASURE_TOPIC


class ExportCompleted(ExportCompletedPayload):
    """A person's alerts and what the mailer kept about their address put in their export."""

    event_type: ClassVar[str] = contracts.export_completed("search")
    topic: ClassVar[str] = EXPORT_TOPIC
