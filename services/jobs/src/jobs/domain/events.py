"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id.

The lifecycle events (created, updated, published, scheduled, archived, expired) carry the job
as the search index keeps it (:class:`JobSnapshot`), so the indexer never calls back. The slot
saga's requests are read by billing through its views (``billing.domain.jobs_events``), checked
against the schemas exported from these classes (``services/jobs/events/``, ADR 0026).
"""

from typing import ClassVar

from jobkit import contracts
from jobkit.contracts import EventView
from jobkit.erasure import ErasureCompletedPayload
from jobkit.events import EventPayload
from jobkit.export import ExportCompletedPayload
from pydantic import BaseModel, ConfigDict

JOB_TOPIC = contracts.JOB_TOPIC  # jobs, keyed by the job id


class IndexedLocation(BaseModel):
    locality: str
    country_code: str
    administrative_area: str | None
    address_line1: str | None
    zip: str | None
    lat: float | None
    lon: float | None


class IndexedSalary(BaseModel):
    min_salary: float | None
    max_salary: float | None
    currency_code: str
    salary_unit: str


class JobSnapshot(EventPayload):
    """Base of the lifecycle events: the job as search indexes it."""

    topic: ClassVar[str] = JOB_TOPIC

    job_id: str
    site: str  # the job's own site: its canonical URL
    # the other sites it is shared with (ADR 0057): it is listed there too, under ``slug``
    shared_sites: list[str]
    slug: str
    former_slugs: list[str]
    title: str
    description: str | None  # sanitized HTML
    description_text: str  # plain text, for full-text search
    type: str
    state: str
    version: int
    organization_id: str
    organization_number: int
    organization_name: str
    organization_assignment: str | None
    logo_url: str | None  # the job's own logo, else the organization profile's
    link_url: str | None
    employment_type_tids: list[int]
    occupational_field_tids: list[int]
    fields_of_study_tids: list[int]
    degree_level_tid: int | None
    years_of_experience_tid: int | None
    language_tids: list[int]
    skill_tids: list[int]
    remote_option_tids: list[int]
    locations: list[IndexedLocation]
    salary: IndexedSalary | None
    application_workflow: str
    published_at: str | None  # ISO 8601
    expires_at: str | None
    created_at: str
    featured_until: str | None = None  # featured in search until then (ADR 0012)
    own_logo: bool = False  # logo_url is the job's own, not its organization profile's
    video_url: str | None = None  # the job's video (YouTube or Vimeo), shown on its page
    # when the job last changed (ISO 8601): a resync's snapshot keeps the change's time, so
    # search's sitemaps date the page by it, not by the event
    updated_at: str | None = None


class JobCreated(JobSnapshot):
    event_type: ClassVar[str] = contracts.JOB_CREATED


class JobUpdated(JobSnapshot):
    event_type: ClassVar[str] = contracts.JOB_UPDATED


class JobPublished(JobSnapshot):
    event_type: ClassVar[str] = contracts.JOB_PUBLISHED
    public: ClassVar[bool] = True  # the job as its public page shows it


class JobScheduled(JobSnapshot):
    event_type: ClassVar[str] = contracts.JOB_SCHEDULED


class JobArchived(JobSnapshot):
    event_type: ClassVar[str] = contracts.JOB_ARCHIVED


class JobExpired(JobSnapshot):
    event_type: ClassVar[str] = contracts.JOB_EXPIRED


class JobDeleted(EventPayload):
    """Its recruiters deleted the job for good (a draft, or an ended job that never had an
    application): search retires its page (410) and its document, analytics its counts."""

    event_type: ClassVar[str] = contracts.JOB_DELETED
    topic: ClassVar[str] = JOB_TOPIC

    job_id: str
    site: str
    organization_id: str
    organization_number: int


class JobSubmitted(EventPayload):
    """A recruiter asked to publish: the job waits for a slot (AWAITING_SLOT)."""

    event_type: ClassVar[str] = "jobs.job.submitted"
    topic: ClassVar[str] = JOB_TOPIC

    job_id: str
    organization_id: str
    organization_number: int
    version: int


class JobPublishRequested(EventPayload):
    """Billing's slot saga answers granted or denied."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    event_type: ClassVar[str] = contracts.JOB_PUBLISH_REQUESTED
    topic: ClassVar[str] = JOB_TOPIC

    job_id: str
    organization_number: int
    organization_name: str | None = None


