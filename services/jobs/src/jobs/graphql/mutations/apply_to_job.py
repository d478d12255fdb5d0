"""applyToJob: a visitor or signed-in applicant applies (spec 3's job application form)."""

from __future__ import annotations

import strawberry
from strawberry.types import Info

from jobs.domain import applications
from jobs.domain.errors import JobErrors as DomainErrors
from jobs.graphql.application_types import (
    ApplicationReceived,
    ApplicationStatus,
    ApplyToJobResult,
    AttachmentKind,
)
from jobs.graphql.context import JobContext
from jobs.graphql.mutations.result import no_such_job, settings_of
from jobs.graphql.types import JobErrors, parse_id


@strawberry.input
class ApplicationAttachmentInput:
    upload_id: strawberry.ID = strawberry.field(
        description="From POST /api/uploads/jobs/uploads with purpose application_attachment."
    )
    kind: AttachmentKind = AttachmentKind.OTHER


@strawberry.input
class ApplyToJobInput:
    job_id: strawberry.ID
    first_name: str
    last_name: str
    email_address: str
    phone: str | None = None
    cover_letter: str | None = None
    attachments: list[ApplicationAttachmentInput] = strawberry.field(default_factory=list)
    answers: list[str] = strawberry.field(
        default_factory=list, description="One per qualifying question, in the job's order."
    )
    captcha_token: str | None = strawberry.field(
        default=None, description="The captcha widget's answer, when the job asks for one."
    )


async def apply_to_job(info: Info[JobContext, None], input: ApplyToJobInput) -> ApplyToJobResult:
    job_id = parse_id(input.job_id)
    if job_id is None:
        refused = no_such_job("jobId")
        assert isinstance(refused, JobErrors)
        return refused
    result = await applications.apply_to_job(
        sessions=info.context.sessions,
        settings=settings_of(info),
        principal=info.context.principal,
        job_id=job_id,
        data={
            "first_name": input.first_name,
            "last_name": input.last_name,
            "email_address": input.email_address,
            "phone": input.phone,
            "cover_letter": input.cover_letter,
            "attachments": [
                {"upload_id": str(a.upload_id), "kind": a.kind.value} for a in input.attachments
            ],
            "answers": list(input.answers),
        },
        captcha_token=input.captcha_token,
        client_ip=info.context.client_ip,
    )
    if isinstance(result, DomainErrors):
        return JobErrors.from_domain(result)
    return ApplicationReceived(
        application_id=strawberry.ID(str(result.id)), status=ApplicationStatus(result.status)
    )
