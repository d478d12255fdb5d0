"""The relays end to end (ADR 0014): requests to the served app, the queue in the real
database, and the sender posting to a real local HTTP receiver standing in for the measurement
collector and the conversion API."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from analytics.db import site_settings
from analytics.domain.models import (
    AnalyticsEvent,
    DailyCount,
    KnownJob,
    RelayDrops,
    RelayForward,
    VisitorConsent,
)
from analytics.domain.relay_rules import Destination
from analytics.main import create_app
from analytics.messaging.consumers import event_handlers
from analytics.messaging.contracts import USER_REGISTERED, USER_TOPIC
from analytics.relay.sender import RelaySender
from analytics.relay.workers import relay_config, upstreams
from analytics.settings import AnalyticsSettings
from jobkit.db import unit_of_work
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.server import serve
from jobkit.testing.tokens import TokenIssuer
from pydantic import SecretStr
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

pytestmark = pytest.mark.integration

ANALYTICS = "C0002"
ADVERTISING = "C0004"
# tomorrow's noon: rows the database stamps with now() are due at the tests' clock
NOON = datetime.now(UTC).replace(hour=12, minute=0, second=0, microsecond=0) + timedelta(days=1)


@dataclass
class Receiver:
    """Answers each POST with the next queued status (200 when none is queued)."""

    received: list[tuple[str, dict[str, Any], dict[str, str]]] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)
    base_url: str = ""

    def reset(self) -> None:
        self.received.clear()
        self.statuses.clear()

    def bodies(self, path: str) -> list[dict[str, Any]]:
        return [body for where, body, _ in self.received if where == path]

    @property
    def app(self) -> Starlette:
        async def collect(request: Request) -> JSONResponse:
            status = self.statuses.pop(0) if self.statuses else 200
            body = json.loads(await request.body())
            headers = dict(request.headers) | {"query": request.url.query}
            self.received.append((request.url.path, body, headers))
            return JSONResponse({}, status_code=status)

        return Starlette(
            routes=[
                Route("/mp/collect", collect, methods=["POST"]),
                Route("/conversions", collect, methods=["POST"]),
            ]
        )


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(scope="module")
async def receiver() -> AsyncIterator[Receiver]:
    receiver = Receiver()
    async with serve(receiver.app) as url:
        receiver.base_url = url
        yield receiver


@pytest.fixture(scope="module")
def settings(service_settings: ServiceSettings, receiver: Receiver) -> AnalyticsSettings:
    assert isinstance(service_settings, AnalyticsSettings)
    return service_settings.model_copy(
        update={
            "measurement_url": f"{receiver.base_url}/mp/collect",
            "measurement_api_secret": SecretStr("mp-secret"),
            "conversion_url": f"{receiver.base_url}/conversions",
            "relay_backlog_cap": 3,
        }
    )


@pytest.fixture(scope="module")
async def relay_url(settings: AnalyticsSettings) -> AsyncIterator[str]:
    async with serve(create_app(settings)) as url:
        yield f"{url}/relay"


@pytest.fixture(autouse=True)
async def clean(committed_sessions: async_sessionmaker[AsyncSession], receiver: Receiver) -> None:
    receiver.reset()
    async with unit_of_work(committed_sessions) as session:
        for model in (RelayForward, RelayDrops, VisitorConsent, AnalyticsEvent, DailyCount):
            await session.execute(delete(model))
        await session.execute(delete(KnownJob))
        await session.execute(delete(site_settings))


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(timeout=10) as client:
        yield client


@pytest.fixture
def clock() -> Clock:
    return Clock(NOON)


@pytest.fixture
def sender(
    settings: AnalyticsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_engine: AsyncEngine,
    http: httpx.AsyncClient,
    clock: Clock,
) -> RelaySender:
    return RelaySender(
        sessions=committed_sessions,
        engine=service_engine,
        upstreams=upstreams(settings),
        http=http,
        retry_seconds=30.0,
        max_attempts=3,
        clock=clock,
    )


async def set_flags(
    sessions: async_sessionmaker[AsyncSession], site: str = "jobboard", **values: Any
) -> None:
    async with unit_of_work(sessions) as session:
        for name, value in values.items():
            await session.execute(
                site_settings.insert().values(site=site, key="analytics", name=name, value=value)
            )


async def post(
    http: httpx.AsyncClient,
    url: str,
    body: Any,
    *,
    consent: str | None = ANALYTICS,
    token: str | None = None,
    frontend: str = "jobboard/de",
) -> httpx.Response:
    headers = {"X-Frontend": frontend, "Content-Type": "application/json"}
    if consent is not None:
        headers["X-Cookie-Consent"] = consent
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    return await http.post(url, content=content, headers=headers)


async def pending(sessions: async_sessionmaker[AsyncSession]) -> list[RelayForward]:
    async with sessions() as session:
        return list(
            await session.scalars(
                select(RelayForward)
                .where(RelayForward.sent_at.is_(None), RelayForward.failed_at.is_(None))
                .order_by(RelayForward.id)
            )
        )


VISIT = {
    "event": "job_visit",
    "params": {
        "entity_id": "job-1",
        "entity_type": "job",
        "current_user_id": "u-1",
        "owner_id": "u-9",
        "search_query": "nurse",
    },
}


async def test_a_client_event_is_forwarded_once_with_spec_7s_params(
    http: httpx.AsyncClient,
    relay_url: str,
    committed_sessions: async_sessionmaker[AsyncSession],
    sender: RelaySender,
    receiver: Receiver,
) -> None:
    await set_flags(committed_sessions, measurement_api=True)
    answer = await post(http, f"{relay_url}/gmapi", VISIT)
    assert answer.status_code == 202
    assert answer.json() == {"outcome": "forwarded"}
    assert await sender.send_once() == 1
    assert await sender.send_once() == 0  # once
    assert receiver.bodies("/mp/collect") == [
        {
            "event": "ss_job_visit",
            "params": {
                "entity_id": "job-1",
                "entity_type": "job",
                "search_query": "nurse",
                "value": 1,
                "server": 1,
                "frontend": "jobboard/de",
            },
        }
    ]
    assert receiver.received[0][2]["query"] == "api_secret=mp-secret"
    async with committed_sessions() as session:
        recorded = (await session.scalars(select(AnalyticsEvent))).one()
    assert recorded.key == "job_visit"
    assert "current_user_id" not in recorded.dimensions


async def test_receiver_errors_are_retried_with_backoff_then_given_up(
    http: httpx.AsyncClient,
    relay_url: str,
    committed_sessions: async_sessionmaker[AsyncSession],
    sender: RelaySender,
    receiver: Receiver,
    clock: Clock,
) -> None:
    await set_flags(committed_sessions, measurement_api=True)
    await post(http, f"{relay_url}/gmapi", VISIT)
    receiver.statuses[:] = [503, 500]
    assert await sender.send_once() == 0
    assert await sender.send_once() == 0  # not due yet: nothing is sent
    assert len(receiver.received) == 1
    clock.now += timedelta(seconds=30)
    assert await sender.send_once() == 0  # the second failure: next try in 60 s
    clock.now += timedelta(seconds=59)
    assert await sender.send_once() == 0
    clock.now += timedelta(seconds=1)
    assert await sender.send_once() == 1
    assert len(receiver.received) == 3
    async with committed_sessions() as session:
        row = (await session.scalars(select(RelayForward))).one()
    assert (row.attempts, row.sent_at is not None, row.last_error) == (3, True, None)

    # a refusal that will never change (400) is given up at once
    await post(http, f"{relay_url}/gmapi", VISIT)
    receiver.statuses[:] = [400]
    await sender.send_once()
    assert await pending(committed_sessions) == []


async def test_nothing_is_recorded_or_forwarded_without_analytics_consent(
    http: httpx.AsyncClient,
    relay_url: str,
    committed_sessions: async_sessionmaker[AsyncSession],
    sender: RelaySender,
    receiver: Receiver,
) -> None:
    await set_flags(committed_sessions, measurement_api=True)
    for consent in (None, "", "C0001,C0003,C0004"):
        answer = await post(http, f"{relay_url}/gmapi", VISIT, consent=consent)
        assert answer.json() == {"outcome": "no_consent"}
    assert await sender.send_once() == 0
    assert receiver.received == []
    async with committed_sessions() as session:
        assert await session.scalar(select(func.count()).select_from(AnalyticsEvent)) == 0


async def test_flags_off_or_server_sent_records_without_forwarding(
    http: httpx.AsyncClient,
    relay_url: str,
    committed_sessions: async_sessionmaker[AsyncSession],
    sender: RelaySender,
    receiver: Receiver,
) -> None:
    answer = await post(http, f"{relay_url}/gmapi", VISIT)  # no flags at all
    assert answer.json() == {"outcome": "recorded"}
    await set_flags(committed_sessions, measurement_api=False, conversion_api=False)
    assert (await post(http, f"{relay_url}/gmapi", VISIT)).json() == {"outcome": "recorded"}
    async with unit_of_work(committed_sessions) as session:
        await session.execute(delete(site_settings))
    await set_flags(committed_sessions, measurement_api=True)
    flagged = {"event": "job_search", "params": {"server_sent": True}}
    assert (await post(http, f"{relay_url}/gmapi", flagged)).json() == {"outcome": "recorded"}
    assert await sender.send_once() == 0
    assert receiver.received == []


async def test_the_backlog_is_capped_oldest_dropped_and_counted(
    http: httpx.AsyncClient,
    relay_url: str,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    await set_flags(committed_sessions, measurement_api=True)
    for query in ("a", "b", "c", "d", "e"):
        body = {"event": "job_search", "params": {"search_query": query}}
        assert (await post(http, f"{relay_url}/gmapi", body)).status_code == 202
    waiting = await pending(committed_sessions)
    assert [row.body["params"]["search_query"] for row in waiting] == ["c", "d", "e"]
    async with committed_sessions() as session:
        drops = await session.get(RelayDrops, Destination.MEASUREMENT.value)
    assert drops is not None
    assert drops.dropped == 2


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"{not json", "The body is not JSON."),
        ({"event": "nope", "params": {}}, "The event is not valid."),
        ({"event": "job_search", "params": {"q": {"nested": 1}}}, "The event is not valid."),
        ({"event": "job_search", "params": {"q": "x" * 600}}, "The event is not valid."),
        (b"[" + b"1," * 9000 + b"1]", "The body is larger than 16384 bytes."),
    ],
)
async def test_bad_bodies_answer_400_with_a_reason(
    http: httpx.AsyncClient, relay_url: str, body: Any, reason: str
) -> None:
    answer = await post(http, f"{relay_url}/gmapi", body)
    assert answer.status_code == 400
    assert answer.json()["error"] == reason
    if reason == "The event is not valid.":
        assert answer.json()["details"]


async def test_conversions_need_advertising_consent_the_flag_and_the_listed_event(
    http: httpx.AsyncClient,
    relay_url: str,
    committed_sessions: async_sessionmaker[AsyncSession],
    sender: RelaySender,
    receiver: Receiver,
) -> None:
    body = {"event_name": "job_apply_start", "custom_data": {"entity_id": "j", "user_id": "u"}}
    url = f"{relay_url}/conversionapi"
    assert (await post(http, url, body, consent=ADVERTISING)).json() == {"outcome": "recorded"}
    await set_flags(committed_sessions, conversion_api=True, conversion_events=["job_apply_start"])
    assert (await post(http, url, body, consent=ANALYTICS)).json() == {"outcome": "no_consent"}
    other = {"event_name": "job_search"}
    assert (await post(http, url, other, consent=ADVERTISING)).json() == {"outcome": "recorded"}
    assert (await post(http, url, body, consent=ADVERTISING)).json() == {"outcome": "forwarded"}
    assert (await post(http, url, {"event_name": 1})).status_code == 400
    assert await sender.send_once() == 1
    [sent] = receiver.bodies("/conversions")
    [item] = sent["data"]
    assert item["event_name"] == "job_apply_start"
    assert item["action_source"] == "website"
    assert item["custom_data"] == {"entity_id": "j", "value": 1, "frontend": "jobboard/de"}


def registered(user_id: str) -> EventEnvelope:
    return EventEnvelope(
        type=USER_REGISTERED,
        aggregate_id=user_id,
        aggregate_version=1,
        site="jobboard",
        payload={"user_id": user_id, "roles": ["applicant"], "signup_method": "password"},
    )


async def test_server_side_events_follow_the_flags_and_the_users_recorded_consent(
    http: httpx.AsyncClient,
    relay_url: str,
    settings: AnalyticsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    sender: RelaySender,
    receiver: Receiver,
    tokens: TokenIssuer,
) -> None:
    handle = event_handlers(relay_config(settings))[USER_TOPIC][USER_REGISTERED]
    await set_flags(
        committed_sessions,
        measurement_api=True,
        conversion_api=True,
        conversion_events=["sign_up"],
    )
    consenting, silent = str(uuid.uuid4()), str(uuid.uuid4())
    # the web server passes the visitor's consent with the session's token: it is remembered
    await post(
        http,
        f"{relay_url}/gmapi",
        {"event": "login"},
        consent=f"{ANALYTICS},{ADVERTISING}",
        token=tokens.token(consenting, ["applicant"]),
    )
    await post(
        http, f"{relay_url}/gmapi", {"event": "login"}, consent="", token=tokens.token(silent, [])
    )
    async with unit_of_work(committed_sessions) as session:
        await session.execute(delete(RelayForward))
    event = registered(consenting)
    for envelope in (event, event, registered(silent)):  # the first one delivered twice
        async with unit_of_work(committed_sessions) as session:
            await handle(session, envelope)
    assert await sender.send_once() == 2
    assert receiver.bodies("/mp/collect") == [
        {
            "event": "ss_sign_up",
            "params": {
                "signup_method": "password",
                "value": 1,
                "server": 1,
                "frontend": "jobboard",
            },
        }
    ]
    [conversion] = receiver.bodies("/conversions")
    assert conversion["data"][0]["event_name"] == "sign_up"
    assert consenting not in json.dumps(receiver.received)
