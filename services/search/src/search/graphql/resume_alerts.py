"""Resume alerts' GraphQL surface (ADR 0032): a recruiter's saved resume searches with a notify
interval in seconds (spec 9: -1 no alerts, 86400 daily, 604800 weekly, 2628000 monthly).
Recruiters and administrators only (resumeSearch's permission), each their own alerts, on a site
with the resume feature and saved resume searches; refusals as AlertErrors, like job alerts."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Annotated

import strawberry
from jobkit.permissions import RecruiterScope
from strawberry.types import Info

from search.alerts import errors as alert_errors
from search.alerts import resume_alerts
from search.alerts.models import ResumeAlert as ResumeAlertRow
from search.alerts.searches import resume_search_path
from search.engine.request import SearchRequest
from search.graphql.alerts import AlertErrors, AlertSearch, parse_alert_id, settings_of
from search.graphql.context import SearchContext
from search.graphql.job_search import (
    SearchConditionGroupInput,
    SearchFulltextInput,
    SearchGeoLocationInput,
)
from search.graphql.resume_search import ResumeSearchInput, to_request
from search.site.geo import SiteGeo, site_geo


@strawberry.type(
    description="A recruiter's saved resume search that mails newly findable or updated "
    "matching resumes (public fields only, each linking /resume/{id}) every `interval` seconds."
)
class ResumeAlert:
    id: strawberry.ID
    name: str
    interval: int = strawberry.field(
        description="Seconds between mails: -1 (no alerts: saved only), 86400 (daily), 604800 "
        "(weekly) or 2628000 (monthly)."
    )
    search: AlertSearch = strawberry.field(
        description="The saved search; its `path` is the resume search page for it (/resumes?...)."
    )
    paused_reason: str | None = strawberry.field(
        description="Why the mailer stopped mailing it (its address refuses mail); saving it with "
        "an interval resumes it. Null while it runs."
    )
    created_at: datetime
    last_mailed_at: datetime | None

    @classmethod
    def of(cls, row: ResumeAlertRow) -> ResumeAlert:
        search = AlertSearch.of(row.query)
        search.path = resume_search_path(row.query)
        return cls(
            id=strawberry.ID(str(row.id)),
            name=row.name,
            interval=row.interval_seconds,
            paused_reason=row.paused_reason,
            search=search,
            created_at=row.created_at,
            last_mailed_at=row.last_mailed_at,
        )


@strawberry.input(
    description="A resume search as an alert keeps it: ResumeSearchInput without facet counts, "
    "sorting or paging."
)
class ResumeAlertSearchInput:
    language: str | None = None
    condition_groups: list[SearchConditionGroupInput] = strawberry.field(default_factory=list)
    fulltext: SearchFulltextInput | None = None
    geo_location: SearchGeoLocationInput | None = None


def _request(data: ResumeAlertSearchInput, site: SiteGeo) -> SearchRequest:
    return to_request(
        ResumeSearchInput(
            language=data.language,
            condition_groups=data.condition_groups,
            fulltext=data.fulltext,
            geo_location=data.geo_location,
        ),
        site,
    )


@strawberry.input(description="A resume search saved as an alert.")
class CreateResumeAlertInput:
    name: str
    interval: int = strawberry.field(
        description="-1 (no alerts), 86400 (daily), 604800 (weekly) or 2628000 (monthly)."
    )
    search: ResumeAlertSearchInput


@strawberry.input(description="A resume alert's new name, interval or search (omitted: unchanged).")
class UpdateResumeAlertInput:
    id: strawberry.ID
    name: str | None = None
    interval: int | None = None
    search: ResumeAlertSearchInput | None = None


@strawberry.type(description="The resume alert as saved.")
class ResumeAlertSaved:
    alert: ResumeAlert


@strawberry.type(description="The resume alert is gone.")
class ResumeAlertDeleted:
    id: strawberry.ID


ResumeAlertResult = Annotated[ResumeAlertSaved | AlertErrors, strawberry.union("ResumeAlertResult")]
DeleteResumeAlertResult = Annotated[
    ResumeAlertDeleted | AlertErrors, strawberry.union("DeleteResumeAlertResult")
]


def _saved(result: ResumeAlertRow | alert_errors.AlertErrors) -> ResumeAlertResult:
    if isinstance(result, alert_errors.AlertErrors):
        return AlertErrors.of(result)
    return ResumeAlertSaved(alert=ResumeAlert.of(result))


def _parse(value: strawberry.ID) -> uuid.UUID | None:
    return parse_alert_id(value)


async def create_resume_alert(
    info: Info[SearchContext, None], input: CreateResumeAlertInput
) -> ResumeAlertResult:
    context = info.context
    site = await site_geo(context.sessions, context.frontend.site)
    return _saved(
        await resume_alerts.create_resume_alert(
            sessions=context.sessions,
            settings=settings_of(info),
            principal=context.require_principal(),
            site=context.frontend.site,
            data=resume_alerts.NewResumeAlert(
                name=input.name, interval=input.interval, search=_request(input.search, site)
            ),
        )
    )


async def update_resume_alert(
    info: Info[SearchContext, None], input: UpdateResumeAlertInput
) -> ResumeAlertResult:
    context = info.context
    alert_id = _parse(input.id)
    if alert_id is None:
        return AlertErrors.of(resume_alerts.not_found())
    site = await site_geo(context.sessions, context.frontend.site)
    return _saved(
        await resume_alerts.update_resume_alert(
            sessions=context.sessions,
            principal=context.require_principal(),
            site=context.frontend.site,
            alert_id=alert_id,
            changes=resume_alerts.ResumeAlertChanges(
                name=input.name,
                interval=input.interval,
                search=_request(input.search, site) if input.search is not None else None,
            ),
        )
    )


async def delete_resume_alert(
    info: Info[SearchContext, None], id: strawberry.ID
) -> DeleteResumeAlertResult:
    alert_id = _parse(id)
    if alert_id is None:
        return AlertErrors.of(resume_alerts.not_found())
    result = await resume_alerts.delete_resume_alert(
        sessions=info.context.sessions,
        principal=info.context.require_principal(),
        alert_id=alert_id,
    )
    if isinstance(result, alert_errors.AlertErrors):
        return AlertErrors.of(result)
    return ResumeAlertDeleted(id=strawberry.ID(str(result)))


@strawberry.type
class ResumeAlertQueries:
    @strawberry.field(
        name="myResumeAlerts",
        description="The signed-in recruiter's resume alerts, oldest first (empty where the site "
        "does not offer saved resume searches).",
        permission_classes=[RecruiterScope],
    )
    async def my_resume_alerts(self, info: Info[SearchContext, None]) -> list[ResumeAlert]:
        context = info.context
        if not await resume_alerts.offered(context.sessions, context.frontend.site):
            return []
        rows = await resume_alerts.list_resume_alerts(
            sessions=context.sessions, user_id=context.require_principal().user_id
        )
        return [ResumeAlert.of(row) for row in rows]

    @strawberry.field(
        name="resumeAlert",
        description="One of the signed-in recruiter's resume alerts; null for an unknown id, "
        "someone else's alert, or where the site does not offer saved resume searches.",
        permission_classes=[RecruiterScope],
    )
    async def resume_alert(
        self, info: Info[SearchContext, None], id: strawberry.ID
    ) -> ResumeAlert | None:
        context = info.context
        alert_id = _parse(id)
        if alert_id is None or not await resume_alerts.offered(
            context.sessions, context.frontend.site
        ):
            return None
        row = await resume_alerts.get_resume_alert(
            sessions=context.sessions,
            user_id=context.require_principal().user_id,
            alert_id=alert_id,
        )
        return ResumeAlert.of(row) if row is not None else None
