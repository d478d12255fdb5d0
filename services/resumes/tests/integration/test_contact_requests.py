"""Contact requests through the real broker and billing's contract: a recruiter asks (one live
request per resume and organization), ``resumes.contact.requested`` reaches Kafka in the shape
billing reads, billing's answers are applied once per request however often they come
(granted: pending and the applicant is mailed; denied: the way to more contacts), and the
applicant approves, declines or revokes; both sides list the requests by status."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import pytest
from jobkit.contracts import SITE_TOPIC
from jobkit.db import make_engine, make_sessionmaker
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.settings import ServiceSettings
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.kafka import read_topic
from jobkit.testing.server import serve
from jobkit.testing.service import persist
from jobkit.testing.smtp import Inbox, smtp_inbox
from jobkit.testing.tokens import TokenIssuer
from resumes.db import outbox, processed_events
from resumes.domain.events import BILLING_CONTACT_TOPIC, CONTACT_TOPIC
from resumes.domain.models import ContactRequest
from resumes.main import create_app
from resumes.settings import ResumesSettings
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.resumes.tests.factories import (
    organization,
    resume,
    site_config_changed,
    site_setting,
)

pytestmark = pytest.mark.integration

REQUEST = """mutation($r: ID!, $o: ID!) { requestResumeContact(resumeId: $r, organizationId: $o) {
  __typename ... on ContactRequestSaved { request { id status refusal } }
  ... on ResumeErrors { errors { field code message } } } }"""
ANSWER = """mutation($id: ID!) {{ {name}(id: $id) {{ __typename
  ... on ContactRequestSaved {{ request {{ id status }} }}
  ... on ResumeErrors {{ errors {{ field code message }} }} }} }}"""
ORGANIZATION_LIST = """query($o: ID!, $s: [ContactRequestStatus!]) {
  organizationContactRequests(organizationId: $o, statuses: $s) {
    total requests { id status refusal resume { id firstName } } } }"""
FOR_RESUME = """query($o: ID!, $r: ID!) {
  organizationContactRequests(organizationId: $o, resumeId: $r) { total requests { id } } }"""
MY_LIST = """query($s: [ContactRequestStatus!]) { myContactRequests(statuses: $s) {
  total requests { id status organizationName } } }"""


@pytest.fixture(scope="module")
def inbox() -> Iterator[Inbox]:
    with smtp_inbox() as handler:
        yield handler


@pytest.fixture(scope="module")
async def running(
    service_settings: ServiceSettings, run_prefix: str, inbox: Inbox
) -> AsyncIterator[tuple[ResumesSettings, str]]:
    assert isinstance(service_settings, ResumesSettings)
    settings = service_settings.model_copy(
        update={
            "run_background_workers": True,
            "kafka_topic_prefix": f"{run_prefix}resumecontacts.",
            "outbox_poll_interval_seconds": 0.05,
            "smtp_port": inbox.port,
        }
    )
    await ensure_topics(
        settings.kafka_bootstrap_servers,
        [
            settings.topic(topic)
            for topic in (CONTACT_TOPIC, BILLING_CONTACT_TOPIC, "resumes.resume", SITE_TOPIC)
        ],
    )
    async with serve(create_app(settings)) as url:
        yield settings, url


@pytest.fixture
async def sessions(
    running: tuple[ResumesSettings, str],
) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = make_engine(running[0].database_url)
    sessions = make_sessionmaker(engine)
    # the site lets recruiters ask for contact (spec 4's features.resume_contact)
    await site_setting(sessions, "jobboard", "features", "resume_contact", True)
    yield sessions
    await engine.dispose()


@pytest.fixture
def client(running: tuple[ResumesSettings, str]) -> GraphQLClient:
    return GraphQLClient(f"{running[1]}/graphql")


async def _send(
    settings: ResumesSettings, *events: EventEnvelope, topic: str = BILLING_CONTACT_TOPIC
) -> None:
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-billing")
    await producer.start()
    try:
        for event in events:
            await producer.send_and_wait(
                settings.topic(topic),
                event.to_bytes(),
                key=event.aggregate_id.encode(),
            )
    finally:
        await producer.stop()


def _answer(kind: str, request_id: str, **payload: object) -> EventEnvelope:
    """billing.contact.granted / denied as billing publishes them (billing.domain.events)."""
    return EventEnvelope(
        type=f"billing.contact.{kind}",
        aggregate_id=request_id,
        site="jobboard",
        actor="system:contacts",
        payload={"request_id": request_id, "organization_number": 7, **payload},
    )


async def _until(
    sessions: async_sessionmaker[AsyncSession], request_id: str, done: Callable[[str], bool]
) -> ContactRequest:
    deadline = asyncio.get_running_loop().time() + 30
    while True:
        async with sessions() as session:
            row = await session.get(ContactRequest, uuid.UUID(request_id))
        assert row is not None
        if done(row.status):
            return row
        assert asyncio.get_running_loop().time() < deadline, f"stuck in {row.status}"
        await asyncio.sleep(0.1)


async def _processed(sessions: async_sessionmaker[AsyncSession], event: EventEnvelope) -> None:
    """Wait until the consumer recorded the event in its ledger (jobkit.consumer)."""
    deadline = asyncio.get_running_loop().time() + 30
    while True:
        async with sessions() as session:
            found = await session.scalar(
                select(processed_events.c.event_id).where(processed_events.c.event_id == event.id)
            )
        if found is not None:
            return
        assert asyncio.get_running_loop().time() < deadline, f"{event.type} not processed"
        await asyncio.sleep(0.1)


async def _events(sessions: async_sessionmaker[AsyncSession], key: str, kind: str) -> int:
    async with sessions() as session:
        return int(
            await session.scalar(
                select(func.count())
                .select_from(outbox)
                .where(outbox.c.key == key, outbox.c.event_type == kind)
            )
            or 0
        )


async def _one(client: GraphQLClient, query: str, **variables: Any) -> dict[str, Any]:
    answer: dict[str, Any] = next(iter((await client.data(query, **variables)).values()))
    return answer


async def test_granted_asked_approved_revoked(
    running: tuple[ResumesSettings, str],
    sessions: async_sessionmaker[AsyncSession],
    client: GraphQLClient,
    tokens: TokenIssuer,
    inbox: Inbox,
) -> None:
    settings = running[0]
    user = uuid.uuid4()
    org = await organization(sessions, user, name="Acme Care", number=7)
    row = resume()
    await persist(sessions, row)
    recruiter = client.as_user(tokens.token(user, ["recruiter"]))
    applicant = client.as_user(tokens.token(row.owner_id, ["applicant"]))

    asked = await _one(recruiter, REQUEST, r=str(row.id), o=org)
    assert asked["request"]["status"] == "AWAITING_CREDIT"
    request_id = asked["request"]["id"]
    again = await _one(recruiter, REQUEST, r=str(row.id), o=org)
    assert again["errors"][0]["code"] == "ALREADY_REQUESTED"
    # the resume page finds the organization's request for that resume, and only that one
    other = resume()
    await persist(sessions, other)
    assert (await _one(recruiter, REQUEST, r=str(other.id), o=org))["request"]["id"] != request_id
    found = await recruiter.data(FOR_RESUME, o=org, r=str(row.id))
    assert found["organizationContactRequests"] == {"total": 1, "requests": [{"id": request_id}]}
    for unknown in (str(uuid.uuid4()), "not-a-resume"):
        nothing = await recruiter.data(FOR_RESUME, o=org, r=unknown)
        assert nothing["organizationContactRequests"] == {"total": 0, "requests": []}

    # the request reaches Kafka in the shape billing reads (billing.domain.resumes_events)
    key = request_id.encode()
    records = await read_topic(
        settings.kafka_bootstrap_servers,
        settings.topic(CONTACT_TOPIC),
        timeout=60,
        until=lambda records: any(r.key == key for r in records),
    )
    sent = next(EventEnvelope.from_bytes(r.value) for r in records if r.key == key)
    assert sent.type == "resumes.contact.requested"
    assert sent.payload == {
        "request_id": request_id,
        "organization_id": org,
        "organization_number": 7,
        "resume_id": str(row.id),
    }
    # the applicant is not asked before billing granted it
    assert (await _one(applicant, MY_LIST))["total"] == 0

    granted = _answer("granted", request_id, source="credits", subscription_id=None)
    # delivered twice, and billing answering a repeated request again (another event id)
    await _send(settings, granted, granted)
    await _send(settings, _answer("granted", request_id, source="credits", subscription_id=None))
    pending = await _until(sessions, request_id, lambda status: status == "pending")
    assert pending.version == 2
    assert await _events(sessions, request_id, "resumes.contact.status_changed") == 1
    assert row.owner_email is not None
    mail = (await inbox.wait_for(row.owner_email, 1, timeout=60))[0]
    assert "Acme Care" in str(mail["Subject"])
    body = mail.get_content()
    assert "/resume/contact-requests" in body
    assert "Private-Lovelace" not in body

    mine = await _one(applicant, MY_LIST, s=["PENDING"])
    assert mine == {
        "total": 1,
        "requests": [{"id": request_id, "status": "PENDING", "organizationName": "Acme Care"}],
    }
    approve, decline, revoke = (
        ANSWER.format(name=name)
        for name in ("approveContactRequest", "declineContactRequest", "revokeContactRequest")
    )
    # only the applicant answers; a recruiter's attempt finds nothing
    assert (await _one(recruiter, approve, id=request_id))["errors"][0]["code"] == "NOT_FOUND"
    assert (await _one(applicant, revoke, id=request_id))["errors"][0]["code"] == (
        "INVALID_TRANSITION"
    )
    assert (await _one(applicant, approve, id=request_id))["request"]["status"] == "APPROVED"
    approved = await _one(recruiter, ORGANIZATION_LIST, o=org, s=["APPROVED"])
    assert approved["requests"][0]["resume"]["firstName"] == "Ada"
    assert (await _one(applicant, decline, id=request_id))["errors"][0]["code"] == (
        "INVALID_TRANSITION"
    )
    assert (await _one(applicant, revoke, id=request_id))["request"]["status"] == "REVOKED"
    revoked = await _one(recruiter, ORGANIZATION_LIST, o=org, s=["REVOKED"])
    assert revoked["requests"][0]["resume"]["firstName"] is None
    assert (await _one(recruiter, ORGANIZATION_LIST, o=org, s=["APPROVED"]))["total"] == 0
    assert (await _one(applicant, MY_LIST, s=["REVOKED"]))["total"] == 1
    # a late grant for the revoked request, once processed, changes nothing
    late = _answer("granted", request_id, source="credits", subscription_id=None)
    await _send(settings, late)
    await _processed(sessions, late)
    assert (await _until(sessions, request_id, lambda _: True)).status == "revoked"
    assert await _events(sessions, request_id, "resumes.contact.status_changed") == 3


async def test_denied_shows_the_way_to_more_contacts_and_may_be_asked_again(
    running: tuple[ResumesSettings, str],
    sessions: async_sessionmaker[AsyncSession],
    client: GraphQLClient,
    tokens: TokenIssuer,
) -> None:
    settings = running[0]
    user = uuid.uuid4()
    org = await organization(sessions, user, name="Broke Ltd")
    row = resume()
    await persist(sessions, row)
    recruiter = client.as_user(tokens.token(user, ["recruiter"]))
    applicant = client.as_user(tokens.token(row.owner_id, ["applicant"]))

    request_id = (await _one(recruiter, REQUEST, r=str(row.id), o=org))["request"]["id"]
    denied = _answer("denied", request_id, reason="no_slots_left")
    await _send(settings, denied, denied)
    await _until(sessions, request_id, lambda status: status == "denied")
    listed = await _one(recruiter, ORGANIZATION_LIST, o=org, s=["DENIED"])
    assert listed["total"] == 1
    refusal = listed["requests"][0]["refusal"]
    assert "/my-products" in refusal
    assert "/contact" in refusal
    # the applicant never sees a request billing refused
    assert (await _one(applicant, MY_LIST))["total"] == 0
    # a denied request may be asked again (once credits are bought)
    retry = await _one(recruiter, REQUEST, r=str(row.id), o=org)
    assert retry["request"]["status"] == "AWAITING_CREDIT"
    assert (await _one(recruiter, ORGANIZATION_LIST, o=org))["total"] == 2


async def test_who_may_ask(
    running: tuple[ResumesSettings, str],
    sessions: async_sessionmaker[AsyncSession],
    client: GraphQLClient,
    tokens: TokenIssuer,
) -> None:
    user = uuid.uuid4()
    org = await organization(sessions, user)
    hidden_resume = resume(findable=False)
    await persist(sessions, hidden_resume)
    recruiter = client.as_user(tokens.token(user, ["recruiter"]))
    # a resume that is not findable cannot be asked for (nor told apart from one that is not)
    for target in (str(hidden_resume.id), str(uuid.uuid4()), "nope"):
        refused = await _one(recruiter, REQUEST, r=target, o=org)
        assert refused["errors"] == [
            {"field": "resumeId", "code": "NOT_FOUND", "message": "This resume does not exist."}
        ]
    # a recruiter of another organization is refused by the permission
    outsider = client.as_user(tokens.token(uuid.uuid4(), ["recruiter"]))
    body = await outsider.execute(REQUEST, r=str(hidden_resume.id), o=org)
    assert body["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    applicant = client.as_user(tokens.token(uuid.uuid4(), ["applicant"]))
    body = await applicant.execute(REQUEST, r=str(hidden_resume.id), o=org)
    assert body["errors"][0]["extensions"]["code"] == "FORBIDDEN"


async def test_recruiters_ask_only_where_the_site_turned_resume_contact_on(
    running: tuple[ResumesSettings, str],
    sessions: async_sessionmaker[AsyncSession],
    client: GraphQLClient,
    tokens: TokenIssuer,
) -> None:
    """Spec 4: features.resume_contact is off by default (identity's platform default); a site
    that never turned it on, or turned it off, refuses the request as data and writes nothing;
    identity's identity.site.config_changed turning it on reaches the read model through Kafka."""
    settings = running[0]
    site = f"quiet-{uuid.uuid4().hex[:8]}"
    user = uuid.uuid4()
    org = await organization(sessions, user, name="Careful Org")
    row = resume(site=site)
    await persist(sessions, row)
    recruiter = client.as_user(tokens.token(user, ["recruiter"]))

    refused = await _one(recruiter, REQUEST, r=str(row.id), o=org)
    assert refused == {
        "__typename": "ResumeErrors",
        "errors": [
            {
                "field": None,
                "code": "FEATURE_OFF",
                "message": "This site does not let recruiters ask applicants for contact.",
            }
        ],
    }
    await site_setting(sessions, site, "features", "resume_contact", False)
    assert (await _one(recruiter, REQUEST, r=str(row.id), o=org))["errors"][0]["code"] == (
        "FEATURE_OFF"
    )
    async with sessions() as session:
        count = await session.scalar(
            select(func.count())
            .select_from(ContactRequest)
            .where(ContactRequest.resume_id == row.id)
        )
    assert count == 0
    # an unknown resume is still not found first: the flag tells nothing about a resume
    unknown = await _one(recruiter, REQUEST, r=str(uuid.uuid4()), o=org)
    assert unknown["errors"][0]["code"] == "NOT_FOUND"

    turned_on = site_config_changed(site, "features", "resume_contact", True)
    await _send(settings, turned_on, topic=SITE_TOPIC)
    await _processed(sessions, turned_on)
    asked = await _one(recruiter, REQUEST, r=str(row.id), o=org)
    assert asked["request"]["status"] == "AWAITING_CREDIT"
