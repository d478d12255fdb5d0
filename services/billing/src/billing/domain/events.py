"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id."""

from typing import ClassVar

from jobkit.events import EventPayload

LEDGER_TOPIC = "billing.ledger"  # credit ledgers, keyed by the organization's number

PUBLISHED_TOPICS = (LEDGER_TOPIC, "billing.subscription")


class CreditsChanged(EventPayload):
    """After any ledger entry: the organization's new balance of that kind of credit."""

    event_type: ClassVar[str] = "billing.credits.changed"
    topic: ClassVar[str] = LEDGER_TOPIC

    organization_number: int
    kind: str
    balance: int


SUBSCRIPTION_TOPIC = "billing.subscription"  # subscriptions, keyed by the subscription id


class SubscriptionChanged(EventPayload):
    """A subscription was created, extended or cancelled (its state after the change)."""

    event_type: ClassVar[str] = "billing.subscription.changed"
    topic: ClassVar[str] = SUBSCRIPTION_TOPIC

    subscription_id: str
    organization_number: int
    product_id: str
    status: str
    start_date: str
    end_date: str
