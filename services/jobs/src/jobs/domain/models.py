"""Jobs (every form group of spec 3), their slugs, and the read models jobs keeps of other
contexts: organizations (name, number, profile slug and logo) and site settings.

List-like groups (locations, application emails, qualifying questions) are JSONB documents
validated by ``domain/groups.py``; vocabulary terms are term ids (``tid``) checked against the
local terms read model on write.
"""

import uuid
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    ARRAY,
    Boolean,
    Computed,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    String,
    Text,
    UniqueConstraint,
    Uuid,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY as PG_ARRAY
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, relationship

from jobs.db import Base, known_organizations


class Job(Base):
    __tablename__ = "jobs"
    __table_args__ = (
        Index("ix_jobs_organization_id_created_at", "organization_id", "created_at"),
        Index("ix_jobs_state_published", "state", "published"),
        Index("ix_jobs_state_expires_at", "state", "expires_at"),
        # an ATS names its jobs by its own reference: one job per organization and reference
        Index(
            "uq_jobs_organization_id_external_reference",
            "organization_id",
            "external_reference",
            unique=True,
            postgresql_where=text("external_reference IS NOT NULL"),
        ),
        # feed imports look for the same job made another way (ADR 0041)
        Index(
            "ix_jobs_organization_id_content_fingerprint", "organization_id", "content_fingerprint"
        ),
    )

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    site: Mapped[str] = mapped_column(String(63))
    # the other sites of the platform the recruiter shared it with (ADR 0057): it is listed and
    # answers there too, under the same slug, its canonical URL on ``site``
    # (PostgreSQL's array type: its containment operator finds the jobs shared with a site)
    shared_sites: Mapped[list[str]] = mapped_column(
        PG_ARRAY(String(63)), default=list, server_default="{}"
    )
    slug: Mapped[str] = mapped_column(String(200))
    type: Mapped[str] = mapped_column(String(20))  # job_per_template | job_per_link | job_per_file
    # draft | awaiting_slot | needs_review | scheduled | published | archived | expired
    state: Mapped[str] = mapped_column(String(20), default="draft")
    version: Mapped[int] = mapped_column(Integer, default=1)
    owner_id: Mapped[uuid.UUID] = mapped_column(Uuid)  # who created it
    # their account's address when they created it (the token's email claim): where review
    # decisions are mailed
    owner_email: Mapped[str | None] = mapped_column(String(320))
    # the organization's own reference for the job (its applicant tracking system's id), set by
    # the ATS API (jobs.api.ats); trimmed, unique within the organization
    external_reference: Mapped[str | None] = mapped_column(String(100))
    # SHA-256 of the normalized title, organization, locations and description
    # (jobs.domain.fingerprint), kept on every save; how feed imports recognise the same job
    # arriving another way. Null for jobs not saved since it exists (filled in lazily).
    content_fingerprint: Mapped[str | None] = mapped_column(String(64))
    # company_info
    organization_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    organization_number: Mapped[int] = mapped_column(Integer)
    organization_name: Mapped[str] = mapped_column(String(255))
    organization_assignment: Mapped[str | None] = mapped_column(String(255))
    logo_upload_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)
    # job_info
    title: Mapped[str] = mapped_column(String(255))
    link_url: Mapped[str | None] = mapped_column(String(2000))
    file_upload_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)
    description: Mapped[str | None] = mapped_column(Text)
    availability_start: Mapped[date | None] = mapped_column(Date)
    availability_end: Mapped[date | None] = mapped_column(Date)
    video_url: Mapped[str | None] = mapped_column(String(500))
    video_embed_url: Mapped[str | None] = mapped_column(String(500))
    # job_location: [{"address": {...with lat/lon}}]
    locations: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list)
    remote_option_tids: Mapped[list[int]] = mapped_column(ARRAY(Integer), default=list)
    # job_categorization
    employment_type_tids: Mapped[list[int]] = mapped_column(ARRAY(Integer), default=list)
    occupational_field_tids: Mapped[list[int]] = mapped_column(ARRAY(Integer), default=list)
    fields_of_study_tids: Mapped[list[int]] = mapped_column(ARRAY(Integer), default=list)
    degree_level_tid: Mapped[int | None] = mapped_column(Integer)
    years_of_experience_tid: Mapped[int | None] = mapped_column(Integer)
    # {"min_salary", "max_salary", "currency_code", "salary_unit"}
    salary_range: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    salary_range_free: Mapped[str | None] = mapped_column(String(255))
    language_tids: Mapped[list[int]] = mapped_column(ARRAY(Integer), default=list)
    languages_free: Mapped[str | None] = mapped_column(String(255))
    skill_tids: Mapped[list[int]] = mapped_column(ARRAY(Integer), default=list)
    skills_free: Mapped[str | None] = mapped_column(String(1000))
    # job_schedule
    published: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    expiration: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    duration: Mapped[int | None] = mapped_column(Integer)
    # job_application_options
    application_workflow: Mapped[str] = mapped_column(String(10), default="on_site")
    application_emails: Mapped[list[str]] = mapped_column(JSONB, default=list)
    application_link: Mapped[str | None] = mapped_column(String(2000))
    application_require_cv: Mapped[bool] = mapped_column(Boolean, default=False)
    application_require_cover_letter: Mapped[bool] = mapped_column(Boolean, default=False)
    application_require_qualifying_questions: Mapped[bool] = mapped_column(Boolean, default=False)
    # [{"question", "type" (yes_no | single_choice | free_text), "options", "knock_out_answers"}]
    application_qualifying_questions: Mapped[list[dict[str, Any]]] = mapped_column(
        JSONB, default=list
    )
    # workflow: {"reason", "message", "at"} of the last refusal (billing or review)
    refusal: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    submitted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )
    published_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Featured in search until then: the boost of the package that paid its slot (ADR 0012).
    featured_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # When enough distinct visitors reported it and it left the site pending an administrator's
    # review (NEEDS_REVIEW); dismissing the reports puts it back (domain/reports.py, ADR 0030)
    hidden_for_reports_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # counted by their owners (analytics, applications); zero until those counts exist
    views_count: Mapped[int] = mapped_column(Integer, default=0)
    applications_count: Mapped[int] = mapped_column(Integer, default=0)


