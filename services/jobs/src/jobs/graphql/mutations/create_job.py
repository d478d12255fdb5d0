"""createJob: a DRAFT of the caller's organization (recruiter members and admin-like users)."""

from __future__ import annotations

from strawberry.types import Info

from jobs.domain import creation
from jobs.graphql.context import JobContext
from jobs.graphql.inputs import CreateJobInput
from jobs.graphql.mutations.result import JobResult, answer, no_such_job, settings_of
from jobs.graphql.types import parse_id


async def create_job(info: Info[JobContext, None], input: CreateJobInput) -> JobResult:
    organization_id = parse_id(input.organization_id)
    if organization_id is None:
        return no_such_job("organizationId")
    return answer(
        await creation.create_job(
            sessions=info.context.sessions,
            settings=settings_of(info),
            principal=info.context.require_principal(),
            organization_id=organization_id,
            title=input.title,
            type=input.type.value,
            link_url=input.link_url,
            site=info.context.frontend.site,
        )
    )
