"""createJobAlert: save the current search as an alert (an applicant's, or a visitor's with an
address and the captcha; a visitor's starts after the mailed confirmation link)."""

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
    settings_of,
    unavailable,
)
from search.graphql.context import SearchContext
from search.graphql.job_search import JobSearchInput, to_request
from search.site.geo import site_geo


@strawberry.input(description="A search saved as an alert; its sorting and paging are ignored.")
class CreateJobAlertInput:
    name: str
    frequency: AlertFrequency
    search: JobSearchInput
    email: str | None = strawberry.field(
        default=None,
        description="Visitors only: where the alerts go (a signed-in caller's "
        "alerts go to the account's address).",
    )
    captcha_token: str | None = strawberry.field(
        default=None, description="Visitors only: the captcha widget's answer."
    )


@strawberry.type(
    description="The alert as saved. When `alert.confirmed` is false a confirmation link was "
    "mailed to the address; nothing else is sent until it is followed."
)
class JobAlertCreated:
    alert: JobAlert


CreateJobAlertResult = Annotated[
    JobAlertCreated | AlertErrors, strawberry.union("CreateJobAlertResult")
]


async def create_job_alert(
    info: Info[SearchContext, None], input: CreateJobAlertInput
) -> CreateJobAlertResult:
    try:
        result = await service.create_alert(
            sessions=info.context.sessions,
            settings=settings_of(info),
            principal=info.context.principal,
            site=info.context.frontend.site,
            data=service.NewAlert(
                name=input.name,
                frequency=input.frequency.value,
                search=to_request(
                    input.search,
                    await site_geo(info.context.sessions, info.context.frontend.site),
                ),
                email=input.email,
                captcha_token=input.captcha_token,
            ),
            client_ip=info.context.client_ip,
        )
    except tokens.AlertsUnavailable:
        return unavailable()
    if isinstance(result, alert_errors.AlertErrors):
        return AlertErrors.of(result)
    return JobAlertCreated(alert=JobAlert.of(result))