class JobSlug(Base):
    """Every slug a job had on its site and the sites it is shared with (the same slug on each,
    ADR 0057): the current one answers, former ones redirect.

    ``stem`` and ``number`` split a numbered slug (``nurse-12``: ``nurse``, 12; ``nurse``:
    ``nurse``, none), computed by the database from the slug, so the highest number taken after
    a base slug is one probe of an index (``jobs.domain.slugs.claim_slug``)."""

    __tablename__ = "job_slugs"
    __table_args__ = (Index("ix_job_slugs_numbered", "site", "stem", "number"),)

    site: Mapped[str] = mapped_column(String(63), primary_key=True)
    slug: Mapped[str] = mapped_column(String(200), primary_key=True)
    stem: Mapped[str] = mapped_column(
        String(200), Computed(r"regexp_replace(slug, '-[0-9]+$', '')", persisted=True)
    )
    # numeric: a title's own digits may be longer than a bigint
    number: Mapped[Decimal | None] = mapped_column(
        Numeric, Computed(r"CAST(substring(slug FROM '-([0-9]+)$') AS numeric)", persisted=True)
    )
    job_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("jobs.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class KnownOrganization(Base):
    """Organizations as jobs needs them, from organizations' events (never a synchronous call):
    the number billing keys slots by, the name, and the public profile's slug and logo."""

    __table__ = known_organizations  # jobkit.known_organizations

    id: Mapped[uuid.UUID]
    number: Mapped[int]
    name: Mapped[str]
    profile_slug: Mapped[str | None]
    profile_published: Mapped[bool]
    logo_url: Mapped[str | None]
    updated_at: Mapped[datetime]


class SiteSetting(Base):
    """A site's effective settings, from identity.site.config_changed (ADR 0004)."""

    __tablename__ = "site_settings"

    site: Mapped[str] = mapped_column(String(63), primary_key=True)
    key: Mapped[str] = mapped_column(String(60), primary_key=True)
    name: Mapped[str] = mapped_column(String(60), primary_key=True)
    value: Mapped[Any] = mapped_column(JSONB)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class Application(Base):
    """An application to a job (spec 3's job application form), from a visitor or a signed-in
    applicant; one per job and address. ``answers`` pairs each qualifying question with its
    answer ({"question", "type", "answer", "knocked_out"}); ``knocked_out`` flags an application
    with an answer among its question's knock-out answers, never hides it."""

    __tablename__ = "applications"
    __table_args__ = (
        UniqueConstraint("job_id", "email", name="uq_applications_job_id_email"),
        Index("ix_applications_organization_id_created_at", "organization_id", "created_at"),
        Index("ix_applications_applicant_id", "applicant_id"),
    )

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    site: Mapped[str] = mapped_column(String(63))
    job_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("jobs.id", ondelete="CASCADE"))
    organization_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    applicant_id: Mapped[str | None] = mapped_column(String(64))  # null: a visitor
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str] = mapped_column(String(254))  # lower-cased
    phone: Mapped[str | None] = mapped_column(String(40))
    cover_letter: Mapped[str | None] = mapped_column(Text)
    answers: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list)
    knocked_out: Mapped[bool] = mapped_column(Boolean, default=False)
    workflow: Mapped[str] = mapped_column(String(10))  # the job's workflow when applied
    # new | reviewed | shortlisted | rejected | hired
    status: Mapped[str] = mapped_column(String(20), default="new")
    notes: Mapped[str | None] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    status_changed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class ApplicationAttachment(Base):
    """A file of an application (a private upload of purpose ``application_attachment``)."""

    __tablename__ = "application_attachments"

    upload_id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)  # used once
    application_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("applications.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(20))  # cv | cover_letter | other
    position: Mapped[int] = mapped_column(Integer, default=0)


class RateLimitHit(Base):
    """Fixed-window counters shared by every replica (e.g. applications per IP and address)."""

    __tablename__ = "rate_limit_hits"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True), primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)


