"""Analytics' view of the events it consumes; a payload that does not fit is dead-lettered."""

from pydantic import BaseModel, ConfigDict

USER_TOPIC = "identity.user"
USER_REGISTERED = "identity.user.registered"


class UserRegisteredV1(BaseModel):
    model_config = ConfigDict(extra="ignore")

    user_id: str
    roles: list[str]
    signup_method: str


# jobs: applications and bookmarks (docs/events.md)
APPLICATION_TOPIC = "jobs.application"
APPLICATION_SUBMITTED = "jobs.application.submitted"
APPLICATION_STATUS_CHANGED = "jobs.application.status_changed"
BOOKMARK_TOPIC = "jobs.bookmark"
BOOKMARK_ADDED = "jobs.bookmark.added"
BOOKMARK_REMOVED = "jobs.bookmark.removed"
# organizations: the contact form
CONTACT_TOPIC = "organizations.contact"
CONTACT_MESSAGE_SENT = "organizations.contact.message_sent"


class ApplicationSubmittedV1(BaseModel):
    model_config = ConfigDict(extra="ignore")

    application_id: str
    job_id: str
    organization_id: str
    applicant_id: str | None = None
    workflow: str


class ApplicationStatusChangedV1(BaseModel):
    model_config = ConfigDict(extra="ignore")

    application_id: str
    job_id: str
    organization_id: str
    applicant_id: str | None = None
    status: str
    previous_status: str


class BookmarkV1(BaseModel):
    model_config = ConfigDict(extra="ignore")

    job_id: str
    user_id: str
    organization_id: str


class ContactMessageSentV1(BaseModel):
    model_config = ConfigDict(extra="ignore")

    message_id: str
    organization_id: str
    sender_id: str | None = None
    attachments_count: int = 0


# jobs: each job's organization (the snapshot events carry the whole job; analytics reads two
# fields)
JOB_TOPIC = "jobs.job"
JOB_SNAPSHOT_EVENTS = (
    "jobs.job.created",
    "jobs.job.updated",
    "jobs.job.published",
    "jobs.job.scheduled",
    "jobs.job.archived",
    "jobs.job.expired",
)


class JobSnapshotV1(BaseModel):
    model_config = ConfigDict(extra="ignore")

    job_id: str
    organization_id: str
    site: str


# organizations: the organizations that exist (members come through jobkit.memberships)
ORGANIZATION_CREATED = "organizations.organization.created"


class OrganizationCreatedV1(BaseModel):
    model_config = ConfigDict(extra="ignore")

    organization_id: str
