"""Job alerts' GraphQL types: the alert as its owner sees it, its search, the errors, and the
queries (an applicant's alerts; an address's through a signed manage link)."""

from __future__ import annotations

import uuid
from datetime import datetime
from enum import Enum
from typing import Annotated, Any

import strawberry
from jobkit.graphql import Error, errors_summary, field_errors
from jobkit.permissions import IsAuthenticated
from strawberry.types import Info

from search.alerts import errors as alert_errors
from search.alerts import service, tokens
from search.alerts.models import SavedSearch
from search.alerts.searches import search_path
from search.graphql.context import SearchContext
from search.settings import SearchSettings

AlertErrorCode = strawberry.enum(
    alert_errors.AlertErrorCode, description="Why an alert request was refused."
)


@strawberry.enum(description="How often an alert mails: at once, or in a daily or weekly digest.")
class AlertFrequency(Enum):
    INSTANT = "instant"
    DAILY = "daily"
    WEEKLY = "weekly"


@strawberry.type(description="One refused input of an alert request.")
class AlertError(Error):
    code: AlertErrorCode  # type: ignore[valid-type]


@strawberry.type(description="The alert request was refused; each error names its field.")
class AlertErrors:
    message: str
    errors: list[AlertError]

    @classmethod
    def of(cls, refused: alert_errors.AlertErrors) -> AlertErrors:
        errors = field_errors(refused, AlertError)
        return cls(message=errors_summary(len(errors)), errors=errors)


@strawberry.type(description="One condition of a saved search (a facet value or salary).")
class AlertCondition:
    field: str
    value: str
    operator: str


@strawberry.type(description="An OR group of conditions; the groups are ANDed.")
class AlertConditionGroup:
    conditions: list[AlertCondition]
    conjunction: str
    tags: list[str]


@strawberry.type(description="Where a saved search looks: a place and radius, or an area.")
class AlertGeoLocation:
    label: str | None
    country: str | None
    administrative_area: str | None
    lat: float | None
    lon: float | None
    radius: float | None
    unit: str
    location_type: str | None


# What a stored place shows (its kilometres per unit is the matcher's)
_GEO_FIELDS = frozenset(
    ("label", "country", "administrative_area", "lat", "lon", "radius", "unit", "location_type")
)


@strawberry.type(
    description="The search an alert runs (the shape of JobSearchInput without sorting or paging)."
)
class AlertSearch:
    language: str
    keys: str | None
    condition_groups: list[AlertConditionGroup]
    geo_location: AlertGeoLocation | None
    path: str = strawberry.field(description="The site's search page for it (/jobs?...).")

    @classmethod
    def of(cls, query: dict[str, Any]) -> AlertSearch:
        geo = query.get("geo_location")
        return cls(
            language=str(query.get("language") or "en"),
            keys=query.get("fulltext"),
            condition_groups=[
                AlertConditionGroup(
                    conditions=[AlertCondition(**c) for c in group["conditions"]],
                    conjunction=group.get("conjunction", "OR"),
                    tags=list(group.get("tags", [])),
                )
                for group in query.get("condition_groups", [])
            ],
            geo_location=AlertGeoLocation(**{k: v for k, v in geo.items() if k in _GEO_FIELDS})
            if geo
            else None,
            path=search_path(query),
        )


@strawberry.type(description="A saved search that mails new matching jobs.")
class JobAlert:
    id: strawberry.ID
    name: str
    frequency: AlertFrequency
    paused: bool
    paused_reason: str | None = strawberry.field(
        description="Why the mailer paused it (e.g. the address refuses mail); null when the "
        "person paused it or it runs."
    )
    confirmed: bool = strawberry.field(
        description="Whether the address confirmed it (until then only the confirmation mail "
        "is sent)."
    )
    email: str
    search: AlertSearch
    created_at: datetime
    last_mailed_at: datetime | None

    @classmethod
    def of(cls, row: SavedSearch) -> JobAlert:
        return cls(
            id=strawberry.ID(str(row.id)),
            name=row.name,
            frequency=AlertFrequency(row.frequency),
            paused=row.paused,
            paused_reason=row.paused_reason,
            confirmed=row.confirmed_at is not None,
            email=row.email,
            search=AlertSearch.of(row.query),
            created_at=row.created_at,
            last_mailed_at=row.last_mailed_at,
        )


@strawberry.type(description="The alerts of the address a manage link was signed for.")
class ManagedJobAlerts:
    email: str
    alerts: list[JobAlert]


JobAlertsByTokenResult = Annotated[
    ManagedJobAlerts | AlertErrors, strawberry.union("JobAlertsByTokenResult")
]


def settings_of(info: Info[SearchContext, None]) -> SearchSettings:
    settings = info.context.settings
    assert isinstance(settings, SearchSettings)
    return settings


def parse_alert_id(value: strawberry.ID) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def unavailable() -> AlertErrors:
    return AlertErrors.of(
        alert_errors.AlertErrors(
            [
                alert_errors.AlertError(
                    alert_errors.AlertErrorCode.UNAVAILABLE,
                    "Job alerts are unavailable right now; please try again later.",
                )
            ]
        )
    )


@strawberry.type
class AlertQueries:
    @strawberry.field(
        name="myJobAlerts",
        description="The signed-in caller's job alerts, oldest first.",
        permission_classes=[IsAuthenticated],
    )
    async def my_job_alerts(self, info: Info[SearchContext, None]) -> list[JobAlert]:
        principal = info.context.require_principal()
        rows = await service.list_alerts(sessions=info.context.sessions, user_id=principal.user_id)
        return [JobAlert.of(row) for row in rows]

    @strawberry.field(
        name="jobAlertsByToken",
        description="Anyone holding a manage link (from any alert mail): the alerts of its "
        "address. A forged or altered link answers INVALID_TOKEN.",
    )
    async def job_alerts_by_token(
        self, info: Info[SearchContext, None], token: str
    ) -> JobAlertsByTokenResult:
        settings = settings_of(info)
        try:
            address = service.address_of_manage_token(settings, token)
        except tokens.AlertsUnavailable:
            return unavailable()
        if address is None:
            return AlertErrors.of(service.invalid_token())
        rows = await service.alerts_of_address(sessions=info.context.sessions, email=address)
        return ManagedJobAlerts(email=address, alerts=[JobAlert.of(row) for row in rows])
