"""The resume profile (spec 3) and its contact requests, in the resumes service's own database.

One resume per applicant (``owner_id`` is unique). The private fields (first and last name,
phone, birthday, home location) live on the resume row like the others; who may read them is
``resumes.domain.access``'s rule, never the table's. ``owner_email`` is kept only to mail the
applicant (a contact request) and is never answered by the graph.
"""

import uuid
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    String,
    Text,
    Uuid,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapped, mapped_column, relationship

from resumes.db import Base


class Resume(Base):
    __tablename__ = "resumes"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    owner_id: Mapped[uuid.UUID] = mapped_column(Uuid, unique=True)
    site: Mapped[str] = mapped_column(String(60), server_default="jobboard")
    owner_email: Mapped[str | None] = mapped_column(String(320), default=None)
    # the job_preferences title: the headline recruiters see
    title: Mapped[str] = mapped_column(String(255), default="")
    findable: Mapped[bool] = mapped_column(Boolean, default=False, server_default=text("false"))
    version: Mapped[int] = mapped_column(Integer, default=1, server_default=text("1"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )
    # personal_info (first_name, last_name, phone, birthday, home_location are private)
    salutation: Mapped[str | None] = mapped_column(String(20), default=None)
    first_name: Mapped[str | None] = mapped_column(String(100), default=None)
    last_name: Mapped[str | None] = mapped_column(String(100), default=None)
    phone: Mapped[str | None] = mapped_column(String(40), default=None)
    birthday: Mapped[date | None] = mapped_column(Date, default=None)
    home_location: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    about: Mapped[str | None] = mapped_column(Text, default=None)
    # job_preferences
    desired_occupation_tid: Mapped[int | None] = mapped_column(Integer, default=None)
    employment_type_tids: Mapped[list[int]] = mapped_column(
        ARRAY(Integer), default=list, server_default="{}"
    )
    desired_location: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    salary_min: Mapped[Decimal | None] = mapped_column(Numeric(12, 2), default=None)
    salary_max: Mapped[Decimal | None] = mapped_column(Numeric(12, 2), default=None)
    salary_currency: Mapped[str | None] = mapped_column(String(3), default=None)
    salary_unit: Mapped[str | None] = mapped_column(String(10), default=None)
    career_status: Mapped[str | None] = mapped_column(String(30), default=None)
    available_start: Mapped[date | None] = mapped_column(Date, default=None)
    availability_periods: Mapped[list[str]] = mapped_column(
        ARRAY(String(20)), default=list, server_default="{}"
    )
    # languages: [{"tid": int, "level": str}] in the applicant's order
    languages: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list, server_default="[]")
    languages_free: Mapped[str | None] = mapped_column(Text, default=None)
    language_notes: Mapped[str | None] = mapped_column(Text, default=None)
    # skills
    skill_tids: Mapped[list[int]] = mapped_column(ARRAY(Integer), default=list, server_default="{}")
    skills_free: Mapped[list[str]] = mapped_column(
        ARRAY(String(100)), default=list, server_default="{}"
    )
    skills_notes: Mapped[str | None] = mapped_column(Text, default=None)

    education: Mapped[list["EducationEntry"]] = relationship(
        order_by="EducationEntry.position",
        cascade="all, delete-orphan",
        lazy="selectin",
    )
    work_experience: Mapped[list["WorkExperienceEntry"]] = relationship(
        order_by="WorkExperienceEntry.position",
        cascade="all, delete-orphan",
        lazy="selectin",
    )
    hidden_from: Mapped[list["HiddenFromOrganization"]] = relationship(
        cascade="all, delete-orphan", lazy="selectin"
    )


class EducationEntry(Base):
    __tablename__ = "resume_education"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    resume_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("resumes.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int] = mapped_column(Integer)
    institution: Mapped[str] = mapped_column(String(255))
    degree_level_tid: Mapped[int | None] = mapped_column(Integer, default=None)
    field_of_study_tid: Mapped[int | None] = mapped_column(Integer, default=None)
    study_program: Mapped[str | None] = mapped_column(String(255), default=None)
    location: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    start_date: Mapped[date | None] = mapped_column(Date, default=None)
    end_date: Mapped[date | None] = mapped_column(Date, default=None)
    summary: Mapped[str | None] = mapped_column(Text, default=None)


class WorkExperienceEntry(Base):
    __tablename__ = "resume_work_experience"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    resume_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("resumes.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int] = mapped_column(Integer)
    job_title: Mapped[str] = mapped_column(String(255))
    occupation_tid: Mapped[int | None] = mapped_column(Integer, default=None)
    employment_type_tid: Mapped[int | None] = mapped_column(Integer, default=None)
    company_name: Mapped[str | None] = mapped_column(String(255), default=None)
    location: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    start_date: Mapped[date | None] = mapped_column(Date, default=None)
    end_date: Mapped[date | None] = mapped_column(Date, default=None)
    summary: Mapped[str | None] = mapped_column(Text, default=None)


class HiddenFromOrganization(Base):
    """The applicant hides the resume from this organization's recruiters (e.g. the employer)."""

    __tablename__ = "resume_hidden_organizations"

    resume_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("resumes.id", ondelete="CASCADE"), primary_key=True
    )
    organization_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ContactRequest(Base):
    """A recruiter's organization asks to contact the applicant (resumes.domain.contacts: the
    states and the moves between them). At most one live request per resume and organization:
    a request billing denied (no credits) may be made again."""

    __tablename__ = "contact_requests"
    __table_args__ = (
        Index(
            "uq_contact_requests_live",
            "resume_id",
            "organization_id",
            unique=True,
            postgresql_where=text("status <> 'denied'"),
        ),
    )

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    resume_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("resumes.id", ondelete="CASCADE"), index=True
    )
    organization_id: Mapped[str] = mapped_column(String(64), index=True)
    organization_number: Mapped[int] = mapped_column(Integer)
    recruiter_id: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(20))
    version: Mapped[int] = mapped_column(Integer, default=1, server_default=text("1"))
    denied_reason: Mapped[str | None] = mapped_column(String(60), default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )
