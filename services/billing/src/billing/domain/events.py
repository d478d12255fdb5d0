"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id."""

from typing import ClassVar

from jobkit import contracts
from jobkit.erasure import ErasureCompletedPayload
from jobkit.events import EventPayload
from jobkit.export import ExportCompletedPayload

LEDGER_TOPIC = "billing.ledger"  # credit ledgers, keyed by the organization's number

CONTACT_TOPIC = "billing.contact"  # answers to resume contact requests, keyed by request id

ERASURE_TOPIC = contracts.erasure_topic("billing")  # erasure confirmations, keyed by user id
EXPORT_TOPIC = contracts.export_topic("billing")  # parts of exports, keyed by user id (ADR 0038)
PUBLISHED_TOPICS = (
    LEDGER_TOPIC,
    "billing.subscription",
    "billing.slot",
    CONTACT_TOPIC,
    ERASURE_TOPIC,
    EXPORT_TOPIC,
)


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
    # The organization is featured while the subscription is active (ADR 0012).
    featured_organization: bool = False


SLOT_TOPIC = "billing.slot"  # the answers to jobs' publish requests, keyed by the job id


class SlotGranted(EventPayload):
    """A job may be published: one slot was taken (from a subscription, else from credits)."""

    event_type: ClassVar[str] = "billing.slot.granted"
    topic: ClassVar[str] = SLOT_TOPIC

    job_id: str
    organization_number: int
    source: str  # subscription | credits
    subscription_id: str | None = None
    # Set when the slot came from a package carrying a boost: the job is featured until then.
    featured_until: str | None = None  # ISO 8601


class SlotDenied(EventPayload):
    event_type: ClassVar[str] = "billing.slot.denied"
    topic: ClassVar[str] = SLOT_TOPIC

    job_id: str
    organization_number: int
    reason: str  # no_slots_left


class SlotReleased(EventPayload):
    """A withdrawn job's slot went back to where it came from."""

    event_type: ClassVar[str] = "billing.slot.released"
    topic: ClassVar[str] = SLOT_TOPIC

    job_id: str
    organization_number: int
    source: str


class ContactGranted(EventPayload):
    """A recruiter may contact the applicant: one resume contact slot was taken (from a
    subscription, else from contact credits)."""

    event_type: ClassVar[str] = "billing.contact.granted"
    topic: ClassVar[str] = CONTACT_TOPIC

    request_id: str
    organization_number: int
    source: str  # subscription | credits
    subscription_id: str | None = None


class ContactDenied(EventPayload):
    event_type: ClassVar[str] = "billing.contact.denied"
    topic: ClassVar[str] = CONTACT_TOPIC

    request_id: str
    organization_number: int
    reason: str  # no_slots_left


class ErasureCompleted(ErasureCompletedPayload):
    """A deleted account's ledger entries and invoicing contact anonymized (ADR 0036)."""

    event_type: ClassVar[str] = contracts.erasure_completed("billing")
    topic: ClassVar[str] = ERASURE_TOPIC


class ExportCompleted(ExportCompletedPayload):
    """A person's ledger entries and invoicing contacts put in their export (ADR 0038)."""

    event_type: ClassVar[str] = contracts.export_completed("billing")
    topic: ClassVar[str] = EXPORT_TOPIC
