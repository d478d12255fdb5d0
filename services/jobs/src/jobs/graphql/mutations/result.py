"""The answer every job mutation shares: the saved job, or the errors as data."""

from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.types import Info

from jobs.domain.errors import NO_SUCH_JOB, JobErrorCode, one_error
from jobs.domain.errors import JobErrors as DomainErrors
from jobs.domain.models import Job as JobModel
from jobs.graphql.context import JobContext
from jobs.graphql.types import Job, JobErrors
from jobs.settings import JobsSettings


@strawberry.type(description="The job as saved.")
class JobSaved:
    job: Job


JobResult = Annotated[JobSaved | JobErrors, strawberry.union("JobResult")]


def settings_of(info: Info[JobContext, None]) -> JobsSettings:
    settings = info.context.settings
    assert isinstance(settings, JobsSettings)
    return settings


def answer(result: JobModel | DomainErrors) -> JobResult:
    if isinstance(result, DomainErrors):
        return JobErrors.from_domain(result)
    return JobSaved(job=Job.from_model(result))


def no_such_job(field: str = "id") -> JobResult:
    return JobErrors.from_domain(one_error(JobErrorCode.NOT_FOUND, NO_SUCH_JOB, field))
