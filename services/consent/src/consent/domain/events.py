"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id."""

from typing import ClassVar

from jobkit.contracts import erasure_completed, erasure_topic, export_completed, export_topic
from jobkit.erasure import ErasureCompletedPayload
from jobkit.events import EventPayload
from jobkit.export import ExportCompletedPayload

INFO_TOPIC = "consent.info"  # consent infos, keyed by info id
CONSENT_TOPIC = "consent.consent"  # user consents, keyed by user id (a user's consents in order)

ERASURE_TOPIC = erasure_topic("consent")  # erasure confirmations, keyed by user id (ADR 0036)
EXPORT_TOPIC = export_topic("consent")  # parts of exports, keyed by user id (ADR 0038)

PUBLISHED_TOPICS = (INFO_TOPIC, CONSENT_TOPIC, ERASURE_TOPIC, EXPORT_TOPIC)


class ConsentInfoRevised(EventPayload):
    """A consent info got a new revision (its first one when it was created)."""

    event_type: ClassVar[str] = "consent.info.revised"
    topic: ClassVar[str] = INFO_TOPIC

    info_id: str
    revision_id: str
    revision_number: int
    type: str
    placement: str
    opt_in: bool


class UserConsentGiven(EventPayload):
    """A user agreed to one revision of an info (in the modal, at registration, ...)."""

    event_type: ClassVar[str] = "consent.consent.given"
    topic: ClassVar[str] = CONSENT_TOPIC

    consent_id: str
    user_id: str
    info_id: str
    revision_id: str
    type: str
    placement: str
    source: str  # user | registration


class ErasureCompleted(ErasureCompletedPayload):
    """A deleted account's consents anonymized (ADR 0036)."""

    event_type: ClassVar[str] = erasure_completed("consent")
    topic: ClassVar[str] = ERASURE_TOPIC


class ExportCompleted(ExportCompletedPayload):
    """A person's consents put in their export (ADR 0038)."""

    event_type: ClassVar[str] = export_completed("consent")
    topic: ClassVar[str] = EXPORT_TOPIC
