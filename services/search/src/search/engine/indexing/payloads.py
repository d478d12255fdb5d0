"""The payloads search reads from other contexts' events (docs/events.md), as search needs them.

Unknown fields are ignored so a publisher may add fields without breaking the indexer.
"""

from __future__ import annotations

from jobkit import contracts
from pydantic import BaseModel, ConfigDict

JOB_TOPIC = contracts.JOB_TOPIC
PROFILE_TOPIC = contracts.PROFILE_TOPIC
# organizations and their members; the indexer reads only an organization's deletion
ORGANIZATION_TOPIC = contracts.ORGANIZATION_TOPIC
ORGANIZATION_DELETED = contracts.ORGANIZATION_DELETED

# The lifecycle events carrying the whole job; archived and expired make it unfindable.
JOB_SNAPSHOT_EVENTS = contracts.JOB_SNAPSHOT_EVENTS
JOB_GONE_EVENTS = frozenset({contracts.JOB_ARCHIVED, contracts.JOB_EXPIRED})
# deleted for good by its recruiters: the last event of a job, no snapshot
JOB_DELETED = contracts.JOB_DELETED
JOB_EVENTS = (*JOB_SNAPSHOT_EVENTS, JOB_DELETED)
SUBSCRIPTION_TOPIC = contracts.SUBSCRIPTION_TOPIC
SUBSCRIPTION_CHANGED = contracts.SUBSCRIPTION_CHANGED
PROFILE_EVENTS = contracts.PROFILE_EVENTS


class _Payload(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class JobLocation(_Payload):
    locality: str
    country_code: str
    administrative_area: str | None = None
    address_line1: str | None = None
    zip: str | None = None
    lat: float | None = None
    lon: float | None = None


class JobSalary(_Payload):
    min_salary: float | None = None
    max_salary: float | None = None
    currency_code: str
    salary_unit: str = "year"


class JobPayload(_Payload):
    job_id: str
    site: str  # the job's own site
    # the other sites it is shared with (ADR 0057; none in the events from before them)
    shared_sites: list[str] = []
    slug: str
    former_slugs: list[str] = []  # they redirect to the current slug (the slug index)
    title: str
    description_text: str = ""
    type: str
    state: str
    version: int
    organization_id: str
    organization_number: int
    organization_name: str
    logo_url: str | None = None
    link_url: str | None = None
    employment_type_tids: list[int] = []
    occupational_field_tids: list[int] = []
    fields_of_study_tids: list[int] = []
    degree_level_tid: int | None = None
    years_of_experience_tid: int | None = None
    language_tids: list[int] = []
    skill_tids: list[int] = []
    remote_option_tids: list[int] = []
    locations: list[JobLocation] = []
    salary: JobSalary | None = None
    published_at: str | None = None
    expires_at: str | None = None
    created_at: str
    featured_until: str | None = None  # the boost of the package that paid its slot (ADR 0012)
    own_logo: bool = False  # logo_url is the job's own logo, not its organization's
    video_url: str | None = None  # the job's video (its page plays it)
    updated_at: str | None = None  # when the job last changed (a resync's snapshot keeps it)


class ProfileLocation(_Payload):
    name: str | None = None
    locality: str
    country_code: str
    administrative_area: str | None = None
    lat: float | None = None
    lon: float | None = None


class ProfilePayload(_Payload):
    profile_id: str
    organization_id: str
    organization_number: int
    site: str
    slug: str
    former_slugs: list[str] = []
    name: str
    alternative_name: str | None = None
    published: bool
    version: int
    logo_url: str | None = None
    presentation_text: str = ""
    industry_tid: int | None = None
    size_tid: int | None = None
    occupation_tids: list[int] = []
    fields_of_study_tids: list[int] = []
    benefit_tids: list[int] = []
    locations: list[ProfileLocation] = []


class SubscriptionPayload(_Payload):
    """billing.subscription.changed, as search needs it (the featured flag, ADR 0012)."""

    subscription_id: str
    organization_number: int
    status: str
    start_date: str
    end_date: str
    featured_organization: bool = False


class TermPayload(_Payload):
    """search.vocabulary.term_upserted / term_deleted: which term to relabel (the ``terms`` table
    has the rest)."""

    tid: int


class OrganizationDeletedPayload(_Payload):
    """organizations.organization.deleted: whose profile's paths answer 410 (ADR 0025)."""

    organization_id: str


# resumes (the resumes service's ``resumes.resume`` topic, keyed by the resume id)
RESUME_TOPIC = contracts.RESUME_TOPIC
RESUME_UPDATED = contracts.RESUME_UPDATED
RESUME_VISIBILITY_CHANGED = contracts.RESUME_VISIBILITY_CHANGED
RESUME_DELETED = contracts.RESUME_DELETED
RESUME_EVENTS = (RESUME_UPDATED, RESUME_VISIBILITY_CHANGED, RESUME_DELETED)


class ResumePlace(_Payload):
    """A desired place of work (a city, never the applicant's home)."""

    locality: str
    country_code: str
    administrative_area: str | None = None
    lat: float | None = None
    lon: float | None = None


class ResumeLanguage(_Payload):
    tid: int


class ResumeEducation(_Payload):
    field_of_study_tid: int | None = None
    study_program: str | None = None


class ResumeWorkExperience(_Payload):
    job_title: str
    occupation_tid: int | None = None
    summary: str | None = None


class ResumePayload(_Payload):
    """``resumes.resume.updated`` as the resume index reads it: the public, searchable fields.
    Whatever else an event carries (a private field sent by mistake) is ignored here, so it
    never reaches a document (search.engine.indexing.resumes.resume_document)."""

    resume_id: str
    site: str
    version: int
    searchable: bool  # findable and complete
    title: str
    about: str | None = None
    desired_occupation_tid: int | None = None
    desired_location: ResumePlace | None = None
    career_status: str | None = None
    languages: list[ResumeLanguage] = []
    skill_tids: list[int] = []
    skills_free: list[str] = []
    education: list[ResumeEducation] = []
    work_experience: list[ResumeWorkExperience] = []
    updated_at: str


class ResumeVisibilityPayload(_Payload):
    resume_id: str
    version: int
    searchable: bool


class JobDeletedPayload(_Payload):
    job_id: str


class ResumeDeletedPayload(_Payload):
    resume_id: str