class Bookmark(Base):
    """A signed-in user's bookmarked job (one row per user and job)."""

    __tablename__ = "bookmarks"

    user_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    job_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("jobs.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class JobReport(Base):
    """A visitor's report of a public job (spec: scam, discriminatory, expired, wrong
    information, other). One per reporter and job: the signed-in account (``user:<id>``) or,
    for a visitor, the client address (``client:<address>``). Open until an administrator
    archives the job or dismisses its reports (``resolution``)."""

    __tablename__ = "job_reports"
    __table_args__ = (
        UniqueConstraint("job_id", "reporter", name="uq_job_reports_job_id_reporter"),
        Index("ix_job_reports_open", "job_id", postgresql_where=text("resolved_at IS NULL")),
    )

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    job_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("jobs.id", ondelete="CASCADE"))
    site: Mapped[str] = mapped_column(String(63))
    reporter: Mapped[str] = mapped_column(String(100))
    reason: Mapped[str] = mapped_column(String(30))
    details: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    resolution: Mapped[str | None] = mapped_column(String(20))  # archived | dismissed


class VerifiedOrganization(Base):
    """Organizations an administrator marked verified (organizations' created/updated events):
    where the site reviews unverified organizations' jobs, these go live without review."""

    __tablename__ = "verified_organizations"

    organization_id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ApiKey(Base):
    """An organization's key to the ATS API (jobs.api.ats). The secret is shown once, when the
    key is made; only its SHA-256 is kept (a 256-bit random secret needs no slow hash). A key acts
    as the recruiter who made it, within its organization and scopes: it stops working when they
    leave the organization, and when it is revoked."""

    __tablename__ = "api_keys"
    __table_args__ = (Index("ix_api_keys_organization_id", "organization_id"),)

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    organization_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    name: Mapped[str] = mapped_column(String(100))
    # the secret's first characters, shown in the list so a key can be told apart
    prefix: Mapped[str] = mapped_column(String(20))
    secret_sha256: Mapped[str] = mapped_column(String(64), unique=True)
    scopes: Mapped[list[str]] = mapped_column(ARRAY(String(20)))  # jobs | applications
    created_by: Mapped[uuid.UUID] = mapped_column(Uuid)
    created_by_email: Mapped[str | None] = mapped_column(String(320))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ApiIdempotencyKey(Base):
    """A write of the ATS API under an ``Idempotency-Key``: the request's digest and, once it
    is done, the answer given, replayed to a retry of the same request (kept a day)."""

    __tablename__ = "api_idempotency_keys"

    api_key_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("api_keys.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    request_sha256: Mapped[str] = mapped_column(String(64))
    status_code: Mapped[int | None] = mapped_column(Integer)  # None: still being answered
    response: Mapped[Any] = mapped_column(JSONB, nullable=True)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), index=True
    )


