"""Applications in the graph: the recruiter's view (``Application``, with notes and signed file
URLs) and the applicant's (``MyApplication``: job, date, status). Only the queries that check
:func:`jobs.domain.applications.may_manage` answer ``Application``."""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import Annotated

import strawberry
from jobkit.erasure import ERASED_PREFIX
from jobkit.uploads.signing import signed_file_url
from strawberry.types import Info

from jobs.domain.models import Application as ApplicationModel
from jobs.graphql.context import JobContext
from jobs.graphql.dataloaders import attachments_of, job_by_id
from jobs.graphql.job_values import ApplicationWorkflow, QualifyingQuestionType
from jobs.graphql.types import Job, JobErrors
from jobs.settings import JobsSettings


@strawberry.enum(description="The pipeline: NEW -> REVIEWED -> SHORTLISTED -> REJECTED / HIRED.")
class ApplicationStatus(Enum):
    NEW = "new"
    REVIEWED = "reviewed"
    SHORTLISTED = "shortlisted"
    REJECTED = "rejected"
    HIRED = "hired"


@strawberry.enum(description="What an attached file is.")
class AttachmentKind(Enum):
    CV = "cv"
    COVER_LETTER = "cover_letter"
    OTHER = "other"


@strawberry.enum
class ApplicationSort(Enum):
    NEWEST = "newest"
    OLDEST = "oldest"
    NAME = "name"
    STATUS = "status"


@strawberry.type(description="A qualifying question with the applicant's answer.")
class QualifyingAnswer:
    question: str
    type: QualifyingQuestionType
    answer: str
    knocked_out: bool = strawberry.field(
        description="The answer is one of the question's knock-out answers."
    )


@strawberry.type(description="A file of an application.")
class ApplicationFile:
    id: strawberry.ID
    kind: AttachmentKind
    filename: str
    media_type: str
    size: int
    url: str = strawberry.field(
        description="A download address for the caller only, valid for a few minutes (signed)."
    )


def _settings(info: Info[JobContext, None]) -> JobsSettings:
    settings = info.context.settings
    assert isinstance(settings, JobsSettings)
    return settings


@strawberry.type(description="An application as the job's recruiters see it.")
class Application:
    row: strawberry.Private[ApplicationModel]

    @classmethod
    def from_model(cls, row: ApplicationModel) -> Application:
        return cls(row=row)

    @strawberry.field
    def id(self) -> strawberry.ID:
        return strawberry.ID(str(self.row.id))

    @strawberry.field
    async def job(self, info: Info[JobContext, None]) -> Job | None:
        row = await job_by_id(info.context, self.row.job_id)
        return Job.from_model(row) if row is not None else None

    @strawberry.field
    def first_name(self) -> str:
        return self.row.first_name

    @strawberry.field
    def last_name(self) -> str:
        return self.row.last_name

    @strawberry.field
    def email_address(self) -> str:
        return self.row.email

    @strawberry.field(
        description="The applicant's details are erased (their account was deleted, or the "
        "site's retention period passed): the record, its status and dates remain, no name, "
        "address, answers, notes or files."
    )
    def anonymized(self) -> bool:
        return self.row.email.startswith(ERASED_PREFIX)

    @strawberry.field
    def phone(self) -> str | None:
        return self.row.phone

    @strawberry.field
    def cover_letter(self) -> str | None:
        return self.row.cover_letter

    @strawberry.field(description="Each qualifying question with its answer, in order.")
    def answers(self) -> list[QualifyingAnswer]:
        return [
            QualifyingAnswer(
                question=a["question"],
                type=QualifyingQuestionType(a["type"]),
                answer=a["answer"],
                knocked_out=a["knocked_out"],
            )
            for a in self.row.answers
        ]

    @strawberry.field(
        description="An answer is a knock-out answer: flagged for the recruiter, not hidden."
    )
    def knocked_out(self) -> bool:
        return self.row.knocked_out

    @strawberry.field(description="The job's workflow when the application arrived.")
    def workflow(self) -> ApplicationWorkflow:
        return ApplicationWorkflow(self.row.workflow)

    @strawberry.field
    def status(self) -> ApplicationStatus:
        return ApplicationStatus(self.row.status)

    @strawberry.field(description="The recruiters' notes (never shown to the applicant).")
    def notes(self) -> str | None:
        return self.row.notes

    @strawberry.field
    def created_at(self) -> datetime:
        return self.row.created_at

    @strawberry.field
    def status_changed_at(self) -> datetime | None:
        return self.row.status_changed_at

    @strawberry.field
    async def attachments(self, info: Info[JobContext, None]) -> list[ApplicationFile]:
        settings = _settings(info)
        principal = info.context.require_principal()
        files = []
        for row in await attachments_of(info.context, self.row.id):
            attachment, upload_id = row.ApplicationAttachment, row.id
            filename, media_type, size = row.filename, row.media_type, row.size
            files.append(
                ApplicationFile(
                    id=strawberry.ID(str(upload_id)),
                    kind=AttachmentKind(attachment.kind),
                    filename=filename,
                    media_type=media_type,
                    size=int(size),
                    url=signed_file_url(
                        settings,
                        upload_id,
                        "original",
                        user_id=principal.user_id,
                        secret=settings.file_signing_secret,
                        ttl_seconds=settings.file_url_ttl_seconds,
                    ),
                )
            )
        return files


@strawberry.type(description="One of the caller's applications (/my-applications).")
class MyApplication:
    row: strawberry.Private[ApplicationModel]

    @strawberry.field
    def id(self) -> strawberry.ID:
        return strawberry.ID(str(self.row.id))

    @strawberry.field(description="The job (null when it is no longer visible).")
    async def job(self, info: Info[JobContext, None]) -> Job | None:
        row = await job_by_id(info.context, self.row.job_id)
        return Job.from_model(row) if row is not None else None

    @strawberry.field
    def job_id(self) -> strawberry.ID:
        return strawberry.ID(str(self.row.job_id))

    @strawberry.field
    def status(self) -> ApplicationStatus:
        return ApplicationStatus(self.row.status)

    @strawberry.field
    def created_at(self) -> datetime:
        return self.row.created_at

    @strawberry.field
    def status_changed_at(self) -> datetime | None:
        return self.row.status_changed_at


@strawberry.type
class ApplicationPage:
    applications: list[Application]
    total: int


@strawberry.type(description="The application arrived; for LINK jobs none is stored.")
class ApplicationReceived:
    application_id: strawberry.ID
    status: ApplicationStatus


@strawberry.type(description="The application as saved.")
class ApplicationSaved:
    application: Application


ApplyToJobResult = Annotated[ApplicationReceived | JobErrors, strawberry.union("ApplyToJobResult")]
ApplicationResult = Annotated[ApplicationSaved | JobErrors, strawberry.union("ApplicationResult")]
