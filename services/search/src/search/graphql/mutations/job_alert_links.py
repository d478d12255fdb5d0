"""confirmJobAlert and unsubscribeJobAlert: the links in alert mails, followed without a login
(signed tokens; a forged or altered one answers INVALID_TOKEN)."""

from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.types import Info

from search.alerts import errors as alert_errors
from search.alerts import service, tokens
from search.graphql.alerts import AlertErrors, JobAlert, settings_of, unavailable
from search.graphql.context import SearchContext
from search.graphql.mutations.change_job_alert import JobAlertChangeResult, JobAlertSaved


async def confirm_job_alert(info: Info[SearchContext, None], token: str) -> JobAlertChangeResult:
    try:
        result = await service.confirm_alert(
            sessions=info.context.sessions, settings=settings_of(info), token=token
        )
    except tokens.AlertsUnavailable:
        return unavailable()
    if isinstance(result, alert_errors.AlertErrors):
        return AlertErrors.of(result)
    return JobAlertSaved(alert=JobAlert.of(result))


@strawberry.type(description="The alerts the unsubscribe link was for; none mails again.")
class JobAlertsUnsubscribed:
    alerts: list[JobAlert]


UnsubscribeJobAlertResult = Annotated[
    JobAlertsUnsubscribed | AlertErrors, strawberry.union("UnsubscribeJobAlertResult")
]


async def unsubscribe_job_alert(
    info: Info[SearchContext, None], token: str
) -> UnsubscribeJobAlertResult:
    try:
        result = await service.unsubscribe(
            sessions=info.context.sessions, settings=settings_of(info), token=token
        )
    except tokens.AlertsUnavailable:
        return unavailable()
    if isinstance(result, alert_errors.AlertErrors):
        return AlertErrors.of(result)
    return JobAlertsUnsubscribed(alerts=[JobAlert.of(row) for row in result])
