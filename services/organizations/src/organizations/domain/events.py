"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id.

Profile events carry what the search index needs (name, terms, locations with coordinates,
logo URL, published state, version), so the indexer never calls back.
"""

from typing import ClassVar

from jobkit import contracts
from jobkit.erasure import ErasureCompletedPayload
from jobkit.events import EventPayload
from jobkit.export import ExportCompletedPayload
from pydantic import BaseModel

ORGANIZATION_TOPIC = contracts.ORGANIZATION_TOPIC  # organizations and their members
PROFILE_TOPIC = contracts.PROFILE_TOPIC  # public profiles (keyed by profile id = organization id)
CONTACT_TOPIC = contracts.ORGANIZATION_CONTACT_TOPIC  # contact form messages (keyed by message id)
ERASURE_TOPIC = contracts.erasure_topic("organizations")  # erasure confirmations, by user id
EXPORT_TOPIC = contracts.export_topic("organizations")  # parts of exports, by user id (ADR 0038)


class OrganizationCreated(EventPayload):
    event_type: ClassVar[str] = contracts.ORGANIZATION_CREATED
    topic: ClassVar[str] = ORGANIZATION_TOPIC

    organization_id: str
    number: int
    name: str
    owner_id: str
    verified: bool = False


class OrganizationUpdated(EventPayload):
    """Renamed, or verified or no longer verified by an administrator (ADR 0030)."""

    event_type: ClassVar[str] = contracts.ORGANIZATION_UPDATED
    topic: ClassVar[str] = ORGANIZATION_TOPIC

    organization_id: str
    number: int
    name: str
    verified: bool = False


class OrganizationDeleted(EventPayload):
    event_type: ClassVar[str] = contracts.ORGANIZATION_DELETED
    topic: ClassVar[str] = ORGANIZATION_TOPIC

    organization_id: str
    number: int


class MemberAdded(EventPayload):
    """Consumed into jobkit.memberships read models (billing, jobs, resumes...)."""

    event_type: ClassVar[str] = contracts.MEMBER_ADDED
    topic: ClassVar[str] = ORGANIZATION_TOPIC

    organization_id: str
    organization_number: int
    user_id: str
    role: str


class MemberRemoved(EventPayload):
    event_type: ClassVar[str] = contracts.MEMBER_REMOVED
    topic: ClassVar[str] = ORGANIZATION_TOPIC

    organization_id: str
    organization_number: int
    user_id: str


class MemberInvited(EventPayload):
    """The mailer sends the invitation link (the token itself never travels in events)."""

    event_type: ClassVar[str] = contracts.MEMBER_INVITED
    topic: ClassVar[str] = ORGANIZATION_TOPIC

    organization_id: str
    invitation_id: str
    email: str


class IndexedLocation(BaseModel):
    name: str | None
    locality: str
    country_code: str
    administrative_area: str | None
    lat: float | None
    lon: float | None


class ProfileSnapshot(EventPayload):
    """Base of the profile events: the profile as the search index keeps it."""

    topic: ClassVar[str] = PROFILE_TOPIC

    profile_id: str
    organization_id: str
    organization_number: int
    site: str
    slug: str
    former_slugs: list[str]
    name: str
    alternative_name: str | None
    published: bool
    version: int
    logo_url: str | None
    presentation_text: str
    industry_tid: int | None
    size_tid: int | None
    occupation_tids: list[int]
    fields_of_study_tids: list[int]
    benefit_tids: list[int]
    locations: list[IndexedLocation]


class ProfilePublished(ProfileSnapshot):
    event_type: ClassVar[str] = contracts.PROFILE_PUBLISHED
    public: ClassVar[bool] = True  # the profile as its public page shows it


class ProfileUpdated(ProfileSnapshot):
    event_type: ClassVar[str] = contracts.PROFILE_UPDATED


class ProfileUnpublished(ProfileSnapshot):
    event_type: ClassVar[str] = contracts.PROFILE_UNPUBLISHED


class ContactMessageSent(EventPayload):
    """A contact form message was stored; the mailers send it (never its text: events are
    broadcast, the mailers read the message)."""

    event_type: ClassVar[str] = contracts.CONTACT_MESSAGE_SENT
    topic: ClassVar[str] = CONTACT_TOPIC

    message_id: str
    organization_id: str
    organization_number: int
    sender_id: str | None
    send_copy: bool
    attachments_count: int


class ErasureCompleted(ErasureCompletedPayload):
    """A deleted account's memberships, contact persons and messages erased (ADR 0036)."""

    event_type: ClassVar[str] = contracts.erasure_completed("organizations")
    topic: ClassVar[str] = ERASURE_TOPIC


class ExportCompleted(ExportCompletedPayload):
    """A person's memberships, organizations, contact person entries, invitations, contact
    messages and uploads put in their export, with the files (ADR 0038)."""

    event_type: ClassVar[str] = contracts.export_completed("organizations")
    topic: ClassVar[str] = EXPORT_TOPIC
