"""The names events travel under, and how a consumer declares what it reads.

Topic and event type names that more than one service spells are defined here once: the
publishing service builds its payload classes (``<service>.domain.events``) with them and the
consuming services subscribe with them, so neither types them again.

A consumer reads an event through its own typed view: a pydantic model of the fields it reads
(:class:`EventView`, other fields ignored). Each service that consumes declares its views in
``<service>.messaging.contracts.READS``; ``scripts/event_contracts.py`` checks every view against
the JSON Schema the publisher exports for that type and version (``services/<name>/events/``),
so renaming or removing a field a consumer reads fails ``make check`` (ADR 0026).
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

# identity
USER_TOPIC = "identity.user"
USER_REGISTERED = "identity.user.registered"
USER_DELETED = "identity.user.deleted"
USER_REGISTRATION_CONSENTED = "identity.user.registration_consented"
SITE_TOPIC = "identity.site"
SITE_CONFIG_CHANGED = "identity.site.config_changed"
SESSION_TOPIC = "identity.session"  # ended sessions, keyed by user id (ADR 0023)
SESSION_REVOKED = "identity.session.revoked"
SESSION_TOKENS_OUTDATED = "identity.session.tokens_outdated"

# organizations
ORGANIZATION_TOPIC = "organizations.organization"  # organizations and their members
ORGANIZATION_CREATED = "organizations.organization.created"
ORGANIZATION_UPDATED = "organizations.organization.updated"
ORGANIZATION_DELETED = "organizations.organization.deleted"
MEMBER_ADDED = "organizations.member.added"
MEMBER_REMOVED = "organizations.member.removed"
MEMBER_INVITED = "organizations.member.invited"
PROFILE_TOPIC = "organizations.profile"  # public profiles, keyed by profile id
PROFILE_PUBLISHED = "organizations.profile.published"
PROFILE_UPDATED = "organizations.profile.updated"
PROFILE_UNPUBLISHED = "organizations.profile.unpublished"
PROFILE_EVENTS = (PROFILE_PUBLISHED, PROFILE_UPDATED, PROFILE_UNPUBLISHED)
ORGANIZATION_CONTACT_TOPIC = "organizations.contact"  # contact form messages
CONTACT_MESSAGE_SENT = "organizations.contact.message_sent"

# jobs
JOB_TOPIC = "jobs.job"
JOB_CREATED = "jobs.job.created"
JOB_UPDATED = "jobs.job.updated"
JOB_PUBLISHED = "jobs.job.published"
JOB_SCHEDULED = "jobs.job.scheduled"
JOB_ARCHIVED = "jobs.job.archived"
JOB_EXPIRED = "jobs.job.expired"
JOB_DELETED = "jobs.job.deleted"  # gone for good: no snapshot follows it
# the lifecycle events carrying the whole job (jobs.domain.events.JobSnapshot)
JOB_SNAPSHOT_EVENTS = (
    JOB_CREATED,
    JOB_UPDATED,
    JOB_PUBLISHED,
    JOB_SCHEDULED,
    JOB_ARCHIVED,
    JOB_EXPIRED,
)
JOB_PUBLISH_REQUESTED = "jobs.job.publish_requested"
JOB_PUBLISH_WITHDRAWN = "jobs.job.publish_withdrawn"
APPLICATION_TOPIC = "jobs.application"
APPLICATION_SUBMITTED = "jobs.application.submitted"
APPLICATION_STATUS_CHANGED = "jobs.application.status_changed"
BOOKMARK_TOPIC = "jobs.bookmark"
BOOKMARK_ADDED = "jobs.bookmark.added"
BOOKMARK_REMOVED = "jobs.bookmark.removed"

# billing
SLOT_TOPIC = "billing.slot"
SLOT_GRANTED = "billing.slot.granted"
SLOT_DENIED = "billing.slot.denied"
SUBSCRIPTION_TOPIC = "billing.subscription"
SUBSCRIPTION_CHANGED = "billing.subscription.changed"

# consent
CONSENT_INFO_TOPIC = "consent.info"
CONSENT_INFO_REVISED = "consent.info.revised"
CONSENT_TOPIC = "consent.consent"
CONSENT_GIVEN = "consent.consent.given"

# resumes
RESUME_TOPIC = "resumes.resume"  # resumes, keyed by the resume id (public fields only)
RESUME_UPDATED = "resumes.resume.updated"
RESUME_VISIBILITY_CHANGED = "resumes.resume.visibility_changed"
RESUME_DELETED = "resumes.resume.deleted"
RESUME_CONTACT_TOPIC = "resumes.contact"
RESUME_CONTACT_REQUESTED = "resumes.contact.requested"

# the erasure saga (ADR 0036, jobkit.erasure): every service that keeps personal data about a
# person reads identity.user.deleted and confirms on its own topic. identity erases its own rows
# in the request's transaction and confirms nothing to itself.
ERASERS: tuple[str, ...] = (
    "organizations",
    "jobs",
    "resumes",
    "billing",
    "consent",
    "search",
    "analytics",
)


def erasure_topic(service: str) -> str:
    """The topic a service confirms its erasures on, keyed by the person's id."""
    return f"{service}.erasure"


def erasure_completed(service: str) -> str:
    """The confirmation's event type."""
    return f"{service}.erasure.completed"


# the export saga (ADR 0038, jobkit.export): a person's copy of their data. identity publishes
# identity.export.requested; every service that keeps personal data puts its part (JSON and the
# original files) in the shared export storage and says so on its own topic; identity adds its
# own part and assembles the archive.
EXPORT_REQUEST_TOPIC = "identity.export"  # export requests, keyed by the person's id
EXPORT_REQUESTED = "identity.export.requested"
EXPORTERS: tuple[str, ...] = ERASERS


def export_topic(service: str) -> str:
    """The topic a service announces its part of an export on, keyed by the person's id."""
    return f"{service}.export"


def export_completed(service: str) -> str:
    """The announcement's event type."""
    return f"{service}.export.completed"


class EventView(BaseModel):
    """A consumer's view of an event's payload: the fields it reads, typed; the publisher's other
    fields are ignored, so a publisher may add fields without breaking anyone."""

    model_config = ConfigDict(frozen=True, extra="ignore")


@dataclass(frozen=True)
class Reads:
    """One consumer group reads these event types (of this schema version) on this topic
    through ``view``."""

    group: str
    topic: str
    event_types: tuple[str, ...]
    view: type[BaseModel]
    version: int = 1

    def __post_init__(self) -> None:
        if not self.event_types:
            raise ValueError(f"{self.group} reads no event type of {self.topic}")
