"""Analytics consumers: domain events become server-side analytics events."""

from jobkit.app import ServiceRuntime
from jobkit.consumer import IdempotentConsumer
from jobkit.events import EventEnvelope
from sqlalchemy.ext.asyncio import AsyncSession

from analytics.db import processed_events
from analytics.domain.service import record_event
from analytics.messaging.contracts import USER_REGISTERED, USER_TOPIC, UserRegisteredV1

GROUP_ID = "analytics"


async def on_user_registered(session: AsyncSession, event: EventEnvelope) -> None:
    payload = UserRegisteredV1.model_validate(event.payload)
    await record_event(
        session,
        source_event_id=event.id,
        key="sign_up",
        site=event.site,
        occurred_at=event.occurred_at,
        dimensions={
            "current_user_id": payload.user_id,
            "signup_method": payload.signup_method,
            "user_role": ",".join(payload.roles),
        },
    )


def build_consumers(runtime: ServiceRuntime) -> list[IdempotentConsumer]:
    settings = runtime.settings
    return [
        IdempotentConsumer(
            group_id=settings.topic(GROUP_ID),
            handlers={settings.topic(USER_TOPIC): {USER_REGISTERED: on_user_registered}},
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        )
    ]
