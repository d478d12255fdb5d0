"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id.

``resumes.resume.updated`` carries the resume as the search index is to keep it: the public
fields only. No private field (first and last name, phone, birthday, home location) and no
address of the applicant is ever in an event: search hits, exports and mails built from events
cannot disclose what the event does not carry. ``resumes.contact.requested`` is read by billing
(``billing.domain.resumes_events``), checked against the schema exported from these classes
(``services/resumes/events/``, ADR 0026).
"""

from typing import ClassVar

from jobkit import contracts
from jobkit.erasure import ErasureCompletedPayload
from jobkit.events import EventPayload
from jobkit.export import ExportCompletedPayload
from pydantic import BaseModel

RESUME_TOPIC = contracts.RESUME_TOPIC  # resumes, keyed by the resume id
CONTACT_TOPIC = contracts.RESUME_CONTACT_TOPIC  # contact requests, keyed by the request id
ERASURE_TOPIC = contracts.erasure_topic("resumes")  # erasure confirmations, keyed by user id
EXPORT_TOPIC = contracts.export_topic("resumes")  # parts of exports, keyed by user id (ADR 0038)
PUBLISHED_TOPICS = (RESUME_TOPIC, CONTACT_TOPIC, ERASURE_TOPIC, EXPORT_TOPIC)
# billing's answers to contact requests (billing.domain.events), keyed by the request id
BILLING_CONTACT_TOPIC = "billing.contact"
CONTACT_GRANTED = "billing.contact.granted"
CONTACT_DENIED = "billing.contact.denied"


class PublicPlace(BaseModel):
    """A desired or a past place of work or study: a city, never the applicant's home."""

    locality: str
    country_code: str
    administrative_area: str | None
    lat: float | None
    lon: float | None


class PublicSalary(BaseModel):
    min: float | None
    max: float | None
    currency: str
    unit: str


class PublicLanguage(BaseModel):
    tid: int
    level: str


class PublicEducation(BaseModel):
    institution: str
    degree_level_tid: int | None
    field_of_study_tid: int | None
    study_program: str | None
    location: PublicPlace | None
    start_date: str | None  # ISO 8601; null where the site nulls the education time period
    end_date: str | None
    summary: str | None


class PublicWorkExperience(BaseModel):
    job_title: str
    occupation_tid: int | None
    employment_type_tid: int | None
    company_name: str | None
    location: PublicPlace | None
    start_date: str | None
    end_date: str | None
    summary: str | None


class ResumeUpdated(EventPayload):
    """The resume changed (any wizard step, its visibility, the organizations it is hidden
    from): the whole public resume at ``version``, so the index keeps the latest version and a
    replay rebuilds it. ``searchable`` is findable and complete: only those are to be found."""

    event_type: ClassVar[str] = contracts.RESUME_UPDATED
    topic: ClassVar[str] = RESUME_TOPIC

    resume_id: str
    site: str
    version: int
    findable: bool
    complete: bool
    searchable: bool
    title: str
    about: str | None
    desired_occupation_tid: int | None
    employment_type_tids: list[int]
    desired_location: PublicPlace | None
    salary: PublicSalary | None
    career_status: str | None
    available_start: str | None
    availability_periods: list[str]
    languages: list[PublicLanguage]
    languages_free: str | None
    skill_tids: list[int]
    skills_free: list[str]
    education: list[PublicEducation]
    work_experience: list[PublicWorkExperience]
    # the organizations whose recruiters must never find it
    hidden_from_organization_ids: list[str]
    updated_at: str


class ResumeVisibilityChanged(EventPayload):
    """The applicant made the resume findable or not (``searchable``: findable and complete)."""

    event_type: ClassVar[str] = contracts.RESUME_VISIBILITY_CHANGED
    topic: ClassVar[str] = RESUME_TOPIC

    resume_id: str
    version: int
    findable: bool
    searchable: bool


class ResumeDeleted(EventPayload):
    """The applicant deleted the resume: out of every index, its contact requests gone."""

    event_type: ClassVar[str] = contracts.RESUME_DELETED
    topic: ClassVar[str] = RESUME_TOPIC

    resume_id: str


class ContactRequested(EventPayload):
    """A recruiter's organization asks to contact an applicant: billing takes one resume
    contact slot and answers billing.contact.granted or .denied, keyed by ``request_id``."""

    event_type: ClassVar[str] = contracts.RESUME_CONTACT_REQUESTED
    topic: ClassVar[str] = CONTACT_TOPIC

    request_id: str
    organization_id: str
    organization_number: int
    resume_id: str


class ContactStatusChanged(EventPayload):
    """A contact request moved (resumes.domain.contacts.TRANSITIONS): pending (billing granted
    it: the applicant is mailed), denied (no credits), approved, declined or revoked."""

    event_type: ClassVar[str] = "resumes.contact.status_changed"
    topic: ClassVar[str] = CONTACT_TOPIC

    request_id: str
    resume_id: str
    organization_id: str
    status: str


class ErasureCompleted(ErasureCompletedPayload):
    """A deleted account's resume and files deleted (ADR 0036)."""

    event_type: ClassVar[str] = contracts.erasure_completed("resumes")
    topic: ClassVar[str] = ERASURE_TOPIC


class ExportCompleted(ExportCompletedPayload):
    """A person's resume, contact requests and files put in their export (ADR 0038)."""

    event_type: ClassVar[str] = contracts.export_completed("resumes")
    topic: ClassVar[str] = EXPORT_TOPIC
