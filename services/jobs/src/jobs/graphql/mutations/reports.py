"""reportJob (visitors and signed-in users), and the administrators' answers to reports:
dismissJobReports and archiveReportedJob (ADR 0030)."""

from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.types import Info

from jobs.domain import reports
from jobs.domain.errors import JobErrors as DomainErrors
from jobs.graphql.context import JobContext
from jobs.graphql.job_values import JobReportReason
from jobs.graphql.mutations.result import JobResult, no_such_job, settings_of
from jobs.graphql.mutations.workflow import run
from jobs.graphql.types import JobErrors, parse_id


@strawberry.input
class ReportJobInput:
    job_id: strawberry.ID
    reason: JobReportReason
    details: str | None = strawberry.field(
        default=None, description=f"Optional, at most {reports.MAX_DETAILS} characters."
    )
    captcha_token: str | None = strawberry.field(
        default=None, description="The captcha widget's answer: required from visitors."
    )


@strawberry.type(description="The report was received (an administrator will look at it).")
class JobReported:
    job_id: strawberry.ID


ReportJobResult = Annotated[JobReported | JobErrors, strawberry.union("ReportJobResult")]


async def report_job(info: Info[JobContext, None], input: ReportJobInput) -> ReportJobResult:
    job_id = parse_id(input.job_id)
    if job_id is None:
        refused = no_such_job("jobId")
        assert isinstance(refused, JobErrors)
        return refused
    result = await reports.report_job(
        sessions=info.context.sessions,
        settings=settings_of(info),
        principal=info.context.principal,
        job_id=job_id,
        reason=input.reason.value,
        details=input.details,
        captcha_token=input.captcha_token,
        client_ip=info.context.client_ip,
    )
    if isinstance(result, DomainErrors):
        return JobErrors.from_domain(result)
    return JobReported(job_id=strawberry.ID(str(result.job_id)))


async def dismiss_job_reports(info: Info[JobContext, None], id: strawberry.ID) -> JobResult:
    return await run(info, id, reports.dismiss_reports)


async def archive_reported_job(
    info: Info[JobContext, None], id: strawberry.ID, reason: str
) -> JobResult:
    return await run(info, id, reports.archive_reported_job, reason=reason)
