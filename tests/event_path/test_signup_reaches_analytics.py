"""One event path end to end: identity's sign-up reaches analytics' event store through Kafka.

Identity commits the user and an outbox row in one transaction; its relay publishes to the real
broker; analytics' idempotent consumer records a ``sign_up`` event. The trace that started with
the GraphQL request continues through the outbox and Kafka into the consumer.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass

import httpx
import pytest
from analytics.domain.models import AnalyticsEvent
from analytics.main import create_app as create_analytics
from analytics.settings import SERVICE_DIR as ANALYTICS_DIR
from analytics.settings import AnalyticsSettings
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from identity.db import outbox
from identity.domain.models import User
from identity.main import create_app as create_identity
from identity.settings import SERVICE_DIR as IDENTITY_DIR
from identity.settings import IdentitySettings
from jobkit.db import make_engine, make_sessionmaker
from jobkit.settings import database_name
from jobkit.testing.database import temporary_database
from jobkit.testing.kafka import start_kafka, stop_kafka
from jobkit.testing.server import serve
from opentelemetry import propagate, trace
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from pydantic import SecretStr
from sqlalchemy import select

pytestmark = pytest.mark.integration

SIGN_UP = """
mutation SignUp($input: SignUpInput!) {
  signUp(input: $input) {
    __typename
    ... on SignUpSuccess { email }
    ... on AccountErrors { message errors { field code } }
  }
}
"""


@dataclass
class Stack:
    identity_url: str
    identity_sessions: object
    analytics_sessions: object
    identity_settings: IdentitySettings


def _private_key_pem() -> str:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


@pytest.fixture(scope="module")
async def services(run_prefix: str) -> AsyncIterator[Stack]:
    common = {
        "kafka_topic_prefix": run_prefix,
        "run_migrations_on_startup": False,
        "outbox_poll_interval_seconds": 0.05,
    }
    identity = IdentitySettings(jwt_private_key=SecretStr(_private_key_pem()), **common)
    analytics = AnalyticsSettings(**common)
    async with (
        temporary_database(identity, service_dir=IDENTITY_DIR) as identity_url,
        temporary_database(analytics, service_dir=ANALYTICS_DIR) as analytics_url,
    ):
        identity = identity.model_copy(update={"db_name": database_name(identity_url)})
        analytics = analytics.model_copy(update={"db_name": database_name(analytics_url)})
        identity_engine, analytics_engine = make_engine(identity_url), make_engine(analytics_url)
        async with (
            serve(create_identity(identity)) as base_url,
            serve(create_analytics(analytics)),
        ):
            yield Stack(
                identity_url=base_url,
                identity_sessions=make_sessionmaker(identity_engine),
                analytics_sessions=make_sessionmaker(analytics_engine),
                identity_settings=identity,
            )
        await identity_engine.dispose()
        await analytics_engine.dispose()


async def _sign_up(stack_: Stack, email: str, headers: dict[str, str] | None = None) -> str:
    """Sign up through identity's GraphQL; the new account's id (the answer never names it)."""
    variables = {
        "input": {
            "email": email,
            "password": "correct horse battery",
            "firstName": "Ada",
            "lastName": "Lovelace",
        }
    }
    async with httpx.AsyncClient(base_url=stack_.identity_url, timeout=30) as client:
        response = await client.post(
            "/graphql", json={"query": SIGN_UP, "variables": variables}, headers=headers or {}
        )
    response.raise_for_status()
    result = response.json()["data"]["signUp"]
    assert result == {"__typename": "SignUpSuccess", "email": email}, result
    async with stack_.identity_sessions() as session:  # type: ignore[operator]
        user_id = await session.scalar(select(User.id).where(User.email == email))
    assert user_id is not None
    return str(user_id)


async def _wait_for_sign_up(stack_: Stack, user_id: str, timeout: float) -> AnalyticsEvent:
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        async with stack_.analytics_sessions() as session:  # type: ignore[operator]
            rows = list(
                await session.scalars(select(AnalyticsEvent).where(AnalyticsEvent.key == "sign_up"))
            )
        for row in rows:
            if row.dimensions.get("current_user_id") == user_id:
                return row
        await asyncio.sleep(0.2)
    raise AssertionError(f"no sign_up analytics event for {user_id} within {timeout}s")


async def test_one_trace_runs_from_the_request_through_kafka_into_the_consumer(
    services: Stack, spans: InMemorySpanExporter
) -> None:
    tracer = trace.get_tracer("test-browser")
    with tracer.start_as_current_span("browser sign-up") as root:
        headers: dict[str, str] = {}
        propagate.inject(headers)
        user_id = await _sign_up(services, f"trace-{uuid.uuid4().hex[:6]}@example.org", headers)
    trace_id = format(root.get_span_context().trace_id, "032x")

    recorded = await _wait_for_sign_up(services, user_id, timeout=60)
    assert recorded.trace_id == trace_id
    assert recorded.dimensions["signup_method"] == "email"

    in_trace = {
        span.name
        for span in spans.get_finished_spans()
        if format(span.context.trace_id, "032x") == trace_id
    }
    assert any(name.endswith("identity.user process") for name in in_trace), in_trace
    assert any("send" in name or "publish" in name for name in in_trace), in_trace


@pytest.mark.broker_outage
async def test_an_event_written_while_kafka_is_down_arrives_when_it_is_back(
    services: Stack,
) -> None:
    await stop_kafka()  # (the services in this event loop go on running meanwhile)
    try:
        user_id = await _sign_up(services, f"offline-{uuid.uuid4().hex[:6]}@example.org")

        async def waiting_with_a_reason() -> bool:
            async with services.identity_sessions() as session:  # type: ignore[operator]
                rows = (
                    await session.execute(
                        select(outbox.c.attempts, outbox.c.last_error).where(
                            outbox.c.sent_at.is_(None), outbox.c.key == user_id
                        )
                    )
                ).all()
            return len(rows) == 1 and rows[0].attempts >= 1 and bool(rows[0].last_error)

        # the event waits in the outbox while the broker is down, with the relay's failed try
        deadline = asyncio.get_running_loop().time() + 120
        while not await waiting_with_a_reason():
            assert asyncio.get_running_loop().time() < deadline, "no failed try recorded"
            await asyncio.sleep(0.25)
    finally:
        # started again and serving before anything else runs
        await start_kafka(
            services.identity_settings.kafka_bootstrap_servers,
            probe_topic=services.identity_settings.topic("probe"),
        )
    recorded = await _wait_for_sign_up(services, user_id, timeout=120)
    assert recorded.dimensions["current_user_id"] == user_id
