"""updateJobAlert, pauseJobAlert, resumeJobAlert, deleteJobAlert: the owner (signed in) or the
holder of the address's manage link changes an alert."""

from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.types import Info

from search.alerts import errors as alert_errors
from search.alerts import service, tokens
from search.graphql.alerts import (
    AlertErrors,
    AlertFrequency,
    JobAlert,
    parse_alert_id,
    settings_of,
    unavailable,
)
from search.graphql.context import SearchContext
from search.graphql.job_search import JobSearchInput, to_request
from search.site.geo import site_geo

MANAGE_LINK_HELP = "The manage link's token, for a caller who is not the signed-in owner."


@strawberry.input(description="An alert's new name, frequency or search (omitted: unchanged).")
class UpdateJobAlertInput:
    id: strawberry.ID
    name: str | None = None
    frequency: AlertFrequency | None = None
    search: JobSearchInput | None = None
    manage_token: str | None = strawberry.field(default=None, description=MANAGE_LINK_HELP)


@strawberry.type(description="The alert as saved.")
class JobAlertSaved:
    alert: JobAlert


JobAlertChangeResult = Annotated[
    JobAlertSaved | AlertErrors, strawberry.union("JobAlertChangeResult")
]


@strawberry.type(description="The alert is gone.")
class JobAlertDeleted:
    id: strawberry.ID


DeleteJobAlertResult = Annotated[
    JobAlertDeleted | AlertErrors, strawberry.union("DeleteJobAlertResult")
]


def _no_such_alert() -> AlertErrors:
    return AlertErrors.of(
        alert_errors.AlertErrors(
            [
                alert_errors.AlertError(
                    alert_errors.AlertErrorCode.NOT_FOUND, "There is no such alert.", "id"
                )
            ]
        )
    )


async def _change(
    info: Info[SearchContext, None],
    alert_id: strawberry.ID,
    changes: service.Changes,
    manage_token: str | None,
) -> JobAlertChangeResult:
    parsed = parse_alert_id(alert_id)
    if parsed is None:
        return _no_such_alert()
    try:
        result = await service.update_alert(
            sessions=info.context.sessions,
            principal=info.context.principal,
            alert_id=parsed,
            changes=changes,
            manage_token=manage_token,
            settings=settings_of(info),
        )
    except tokens.AlertsUnavailable:
        return unavailable()
    if isinstance(result, alert_errors.AlertErrors):
        return AlertErrors.of(result)
    return JobAlertSaved(alert=JobAlert.of(result))


async def update_job_alert(
    info: Info[SearchContext, None], input: UpdateJobAlertInput
) -> JobAlertChangeResult:
    site = await site_geo(info.context.sessions, info.context.frontend.site)
    changes = service.Changes(
        name=input.name,
        frequency=input.frequency.value if input.frequency is not None else None,
        search=to_request(input.search, site) if input.search is not None else None,
    )
    return await _change(info, input.id, changes, input.manage_token)


async def pause_job_alert(
    info: Info[SearchContext, None], id: strawberry.ID, manage_token: str | None = None
) -> JobAlertChangeResult:
    return await _change(info, id, service.Changes(paused=True), manage_token)


async def resume_job_alert(
    info: Info[SearchContext, None], id: strawberry.ID, manage_token: str | None = None
) -> JobAlertChangeResult:
    return await _change(info, id, service.Changes(paused=False), manage_token)


async def delete_job_alert(
    info: Info[SearchContext, None], id: strawberry.ID, manage_token: str | None = None
) -> DeleteJobAlertResult:
    parsed = parse_alert_id(id)
    if parsed is None:
        return _no_such_alert()
    try:
        result = await service.delete_alert(
            sessions=info.context.sessions,
            principal=info.context.principal,
            alert_id=parsed,
            manage_token=manage_token,
            settings=settings_of(info),
        )
    except tokens.AlertsUnavailable:
        return unavailable()
    if isinstance(result, alert_errors.AlertErrors):
        return AlertErrors.of(result)
    return JobAlertDeleted(id=strawberry.ID(str(result)))
