"""One mutation per job form group; each replaces its group whole (recruiter members of the
job's organization and admin-like users; the domain answers FORBIDDEN to anyone else)."""

from __future__ import annotations

from enum import Enum
from typing import Any

import strawberry
from strawberry.types import Info

from jobs.domain import editing
from jobs.graphql import inputs
from jobs.graphql.context import JobContext
from jobs.graphql.mutations.result import JobResult, answer, no_such_job, settings_of
from jobs.graphql.types import parse_id


def _plain(value: Any) -> Any:
    """Input as plain data for the domain's models, without UNSET values; enums as values."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not strawberry.UNSET}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    return value


def _typed(group: str, input_type: type) -> Any:
    """The mutation that replaces one job group, taking that group's input type."""

    async def mutation(info: Info[JobContext, None], id: strawberry.ID, input: Any) -> JobResult:
        job_id = parse_id(id)
        if job_id is None:
            return no_such_job()
        return answer(
            await editing.update_group(
                sessions=info.context.sessions,
                settings=settings_of(info),
                principal=info.context.require_principal(),
                job_id=job_id,
                group=group,
                data=_plain(strawberry.asdict(input)),
            )
        )

    mutation.__name__ = f"update_{group}"
    mutation.__annotations__ = {
        "info": Info[JobContext, None],
        "id": strawberry.ID,
        "input": input_type,
        "return": JobResult,
    }
    return mutation


update_job_info = _typed("job_info", inputs.JobInfoInput)
update_job_company_info = _typed("company_info", inputs.CompanyInfoJobInput)
update_job_location = _typed("job_location", inputs.JobLocationGroupInput)
update_job_categorization = _typed("job_categorization", inputs.JobCategorizationInput)
update_job_schedule = _typed("job_schedule", inputs.JobScheduleInput)
update_job_application_options = _typed(
    "job_application_options", inputs.JobApplicationOptionsInput
)


async def rename_job(info: Info[JobContext, None], id: strawberry.ID, title: str) -> JobResult:
    job_id = parse_id(id)
    if job_id is None:
        return no_such_job()
    return answer(
        await editing.rename_job(
            sessions=info.context.sessions,
            settings=settings_of(info),
            principal=info.context.require_principal(),
            job_id=job_id,
            title=title,
        )
    )