class JobPublishWithdrawn(EventPayload):
    """The publication was withdrawn before it happened; billing gives the slot back."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    event_type: ClassVar[str] = contracts.JOB_PUBLISH_WITHDRAWN
    topic: ClassVar[str] = JOB_TOPIC

    job_id: str
    organization_number: int


class JobRejected(EventPayload):
    """An administrator rejected the job under review; jobs' mailer tells the recruiter."""

    event_type: ClassVar[str] = "jobs.job.rejected"
    topic: ClassVar[str] = JOB_TOPIC

    job_id: str
    organization_id: str
    owner_id: str
    title: str
    reason: str


class JobTakenDown(EventPayload):
    """An administrator archived a reported job (ADR 0030); jobs' mailer sends the reason to
    its recruiter."""

    event_type: ClassVar[str] = "jobs.job.taken_down"
    topic: ClassVar[str] = JOB_TOPIC

    job_id: str
    organization_id: str
    owner_id: str
    title: str
    reason: str


# Billing's answers (billing.domain.events), read here through these views
# (jobs.messaging.contracts).
SLOT_TOPIC = contracts.SLOT_TOPIC


class SlotGranted(EventView):
    event_type: ClassVar[str] = contracts.SLOT_GRANTED

    job_id: str
    organization_number: int
    source: str
    featured_until: str | None = None  # ISO 8601; the slot's package carried a boost


class SlotDenied(EventView):
    event_type: ClassVar[str] = contracts.SLOT_DENIED

    job_id: str
    organization_number: int
    reason: str


APPLICATION_TOPIC = contracts.APPLICATION_TOPIC  # applications, keyed by the application id


class ApplicationSubmitted(EventPayload):
    """An application arrived. Jobs' application mailer sends the applicant's confirmation and,
    for EMAIL jobs, the application with its files to the job's application addresses."""

    event_type: ClassVar[str] = contracts.APPLICATION_SUBMITTED
    topic: ClassVar[str] = APPLICATION_TOPIC

    application_id: str
    job_id: str
    organization_id: str
    applicant_id: str | None
    workflow: str  # on_site | email | link
    applications_count: int


class ApplicationStatusChanged(EventPayload):
    """A recruiter moved an application; a message, when given, is mailed to the applicant."""

    event_type: ClassVar[str] = contracts.APPLICATION_STATUS_CHANGED
    topic: ClassVar[str] = APPLICATION_TOPIC

    application_id: str
    job_id: str
    organization_id: str
    applicant_id: str | None
    status: str
    previous_status: str
    message: str | None


BOOKMARK_TOPIC = contracts.BOOKMARK_TOPIC  # bookmarks, keyed by the job id


class JobBookmarked(EventPayload):
    """A signed-in user bookmarked a job (analytics' job_bookmark)."""

    event_type: ClassVar[str] = contracts.BOOKMARK_ADDED
    topic: ClassVar[str] = BOOKMARK_TOPIC

    job_id: str
    user_id: str
    organization_id: str


class JobUnbookmarked(EventPayload):
    event_type: ClassVar[str] = contracts.BOOKMARK_REMOVED
    topic: ClassVar[str] = BOOKMARK_TOPIC

    job_id: str
    user_id: str
    organization_id: str


ERASURE_TOPIC = contracts.erasure_topic("jobs")  # erasure confirmations, keyed by user id


class ErasureCompleted(ErasureCompletedPayload):
    """A deleted account's applications anonymized, bookmarks and files deleted (ADR 0036)."""

    event_type: ClassVar[str] = contracts.erasure_completed("jobs")
    topic: ClassVar[str] = ERASURE_TOPIC


EXPORT_TOPIC = contracts.export_topic("jobs")  # parts of exports, keyed by user id (ADR 0038)


class ExportCompleted(ExportCompletedPayload):
    """A person's applications with their files, bookmarks, reports, jobs created and uploads
    put in their export (ADR 0038)."""

    event_type: ClassVar[str] = contracts.export_completed("jobs")
    topic: ClassVar[str] = EXPORT_TOPIC
