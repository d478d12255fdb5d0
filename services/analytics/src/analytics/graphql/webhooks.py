"""An organization's webhook endpoints in its dashboard (ADR 0040): the list with each secret
(its recruiters sign-check with it), the delivery log, and the changes: add, edit, enable or
disable, rotate the secret, delete, replay."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

import strawberry
from jobkit.permissions import MemberOfOrganization, RecruiterScope
from strawberry.scalars import JSON
from strawberry.types import Info

from analytics.domain import webhooks
from analytics.domain.models import WebhookDelivery as DeliveryModel
from analytics.domain.models import WebhookEndpoint as EndpointModel
from analytics.graphql.context import AnalyticsContext
from analytics.settings import AnalyticsSettings


@strawberry.type(description="An event an endpoint can subscribe to.")
class WebhookEventType:
    name: str
    description: str


@strawberry.type(description="An organization's endpoint for signed webhooks.")
class WebhookEndpoint:
    id: strawberry.ID
    organization_id: strawberry.ID
    url: str
    description: str | None
    event_types: list[str]
    secret: str = strawberry.field(
        description="The signing secret (whsec_...): check each delivery's webhook-signature "
        "with it, as the Standard Webhooks libraries do."
    )
    previous_secret_until: datetime | None = strawberry.field(
        description="After a rotation, until when the old secret still signs beside the new one."
    )
    enabled: bool
    disabled_reason: str | None
    created_at: datetime

    @classmethod
    def of(cls, row: EndpointModel) -> WebhookEndpoint:
        return cls(
            id=strawberry.ID(str(row.id)),
            organization_id=strawberry.ID(row.organization_id),
            url=row.url,
            description=row.description,
            event_types=list(row.event_types),
            secret=row.secret,
            previous_secret_until=row.previous_secret_until,
            enabled=row.enabled,
            disabled_reason=row.disabled_reason,
            created_at=row.created_at,
        )


@strawberry.type(description="One event sent (or to be sent) to an endpoint.")
class WebhookDelivery:
    id: strawberry.ID = strawberry.field(description="The webhook-id header of every try.")
    event_type: str
    status: str = strawberry.field(description="PENDING, SENT or FAILED.")
    attempts: int
    next_attempt_at: datetime | None
    last_status_code: int | None
    last_error: str | None
    created_at: datetime
    delivered_at: datetime | None
    payload: JSON

    @classmethod
    def of(cls, row: DeliveryModel) -> WebhookDelivery:
        return cls(
            id=strawberry.ID(row.id),
            event_type=row.event_type,
            status=row.status.upper(),
            attempts=row.attempts,
            next_attempt_at=row.next_attempt_at if row.status == "pending" else None,
            last_status_code=row.last_status_code,
            last_error=row.last_error,
            created_at=row.created_at,
            delivered_at=row.delivered_at,
            payload=row.payload,  # type: ignore[arg-type]
        )


@strawberry.type(description="Why a webhook change was refused.")
class WebhookError:
    field: str | None
    code: str
    message: str


@strawberry.type(description="The change was refused.")
class WebhookErrors:
    errors: list[WebhookError]


@strawberry.type(description="The endpoint as saved.")
class WebhookEndpointSaved:
    endpoint: WebhookEndpoint


@strawberry.type(description="How many deliveries were queued again.")
class WebhookReplayed:
    count: int


@strawberry.type(description="The endpoint was deleted with its delivery log.")
class WebhookEndpointDeleted:
    id: strawberry.ID


EndpointResult = Annotated[
    WebhookEndpointSaved | WebhookErrors, strawberry.union("WebhookEndpointResult")
]
ReplayResult = Annotated[WebhookReplayed | WebhookErrors, strawberry.union("WebhookReplayResult")]
DeleteResult = Annotated[
    WebhookEndpointDeleted | WebhookErrors, strawberry.union("WebhookDeleteResult")
]


def _refused(error: webhooks.WebhookError) -> WebhookErrors:
    return WebhookErrors(
        errors=[WebhookError(field=_camel(error.field), code=error.code, message=error.message)]
    )


def _camel(field: str | None) -> str | None:
    if field is None:
        return None
    head, *rest = field.split("_")
    return head + "".join(part.title() for part in rest)


def _check(info: Info[AnalyticsContext, None]) -> webhooks.TargetCheck:
    settings = info.context.settings
    assert isinstance(settings, AnalyticsSettings)
    return webhooks.TargetCheck(allow_private=settings.webhooks_allow_private_targets)


def _id(value: strawberry.ID) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def _not_found() -> WebhookErrors:
    return _refused(webhooks.WebhookError("NOT_FOUND", webhooks.NO_SUCH_ENDPOINT, "id"))


@strawberry.type
class WebhookQueries:
    @strawberry.field(description="The events webhooks can be subscribed to.")
    def webhook_event_types(self) -> list[WebhookEventType]:
        return [
            WebhookEventType(name=name, description=text)
            for name, text in webhooks.EVENT_TYPES.items()
        ]

    @strawberry.field(
        description="The organization's webhook endpoints (its recruiters and admin-like).",
        permission_classes=[MemberOfOrganization],
    )
    async def webhook_endpoints(
        self, info: Info[AnalyticsContext, None], organization_id: strawberry.ID
    ) -> list[WebhookEndpoint]:
        try:
            rows = await webhooks.endpoints_of(
                info.context.sessions,
                principal=info.context.require_principal(),
                organization_id=str(organization_id),
            )
        except webhooks.WebhookError:
            return []
        return [WebhookEndpoint.of(row) for row in rows]

    @strawberry.field(
        description="An endpoint's deliveries, newest first (kept 30 days).",
        permission_classes=[RecruiterScope],
    )
    async def webhook_deliveries(
        self, info: Info[AnalyticsContext, None], endpoint_id: strawberry.ID, limit: int = 50
    ) -> list[WebhookDelivery]:
        key = _id(endpoint_id)
        if key is None:
            return []
        try:
            rows = await webhooks.deliveries_of(
                info.context.sessions,
                principal=info.context.require_principal(),
                endpoint_id=key,
                limit=limit,
            )
        except webhooks.WebhookError:
            return []
        return [WebhookDelivery.of(row) for row in rows]


async def _saved(call: Any) -> EndpointResult:
    try:
        return WebhookEndpointSaved(endpoint=WebhookEndpoint.of(await call))
    except webhooks.WebhookError as error:
        return _refused(error)


@strawberry.type
class WebhookMutations:
    @strawberry.mutation(
        description="A new endpoint of the organization, enabled, with its signing secret.",
        permission_classes=[RecruiterScope],
    )
    async def create_webhook_endpoint(
        self,
        info: Info[AnalyticsContext, None],
        organization_id: strawberry.ID,
        url: str,
        event_types: list[str],
        description: str | None = None,
    ) -> EndpointResult:
        return await _saved(
            webhooks.create_endpoint(
                info.context.sessions,
                _check(info),
                principal=info.context.require_principal(),
                organization_id=str(organization_id),
                url=url,
                event_types=event_types,
                description=description,
            )
        )

    @strawberry.mutation(
        description="Change an endpoint's address, events or description, or enable or disable "
        "it (enabling clears why it was disabled).",
        permission_classes=[RecruiterScope],
    )
    async def update_webhook_endpoint(
        self,
        info: Info[AnalyticsContext, None],
        id: strawberry.ID,
        url: str | None = None,
        event_types: list[str] | None = None,
        description: str | None = None,
        enabled: bool | None = None,
    ) -> EndpointResult:
        key = _id(id)
        if key is None:
            return _not_found()
        return await _saved(
            webhooks.update_endpoint(
                info.context.sessions,
                _check(info),
                principal=info.context.require_principal(),
                endpoint_id=key,
                url=url,
                event_types=event_types,
                description=description,
                enabled=enabled,
            )
        )

    @strawberry.mutation(
        description="A new signing secret; the old one keeps signing beside it for 24 hours.",
        permission_classes=[RecruiterScope],
    )
    async def rotate_webhook_secret(
        self, info: Info[AnalyticsContext, None], id: strawberry.ID
    ) -> EndpointResult:
        key = _id(id)
        if key is None:
            return _not_found()
        return await _saved(
            webhooks.rotate_secret(
                info.context.sessions,
                principal=info.context.require_principal(),
                endpoint_id=key,
                now=datetime.now(UTC),
            )
        )

    @strawberry.mutation(
        description="Delete an endpoint and its delivery log.",
        permission_classes=[RecruiterScope],
    )
    async def delete_webhook_endpoint(
        self, info: Info[AnalyticsContext, None], id: strawberry.ID
    ) -> DeleteResult:
        key = _id(id)
        if key is None:
            return _not_found()
        try:
            await webhooks.delete_endpoint(
                info.context.sessions, principal=info.context.require_principal(), endpoint_id=key
            )
        except webhooks.WebhookError as error:
            return _refused(error)
        return WebhookEndpointDeleted(id=id)

    @strawberry.mutation(
        description="Send again, with their first webhook-id, one delivery (`deliveryId`) or "
        "every delivery of the endpoint of the last `hours` hours (1-720, default 24).",
        permission_classes=[RecruiterScope],
    )
    async def replay_webhook_deliveries(
        self,
        info: Info[AnalyticsContext, None],
        id: strawberry.ID,
        delivery_id: strawberry.ID | None = None,
        hours: int = 24,
    ) -> ReplayResult:
        key = _id(id)
        if key is None:
            return _not_found()
        if not 1 <= hours <= 720:
            return _refused(
                webhooks.WebhookError("OUT_OF_RANGE", "Replay 1 to 720 hours.", "hours")
            )
        now = datetime.now(UTC)
        try:
            count = await webhooks.replay(
                info.context.sessions,
                principal=info.context.require_principal(),
                endpoint_id=key,
                since=now - timedelta(hours=hours),
                delivery_id=str(delivery_id) if delivery_id is not None else None,
                now=now,
            )
        except webhooks.WebhookError as error:
            return _refused(error)
        return WebhookReplayed(count=count)
