"""Analytics' view of the events it consumes (jobkit.contracts; a payload that does not fit is
dead-lettered). ``READS`` declares which views read which event types and versions, for the
groups of ``analytics.messaging.consumers``; ``scripts/event_contracts.py`` checks them against the
publishers' schemas."""

from jobkit import contracts
from jobkit.contracts import (
    APPLICATION_STATUS_CHANGED,
    APPLICATION_SUBMITTED,
    APPLICATION_TOPIC,
    BOOKMARK_ADDED,
    BOOKMARK_REMOVED,
    BOOKMARK_TOPIC,
    CONTACT_MESSAGE_SENT,
    JOB_DELETED,
    JOB_SNAPSHOT_EVENTS,
    JOB_TOPIC,
    ORGANIZATION_CREATED,
    USER_REGISTERED,
    USER_TOPIC,
    EventView,
    Reads,
)
from jobkit.erasure import erasure_reads
from jobkit.export import export_reads
from jobkit.memberships import MemberAddedView, MemberRemovedView
from jobkit.revocations import revocation_reads
from jobkit.site_settings import SiteConfigChangedView

CONTACT_TOPIC = contracts.ORGANIZATION_CONTACT_TOPIC

__all__ = [
    "APPLICATION_STATUS_CHANGED",
    "APPLICATION_SUBMITTED",
    "APPLICATION_TOPIC",
    "BOOKMARK_ADDED",
    "BOOKMARK_REMOVED",
    "BOOKMARK_TOPIC",
    "CONTACT_MESSAGE_SENT",
    "CONTACT_TOPIC",
    "JOB_DELETED",
    "JOB_SNAPSHOT_EVENTS",
    "JOB_TOPIC",
    "ORGANIZATION_CREATED",
    "READS",
    "USER_REGISTERED",
    "USER_TOPIC",
    "ApplicationStatusChangedV1",
    "ApplicationSubmittedV1",
    "BookmarkV1",
    "ContactMessageSentV1",
    "JobDeletedV1",
    "JobSnapshotV1",
    "OrganizationCreatedV1",
    "OrganizationDeletedV1",
    "UserRegisteredV1",
]


class UserRegisteredV1(EventView):
    user_id: str
    roles: list[str]
    signup_method: str


# jobs: applications and bookmarks; organizations: the contact form


class ApplicationSubmittedV1(EventView):
    application_id: str
    job_id: str
    organization_id: str
    applicant_id: str | None = None
    workflow: str


class ApplicationStatusChangedV1(EventView):
    application_id: str
    job_id: str
    organization_id: str
    applicant_id: str | None = None
    status: str
    previous_status: str


class BookmarkV1(EventView):
    job_id: str
    user_id: str
    organization_id: str


class ContactMessageSentV1(EventView):
    message_id: str
    organization_id: str
    sender_id: str | None = None
    attachments_count: int = 0


# jobs: each job's organization (the snapshot events carry the whole job; analytics reads the
# organization, and for the organizations' webhooks the job's public fields)


class JobSnapshotV1(EventView):
    job_id: str
    organization_id: str
    site: str
    title: str
    slug: str
    state: str
    version: int
    published_at: str | None = None
    expires_at: str | None = None


class JobDeletedV1(EventView):
    """Deleted for good by its recruiters: its read model and its counts go."""

    job_id: str


# organizations: the organizations that exist (members come through jobkit.memberships)


class OrganizationCreatedV1(EventView):
    organization_id: str


class OrganizationDeletedV1(EventView):
    """Its webhook endpoints go (ADR 0040)."""

    organization_id: str


READS = (
    # a deleted account's data anonymized or erased, and confirmed (ADR 0036)
    erasure_reads("analytics-erasure"),
    # a person's events, cookie consent and relay forwards in their export (ADR 0038)
    export_reads("analytics-erasure"),
    Reads("analytics", USER_TOPIC, (USER_REGISTERED,), UserRegisteredV1),
    Reads("analytics", APPLICATION_TOPIC, (APPLICATION_SUBMITTED,), ApplicationSubmittedV1),
    Reads(
        "analytics", APPLICATION_TOPIC, (APPLICATION_STATUS_CHANGED,), ApplicationStatusChangedV1
    ),
    Reads("analytics", BOOKMARK_TOPIC, (BOOKMARK_ADDED, BOOKMARK_REMOVED), BookmarkV1),
    Reads("analytics", CONTACT_TOPIC, (CONTACT_MESSAGE_SENT,), ContactMessageSentV1),
    Reads(
        "analytics-site-config",
        contracts.SITE_TOPIC,
        (contracts.SITE_CONFIG_CHANGED,),
        SiteConfigChangedView,
    ),
    Reads(
        "analytics-organizations",
        contracts.ORGANIZATION_TOPIC,
        (contracts.MEMBER_ADDED,),
        MemberAddedView,
    ),
    Reads(
        "analytics-organizations",
        contracts.ORGANIZATION_TOPIC,
        (contracts.MEMBER_REMOVED,),
        MemberRemovedView,
    ),
    Reads(
        "analytics-organizations",
        contracts.ORGANIZATION_TOPIC,
        (ORGANIZATION_CREATED,),
        OrganizationCreatedV1,
    ),
    Reads(
        "analytics-organizations",
        contracts.ORGANIZATION_TOPIC,
        (contracts.ORGANIZATION_DELETED,),
        OrganizationDeletedV1,
    ),
    Reads("analytics-jobs", JOB_TOPIC, JOB_SNAPSHOT_EVENTS, JobSnapshotV1),
    Reads("analytics-jobs", JOB_TOPIC, (JOB_DELETED,), JobDeletedV1),
    # ended sessions: the tokens this service refuses (ADR 0023)
    *revocation_reads("analytics"),
)