class FeedSource(Base):
    """A feed of an organization's jobs that the board imports on a schedule (ADR 0041): an XML
    feed in the aggregators' format or JSON of schema.org JobPostings, fetched from ``url``
    every ``interval_minutes`` by one replica. Made by the organization's recruiters or an
    administrator; ``created_by`` is who made it (the jobs it creates are theirs)."""

    __tablename__ = "feed_sources"
    __table_args__ = (
        Index("ix_feed_sources_organization_id", "organization_id"),
        Index("ix_feed_sources_due", "next_run_at", postgresql_where=text("enabled")),
    )

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    organization_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    name: Mapped[str] = mapped_column(String(100))
    url: Mapped[str] = mapped_column(String(2000))
    format: Mapped[str] = mapped_column(String(10))  # xml | json
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    interval_minutes: Mapped[int] = mapped_column(Integer, default=60)
    created_by: Mapped[uuid.UUID] = mapped_column(Uuid)
    created_by_email: Mapped[str | None] = mapped_column(String(320))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    last_run_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    next_run_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class FeedRun(Base):
    """One import of a feed source and its report: what it created, updated, closed, left
    unchanged, recognised as duplicates and rejected (``issues``: the items refused or not
    published, with the reasons, capped). At most one run of a source is running at a time."""

    __tablename__ = "feed_runs"
    __table_args__ = (
        Index("ix_feed_runs_source_id_started_at", "source_id", "started_at"),
        Index(
            "uq_feed_runs_running_source_id",
            "source_id",
            unique=True,
            postgresql_where=text("status = 'running'"),
        ),
    )

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    source_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("feed_sources.id", ondelete="CASCADE")
    )
    trigger: Mapped[str] = mapped_column(String(10))  # schedule | manual
    status: Mapped[str] = mapped_column(
        String(10), default="running"
    )  # running | succeeded | failed
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    items: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[int] = mapped_column(Integer, default=0)
    closed: Mapped[int] = mapped_column(Integer, default=0)
    unchanged: Mapped[int] = mapped_column(Integer, default=0)
    duplicate: Mapped[int] = mapped_column(Integer, default=0)
    rejected: Mapped[int] = mapped_column(Integer, default=0)
    # why the run failed as a whole (the feed could not be fetched or read)
    error: Mapped[str | None] = mapped_column(String(1000))
    # [{"reference", "title", "outcome" (rejected | not_published), "errors": [{"field",
    # "code", "message"}]}], the first MAX_ISSUES
    issues: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list)


class FeedItem(Base):
    """Which job an item of a feed source became: by the item's reference in the feed. ``role``
    says how: ``created`` (the source made it: it updates and closes it), ``reference`` (a job
    of the organization with the same reference, from the ATS API or another feed: it updates
    it) or ``duplicate`` (a job with the same content made another way: listed once, left as
    its maker keeps it)."""

    __tablename__ = "feed_items"
    __table_args__ = (Index("ix_feed_items_job_id", "job_id"),)

    source_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("feed_sources.id", ondelete="CASCADE"), primary_key=True
    )
    reference: Mapped[str] = mapped_column(String(100), primary_key=True)
    job_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("jobs.id", ondelete="CASCADE"))
    # never read: it tells the ORM to write a job before the items that name it when one flush
    # writes both (a feed chunk's new jobs, ADR 0062); without a relationship it orders the
    # tables by their classes' names, feed_items first
    job: Mapped[Job] = relationship(lazy="raise")
    role: Mapped[str] = mapped_column(String(10))  # created | reference | duplicate
    # the item's content fingerprint when it was last applied
    fingerprint: Mapped[str] = mapped_column(String(64))
    first_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
