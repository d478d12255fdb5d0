"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id."""

from typing import ClassVar

from jobkit.events import EventPayload

LEDGER_TOPIC = "billing.ledger"  # credit ledgers, keyed by the organization's number

PUBLISHED_TOPICS = (LEDGER_TOPIC,)


class CreditsChanged(EventPayload):
    """After any ledger entry: the organization's new balance of that kind of credit."""

    event_type: ClassVar[str] = "billing.credits.changed"
    topic: ClassVar[str] = LEDGER_TOPIC

    organization_number: int
    kind: str
    balance: int
